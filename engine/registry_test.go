package engine_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// goPlugin builds a manifest entry for a Go-native plugin.
func goPlugin(id string, f func(g *engine.Generation) error) engine.PluginSpec {
	return engine.PluginSpec{ID: id, Source: "go:" + id, Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error { return f(g) })}
}

type dataDraft = *engine.Draft[map[string]any]

func setRes(reg *engine.Registry[dataDraft, engine.State[map[string]any]], g *engine.Generation, id string, v map[string]any) func() {
	remove, err := reg.Add(g, func(_ context.Context, d dataDraft) error { d.Set(id, v); return nil })
	if err != nil {
		panic(err)
	}
	return remove
}

func newHost(t *testing.T, opts engine.Options) *engine.Host {
	t.Helper()
	h := engine.New(opts)
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	return h
}

func bootOK(t *testing.T, h *engine.Host, specs ...engine.PluginSpec) {
	t.Helper()
	for _, r := range h.Boot(context.Background(), specs) {
		if !r.OK {
			t.Fatalf("plugin %s failed: %v", r.Plugin, r.Err)
		}
	}
}

func TestOrderIsManifestThenRegistration(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	res := h.Resources()
	// b registers first in time (loads are concurrent, so force it with a
	// contribution order inside one plugin) but a is first in the manifest.
	bootOK(t, h,
		goPlugin("a", func(g *engine.Generation) error {
			setRes(res, g, "a1", nil)
			setRes(res, g, "a2", nil)
			return nil
		}),
		goPlugin("b", func(g *engine.Generation) error {
			setRes(res, g, "b1", nil)
			return nil
		}),
	)
	if got := res.Current().IDs(); !slices.Equal(got, []string{"a1", "a2", "b1"}) {
		t.Fatalf("ids = %v", got)
	}
	// Later plugin setting the same id wins (replacing keeps position).
	h.Add(context.Background(), goPlugin("c", func(g *engine.Generation) error {
		setRes(res, g, "a1", map[string]any{"by": "c"})
		return nil
	}))
	e, _ := res.Current().Get("a1")
	if e.Owner != "c" || e.Value["by"] != "c" {
		t.Fatalf("a1 = %+v", e)
	}
	if got := res.Current().IDs(); !slices.Equal(got, []string{"a1", "a2", "b1"}) {
		t.Fatalf("ids after override = %v", got)
	}
}

func TestBootIsBatched(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var commits atomic.Int32
	h.Resources().OnCommit(func(engine.RebuiltInfo) { commits.Add(1) })
	var specs []engine.PluginSpec
	for i := range 8 {
		specs = append(specs, goPlugin(fmt.Sprintf("p%d", i), func(g *engine.Generation) error {
			for j := range 3 {
				setRes(h.Resources(), g, fmt.Sprintf("r%d-%d", i, j), nil)
			}
			return nil
		}))
	}
	bootOK(t, h, specs...)
	if n := commits.Load(); n != 1 {
		t.Fatalf("resources rebuilt %d times during boot, want 1", n)
	}
	if n := h.Resources().Current().Len(); n != 24 {
		t.Fatalf("len = %d", n)
	}
}

// waitFor polls cond until it is true or the deadline passes (behaviour,
// not timing: the deadline is generous).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestAddAndRemoveOutsideBootRebuild(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var gen *engine.Generation
	bootOK(t, h, goPlugin("a", func(g *engine.Generation) error { gen = g; return nil }))
	remove := setRes(h.Resources(), gen, "late", nil)
	waitFor(t, "late added", func() bool { return h.Resources().Current().Len() == 1 })
	remove()
	waitFor(t, "late removed", func() bool { return h.Resources().Current().Len() == 0 })
}

