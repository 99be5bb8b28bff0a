package piapi

import (
	"context"
	"slices"
	"sync"
)

// AutocompleteProvider is an extension's ctx.ui.addAutocompleteProvider
// provider, run in its plugin. Providers stack: the newest is asked
// first, and one that answers nothing (its getSuggestions delegated to
// the provider it wraps, or matched nothing) passes the request to the
// one below it, then to the client's built-in completion.
type AutocompleteProvider struct {
	// Triggers are the provider's triggerCharacters: typing one at a
	// token boundary opens completion, as "@" does.
	Triggers []string
	// Suggest is getSuggestions(lines, cursorLine, cursorCol, {force}):
	// {prefix, items: [{value, label, description}]}, or nil for none.
	Suggest func(ctx context.Context, req CompletionRequest) (any, error)
	// Apply is applyCompletion(lines, cursorLine, cursorCol, item,
	// prefix): {lines, cursorLine, cursorCol}.
	Apply func(ctx context.Context, req CompletionRequest, item map[string]any, prefix string) (any, error)
}

// CompletionRequest is the editor's state: its lines and the cursor
// (cursorCol in UTF-16 code units, as JavaScript indexes strings).
type CompletionRequest struct {
	Lines      []string
	CursorLine int
	CursorCol  int
	Force      bool // Tab asked (pi's forced file completion)
}

type autocompleteProvider struct {
	id     int
	plugin string
	p      AutocompleteProvider
}

// AddAutocompleteProvider registers plugin's provider and returns its
// removal (idempotent; also due when the plugin's generation retires).
// Clients hear the providers' count and trigger characters as the
// "addAutocompleteProvider" UI call.
func (u *UI) AddAutocompleteProvider(plugin string, p AutocompleteProvider) (remove func()) {
	u.pi.Record(plugin, "ui.addAutocompleteProvider", p.Triggers)
	u.mu.Lock()
	u.acSeq++
	id := u.acSeq
	u.providers = append(u.providers, autocompleteProvider{id: id, plugin: plugin, p: p})
	u.mu.Unlock()
	u.notifyObservers(UICall{Plugin: plugin, Op: "addAutocompleteProvider", Key: "autocomplete", Value: u.AutocompleteInfo()})
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			u.providers = slices.DeleteFunc(u.providers, func(a autocompleteProvider) bool { return a.id == id })
			u.mu.Unlock()
			u.notifyObservers(UICall{Plugin: plugin, Op: "addAutocompleteProvider", Key: "autocomplete", Value: u.AutocompleteInfo()})
		})
	}
}

// AutocompleteInfo is what a client needs to know of the providers:
// {count, triggers} (the trigger characters of all, each once).
func (u *UI) AutocompleteInfo() map[string]any {
	u.mu.Lock()
	defer u.mu.Unlock()
	triggers := []any{}
	seen := map[string]bool{}
	for _, a := range u.providers {
		for _, t := range a.p.Triggers {
			if !seen[t] {
				seen[t] = true
				triggers = append(triggers, t)
			}
		}
	}
	return map[string]any{"count": float64(len(u.providers)), "triggers": triggers}
}

// CompletionError is a provider that failed: its plugin and error.
type CompletionError struct {
	Plugin string
	Err    error
}

func (e *CompletionError) Error() string { return e.Err.Error() }
func (e *CompletionError) Unwrap() error { return e.Err }

// Suggest asks the providers, newest first, for completions at the
// cursor: the first answer with items wins, and names its provider for
// ApplyCompletion. None (0, nil) leaves completion to the client.
func (u *UI) Suggest(ctx context.Context, req CompletionRequest) (provider int, suggestions any, err error) {
	u.mu.Lock()
	list := slices.Clone(u.providers)
	u.mu.Unlock()
	for i := len(list) - 1; i >= 0; i-- {
		a := list[i]
		got, err := a.p.Suggest(ctx, req)
		if err != nil {
			return 0, nil, &CompletionError{Plugin: a.plugin, Err: err}
		}
		if got != nil {
			return a.id, got, nil
		}
	}
	return 0, nil, nil
}

// ErrNoProvider is ApplyCompletion's answer for a provider that is gone.
var ErrNoProvider = errNoProvider{}

type errNoProvider struct{}

func (errNoProvider) Error() string {
	return "the autocomplete provider is gone (its extension reloaded)"
}

// ApplyCompletion runs the applyCompletion of the provider whose
// suggestion was taken.
func (u *UI) ApplyCompletion(ctx context.Context, provider int, req CompletionRequest, item map[string]any, prefix string) (any, error) {
	u.mu.Lock()
	i := slices.IndexFunc(u.providers, func(a autocompleteProvider) bool { return a.id == provider })
	var a autocompleteProvider
	if i >= 0 {
		a = u.providers[i]
	}
	u.mu.Unlock()
	if i < 0 {
		return nil, ErrNoProvider
	}
	got, err := a.p.Apply(ctx, req, item, prefix)
	if err != nil {
		return nil, &CompletionError{Plugin: a.plugin, Err: err}
	}
	return got, nil
}
