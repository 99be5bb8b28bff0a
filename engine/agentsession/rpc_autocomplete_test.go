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
// providers stack as pi's wrap its built-in one: the newest is asked,
// its current.getSuggestions answers the one below, under them the
// built-in provider's suggestions (which a provider may change; handed
// back unchanged they leave completion to the client, {items: null});
// the items name the newest provider, whose applyCompletion runs
// (current's is the one of the provider below when that is the same
// extension's, else pi's built-in one); current lists the client's
// slash commands as pi's built-in provider; a provider's own null completes
// nothing ({suppressed: true}), as does a forced request that a
// shouldTriggerFileCompletion refused, asked down the stack while each
// delegates to current; a throwing provider is an error naming the
// file:line; a reload drops the old generation's providers.
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
      applyCompletion: (lines, line, col, item, prefix) => {
        const r = current.applyCompletion(lines, line, col, item, prefix);
        return prefix.startsWith("#") ? { ...r, lines: r.lines.map((l) => l + "(issue)") } : r;
      },
      shouldTriggerFileCompletion: (lines, line, col) =>
        !lines[line].startsWith("nofiles") && (current.shouldTriggerFileCompletion(lines, line, col) ?? true),
    }));
    ctx.ui.addAutocompleteProvider((current) => ({
      triggerCharacters: ["$", "#"],
      async getSuggestions(lines, line, col, options) {
        const before = (lines[line] ?? "").slice(0, col);
        if (before.endsWith("!")) throw new Error("no bangs");
        if (before.endsWith("%")) return null;
        if (before.startsWith("/s") && !before.includes(" ")) {
          const r = await current.getSuggestions(lines, line, col, options);
          return r && { prefix: r.prefix, items: r.items.filter((i) => i.value !== "session") };
        }
        if (before.startsWith("up ")) {
          const r = await current.getSuggestions(lines, line, col, options);
          return r && { prefix: r.prefix, items: r.items.map((i) => ({ ...i, label: i.label.toUpperCase() })) };
        }
        if (!before.endsWith("$")) return current.getSuggestions(lines, line, col, options);
        return { prefix: "$", items: [{ value: "HOME" }] };
      },
      applyCompletion: (lines, line, col, item, prefix) =>
        prefix === "$" || prefix === "~" ? { lines: [lines[0] + "{" + item.value + "}"], cursorLine: 0, cursorCol: 99 } : current.applyCompletion(lines, line, col, item, prefix),
      shouldTriggerFileCompletion: (lines, line, col) => current.shouldTriggerFileCompletion(lines, line, col),
    }));
  });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(io.Cwd, "other.ts") // the oldest provider, another extension's
	if err := os.WriteFile(other, []byte(`export default function (pi) {
  pi.on("session_start", (_e, ctx) => {
    ctx.ui.addAutocompleteProvider((current) => ({
      getSuggestions: (lines, line, col, options) => current.getSuggestions(lines, line, col, options),
      applyCompletion: (lines, line, col, item, prefix) => ({ lines: ["{other}"], cursorLine: 0, cursorCol: 7 }),
    }));
  });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", other, "-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{Components: true})
	info := func(id string) string {
		d, _ := ask(map[string]any{"type": "get_autocomplete_providers", "id": id})["data"].(map[string]any)
		return fmt.Sprint(d["count"], " ", d["triggers"])
	}
	if got := info("p1"); got != "3 [# $]" {
		t.Fatalf("providers %q", got)
	}
	complete := func(id, line string) map[string]any {
		force := strings.HasPrefix(id, "f")
		r := ask(map[string]any{"type": "get_completions", "id": id, "lines": []any{line}, "cursorLine": 0, "cursorCol": len(line), "force": force})
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
	if fmt.Sprint(home["prefix"], " ", home["items"]) != "$ [map[label:HOME value:HOME]]" || home["provider"] != issues["provider"] {
		t.Errorf("$ completions: %v (# from %v)", home, issues["provider"])
	}
	if none := complete("c3", "plain text"); none["items"] != nil || len(none) != 1 {
		t.Errorf("no provider matches: %v", none)
	}
	if none := complete("c5", "/mo"); none["items"] != nil || len(none) != 1 {
		t.Errorf("a command name handed back to the client: %v", none)
	}
	commands := []any{map[string]any{"name": "settings", "description": "Open settings menu"}, map[string]any{"name": "session"},
		map[string]any{"name": "model", "description": "Select model"}}
	withCommands := func(id, line string) map[string]any {
		r := ask(map[string]any{"type": "get_completions", "id": id, "lines": []any{line}, "cursorLine": 0, "cursorCol": len(line), "commands": commands})
		d, _ := r["data"].(map[string]any)
		return d
	}
	if cmds := withCommands("s1", "/se"); fmt.Sprint(cmds["prefix"], " ", cmds["items"]) != "/se [map[description:Open settings menu label:settings value:settings]]" {
		t.Errorf("current's command list, changed: %v", cmds)
	}
	if cmds := withCommands("s2", "/mo"); cmds["items"] != nil || len(cmds) != 1 {
		t.Errorf("current's command list handed back unchanged: %v", cmds)
	}
	if r := ask(map[string]any{"type": "get_completions", "id": "s3", "lines": []any{"/x"}, "commands": []any{"settings"}}); r["success"] != false ||
		!strings.Contains(fmt.Sprint(r["error"]), "commands must be an array of {name") {
		t.Errorf("commands that are not objects: %v", r)
	}
	if none := complete("c6", "50%"); none["items"] != nil || none["suppressed"] != true {
		t.Errorf("a provider's own null: %v", none)
	}
	if files := complete("f1", "see iss"); files["items"] != nil || len(files) != 1 {
		t.Errorf("forced, the built-in files unchanged: %v", files)
	}
	up := complete("f2", "up iss")
	if fmt.Sprint(up["prefix"], " ", up["items"]) != "iss [map[label:ISSUES.TS value:issues.ts]]" || up["provider"] != issues["provider"] {
		t.Errorf("forced, the built-in files changed: %v", up)
	}
	if refused := complete("f3", "nofiles iss"); refused["items"] != nil || refused["suppressed"] != true {
		t.Errorf("shouldTriggerFileCompletion refused: %v", refused)
	}
	if refused := complete("c7", "nofiles #2"); refused["items"] == nil {
		t.Errorf("shouldTriggerFileCompletion is for forced requests only: %v", refused)
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
	// in issues.ts, current.applyCompletion is the provider below's; the
	// lowest there has other.ts's below it, another extension's: its
	// current.applyCompletion is the built-in one (pi's would be other's)
	if got := apply("a1", issues["provider"], "fix #29", map[string]any{"value": "#2983", "label": "#2983"}, "#29"); got != "[fix #2983(issue)] 0 9" {
		t.Errorf("the applyCompletion of the provider below: %q", got)
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
	if got := info("p2"); got != "3 [# $]" {
		t.Errorf("after a reload: %q, want the new generation's 3", got)
	}
	if got := apply("a3", issues["provider"], "fix #29", map[string]any{"value": "#2983", "label": "#2983"}, "#29"); !strings.Contains(got, "gone") {
		t.Errorf("the old generation's provider: %q", got)
	}
}
