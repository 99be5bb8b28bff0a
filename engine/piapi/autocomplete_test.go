package piapi_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// TestAutocompleteStack: only the newest provider is asked and Lower is
// the one below (nil under the oldest: the built-in); items name the
// newest; an error names the plugin that failed; a forced request asks
// shouldTriggerFileCompletion down the stack while each delegates.
func TestAutocompleteStack(t *testing.T) {
	t.Parallel()
	ui := piapi.Of(newHost(t, engine.Options{})).UI()
	var asked []string
	var lowerOfOldest any = "unset"
	refuse := false
	ui.AddAutocompleteProvider("old", piapi.AutocompleteProvider{
		Suggest: func(ctx context.Context, r piapi.CompletionRequest) (any, error) {
			asked = append(asked, "old")
			lowerOfOldest, _ = r.Lower(ctx)
			if r.Lines[0] == "boom" {
				return nil, errors.New("boom")
			}
			return map[string]any{"prefix": "x", "items": []any{map[string]any{"value": "xy"}}}, nil
		},
		ShouldTrigger: func(context.Context, piapi.CompletionRequest) (bool, bool, error) {
			asked = append(asked, "old?")
			return !refuse, false, nil
		},
	})
	ui.AddAutocompleteProvider("new", piapi.AutocompleteProvider{
		Suggest: func(ctx context.Context, r piapi.CompletionRequest) (any, error) {
			asked = append(asked, "new")
			return r.Lower(ctx)
		},
		ShouldTrigger: func(context.Context, piapi.CompletionRequest) (bool, bool, error) {
			asked = append(asked, "new?")
			return true, true, nil
		},
	})
	req := piapi.CompletionRequest{Lines: []string{"x"}}
	id, got, err := ui.Suggest(context.Background(), req)
	if err != nil || id != 2 || fmt.Sprint(got) != "map[items:[map[value:xy]] prefix:x]" || lowerOfOldest != nil || fmt.Sprint(asked) != "[new old]" {
		t.Fatalf("Suggest: %d %v %v, asked %v, the oldest's lower %v", id, got, err, asked, lowerOfOldest)
	}
	_, _, err = ui.Suggest(context.Background(), piapi.CompletionRequest{Lines: []string{"boom"}})
	var ce *piapi.CompletionError
	if !errors.As(err, &ce) || ce.Plugin != "old" {
		t.Fatalf("a failing lower provider: %v", err)
	}
	asked = nil
	req.Force = true
	if _, got, _ := ui.Suggest(context.Background(), req); got == piapi.NoCompletion || fmt.Sprint(asked) != "[new? old? new old]" {
		t.Fatalf("forced: %v, asked %v", got, asked)
	}
	refuse = true
	asked = nil
	if _, got, _ := ui.Suggest(context.Background(), req); got != piapi.NoCompletion || fmt.Sprint(asked) != "[new? old?]" {
		t.Fatalf("refused: %v, asked %v", got, asked)
	}
}
