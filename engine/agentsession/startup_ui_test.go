package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// TestInteractiveProjectTrustHandlerDialogs: in the interactive mode a
// project_trust handler's ctx.ui.select and confirm go to the startup
// selector (pi's project trust context has a UI there); its answer decides.
func TestInteractiveProjectTrustHandlerDialogs(t *testing.T) {
	io, _ := world(t)
	io.StdinTTY, io.StdoutTTY = true, true
	ext := filepath.Join(io.Cwd, "decide.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.on("project_trust", async (_e, ctx) => {
    const ok = await ctx.ui.confirm("Load it?", "the project has extensions");
    const v = await ctx.ui.select("Trust this project?", ["yes", "no"]);
    return { trusted: ok && v === "yes" ? "yes" : "no" };
  });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(io.Cwd, ".pi", "extensions")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "proj.ts"), []byte(`export default function (pi) {}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var asked []string
	io.StartupSelect = func(_ context.Context, p agentsession.StartupPrompt) (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, p.Title+" "+fmt.Sprint(p.Options))
		return 0, true // Yes, then "yes"
	}
	var exts string
	ui := func(ctx context.Context, conn protocol.Conn, _ agentsession.InteractiveOptions) agentsession.ExitCode {
		_ = protocol.NewEncoder(nil).Send(conn, map[string]any{"type": "get_extensions", "id": "x"})
		for {
			m, err := conn.Recv()
			if err != nil {
				return agentsession.ExitFailure
			}
			if o, _ := m.Object(); o["id"] == "x" {
				exts = fmt.Sprint(o["data"])
				return agentsession.ExitOK
			}
		}
	}
	code := agentsession.Run(context.Background(), []string{"-e", ext, "--no-session", "--no-builtin-tools", "--no-mcp"}, io, pigo.SessionOpener(io), ui)
	if code != agentsession.ExitOK {
		t.Fatalf("exit %d", code)
	}
	want := []string{"Load it?\nthe project has extensions [Yes No]", "Trust this project? [yes no]"}
	if fmt.Sprint(asked) != fmt.Sprint(want) {
		t.Errorf("asked %q, want %q", asked, want)
	}
	if !strings.Contains(exts, "proj.ts sourceInfo:") || !strings.Contains(exts, "proj.ts scope:project source:auto] status:loaded") {
		t.Errorf("the trusted project's extension did not load: %s", exts)
	}
}
