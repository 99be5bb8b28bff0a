package jsjson

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// A KeyOrder chooses which keys of a map[string]any are written and in
// which order (JSON.stringify writes an object's properties in the order
// they were created, which a Go map does not keep), and the KeyOrder inside
// each value written.
type KeyOrder interface {
	// Keys appends the keys of m to write to keys, in order.
	Keys(keys []string, m map[string]any) []string
	// Member is the KeyOrder inside the value of key in m (m is nil for
	// the members of an Object or Ordered).
	Member(m map[string]any, key string) KeyOrder
	// Element is the KeyOrder inside the elements of an array.
	Element() KeyOrder
}

// JSOrder is the order JavaScript enumerates an object decoded from Go's
// JSON of a map: array-index keys in numeric order, then the others sorted
// (see [Keys]); the same at every depth.
type JSOrder struct{}

// Keys implements KeyOrder.
func (JSOrder) Keys(keys []string, m map[string]any) []string {
	start := len(keys)
	for k := range m {
		if isArrayIndex(k) {
			keys = append(keys, k)
		}
	}
	mid := len(keys)
	if mid > start {
		slices.SortFunc(keys[start:], compareIndices)
	}
	for k := range m {
		if mid == start || !isArrayIndex(k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys[mid:])
	return keys
}

// Member implements KeyOrder.
func (o JSOrder) Member(map[string]any, string) KeyOrder { return o }

// Element implements KeyOrder.
func (o JSOrder) Element() KeyOrder { return o }

// SortedOrder is encoding/json's order: keys sorted by their bytes, at
// every depth.
type SortedOrder struct{}

// Keys implements KeyOrder.
func (SortedOrder) Keys(keys []string, m map[string]any) []string {
	start := len(keys)
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys[start:])
	return keys
}

// Member implements KeyOrder.
func (o SortedOrder) Member(map[string]any, string) KeyOrder { return o }

// Element implements KeyOrder.
func (o SortedOrder) Element() KeyOrder { return o }

// Keys returns m's keys in the order JavaScript enumerates an object
// decoded from Go's JSON encoding of m: array-index keys in numeric order,
// then the others sorted.
func Keys(m map[string]any) []string { return JSOrder{}.Keys(make([]string, 0, len(m)), m) }

// isArrayIndex reports whether k is a canonical array index (0 ≤ n < 2³²−1),
// a key JavaScript enumerates first.
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(k, 10, 64)
	return err == nil && n < math.MaxUint32
}

// compareIndices orders canonical array indices numerically.
func compareIndices(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// ObjectKeys returns o's keys in the order JavaScript enumerates the
// object o stands for: array-index keys in numeric order, then the others
// in o's order.
func ObjectKeys(o Object) []string {
	keys := make([]string, 0, len(o))
	for _, m := range o {
		if isArrayIndex(m.Key) {
			keys = append(keys, m.Key)
		}
	}
	slices.SortFunc(keys, compareIndices)
	for _, m := range o {
		if !isArrayIndex(m.Key) {
			keys = append(keys, m.Key)
		}
	}
	return keys
}
