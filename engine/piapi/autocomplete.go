package piapi

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// AutocompleteProvider is an extension's ctx.ui.addAutocompleteProvider
// provider, run in its plugin. Providers stack as pi's wrap the
// built-in one: only the newest is asked, and its "current" is the one
// below it (CompletionRequest.Lower), the oldest's the client's
// built-in completion.
type AutocompleteProvider struct {
	// Triggers are the provider's triggerCharacters: typing one at a
	// token boundary opens completion, as "@" does.
	Triggers []string
	// Suggest is getSuggestions(lines, cursorLine, cursorCol, {force}):
	// {prefix, items: [{value, label, description}]}; nil when its answer
	// is the built-in completion's, unchanged; NoCompletion when it has
	// none (nothing completes, as in pi).
	Suggest func(ctx context.Context, req CompletionRequest) (any, error)
	// Apply is applyCompletion(lines, cursorLine, cursorCol, item,
	// prefix): {lines, cursorLine, cursorCol}.
	Apply func(ctx context.Context, req CompletionRequest, item map[string]any, prefix string) (any, error)
	// ShouldTrigger is shouldTriggerFileCompletion, asked before a forced
	// completion (nil: true). delegated says the answer is current's,
	// which the host takes as the answer of the providers below.
	ShouldTrigger func(ctx context.Context, req CompletionRequest) (trigger, delegated bool, err error)
	// Key names the provider in its plugin (CompletionRequest.Below).
	Key string
}

// ProviderRef names a provider: its plugin and its Key there.
type ProviderRef struct {
	Plugin, Key string
}

// NoCompletion is a Suggest answer: nothing completes.
const NoCompletion = "none"

// CompletionRequest is the editor's state: its lines and the cursor
// (cursorCol in UTF-16 code units, as JavaScript indexes strings).
type CompletionRequest struct {
	Lines      []string
	CursorLine int
	CursorCol  int
	Force      bool // Tab asked (pi's forced file completion)
	// Lower asks the providers below the one asked (its current's
	// getSuggestions): their answer as Suggest's, nil for the built-in
	// completion's. Set by the UI; safe from any goroutine.
	Lower func(ctx context.Context) (any, error)
	// Commands are the client's slash commands ({name, description,
	// argumentHint}), for the built-in completion's command list under
	// the providers (their current); nil when the client sent none.
	Commands []any
	// Below are the providers under the one whose Apply runs, the one
	// right below it first (set by ApplyCompletion): its current's
	// applyCompletion is theirs, which pi calls synchronously.
	Below []ProviderRef
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

// Suggest asks the newest provider for completions at the cursor (it
// may ask the ones below through its current): items name that
// provider for ApplyCompletion; nil leaves completion to the client's
// built-in one; NoCompletion completes nothing, also when a forced
// request's shouldTriggerFileCompletion refused.
func (u *UI) Suggest(ctx context.Context, req CompletionRequest) (provider int, suggestions any, err error) {
	u.mu.Lock()
	list := slices.Clone(u.providers)
	u.mu.Unlock()
	if len(list) == 0 {
		return 0, nil, nil
	}
	if req.Force {
		for i := len(list) - 1; i >= 0 && list[i].p.ShouldTrigger != nil; i-- {
			ok, delegated, err := list[i].p.ShouldTrigger(ctx, req)
			if err != nil {
				return 0, nil, &CompletionError{Plugin: list[i].plugin, Err: err}
			}
			if !ok {
				return 0, NoCompletion, nil
			}
			if !delegated {
				break
			}
		}
	}
	top := list[len(list)-1]
	got, err := suggestAt(ctx, list, len(list)-1, req)
	if err != nil || got == nil || got == NoCompletion {
		return 0, got, err
	}
	return top.id, got, nil
}

// suggestAt asks list[i], its Lower the providers below it.
func suggestAt(ctx context.Context, list []autocompleteProvider, i int, req CompletionRequest) (any, error) {
	if i < 0 {
		return nil, nil // the built-in completion
	}
	req.Lower = func(ctx context.Context) (any, error) { return suggestAt(ctx, list, i-1, req) }
	got, err := list[i].p.Suggest(ctx, req)
	if err != nil {
		var ce *CompletionError
		if errors.As(err, &ce) {
			return nil, err // a lower provider's, named already
		}
		return nil, &CompletionError{Plugin: list[i].plugin, Err: err}
	}
	if m, ok := got.(map[string]any); ok {
		if items, _ := m["items"].([]any); len(items) == 0 {
			return NoCompletion, nil
		}
	}
	return got, nil
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
		req.Below = nil
		for j := i - 1; j >= 0; j-- {
			req.Below = append(req.Below, ProviderRef{Plugin: u.providers[j].plugin, Key: u.providers[j].p.Key})
		}
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
