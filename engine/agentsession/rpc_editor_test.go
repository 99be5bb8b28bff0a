package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	pigo "github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// TestServeSetEditorText: the text an interactive client reports typed is
// what ctx.ui.getEditorText returns (here in a shortcut handler), it is
// not echoed back as a setEditorText UI call, a later setEditorText of an
// extension wins until the client reports again, and a non-string is an
// error.
func TestServeSetEditorText(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "peek.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerShortcut("ctrl+shift+k", { description: "peek", handler: async (ctx) => ctx.ui.notify("editor: " + ctx.ui.getEditorText()) });
  pi.registerShortcut("ctrl+shift+j", { description: "set", handler: async (ctx) => ctx.ui.setEditorText("from ext") });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mu sync.Mutex
	var calls []string
	piapi.Of(s.Host()).UI().Observe(func(c piapi.UICall) {
		mu.Lock()
		calls = append(calls, c.Op+" "+fmt.Sprint(c.Value))
		mu.Unlock()
	})
	ask := serveAsk(t, s, agentsession.ServeOptions{Components: true})
	run := func(id, key string) {
		t.Helper()
		if r := ask(map[string]any{"type": "run_shortcut", "id": id, "shortcut": key}); r["success"] != true {
			t.Fatalf("run_shortcut: %v", r)
		}
	}
	if r := ask(map[string]any{"type": "set_editor_text", "id": "1", "text": "typed text"}); r["success"] != true {
		t.Fatalf("set_editor_text: %v", r)
	}
	run("2", "ctrl+shift+k")
	run("3", "ctrl+shift+j")
	run("4", "ctrl+shift+k")
	ask(map[string]any{"type": "set_editor_text", "id": "5", "text": ""})
	run("6", "ctrl+shift+k")
	mu.Lock()
	got := strings.Join(calls, " | ")
	mu.Unlock()
	want := "notify map[message:editor: typed text] | setEditorText from ext | notify map[message:editor: from ext] | notify map[message:editor: ]"
	if got != want {
		t.Errorf("UI calls\n got %s\nwant %s", got, want)
	}
	if r := ask(map[string]any{"type": "set_editor_text", "id": "7", "text": 3}); r["success"] != false || !strings.Contains(fmt.Sprint(r["error"]), "text must be a string") {
		t.Errorf("a number was taken: %v", r)
	}
}
