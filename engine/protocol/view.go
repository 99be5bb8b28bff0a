package protocol

import (
	"strings"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Record types of view sync and UI calls.
const (
	TypeViewSnapshot = "view_snapshot"
	TypeViewState    = "view_state"
	TypeViewClosed   = "view_closed"
	TypeViewMessage  = "view_message"
	TypeUICall       = "ui_call"
	TypeResponse     = "response"
)

// ViewRecord is a view sync message as the record a client receives:
// engine's "snapshot" becomes "view_snapshot"; addressing ("to") stays
// on the host.
func ViewRecord(msg engine.SyncMessage) jsjson.Object {
	typ := msg.Type
	if !strings.HasPrefix(typ, "view_") {
		typ = "view_" + typ
	}
	r := jsjson.Object{{Key: "type", Value: typ}}
	if msg.Type == "snapshot" {
		views := make([]any, len(msg.Views))
		for i, v := range msg.Views {
			views[i] = jsjson.Object{{Key: "viewId", Value: v.ViewID}, {Key: "component", Value: v.Component}, {Key: "state", Value: v.State}}
		}
		return append(r, jsjson.Member{Key: "views", Value: views})
	}
	r = append(r, jsjson.Member{Key: "viewId", Value: msg.ViewID})
	if msg.Component != "" {
		r = append(r, jsjson.Member{Key: "component", Value: msg.Component})
	}
	if msg.Type == TypeViewState {
		r = append(r, jsjson.Member{Key: "state", Value: msg.State})
	}
	if msg.Result != nil {
		r = append(r, jsjson.Member{Key: "result", Value: msg.Result})
	}
	if msg.Reason != "" {
		r = append(r, jsjson.Member{Key: "reason", Value: msg.Reason})
	}
	return r
}

// ParseView reads a view record (view_snapshot, view_state, view_closed)
// back into the engine's sync message; ok is false for other records.
func ParseView(rec map[string]any) (msg engine.SyncMessage, ok bool) {
	str := func(k string) string { s, _ := rec[k].(string); return s }
	switch str("type") {
	case TypeViewSnapshot:
		msg.Type = "snapshot"
		views, _ := rec["views"].([]any)
		for _, v := range views {
			m, _ := v.(map[string]any)
			id, _ := m["viewId"].(string)
			comp, _ := m["component"].(string)
			msg.Views = append(msg.Views, engine.ViewSnapshot{ViewID: id, Component: comp, State: m["state"]})
		}
		return msg, true
	case TypeViewState, TypeViewClosed:
		msg.Type = str("type")
		msg.ViewID, msg.Component, msg.State = str("viewId"), str("component"), rec["state"]
		msg.Result, msg.Reason = rec["result"], str("reason")
		return msg, true
	}
	return msg, false
}

// ViewMessage is the record a client sends to deliver msg to a view.
func ViewMessage(viewID string, msg any) jsjson.Object {
	return jsjson.Object{{Key: "type", Value: TypeViewMessage}, {Key: "viewId", Value: viewID}, {Key: "message", Value: msg}}
}

// UICallRecord is a fire-and-forget extension UI call as a record.
func UICallRecord(c piapi.UICall) jsjson.Object {
	return jsjson.Object{{Key: "type", Value: TypeUICall}, {Key: "plugin", Value: c.Plugin}, {Key: "op", Value: c.Op},
		{Key: "key", Value: c.Key}, {Key: "sub", Value: c.Sub}, {Key: "value", Value: c.Value}}
}

// ParseUICall reads a ui_call record; ok is false for other records.
func ParseUICall(rec map[string]any) (c piapi.UICall, ok bool) {
	if rec["type"] != TypeUICall {
		return c, false
	}
	str := func(k string) string { s, _ := rec[k].(string); return s }
	return piapi.UICall{Plugin: str("plugin"), Op: str("op"), Key: str("key"), Sub: str("sub"), Value: rec["value"]}, true
}
