package protocol

import (
	"reflect"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

func TestViewRecordsRoundTrip(t *testing.T) {
	enc := NewEncoder(nil)
	for _, msg := range []engine.SyncMessage{
		{Type: "snapshot", Views: []engine.ViewSnapshot{{ViewID: "v1", Component: "pi.dialog", State: map[string]any{"method": "select"}}}},
		{Type: "view_state", ViewID: "v2", Component: "pi.component", State: map[string]any{"lines": []any{"a"}}},
		{Type: "view_closed", ViewID: "v2", Result: map[string]any{"value": "x"}, Reason: "closed"},
	} {
		m, err := enc.Encode(ViewRecord(msg))
		if err != nil {
			t.Fatal(err)
		}
		o, err := m.Object()
		if err != nil {
			t.Fatal(err)
		}
		back, ok := ParseView(o)
		if !ok || !reflect.DeepEqual(back, msg) {
			t.Errorf("%s round trip:\n got %#v\nwant %#v", m, back, msg)
		}
	}
	if _, ok := ParseView(map[string]any{"type": "agent_start"}); ok {
		t.Error("agent_start parsed as a view record")
	}
}

func TestUICallRoundTrip(t *testing.T) {
	c := piapi.UICall{Plugin: "p", Op: "setStatus", Key: "status", Sub: "k", Value: "text"}
	m, _ := NewEncoder(nil).Encode(UICallRecord(c))
	o, _ := m.Object()
	if back, ok := ParseUICall(o); !ok || back != c {
		t.Fatalf("got %#v", back)
	}
}
