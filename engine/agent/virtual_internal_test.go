package agent

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// Router state follows the session tree (pi's getVirtualModelState): each
// branch sees the latest state stored on it for that virtual model, a
// fork or tree navigation included, and compaction entries do not hide it.
func TestBranchRouterStateFollowsTree(t *testing.T) {
	tree := session.New("s", "/w")
	state := func(id string, n float64) session.Entry {
		return session.Entry{"type": "custom", "customType": VirtualStateEntry,
			"data": map[string]any{"provider": "router", "modelId": id, "state": map[string]any{"n": n}}}
	}
	user := session.Entry{"type": "message", "message": map[string]any{"role": "user", "content": "x", "timestamp": 1.0}}
	if _, ok := branchRouterState(tree, "router", "auto"); ok {
		t.Fatal("state on an empty tree")
	}
	tree.Append(user)
	fork := tree.Append(state("auto", 1))["id"].(string)
	tree.Append(state("other", 9))
	tree.Append(state("auto", 2))
	tree.Append(session.Entry{"type": "compaction", "summary": "s", "firstKeptEntryId": fork, "tokensBefore": 1.0})
	n := func() any {
		s, ok := branchRouterState(tree, "router", "auto")
		if !ok {
			return nil
		}
		m, _ := jsjson.AsMap(s)
		return m["n"]
	}
	if got := n(); got != 2.0 {
		t.Fatalf("state after compaction %v, want 2", got)
	}
	if err := tree.SetLeaf(fork); err != nil {
		t.Fatal(err)
	}
	if got := n(); got != 1.0 {
		t.Errorf("state on the earlier branch %v, want 1", got)
	}
	forked, err := tree.Fork(fork, session.PositionAt)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := branchRouterState(forked, "router", "auto"); !ok || jsjson.Plain(s).(map[string]any)["n"] != 1.0 {
		t.Errorf("forked session's state %v %v, want n 1", s, ok)
	}
}

// Under a virtual selection the limits are those of the physical model
// that produced the latest response (pi 1.6's _limitsModel and
// _modelForMessage); before one, the virtual model's own.
func TestVirtualSelectionLimits(t *testing.T) {
	physical := Message{"provider": "mock", "id": "mock-1", "api": "openai-completions", "contextWindow": 1000.0}
	a := New(Options{Model: Message{"provider": "router", "id": "auto", "api": "pi-virtual", "contextWindow": 50.0}})
	a.SetHooks(Hooks{FindModel: func(p, id string) (Message, bool) {
		return physical, p == "mock" && id == "mock-1"
	}})
	if w := a.contextWindow(); w != 50 {
		t.Errorf("window before a response %d, want the virtual model's 50", w)
	}
	if r := a.RoutedModel(); r != nil {
		t.Errorf("routed before a response: %+v", r)
	}
	reply := Message{"role": "assistant", "provider": "mock", "model": "mock-1", "thinkingLevel": "medium", "stopReason": "stop"}
	failed := Message{"role": "assistant", "provider": "router", "model": "auto", "api": "pi-virtual", "stopReason": "error"}
	a.SetMessages([]Message{{"role": "user"}, reply, {"role": "user"}, failed})
	if w := a.contextWindow(); w != 1000 {
		t.Errorf("window after a response %d, want mock-1's 1000", w)
	}
	if m := a.messageModel(reply); m["id"] != "mock-1" {
		t.Errorf("model of a routed reply %v", m)
	}
	if m := a.messageModel(failed); m != nil {
		t.Errorf("model of a failed routing %v, want none", m)
	}
	// pi 1.6's routedModel skips the failed reply for the one that answered.
	if r := a.RoutedModel(); r == nil || r.Model["id"] != "mock-1" || r.Thinking != "medium" {
		t.Errorf("routed %+v, want mock-1 at medium", r)
	}
	// A reply naming no known physical model routes nowhere.
	a.SetMessages([]Message{{"role": "user"}, {"role": "assistant", "provider": "gone", "model": "x", "stopReason": "stop"}})
	if r := a.RoutedModel(); r != nil {
		t.Errorf("routed to an unknown model: %+v", r)
	}
	// Only a virtual selection is routed, even when the latest reply came from elsewhere.
	a.SetMessages([]Message{{"role": "user"}, reply})
	a.SetModelValue(physical)
	if r := a.RoutedModel(); r != nil {
		t.Errorf("routed under a physical selection: %+v", r)
	}
}
