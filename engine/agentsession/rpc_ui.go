package agentsession

import (
	"sort"
	"sync"

	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine"
)

// rpcUI is the RPC client's side of pi's extension UI sub-protocol
// (pi's docs/rpc-extension-ui.md). Dialogs (select, confirm, input,
// editor) reach it as "pi.dialog" views and go out as
// {"type":"extension_ui_request","id":<uuid v4>,"method",...}; the
// client's {"type":"extension_ui_response","id",...} is delivered to the
// view, which closes with it ({value}, {confirmed} or {cancelled:true});
// responses with unknown ids are ignored. A dialog that times out or is
// aborted closes on the host side and nothing is sent, as in pi.
// Fire-and-forget calls (notify, setStatus, setWidget, setTitle,
// setEditorText/pasteToEditor) go out as requests nobody answers;
// component factories and the TUI-only calls are dropped.
type rpcUI struct {
	hub *engine.ViewHub
	out *jsonlWriter

	mu     sync.Mutex
	byReq  map[string]string // request id → view id
	byView map[string]string // view id → request id
}

const rpcClientID = "rpc"

func newRPCUI(hub *engine.ViewHub, out *jsonlWriter) *rpcUI {
	return &rpcUI{hub: hub, out: out, byReq: map[string]string{}, byView: map[string]string{}}
}

// ID implements engine.Client.
func (u *rpcUI) ID() string { return rpcClientID }

// HasUI implements engine.UIClient: an RPC client answers dialogs.
func (u *rpcUI) HasUI() bool { return true }

// Send implements engine.Client: new dialogs become requests; closed ones
// are forgotten.
func (u *rpcUI) Send(msg engine.SyncMessage) error {
	switch msg.Type {
	case "view_state":
		if msg.Component == "pi.dialog" {
			u.request(msg.ViewID, msg.State)
		}
	case "snapshot":
		for _, v := range msg.Views {
			if v.Component == "pi.dialog" {
				u.request(v.ViewID, v.State)
			}
		}
	case "view_closed":
		u.mu.Lock()
		if req, ok := u.byView[msg.ViewID]; ok {
			delete(u.byView, msg.ViewID)
			delete(u.byReq, req)
		}
		u.mu.Unlock()
	}
	return nil
}

// dialogFields are the request members of a dialog method, in pi's order.
func dialogFields(method string) ([]string, bool) {
	switch method {
	case "select":
		return []string{"title", "options", "timeout"}, true
	case "confirm":
		return []string{"title", "message", "timeout"}, true
	case "input":
		return []string{"title", "placeholder", "timeout"}, true
	case "editor":
		return []string{"title", "prefill"}, true
	}
	return nil, false
}

func (u *rpcUI) request(viewID string, state any) {
	st, _ := state.(map[string]any)
	method, _ := st["method"].(string)
	u.mu.Lock()
	if _, seen := u.byView[viewID]; seen {
		u.mu.Unlock()
		return
	}
	id := uuid.NewString()
	u.byView[viewID] = id
	u.byReq[id] = viewID
	u.mu.Unlock()
	req := ordered{{"type", "extension_ui_request"}, {"id", id}, {"method", method}}
	fields, ok := dialogFields(method)
	if !ok {
		for k := range st {
			if k != "method" {
				fields = append(fields, k)
			}
		}
		sort.Strings(fields)
	}
	for _, k := range fields {
		if v, ok := st[k]; ok && v != nil {
			req = append(req, member{k, v})
		}
	}
	u.out.Write(req)
}

// respond delivers an extension_ui_response to its dialog.
func (u *rpcUI) respond(resp map[string]any) {
	id, _ := resp["id"].(string)
	u.mu.Lock()
	viewID, ok := u.byReq[id]
	if ok {
		delete(u.byReq, id)
		delete(u.byView, viewID)
	}
	u.mu.Unlock()
	if !ok {
		return
	}
	answer := map[string]any{}
	for k, v := range resp {
		if k != "type" && k != "id" {
			answer[k] = v
		}
	}
	_ = u.hub.Deliver(rpcClientID, viewID, answer)
}

// observe turns fire-and-forget UI calls into requests.
func (u *rpcUI) observe(c engine.UICall) {
	req := ordered{{"type", "extension_ui_request"}, {"id", uuid.NewString()}}
	str := func(v any) any {
		if s, ok := v.(string); ok {
			return s
		}
		return omitted
	}
	switch c.Op {
	case "notify":
		m, _ := c.Value.(map[string]any)
		req = append(req, member{"method", "notify"}, member{"message", m["message"]}, member{"notifyType", str(m["type"])})
	case "setStatus":
		req = append(req, member{"method", "setStatus"}, member{"statusKey", c.Sub}, member{"statusText", str(c.Value)})
	case "setWidget":
		m, _ := c.Value.(map[string]any)
		if _, component := m["component"]; component {
			return // component factories are not supported over RPC, as in pi
		}
		lines := any(omitted)
		if l, ok := m["lines"]; ok && l != nil {
			lines = l
		}
		req = append(req, member{"method", "setWidget"}, member{"widgetKey", c.Sub}, member{"widgetLines", lines},
			member{"widgetPlacement", str(m["placement"])})
	case "setTitle":
		req = append(req, member{"method", "setTitle"}, member{"title", c.Value})
	case "setEditorText", "pasteToEditor":
		req = append(req, member{"method", "set_editor_text"}, member{"text", c.Value})
	default:
		return
	}
	u.out.Write(req)
}

// Interface guards.
var _ engine.UIClient = (*rpcUI)(nil)
