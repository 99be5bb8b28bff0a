package engine_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

func TestReloadRollbackKeepsOldGeneration(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	fail := atomic.Bool{}
	var aborted atomic.Int32
	spec := goPlugin("p", func(g *engine.Generation) error {
		if fail.Load() {
			return errors.New("broken save")
		}
		_ = g.Effect(func(ctx context.Context) error { <-ctx.Done(); aborted.Add(1); return nil })
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error { d.Set("t", echoTool("gen")); return nil })
		return err
	})
	bootOK(t, h, spec)
	fail.Store(true)
	res := h.Reload(context.Background(), "p", nil)
	if res.OK || res.Err == nil || !strings.Contains(res.Err.Error(), "broken save") {
		t.Fatalf("reload should fail: %+v", res)
	}
	if g := h.Generation("p"); g == nil || g.Number() != 1 || !g.Live() {
		t.Fatalf("old generation should stay live: %v", g)
	}
	if aborted.Load() != 0 {
		t.Fatal("a failed reload must not touch the old generation's effects")
	}
	if _, err := h.RunTool(context.Background(), "t", engine.ToolCall{Params: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	fail.Store(false)
	res = h.Reload(context.Background(), "p", nil)
	if !res.OK || res.Generation != 3 {
		t.Fatalf("reload: %+v", res)
	}
	if aborted.Load() != 1 {
		t.Fatalf("old effect aborted %d times", aborted.Load())
	}
}

func TestEffectIgnoringCancelIsBounded(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{EffectGrace: 20 * time.Millisecond})
	release := make(chan struct{})
	bootOK(t, h, goPlugin("stuck", func(g *engine.Generation) error {
		return g.Effect(func(ctx context.Context) error { <-release; return nil })
	}))
	done := make(chan error)
	go func() { done <- h.Unload(context.Background(), "stuck") }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("unload waited for an effect that ignores cancellation")
	}
	close(release)
	warned := false
	for _, p := range h.Plugins() {
		for _, d := range p.Log {
			if strings.Contains(d.Text, "abandoned") {
				warned = true
			}
		}
	}
	if !warned {
		t.Fatal("abandoned effect not reported")
	}
}

func TestHooksSnapshotAndFailure(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var late *engine.Generation
	bootOK(t, h,
		goPlugin("a", func(g *engine.Generation) error {
			late = g
			return g.Hook("transform", func(ctx context.Context, p any) (any, error) {
				// Registering during an invocation does not change it.
				_ = late.Hook("transform", func(ctx context.Context, p any) (any, error) { return p.(string) + "+late", nil }, "")
				return p.(string) + "+a", nil
			}, "")
		}),
		goPlugin("b", func(g *engine.Generation) error {
			if err := g.Hook("transform", func(ctx context.Context, p any) (any, error) { return nil, errors.New("b broke") }, ""); err != nil {
				return err
			}
			return g.Hook("transform", func(ctx context.Context, p any) (any, error) { return p.(string) + "+b", nil }, "")
		}),
	)
	out := h.RunHook(context.Background(), "transform", "x")
	if out.Value != "x+a+b" || len(out.Errors) != 1 || out.Errors[0].Plugin != "b" {
		t.Fatalf("first run: %+v", out)
	}
	out = h.RunHook(context.Background(), "transform", "x")
	if !strings.HasPrefix(out.Value.(string), "x+a+late") {
		t.Fatalf("second run should include the late handler: %v", out.Value)
	}
}

