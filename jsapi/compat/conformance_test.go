package compat_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi"
)

// The conformance suite runs every example extension shipped in
// @mariozechner/pi-coding-agent 0.73.1 (examples/extensions, installed by
// `make test` as an npm devDependency) through pigo: each must load, and the
// behaviour check of each example must pass. PIGO_PI_EXAMPLES points
// elsewhere. The pi 1.6 suite (conformance16_test.go) runs the same
// harness on @earendil-works/pi-coding-agent 1.6.0's examples: its tests
// are named TestPi16*, and examplesDir picks the corpus from the name, so
// the helpers and the 0.73.1 checks serve both.

// unloadable lists examples that cannot work on goja by nature.
// (doom-overlay loads; its command needs the interactive mode and a doom
// build, and says so; see its check.)
var unloadable = map[string]string{}

// piVersion is the pi release of t's corpus (what VERSION reads).
func piVersion(t testing.TB) string {
	if pi16Test(t) {
		return "1.6.0"
	}
	return "0.73.1"
}

// pi16Test reports whether t belongs to the pi 1.6 suite.
func pi16Test(t testing.TB) bool { return strings.HasPrefix(t.Name(), "TestPi16") }

func examplesDir(t testing.TB) string {
	t.Helper()
	return examplesDirFor(t, pi16Test(t))
}

// examplesDirFor is pi 0.73.1's examples directory, or pi 1.6.0's.
func examplesDirFor(t testing.TB, pi16 bool) string {
	t.Helper()
	env, scope, make := "PIGO_PI_EXAMPLES", "@mariozechner", "`make test`, which runs npm ci"
	if pi16 {
		env, scope = "PIGO_PI16_EXAMPLES", "@earendil-works"
	}
	dir := os.Getenv(env)
	if dir == "" {
		dir, _ = filepath.Abs(filepath.Join("..", "..", "node_modules", scope, "pi-coding-agent", "examples", "extensions"))
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("pi examples not installed (run %s): %v", make, err)
	}
	return dir
}

// example is one example extension: a file, or a directory entry.
type example struct {
	name string // file base without .ts, or directory name
	path string // entry file
}

func listExamples(t *testing.T) []example { return listExamplesB(t) }

