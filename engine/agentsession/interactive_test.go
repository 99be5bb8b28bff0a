package agentsession_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// TestInteractiveHotReload: in interactive mode a saved extension reloads
// while the session runs; the client hears extension_reload with the diff,
// and a broken save with its file:line while the working generation stays.
func TestInteractiveHotReload(t *testing.T) {
	io, _ := world(t)
	io.StdinTTY, io.StdoutTTY = true, true
	ext := filepath.Join(io.Cwd, "ext.ts")
	write := func(src string) {
		if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`export default function (pi) { pi.registerCommand("one", { handler: async () => {} }); }`)
	var got []map[string]any
	ui := func(ctx context.Context, conn protocol.Conn, _ agentsession.InteractiveOptions) agentsession.ExitCode {
		next := func(what string) map[string]any {
			deadline := time.After(30 * time.Second)
			recs := make(chan map[string]any, 1)
			go func() {
				for {
					m, err := conn.Recv()
					if err != nil {
						close(recs)
						return
					}
					if o, _ := m.Object(); o["type"] == "extension_reload" {
						recs <- o
						return
					}
				}
			}()
			select {
			case o, ok := <-recs:
				if !ok {
					t.Errorf("connection closed waiting for %s", what)
				}
				return o
			case <-deadline:
				t.Errorf("no extension_reload for %s", what)
				return nil
			}
		}
		write(`export default function (pi) { pi.registerCommand("two", { handler: async () => {} }); }`)
		got = append(got, next("the edit"))
		write("export default function (pi) {\n  const x: number = ;\n}\n")
		got = append(got, next("the broken save"))
		return agentsession.ExitOK
	}
	code := agentsession.Run(context.Background(), []string{"-e", ext, "--no-session", "--no-builtin-tools"}, io, pigo.SessionOpener(io), ui)
	if code != agentsession.ExitOK || len(got) != 2 || got[0] == nil || got[1] == nil {
		t.Fatalf("exit %d, records %v", code, got)
	}
	if got[0]["ok"] != true || !strings.Contains(strings.Join(anyStrings(got[0]["added"]), " "), "command:two") ||
		!strings.Contains(strings.Join(anyStrings(got[0]["removed"]), " "), "command:one") {
		t.Errorf("reload on save: %v", got[0])
	}
	if e, _ := got[1]["error"].(string); got[1]["ok"] != false || !strings.Contains(e, "ext.ts:2") {
		t.Errorf("broken save: %v", got[1])
	}
}

func anyStrings(v any) []string {
	l, _ := v.([]any)
	out := make([]string, len(l))
	for i, x := range l {
		out[i], _ = x.(string)
	}
	return out
}