// TestRunHookStepsFoldsEveryHandler: step runs after each handler, a
// failed one too (with its error and no reply), and what it returns is
// the next handler's payload.
func TestRunHookStepsFoldsEveryHandler(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	bootOK(t, h,
		goPlugin("a", func(g *engine.Generation) error {
			return g.Hook("steps", func(ctx context.Context, p any) (any, error) { return p.(string) + "+a", nil }, "")
		}),
		goPlugin("b", func(g *engine.Generation) error {
			return g.Hook("steps", func(ctx context.Context, p any) (any, error) { return nil, errors.New("b broke") }, "")
		}),
		goPlugin("c", func(g *engine.Generation) error {
			return g.Hook("steps", func(ctx context.Context, p any) (any, error) { return nil, nil }, "")
		}),
	)
	var got []string
	h.RunHookSteps(context.Background(), "steps", "x", func(plugin string, reply engine.HookReply, err error) any {
		got = append(got, fmt.Sprintf("%s:%v:%v:%v", plugin, reply.Event, reply.Result, err))
		return fmt.Sprintf("%s>%s", plugin, reply.Result)
	})
	want := "a:x:x+a:<nil> b:<nil>:<nil>:b broke c:b>%!s(<nil>):<nil>:<nil>"
	if strings.Join(got, " ") != want {
		t.Fatalf("steps\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	var failed bool
	for _, p := range h.Plugins() {
		for _, d := range p.Log {
			failed = failed || (p.ID == "b" && d.Where == "hook steps")
		}
	}
	if !failed {
		t.Fatal("b's failure was not recorded")
	}
}

func TestEventsArePassive(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var seen []string
	bootOK(t, h,
		goPlugin("a", func(g *engine.Generation) error {
			return g.On("turn_end", func(ctx context.Context, p any) error {
				p.(map[string]any)["mutated"] = true
				return errors.New("listener broke")
			})
		}),
		goPlugin("b", func(g *engine.Generation) error {
			return g.On("turn_end", func(ctx context.Context, p any) error {
				if _, ok := p.(map[string]any)["mutated"]; ok {
					seen = append(seen, "saw mutation")
				}
				seen = append(seen, "b")
				return nil
			})
		}),
	)
	errs := h.Emit(context.Background(), "turn_end", map[string]any{"turn": 1.0})
	if len(errs) != 1 || errs[0].Plugin != "a" || strings.Join(seen, ",") != "b" {
		t.Fatalf("errs %v seen %v", errs, seen)
	}
}

func TestViewsLateJoinDurableAndDetach(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var durable, plain *engine.View
	spec := goPlugin("v", func(g *engine.Generation) error {
		var err error
		if durable, err = g.OpenView("board", map[string]any{"n": 1.0}, engine.ViewOptions{Durable: true}); err != nil {
			return err
		}
		plain, err = g.OpenView("ask", "q?", engine.ViewOptions{To: []string{"c1"}})
		return err
	})
	bootOK(t, h, spec)
	c1 := engine.NewLocalClient(h.Views(), "c1", 8)
	c2 := engine.NewLocalClient(h.Views(), "c2", 8)
	for _, c := range []*engine.LocalClient{c1, c2} {
		if err := h.Views().Attach(c); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(c1.Messages()[0].Views); n != 2 {
		t.Fatalf("c1 snapshot has %d views", n)
	}
	if n := len(c2.Messages()[0].Views); n != 1 {
		t.Fatalf("c2 should only see the view addressed to all, got %d", n)
	}
	got := make(chan any, 1)
	plain.On(func(msg any, from string) { got <- msg })
	if err := c1.SendUp(plain.ID(), map[string]any{"answer": "yes"}); err != nil {
		t.Fatal(err)
	}
	if m := <-got; m.(map[string]any)["answer"] != "yes" {
		t.Fatalf("got %v", m)
	}
	if err := c2.SendUp(plain.ID(), "x"); err == nil {
		t.Fatal("a client the view is not addressed to must not send to it")
	}
	h.Views().Detach("c1")
	select {
	case <-plain.Done():
		if _, reason := plain.Result(); reason != "no_clients" {
			t.Fatalf("reason %q", reason)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("non-durable view addressed to a gone client should close")
	}
	// Reload: the durable view stays open and is re-adopted by id.
	oldID := durable.ID()
	if res := h.Reload(context.Background(), "v", nil); !res.OK {
		t.Fatal(res.Err)
	}
	if durable.ID() != oldID {
		t.Fatalf("durable view id changed: %s -> %s", oldID, durable.ID())
	}
	select {
	case <-durable.Done():
		t.Fatal("durable view closed on reload")
	default:
	}
	if n := len(h.Views().Open()); n != 2 {
		t.Fatalf("open views after reload: %d", n)
	}
}

func TestReloadAllEmitsPiReloadEvents(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var mu sync.Mutex
	var seen []string
	spec := func(id string) engine.PluginSpec {
		return goPlugin(id, func(g *engine.Generation) error {
			for _, ev := range []string{"session_start", "session_shutdown"} {
				_ = g.On(ev, func(ctx context.Context, p any) error {
					mu.Lock()
					defer mu.Unlock()
					seen = append(seen, fmt.Sprintf("%s#%d:%s:%s", id, g.Number(), ev, p.(map[string]any)["reason"]))
					return nil
				})
			}
			return nil
		})
	}
	bootOK(t, h, spec("a"), spec("b"))
	for _, r := range h.ReloadAll(context.Background()) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	want := "a#1:session_shutdown:reload a#2:session_start:reload b#1:session_shutdown:reload b#2:session_start:reload"
	if got := strings.Join(seen, " "); got != want {
		t.Fatalf("got %s", got)
	}
}

// TestBootHoldingKeepsPosition: a held plugin does not load until LoadHeld,
// and then runs in its manifest position, ahead of the plugins after it.
func TestBootHoldingKeepsPosition(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	tag := func(id string) engine.PluginSpec {
		return goPlugin(id, func(g *engine.Generation) error {
			return g.Hook("transform", func(ctx context.Context, p any) (any, error) { return p.(string) + "+" + id, nil }, "")
		})
	}
	res := h.BootHolding(context.Background(), []engine.PluginSpec{tag("project"), tag("user")},
		func(s engine.PluginSpec) bool { return s.ID == "project" })
	if len(res) != 1 || res[0].Plugin != "user" || !res[0].OK {
		t.Fatalf("boot results: %+v", res)
	}
	if out := h.RunHook(context.Background(), "transform", "x"); out.Value != "x+user" {
		t.Fatalf("before LoadHeld: %v", out.Value)
	}
	if st := h.Plugins()[0]; st.ID != "project" || st.Status != engine.StatusHeld {
		t.Fatalf("held plugin status: %+v", st)
	}
	h.ReloadAll(context.Background()) // reloads what is loaded, nothing held
	if out := h.RunHook(context.Background(), "transform", "x"); out.Value != "x+user" {
		t.Fatalf("after ReloadAll: %v", out.Value)
	}
	res = h.LoadHeld(context.Background())
	if len(res) != 1 || res[0].Plugin != "project" || !res[0].OK {
		t.Fatalf("LoadHeld results: %+v", res)
	}
	if out := h.RunHook(context.Background(), "transform", "x"); out.Value != "x+project+user" {
		t.Fatalf("after LoadHeld: %v", out.Value)
	}
	if res := h.LoadHeld(context.Background()); len(res) != 0 {
		t.Fatalf("second LoadHeld loaded %+v", res)
	}
}

// TestReorderMovesAPluginEarlier: a plugin added after the others and
// moved before them by Reorder comes first in events, in registries (one
// rebuild) and in Plugins; the unnamed ones keep their order after it.
func TestReorderMovesAPluginEarlier(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var mu sync.Mutex
	var heard []string
	plugin := func(id string) engine.PluginSpec {
		return goPlugin(id, func(g *engine.Generation) error {
			if err := g.On("ping", func(context.Context, any) error { mu.Lock(); heard = append(heard, id); mu.Unlock(); return nil }); err != nil {
				return err
			}
			_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error { d.Set("tool-"+id, echoTool(id)); return nil })
			return err
		})
	}
	bootOK(t, h, plugin("a"), plugin("b"))
	bootOK(t, h, plugin("late"))
	h.Reorder(context.Background(), []string{"a", "late"})
	h.Emit(context.Background(), "ping", nil)
	mu.Lock()
	got := strings.Join(heard, " ")
	mu.Unlock()
	if got != "a late b" {
		t.Errorf("events reach %s, want a late b", got)
	}
	if ids := strings.Join(h.Tools().Current().IDs(), " "); ids != "tool-a tool-late tool-b" {
		t.Errorf("tools %s", ids)
	}
	var order []string
	for _, p := range h.Plugins() {
		order = append(order, fmt.Sprintf("%s@%d", p.ID, p.Position))
	}
	if s := strings.Join(order, " "); s != "a@0 late@1 b@2" {
		t.Errorf("plugins %s", s)
	}
}