func listExamplesB(t testing.TB) []example {
	dir := examplesDir(t)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		switch {
		case !e.IsDir() && strings.HasSuffix(e.Name(), ".ts"):
			out = append(out, example{strings.TrimSuffix(e.Name(), ".ts"), p})
		case e.IsDir():
			entry := filepath.Join(p, "index.ts")
			if b, err := os.ReadFile(filepath.Join(p, "package.json")); err == nil {
				var pkg struct {
					Pi struct {
						Extensions []string `json:"extensions"`
					} `json:"pi"`
				}
				if json.Unmarshal(b, &pkg) == nil && len(pkg.Pi.Extensions) > 0 {
					entry = filepath.Join(p, pkg.Pi.Extensions[0])
				}
			}
			if _, err := os.Stat(entry); err == nil {
				out = append(out, example{e.Name(), entry})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// piHost is one example loaded alone, with helpers to drive pi's events.
type piHost struct {
	t    *testing.T
	host *engine.Host
	cwd  string
}

// sharedEnv compiles each example once for all tests.
var sharedEnv = sync.OnceValue(func() *jsapi.Env {
	return jsapi.New(jsapi.Options{Environ: map[string]string{"HOME": os.TempDir(), "PATH": os.Getenv("PATH")}})
})

func loadExample(t *testing.T, ex example, cwd string) (*piHost, engine.LoadResult) {
	t.Helper()
	if cwd == "" {
		cwd = t.TempDir()
	}
	// Generous factory budget: the suite checks that examples load, and a
	// big bundle's top level (sandbox-runtime) can take seconds on a busy
	// shared machine.
	h := engine.New(engine.Options{Cwd: cwd, Budgets: engine.Budgets{Factory: 2 * time.Minute}})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	res := h.Boot(context.Background(), []engine.PluginSpec{sharedEnv().Plugin(ex.name, ex.path, nil)})
	return &piHost{t: t, host: h, cwd: cwd}, res[0]
}

func TestConformanceEveryExampleLoads(t *testing.T) {
	everyExampleLoads(t, unloadable, 70, "the 72 of pi 0.73.1")
}

// everyExampleLoads loads each example of t's corpus alone; those in
// unloadable are skipped with their reason. Fewer than atLeast examples
// means the corpus is not the one expected.
func everyExampleLoads(t *testing.T, unloadable map[string]string, atLeast int, corpus string) {
	exs := listExamples(t)
	if len(exs) < atLeast {
		t.Fatalf("found %d examples, want %s", len(exs), corpus)
	}
	for name := range unloadable {
		if !slices.ContainsFunc(exs, func(ex example) bool { return ex.name == name }) {
			t.Errorf("unloadable lists %s, which is not an example", name)
		}
	}
	var mu sync.Mutex
	loaded, skipped := 0, 0
	t.Run("load", func(t *testing.T) {
		for _, ex := range exs {
			t.Run(ex.name, func(t *testing.T) {
				t.Parallel()
				if why, ok := unloadable[ex.name]; ok {
					mu.Lock()
					skipped++
					mu.Unlock()
					t.Skip(why)
				}
				_, res := loadExample(t, ex, "")
				if !res.OK {
					t.Fatalf("%s failed to load: %v", ex.name, res.Err)
				}
				mu.Lock()
				loaded++
				mu.Unlock()
			})
		}
	})
	t.Logf("conformance: %d/%d examples load (%d unloadable: %v)", loaded, len(exs), skipped, unloadable)
}

// findExample returns the named example or skips when the corpus is absent.
func findExample(t *testing.T, name string) example {
	t.Helper()
	for _, ex := range listExamples(t) {
		if ex.name == name {
			return ex
		}
	}
	t.Fatalf("no example %q", name)
	return example{}
}

// mustLoad loads one example alone (cwd "" = a fresh temp dir).
func mustLoad(t *testing.T, name, cwd string) *piHost {
	t.Helper()
	p, res := loadExample(t, findExample(t, name), cwd)
	if !res.OK {
		t.Fatalf("%s failed to load: %v", name, res.Err)
	}
	return p
}

// emit delivers a notification event (session_start, turn_end, ...). In
// the pi 1.6 suite an agent_end is followed by agent_settled, as pi 1.6
// does when nothing (retry, compaction, a queued message) continues the
// run, which is what a check emitting agent_end plays.
func (p *piHost) emit(event string, payload map[string]any) {
	p.t.Helper()
	payload["type"] = event
	errs := p.host.Emit(context.Background(), event, payload)
	if piapi.IsHookEvent(event) {
		// pi 1.6's actionable boundaries (turn_end) are handler chains.
		errs = append(errs, p.host.RunHook(context.Background(), event, payload).Errors...)
	}
	for _, d := range errs {
		p.t.Fatalf("%s listener failed: %s", event, d)
	}
	if event == "agent_end" && pi16Test(p.t) {
		p.emit("agent_settled", map[string]any{"aborted": false})
	}
}

// playTUI makes ctx.mode "tui" in the pi 1.6 suite: a scripted UI client
// stands in for pi's interactive TUI, which pi 1.6 examples test with
// ctx.mode === "tui" where 0.73.1's tested ctx.hasUI.
func (p *piHost) playTUI() {
	if pi16Test(p.t) {
		piapi.Of(p.host).SetMode("tui")
	}
}

// hook runs an interceptable event and returns its combined result.
func (p *piHost) hook(event string, payload map[string]any) engine.HookOutcome {
	p.t.Helper()
	payload["type"] = event
	return p.host.RunHook(context.Background(), event, payload)
}

// tool runs a tool as the agent would.
func (p *piHost) tool(name string, params map[string]any) (engine.ToolResult, error) {
	return p.host.RunTool(context.Background(), name, engine.ToolCall{ID: "call_1", Params: params})
}

// command runs "/name args".
func (p *piHost) command(line string) error {
	return p.host.RunCommand(engine.WithOriginator(context.Background(), "test-ui"), line)
}

// notifications returns "type: message" for each ctx.ui.notify so far.
func (p *piHost) notifications() []string {
	ns, _ := piapi.Of(p.host).UI().State()["notifications"].([]any)
	var out []string
	for _, n := range ns {
		m := n.(map[string]any)
		out = append(out, m["type"].(string)+": "+m["message"].(string))
	}
	return out
}

// calls returns the recorded pi/ctx/ui calls named op (e.g. "setActiveTools",
// "ui.setStatus", "sendUserMessage").
func (p *piHost) calls(op string) []piapi.Call {
	var out []piapi.Call
	for _, c := range piapi.Of(p.host).Calls() {
		if c.Op == op {
			out = append(out, c)
		}
	}
	return out
}

// ui returns the client-facing UI state (status, widgets, title, ...).
func (p *piHost) ui() map[string]any { return piapi.Of(p.host).UI().State() }

// attachUI attaches a scripted UI client that answers dialogs.
func (p *piHost) attachUI(answer func(method string, state map[string]any) any) *piapi.ScriptedClient {
	p.t.Helper()
	c := piapi.NewScriptedClient(p.host.Views(), "test-ui", answer)
	if err := p.host.Views().Attach(c); err != nil {
		p.t.Fatal(err)
	}
	p.playTUI()
	return c
}
