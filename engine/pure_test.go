package engine_test

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// loopPlugin is a Go plugin with what jsapi gives a JS plugin: a batcher
// (here running the job on the caller) and an activity counter the test
// bumps in place of plugin code running.
func loopPlugin(id string, activity *atomic.Uint64, f func(g *engine.Generation) error) engine.PluginSpec {
	return goPlugin(id, func(g *engine.Generation) error {
		g.SetBatcher(func(ctx context.Context, run func(context.Context)) error { run(ctx); return nil })
		g.SetActivity(activity.Load)
		return f(g)
	})
}

// A pure contribution is not called again while its plugin ran nothing and
// the draft answers its reads as before; its recorded effect is applied
// instead, in its place among the others. Plugin activity, or a read that
// now answers otherwise, makes it run again.
func TestPureContributionReplaysItsRecordWhileIdle(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	res := h.Resources()
	var activity atomic.Uint64
	var calls atomic.Int32
	var removeShared func()
	bootOK(t, h,
		goPlugin("first", func(g *engine.Generation) error {
			removeShared = setRes(res, g, "shared", map[string]any{"by": "first"})
			return nil
		}),
		loopPlugin("pure", &activity, func(g *engine.Generation) error {
			_, err := res.AddPure(g, func(_ context.Context, d dataDraft) error {
				n := calls.Add(1)
				if !d.Has("shared") {
					d.Set("shared", map[string]any{"by": "pure"})
				}
				d.Set("p1", map[string]any{"n": float64(n)})
				d.Delete("gone")
				return nil
			})
			return err
		}),
		goPlugin("last", func(g *engine.Generation) error {
			setRes(res, g, "l1", nil)
			return nil
		}),
	)
	rebuild := func() engine.State[map[string]any] {
		t.Helper()
		r, err := res.Rebuild(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return r.State
	}
	check := func(wantCalls int32, wantIDs []string, wantN float64) {
		t.Helper()
		st := rebuild()
		if got := calls.Load(); got != wantCalls {
			t.Fatalf("contribution called %d times, want %d", got, wantCalls)
		}
		if got := st.IDs(); !slices.Equal(got, wantIDs) {
			t.Fatalf("ids = %v, want %v", got, wantIDs)
		}
		if e, _ := st.Get("p1"); e.Value["n"] != wantN || e.Owner != "pure" {
			t.Fatalf("p1 = %+v, want n %v owned by pure", e, wantN)
		}
	}
	check(1, []string{"shared", "p1", "l1"}, 1)
	check(1, []string{"shared", "p1", "l1"}, 1) // idle: replayed, not called
	activity.Add(1)                             // plugin code ran
	check(2, []string{"shared", "p1", "l1"}, 2)
	check(2, []string{"shared", "p1", "l1"}, 2)
	// Its read of "shared" answers otherwise now: it runs again and sets it.
	removeShared()
	check(3, []string{"shared", "p1", "l1"}, 3)
	if e, _ := res.Current().Get("shared"); e.Owner != "pure" {
		t.Fatalf("shared = %+v, want pure's", e)
	}
	check(3, []string{"shared", "p1", "l1"}, 3)
}

// A pure contribution that reads a value out of the draft, or fails, is
// not recorded: it runs on every rebuild.
func TestPureContributionUnrecordableRunsEveryTime(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	res := h.Resources()
	var activity atomic.Uint64
	var gets, fails atomic.Int32
	bootOK(t, h, loopPlugin("p", &activity, func(g *engine.Generation) error {
		if _, err := res.AddPure(g, func(_ context.Context, d dataDraft) error {
			gets.Add(1)
			d.Set("a", map[string]any{"v": 1.0})
			v, _ := d.Get("a")
			d.Set("b", v)
			return nil
		}); err != nil {
			return err
		}
		_, err := res.AddPure(g, func(_ context.Context, d dataDraft) error {
			fails.Add(1)
			d.Set("half", nil)
			return errors.New("boom")
		})
		return err
	}))
	for i := range 2 {
		r, err := res.Rebuild(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.State.IDs(); !slices.Equal(got, []string{"a", "b"}) || len(r.Errors) != 1 {
			t.Fatalf("rebuild %d: ids %v errors %v", i, got, r.Errors)
		}
		if gets.Load() != int32(i+2) || fails.Load() != int32(i+2) {
			t.Fatalf("rebuild %d: calls %d/%d, want %d each", i, gets.Load(), fails.Load(), i+2)
		}
	}
}

// Replayed records keep the registry's order across plugins: manifest
// order, then registration order, however the plugins' contributions were
// obtained (run, replayed, or some of each after one plugin reloads).
func TestPureReplayKeepsOrderAcrossPlugins(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	res := h.Resources()
	acts := make([]atomic.Uint64, 3)
	plugin := func(i int, id string) engine.PluginSpec {
		return loopPlugin(id, &acts[i], func(g *engine.Generation) error {
			for _, k := range []string{"1", "2"} {
				if _, err := res.AddPure(g, func(_ context.Context, d dataDraft) error {
					d.Set(id+k, nil)
					return nil
				}); err != nil {
					return err
				}
			}
			return nil
		})
	}
	bootOK(t, h, plugin(0, "a"), plugin(1, "b"), plugin(2, "c"))
	want := []string{"a1", "a2", "b1", "b2", "c1", "c2"}
	for i := range 6 {
		switch i {
		case 2:
			acts[1].Add(1)
		case 3:
			acts[0].Add(1)
			acts[2].Add(1)
		case 4:
			if r := h.Reload(context.Background(), "b", nil); !r.OK {
				t.Fatal(r.Err)
			}
		}
		r, err := res.Rebuild(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.State.IDs(); !slices.Equal(got, want) {
			t.Fatalf("rebuild %d: ids = %v, want %v", i, got, want)
		}
		if !r.Diff.Empty() {
			t.Fatalf("rebuild %d: diff %+v", i, r.Diff)
		}
	}
}
