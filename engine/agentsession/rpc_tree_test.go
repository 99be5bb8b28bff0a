package agentsession_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestServeNavigateTree: navigate_tree moves the leaf (a user message
// goes back to the editor), with a branch summary when asked;
// set_entry_label labels an entry in get_tree; bad ids are errors.
func TestServeNavigateTree(t *testing.T) {
	io, _ := world(t)
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ReplyText("reply one"), provider.ReplyText("reply two"), provider.ReplyText("the branch summary"))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args:      []string{"--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools", "--no-mcp"},
		Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, p := range []string{"first", "second"} {
		if err := s.Prompt(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	// entries by text: the user and assistant messages of the one branch
	entries := func(id string) (byText map[string]string, leaf string) {
		r := ask(map[string]any{"type": "get_entries", "id": id})
		d, _ := r["data"].(map[string]any)
		byText = map[string]string{}
		for _, e := range d["entries"].([]any) {
			o := e.(map[string]any)
			if msg, _ := o["message"].(map[string]any); msg != nil {
				byText[messageText(msg)] = o["id"].(string)
			}
			if o["type"] == "branch_summary" {
				byText["summary"] = o["id"].(string) // pi's preamble, then the model's text
				if !strings.HasSuffix(o["summary"].(string), "the branch summary") {
					t.Errorf("branch summary %q", o["summary"])
				}
			}
		}
		leaf, _ = d["leafId"].(string)
		return byText, leaf
	}
	ids, _ := entries("e1")

	// Back to the second prompt, summarizing the branch left behind (the
	// second prompt and its reply): the summary hangs off the first reply.
	r := ask(map[string]any{"type": "navigate_tree", "id": "n1", "entryId": ids["second"], "summarize": true})
	if d, _ := r["data"].(map[string]any); r["success"] != true || d["cancelled"] != false || d["editorText"] != "second" {
		t.Fatalf("navigate to a user message: %v", r)
	}
	after, leaf := entries("e2")
	if sum := after["summary"]; sum == "" || leaf != sum {
		t.Errorf("no branch summary at the leaf: leaf %s, entries %v", leaf, after)
	}
	// Forward to the second reply without a summary: the leaf is that entry.
	r = ask(map[string]any{"type": "navigate_tree", "id": "n2", "entryId": ids["reply two"]})
	if d, _ := r["data"].(map[string]any); r["success"] != true || d["cancelled"] != false || d["editorText"] != nil {
		t.Fatalf("navigate to an assistant message: %v", r)
	}
	if _, leaf := entries("e3"); leaf != ids["reply two"] {
		t.Errorf("leaf %s, want %s", leaf, ids["reply two"])
	}

	if r := ask(map[string]any{"type": "set_entry_label", "id": "l1", "entryId": ids["first"], "label": "start"}); r["success"] != true {
		t.Fatalf("set_entry_label: %v", r)
	}
	tree := ask(map[string]any{"type": "get_tree", "id": "t1"})
	if !strings.Contains(mustJSON(t, tree), `"label":"start"`) {
		t.Errorf("get_tree has no label: %v", tree)
	}

	for _, c := range []map[string]any{
		{"type": "navigate_tree", "id": "x1", "entryId": "nope"},
		{"type": "set_entry_label", "id": "x2", "entryId": "nope", "label": "x"},
	} {
		if r := ask(c); r["success"] != false || !strings.Contains(r["error"].(string), "nope") {
			t.Errorf("%v: %v", c["type"], r)
		}
	}
}

func messageText(msg map[string]any) string {
	switch c := msg["content"].(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			if o, _ := p.(map[string]any); o["type"] == "text" {
				b.WriteString(o["text"].(string))
			}
		}
		return b.String()
	}
	return ""
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestNavigateTreeRestoresTools: moving to another branch restores the
// tool loadout that branch recorded in its system messages (pi 1.6's
// navigateTree), whatever the tool flags.
func TestNavigateTreeRestoresTools(t *testing.T) {
	io, _ := world(t)
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ReplyText("reply one"), provider.ReplyText("reply two"))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args:      []string{"--model", "scripted/scripted-1", "--no-session", "--tools", "read,bash", "--no-mcp"},
		Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Prompt(context.Background(), "first"); err != nil {
		t.Fatal(err)
	}
	pi := piapi.Of(s.Host())
	pi.SetActiveTools("", []string{"read"})
	if err := s.Prompt(context.Background(), "second"); err != nil {
		t.Fatal(err)
	}
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	var firstReply string
	r := ask(map[string]any{"type": "get_entries", "id": "e1"})
	for _, e := range r["data"].(map[string]any)["entries"].([]any) {
		o := e.(map[string]any)
		if msg, _ := o["message"].(map[string]any); msg != nil && messageText(msg) == "reply one" {
			firstReply = o["id"].(string)
		}
	}
	if got := strings.Join(pi.ActiveTools(), ","); got != "read" {
		t.Fatalf("active before navigating: %s", got)
	}
	if r := ask(map[string]any{"type": "navigate_tree", "id": "n1", "entryId": firstReply}); r["success"] != true {
		t.Fatalf("navigate_tree: %v", r)
	}
	if got := strings.Join(pi.ActiveTools(), ","); got != "read,bash" {
		t.Errorf("active after navigating to the first reply: %s, want the loadout that branch recorded (read,bash)", got)
	}
}