func TestRebuildSnapshotsListAndIsCoalesced(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	reg := h.Resources()
	var gen, other *engine.Generation
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	var replays atomic.Int32
	blocking := atomic.Bool{}
	bootOK(t, h, goPlugin("a", func(g *engine.Generation) error {
		gen = g
		_, err := reg.Add(g, func(_ context.Context, d dataDraft) error {
			replays.Add(1)
			if blocking.Load() {
				entered <- struct{}{}
				<-release
			}
			d.Set("x", nil)
			return nil
		})
		return err
	}), goPlugin("b", func(g *engine.Generation) error { other = g; return nil }))
	_ = gen
	blocking.Store(true)
	first := make(chan engine.Rebuilt[engine.State[map[string]any]])
	go func() { r, _ := reg.Rebuild(context.Background()); first <- r }()
	<-entered
	blocking.Store(false)
	// Added while the replay runs: not part of the running replay's snapshot.
	remove, err := reg.Add(other, func(_ context.Context, d dataDraft) error { d.Set("y", nil); return nil })
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	var wg sync.WaitGroup
	results := make([]engine.Rebuilt[engine.State[map[string]any]], 5)
	for i := range 5 {
		wg.Add(1)
		go func() { defer wg.Done(); results[i], _ = reg.Rebuild(context.Background()) }()
	}
	time.Sleep(20 * time.Millisecond) // let the callers queue up behind the running replay
	close(release)
	r1 := <-first
	wg.Wait()
	if r1.State.Len() != 1 {
		t.Fatalf("first replay saw %v, want only x (snapshot)", r1.State.IDs())
	}
	for _, r := range results {
		if r.State.Len() != 2 {
			t.Fatalf("coalesced replay state %v", r.State.IDs())
		}
	}
	// 1 boot + 1 blocked + at most 2 more (the auto-rebuild of Add and the
	// coalesced callers share replays).
	if n := replays.Load(); n > 4 {
		t.Fatalf("%d replays, want coalescing (<=4)", n)
	}
}

func TestReentrantRebuildRejected(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	reg := h.Resources()
	var inner error
	bootOK(t, h, goPlugin("a", func(g *engine.Generation) error {
		_, err := reg.Add(g, func(ctx context.Context, d dataDraft) error {
			_, inner = reg.Rebuild(ctx)
			d.Set("ok", nil)
			return nil
		})
		return err
	}))
	if !errors.Is(inner, engine.ErrReentrantRebuild) {
		t.Fatalf("inner rebuild err = %v", inner)
	}
	if !reg.Current().Has("ok") {
		t.Fatal("contribution should still apply")
	}
}

func TestFailingContributionsSkippedAndRecorded(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{Budgets: engine.Budgets{Contribution: 50 * time.Millisecond}})
	reg := h.Resources()
	bootOK(t, h,
		goPlugin("good1", func(g *engine.Generation) error { setRes(reg, g, "g1", nil); return nil }),
		goPlugin("thrower", func(g *engine.Generation) error {
			_, err := reg.Add(g, func(_ context.Context, d dataDraft) error {
				d.Set("partial", nil) // rolled back
				return errors.New("boom")
			})
			return err
		}),
		goPlugin("async", func(g *engine.Generation) error {
			_, err := reg.Add(g, func(_ context.Context, d dataDraft) error { return engine.ErrAsyncContribution })
			return err
		}),
		goPlugin("slow", func(g *engine.Generation) error {
			_, err := reg.Add(g, func(ctx context.Context, d dataDraft) error { <-ctx.Done(); return nil })
			return err
		}),
		goPlugin("panics", func(g *engine.Generation) error {
			_, err := reg.Add(g, func(_ context.Context, d dataDraft) error { panic("oops") })
			return err
		}),
		goPlugin("good2", func(g *engine.Generation) error { setRes(reg, g, "g2", nil); return nil }),
	)
	if got := reg.Current().IDs(); !slices.Equal(got, []string{"g1", "g2"}) {
		t.Fatalf("ids = %v", got)
	}
	probs := reg.Problems()
	want := map[string]string{"thrower": "boom", "async": "Promise", "slow": "budget", "panics": "panic"}
	for owner, frag := range want {
		found := false
		for _, p := range probs {
			if p.Plugin == owner && strings.Contains(p.Text, frag) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem for %s mentioning %q in %v", owner, frag, probs)
		}
	}
}

func TestUpdateAndWrapGetFreshClones(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	reg := h.Resources()
	shared := map[string]any{"n": float64(0), "tags": []any{}}
	bootOK(t, h,
		goPlugin("base", func(g *engine.Generation) error { setRes(reg, g, "x", shared); return nil }),
		goPlugin("upd", func(g *engine.Generation) error {
			_, err := reg.Add(g, func(_ context.Context, d dataDraft) error {
				d.Update("x", func(v map[string]any) map[string]any {
					v["n"] = v["n"].(float64) + 1
					v["tags"] = append(v["tags"].([]any), "upd")
					return v
				})
				d.Update("missing", func(v map[string]any) map[string]any { return v })
				return nil
			})
			return err
		}),
	)
	for range 3 {
		if _, err := reg.Rebuild(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	e, _ := reg.Current().Get("x")
	if e.Value["n"] != float64(1) || len(e.Value["tags"].([]any)) != 1 {
		t.Fatalf("update accumulated across replays: %v", e.Value)
	}
	if shared["n"] != float64(0) {
		t.Fatalf("shared value mutated: %v", shared)
	}
	warned := false
	for _, p := range reg.Problems() {
		if p.Plugin == "upd" && strings.Contains(p.Text, `missing id "missing"`) && p.Severity == engine.SeverityWarning {
			warned = true
		}
	}
	if !warned {
		t.Fatalf("no warning for update of missing id: %v", reg.Problems())
	}
}

func echoTool(text string) engine.Tool {
	return engine.Tool{Description: "echo", Parameters: map[string]any{"type": "object"},
		Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
			return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: text}}}, nil
		}}
}

