package watch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

// The tests in this package edit real files in t.TempDir() and watch a real
// engine.Host with a jsapi.Env. They wait on reload reports and on
// diagnostics with deadlines; nothing sleeps to synchronise.

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// deadline bounds every wait; generous for -race on a loaded machine.
const deadline = 30 * time.Second

type fixture struct {
	t    *testing.T
	dir  string
	host *engine.Host
	env  *jsapi.Env
	r    *watch.Reloader
	w    *watch.Watcher

	reloads chan watch.Reload

	mu   sync.Mutex
	logs []engine.Diagnostic
}

type fixtureOptions struct {
	engine engine.Options
}

func newFixture(t *testing.T, opts fixtureOptions) *fixture {
	t.Helper()
	f := &fixture{t: t, dir: t.TempDir(), reloads: make(chan watch.Reload, 4096)}
	eo := opts.engine
	eo.Cwd = f.dir
	eo.OnDiagnostic = func(d engine.Diagnostic) {
		f.mu.Lock()
		f.logs = append(f.logs, d)
		f.mu.Unlock()
	}
	f.host = engine.New(eo)
	f.env = jsapi.New(jsapi.Options{RetireGrace: 500 * time.Millisecond})
	t.Cleanup(func() { _ = f.host.Close(context.Background()) })
	f.r = watch.NewReloader(f.host, f.env, watch.ReloaderOptions{OnReload: func(r watch.Reload) { f.reloads <- r }})
	return f
}

// write saves a file below the fixture dir atomically (a temporary file
// renamed over it, as most editors save) and returns its path. The watcher
// never sees a half-written file, so one write is one reload.
func (f *fixture) write(name, src string) string {
	f.t.Helper()
	p := f.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	tmp := p + ".tmp~"
	if err := os.WriteFile(tmp, []byte(src), 0o644); err != nil {
		f.t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// writeInPlace truncates and rewrites a file (what `>` in a shell and some
// formatters do). The watcher may see the file empty or half-written if
// the writer stalls longer than the quiet period, so a test using it waits
// for the content it wrote (waitText) instead of counting reloads.
func (f *fixture) writeInPlace(name, src string) string {
	f.t.Helper()
	p := f.path(name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return p
}

func (f *fixture) path(name string) string { return filepath.Join(f.dir, filepath.FromSlash(name)) }

// boot loads the named extensions (files or dirs below the fixture dir)
// and adds them to the reloader; results by plugin id.
func (f *fixture) boot(names ...string) map[string]engine.LoadResult {
	f.t.Helper()
	var specs []engine.PluginSpec
	for _, n := range names {
		p := f.path(n)
		specs = append(specs, f.env.Plugin(jsapi.PluginID(p), p, nil))
	}
	out := map[string]engine.LoadResult{}
	for _, r := range f.host.Boot(context.Background(), specs) {
		out[r.Plugin] = r
	}
	for _, s := range specs {
		f.r.Add(s.ID, s.Source)
	}
	return out
}

func (f *fixture) mustBoot(names ...string) {
	f.t.Helper()
	for id, r := range f.boot(names...) {
		if !r.OK {
			f.t.Fatalf("plugin %s failed: %v", id, r.Err)
		}
	}
}

// watch starts a Watcher with the given debounce (0: default) and stops it
// at cleanup, before the host closes.
func (f *fixture) watch(debounce time.Duration) {
	f.t.Helper()
	f.watchWith(watch.WatcherOptions{Debounce: debounce})
}

// watchWith starts a Watcher with opts (OnError logs).
func (f *fixture) watchWith(opts watch.WatcherOptions) {
	f.t.Helper()
	opts.OnError = func(err error) { f.t.Logf("watcher: %v", err) }
	w, err := watch.NewWatcher(f.r, opts)
	if err != nil {
		f.t.Fatal(err)
	}
	f.w = w
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = w.Run(ctx)
	}()
	f.t.Cleanup(func() {
		cancel()
		<-done
		_ = w.Close()
	})
}

// next returns the next reload report of plugin id.
func (f *fixture) next(id string) watch.Reload {
	f.t.Helper()
	timeout := time.After(deadline)
	for {
		select {
		case r := <-f.reloads:
			if r.Plugin == id {
				return r
			}
		case <-timeout:
			f.t.Fatalf("no reload of %s within %v", id, deadline)
		}
	}
}

// nextOK returns the next successful reload of id, tolerating failed ones
// in between (a save caught half-way).
func (f *fixture) nextOK(id string) watch.Reload {
	f.t.Helper()
	for {
		r := f.next(id)
		if r.OK {
			return r
		}
		f.t.Logf("intermediate failed reload: %v", r.Error)
	}
}

// waitText waits until tool answers text, following plugin id's reloads
// (intermediate ones may have caught a file half-written).
func (f *fixture) waitText(id, tool, text string) watch.Reload {
	f.t.Helper()
	for {
		r := f.next(id)
		if got, err := f.call(tool); r.OK && err == nil && got == text {
			return r
		}
	}
}

// call runs a tool and returns its text, or the error.
func (f *fixture) call(name string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	res, err := f.host.RunTool(ctx, name, engine.ToolCall{ID: "c", Params: map[string]any{}})
	return res.Text(), err
}

// wantText asserts a tool answers text.
func (f *fixture) wantText(tool, text string) {
	f.t.Helper()
	got, err := f.call(tool)
	if err != nil || got != text {
		f.t.Fatalf("tool %s = %q, %v; want %q", tool, got, err, text)
	}
}

// logged counts the diagnostics whose text contains frag.
func (f *fixture) logged(frag string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, d := range f.logs {
		if strings.Contains(d.Text, frag) {
			n++
		}
	}
	return n
}

// waitLogged waits until frag was logged at least n times.
func (f *fixture) waitLogged(frag string, n int) {
	f.t.Helper()
	waitUntil(f.t, fmt.Sprintf("%d× %q in the log", n, frag), func() bool { return f.logged(frag) >= n })
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(deadline)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// ext returns an extension that registers one tool per name, each
// answering text (and describing itself with it, so a new text shows as a
// changed tool: diffs compare definitions, not function bodies), plus
// extra source lines inside the factory.
func ext(text string, tools []string, extra ...string) string {
	var b strings.Builder
	b.WriteString("export default function (pi) {\n")
	for _, name := range tools {
		fmt.Fprintf(&b, "  pi.tools.add((d) => d.set(%q, { description: %q, parameters: { type: \"object\" },\n", name, name+" "+text)
		fmt.Fprintf(&b, "    execute: async () => ({ content: [{ type: \"text\", text: %q }] }) }));\n", text)
	}
	for _, l := range extra {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}
