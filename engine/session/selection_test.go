package session

import (
	"reflect"
	"testing"
)

func TestBranchSelection(t *testing.T) {
	change := func(p, m string) Entry { return Entry{"type": "model_change", "provider": p, "modelId": m} }
	reply := func(api, p, m string) Entry {
		return Entry{"type": "message", "message": map[string]any{"role": "assistant", "api": api, "provider": p, "model": m}}
	}
	user := Entry{"type": "message", "message": map[string]any{"role": "user"}}
	registered := func(p, id string) bool { return p == "router" && id == "auto" }
	none := func(string, string) bool { return false }
	for _, c := range []struct {
		name    string
		branch  []Entry
		virtual func(string, string) bool
		want    *ModelRef
	}{
		{"empty", nil, registered, nil},
		{"latest change", []Entry{reply("x", "mock", "a"), change("mock", "b")}, registered, &ModelRef{"mock", "b"}},
		{"physical reply wins", []Entry{change("mock", "a"), user, reply("x", "mock", "b")}, registered, &ModelRef{"mock", "b"}},
		{"virtual selection holds", []Entry{change("router", "auto"), user, reply("x", "mock", "b")}, registered, &ModelRef{"router", "auto"}},
		{"gone virtual model: last physical reply", []Entry{change("router", "auto"), user, reply("x", "mock", "b")}, none, &ModelRef{"mock", "b"}},
		{"failed routing is no reply", []Entry{reply("x", "mock", "a"), change("router", "auto"), user, reply("pi-virtual", "router", "auto")}, none, &ModelRef{"router", "auto"}},
		{"failed routing skipped to a physical reply", []Entry{change("router", "auto"), reply("x", "mock", "a"), user, reply("pi-virtual", "router", "auto")}, none, &ModelRef{"mock", "a"}},
	} {
		if got := BranchSelection(c.branch, c.virtual); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}
