package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pigo "github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// TestServeAutocompleteProviders: ctx.ui.addAutocompleteProvider
// providers stack newest first; one that delegates to current passes the
// request to the one below, and when none has items the answer is null
// (the client's built-in completion); applyCompletion runs in the
// provider whose item was taken (current's is pi's built-in one); a
// throwing provider is an error naming the file:line; a reload drops the
// old generation's providers.
func TestServeAutocompleteProviders(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "issues.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("session_start", (_e, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      triggerCharacters: ["#"],
      async getSuggestions(lines, line, col, options) {
        const m = (lines[line] ?? "").slice(0, col).match(/(?:^|[ \t])#([^\s#]*)$/);
        if (!m) return current.getSuggestions(lines, line, col, options);
        return { prefix: "#" + m[1], items: [{ value: "#2983", label: "#2983", description: "autocomplete API" }] };
      },
      applyCompletion: (lines, line, col, item, prefix) => current.applyCompletion(lines, line, col, item, prefix),
    }));
    ctx.ui.addAutocompleteProvider((current) => ({
      triggerCharacters: ["$", "#"],
      getSuggestions(lines, line, col, options) {
        const before = (lines[line] ?? "").slice(0, col);
        if (before.endsWith("!")) throw new Error("no bangs");
        if (!before.endsWith("$")) return current.getSuggestions(lines, line, col, options);
        return { prefix: "$", items: [{ value: "HOME" }] };
      },
      applyCompletion: (lines, line, col, item, prefix) => ({ lines: [lines[0] + "{" + item.value + "}"], cursorLine: 0, cursorCol: 99 }),
    }));
  });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{Components: true})
	info := func(id string) string {
		d, _ := ask(map[string]any{"type": "get_autocomplete_providers", "id": id})["data"].(map[string]any)
		return fmt.Sprint(d["count"], " ", d["triggers"])
	}
	if got := info("p1"); got != "2 [# $]" {
		t.Fatalf("providers %q", got)
	}
	complete := func(id, line string) map[string]any {
		r := ask(map[string]any{"type": "get_completions", "id": id, "lines": []any{line}, "cursorLine": 0, "cursorCol": len(line)})
		if r["success"] != true {
			return map[string]any{"error": r["error"]}
		}
		d, _ := r["data"].(map[string]any)
		return d
	}
	issues := complete("c1", "fix #29")
	if fmt.Sprint(issues["prefix"], " ", issues["items"]) != "#29 [map[description:autocomplete API label:#2983 value:#2983]]" {
		t.Errorf("# completions: %v", issues)
	}
	home := complete("c2", "echo $")
	if fmt.Sprint(home["prefix"], " ", home["items"]) != "$ [map[label:HOME value:HOME]]" || home["provider"] == issues["provider"] {
		t.Errorf("$ completions: %v (# from %v)", home, issues["provider"])
	}
	if none := complete("c3", "plain text"); none["items"] != nil || len(none) != 1 {
		t.Errorf("no provider matches: %v", none)
	}
	if bang := complete("c4", "oops!"); !strings.Contains(fmt.Sprint(bang["error"]), "no bangs") || !strings.Contains(fmt.Sprint(bang["error"]), "issues.ts:") {
		t.Errorf("a throwing provider: %v", bang)
	}
	apply := func(id string, provider any, line string, item map[string]any, prefix string) string {
		r := ask(map[string]any{"type": "apply_completion", "id": id, "provider": provider, "lines": []any{line},
			"cursorLine": 0, "cursorCol": len(line), "item": item, "prefix": prefix})
		if r["success"] != true {
			return fmt.Sprint("error: ", r["error"])
		}
		d, _ := r["data"].(map[string]any)
		return fmt.Sprint(d["lines"], " ", d["cursorLine"], " ", d["cursorCol"])
	}
	if got := apply("a1", issues["provider"], "fix #29", map[string]any{"value": "#2983", "label": "#2983"}, "#29"); got != "[fix #2983] 0 9" {
		t.Errorf("built-in applyCompletion: %q", got)
	}
	if got := apply("a2", home["provider"], "echo $", map[string]any{"value": "HOME", "label": "HOME"}, "$"); got != "[echo ${HOME}] 0 99" {
		t.Errorf("the provider's applyCompletion: %q", got)
	}
	if r := ask(map[string]any{"type": "get_completions", "id": "bad", "lines": "x"}); r["success"] != false {
		t.Errorf("lines not an array was taken: %v", r)
	}
	if r := ask(map[string]any{"type": "reload", "id": "reload"}); r["success"] != true {
		t.Fatalf("reload: %v", r)
	}
	if got := info("p2"); got != "2 [# $]" {
		t.Errorf("after a reload: %q, want the new generation's 2", got)
	}
	if got := apply("a3", issues["provider"], "fix #29", map[string]any{"value": "#2983", "label": "#2983"}, "#29"); !strings.Contains(got, "gone") {
		t.Errorf("the old generation's provider: %q", got)
	}
}
