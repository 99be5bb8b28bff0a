package tui

import "github.com/pigo-dev/pigo/engine/fuzzy"

// fuzzyFilter is pi-tui's fuzzyFilter (engine/fuzzy).
func fuzzyFilter[T any](items []T, query string, text func(T) string) []T {
	return fuzzy.Filter(items, query, text)
}

// fuzzyScore is pi-tui's fuzzyMatch score (engine/fuzzy).
func fuzzyScore(query, text string) (float64, bool) { return fuzzy.Score(query, text) }