type toolDraft = *engine.Draft[engine.Tool]

func wrapper(tag string) func(g *engine.Generation) error {
	return func(g *engine.Generation) error {
		_, err := g.Host().Tools().Add(g, func(_ context.Context, d toolDraft) error {
			d.Wrap("t", func(inner engine.Tool) engine.Tool {
				next := inner.Execute
				inner.Execute = func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					r, err := next(ctx, c)
					r.Content[0].Text = tag + "(" + r.Content[0].Text + ")"
					return r, err
				}
				return inner
			})
			return nil
		})
		return err
	}
}

func TestWrapsComposeInManifestOrderAndRemoveCleanly(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	bootOK(t, h,
		goPlugin("core", func(g *engine.Generation) error {
			_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error { d.Set("t", echoTool("x")); return nil })
			return err
		}),
		goPlugin("metrics", wrapper("m")),
		goPlugin("permission", wrapper("p")),
	)
	run := func() string {
		r, err := h.RunTool(context.Background(), "t", engine.ToolCall{ID: "1", Params: map[string]any{}})
		if err != nil {
			t.Fatal(err)
		}
		return r.Text()
	}
	for range 2 { // rebuilding again must not stack wrappers
		if got := run(); got != "p(m(x))" {
			t.Fatalf("got %q", got)
		}
		_, _ = h.Tools().Rebuild(context.Background())
	}
	rep := h.Report()
	var stacks []string
	for _, r := range rep.Registries {
		if r.Name == "tools" {
			stacks = r.WrapStacks
		}
	}
	if !slices.Equal(stacks, []string{"t: core -> metrics -> permission"}) {
		t.Fatalf("wrap stacks = %v", stacks)
	}
	if err := h.Unload(context.Background(), "metrics"); err != nil {
		t.Fatal(err)
	}
	if got := run(); got != "p(x)" {
		t.Fatalf("after removing the middle wrapper got %q, want p(x)", got)
	}
}

func TestDiffListsAddedRemovedChanged(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	reg := h.Resources()
	version := "1"
	var gen *engine.Generation
	bootOK(t, h, goPlugin("a", func(g *engine.Generation) error {
		gen = g
		_, err := reg.Add(g, func(_ context.Context, d dataDraft) error {
			d.Set("keep", nil)
			d.Set("change", map[string]any{"v": version})
			if version == "1" {
				d.Set("old", nil)
			} else {
				d.Set("new", nil)
			}
			return nil
		})
		return err
	}))
	_ = gen
	version = "2"
	r, err := reg.Rebuild(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Diff{Added: []string{"new"}, Removed: []string{"old"}, Changed: []string{"change"}}
	if fmt.Sprint(r.Diff) != fmt.Sprint(want) {
		t.Fatalf("diff = %+v", r.Diff)
	}
}

func TestDuplicateSetWithinReplayWarns(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	bootOK(t, h, goPlugin("a", func(g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			d.Set("t", echoTool("first"))
			d.Set("t", echoTool("second"))
			return nil
		})
		return err
	}))
	r, err := h.RunTool(context.Background(), "t", engine.ToolCall{Params: map[string]any{}})
	if err != nil || r.Text() != "second" {
		t.Fatalf("got %q %v, want last set to win", r.Text(), err)
	}
	found := false
	for _, p := range h.Tools().Problems() {
		if strings.Contains(p.Text, "set twice") {
			found = true
		}
	}
	if !found {
		t.Fatal("duplicate set not noted in diagnostics")
	}
}

// SettleRegistries returns once a rebuild that a registration outside
// boot scheduled has committed (clients answer a command after it, as pi
// does once the command's registrations are in place).
func TestSettleRegistriesWaitsForScheduledRebuild(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	res := h.Resources()
	var gen *engine.Generation
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error { gen = g; return nil }))
	release := make(chan struct{})
	if _, err := res.Add(gen, func(_ context.Context, d dataDraft) error {
		<-release
		d.Set("late", nil)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	settled := make(chan bool)
	go func() {
		h.SettleRegistries(context.Background())
		_, ok := res.Current().Get("late")
		settled <- ok
	}()
	time.Sleep(50 * time.Millisecond) // a SettleRegistries that did not wait has returned by now
	close(release)
	if ok := <-settled; !ok {
		t.Fatal("SettleRegistries returned before the scheduled rebuild committed the registration")
	}
}
