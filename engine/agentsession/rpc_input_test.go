package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pigo "github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// TestServeTerminalInput: ctx.ui.onTerminalInput listeners run in
// registration order on terminal_input: {consume: true} swallows the
// input, {data} rewrites it for the next listeners and the client, an
// async handler (a Promise) passes it on, as pi reads only what a
// listener returns synchronously; a throwing listener is an error naming
// the file:line, and so is one that hangs (interrupted after the budget);
// get_input_listeners counts them, and the unsubscribe
// function removes one; a reload drops the old generation's.
func TestServeTerminalInput(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "keys.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  let offs = [];
  pi.on("session_start", (_e, ctx) => {
    offs.push(ctx.ui.onTerminalInput((data) => (data === "q" ? { consume: true } : data === "a" ? { data: "b" } : undefined)));
    offs.push(ctx.ui.onTerminalInput((data) => (data === "b" ? { data: "seen b" } : data === "!" ? (() => { throw new Error("bang") })() : data === "hang" ? (() => { for (;;) {} })() : undefined)));
    offs.push(ctx.ui.onTerminalInput(async (data) => ({ consume: true })));
  });
  pi.registerShortcut("ctrl+shift+k", { description: "off", handler: async () => { offs.shift()(); } });
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
	count := func(id string) any {
		d, _ := ask(map[string]any{"type": "get_input_listeners", "id": id})["data"].(map[string]any)
		return d["count"]
	}
	if n := count("c1"); fmt.Sprint(n) != "3" {
		t.Fatalf("listeners %v", n)
	}
	input := func(id, data string) string {
		r := ask(map[string]any{"type": "terminal_input", "id": id, "data": data})
		if r["success"] != true {
			return fmt.Sprint("error: ", r["error"])
		}
		d, _ := r["data"].(map[string]any)
		return fmt.Sprint(d["consume"], " ", d["data"])
	}
	for _, c := range []struct{ in, want string }{{"q", "true "}, {"a", "false seen b"}, {"x", "false x"}, {"\x1b[A", "false \x1b[A"}} {
		if got := input("i"+c.in, c.in); got != c.want {
			t.Errorf("input %q: %q, want %q", c.in, got, c.want)
		}
	}
	if got := input("bang", "!"); !strings.Contains(got, "bang") || !strings.Contains(got, "keys.ts:") {
		t.Errorf("a throwing listener: %q", got)
	}
	// A listener that never returns is interrupted after the budget;
	// the extension keeps working.
	defer agentsession.SetInputListenerBudget(100 * time.Millisecond)()
	if got := input("hang", "hang"); !strings.Contains(got, "keys.ts:") || !strings.Contains(strings.ToLower(got), "budget") {
		t.Errorf("a hanging listener: %q", got)
	}
	if got := input("after-hang", "a"); got != "false seen b" {
		t.Errorf("after a hanging listener: %q", got)
	}
	if r := ask(map[string]any{"type": "run_shortcut", "id": "off", "shortcut": "ctrl+shift+k"}); r["success"] != true {
		t.Fatalf("run_shortcut: %v", r)
	}
	if got := input("q2", "q"); got != "false q" {
		t.Errorf("after unsubscribing the first listener: %q", got)
	}
	if n := piapi.Of(s.Host()).UI().InputListeners(); n != 2 {
		t.Errorf("%d listeners after unsubscribing one", n)
	}
	// A reload drops the old generation's listeners; the new one's
	// session_start registers its own.
	if r := ask(map[string]any{"type": "reload", "id": "reload"}); r["success"] != true {
		t.Fatalf("reload: %v", r)
	}
	if n := count("c2"); fmt.Sprint(n) != "3" {
		t.Errorf("%v listeners after a reload, want the new generation's 3", n)
	}
	if r := ask(map[string]any{"type": "terminal_input", "id": "bad", "data": 1}); r["success"] != false {
		t.Errorf("a number was taken: %v", r)
	}
}

// BenchmarkTerminalInput is one key through a listener over the client
// protocol: what holding keys for the listeners adds to a key's way.
func BenchmarkTerminalInput(b *testing.B) {
	io, _ := world(b)
	ext := filepath.Join(io.Cwd, "keys.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("session_start", (_e, ctx) => { ctx.ui.onTerminalInput((data) => (data === "q" ? { consume: true } : undefined)); });
}`), 0o644); err != nil {
		b.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools"}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(b, s, agentsession.ServeOptions{Components: true})
	b.ResetTimer()
	for i := range b.N {
		if r := ask(map[string]any{"type": "terminal_input", "id": fmt.Sprint(i), "data": "x"}); r["success"] != true {
			b.Fatal(r)
		}
	}
}
