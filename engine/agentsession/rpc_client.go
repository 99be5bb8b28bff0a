package agentsession

import (
	"context"
	"io"
	"sort"
	"sync"

	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// pi's RPC mode (modes/rpc/rpc-mode.js, pi's docs/rpc.md) is a client of
// the session host: it forwards stdin's lines to the host as they are (the
// host answers a bad line as pi does), writes what the host sends to
// stdout, and speaks pi's extension UI sub-protocol
// (docs/rpc-extension-ui.md) for the host's views and UI calls:
//   - a dialog ("pi.dialog" view: select, confirm, input, editor) goes out
//     as {"type":"extension_ui_request","id":<uuid v4>,"method",...}; the
//     client's {"type":"extension_ui_response","id",...} goes back to the
//     view, which closes with it ({value}, {confirmed} or {cancelled:true});
//     responses with unknown ids are ignored; a dialog that times out or
//     is aborted closes on the host side and nothing is sent, as in pi;
//   - fire-and-forget calls (notify, setStatus, setWidget, setTitle,
//     setEditorText/pasteToEditor) go out as requests nobody answers;
//     component views and the TUI-only calls are dropped.
//
// stdin EOF (or an interrupt) shuts down at once, as pi does, even
// mid-run: session_shutdown{reason:"quit"}, exit 0.

const rpcClientID = "rpc"

// runRPC runs the RPC mode until stdin ends, an interrupt, or an
// extension's ctx.shutdown().
func runRPC(ctx context.Context, rt *agentRuntime) ExitCode {
	hostEnd, clientEnd := protocol.Pipe()
	srv := newServer(rt, hostEnd, rpcClientID, ServeOptions{})
	c := &rpcClient{host: clientEnd, stdout: protocol.NewStream(nil, rt.io.Stdout),
		byReq: map[string]string{}, byView: map[string]string{}}
	wrote := make(chan struct{})
	go func() { defer close(wrote); c.writeOutput() }()

	rt.start(ctx)
	go c.forwardInput(rt.io.Stdin)
	srv.serve(ctx, hostEnd)
	srv.shutdown()
	_ = hostEnd.Close()
	<-wrote
	return ExitOK
}

// rpcClient is the RPC mode's side of the connection.
type rpcClient struct {
	host   protocol.Conn
	stdout protocol.Conn

	mu     sync.Mutex
	byReq  map[string]string // request id → view id
	byView map[string]string // view id → request id
}

// forwardInput sends stdin's lines to the host; extension_ui_response
// lines answer dialogs. At EOF it closes the connection: the host shuts
// the session down.
func (c *rpcClient) forwardInput(stdin io.Reader) {
	_ = protocol.ReadLines(stdin, func(line []byte) {
		m := protocol.Raw(line)
		if m.Type == "extension_ui_response" {
			if resp, err := m.Object(); err == nil {
				c.respond(resp)
				return
			}
		}
		_ = c.host.Send(m)
	})
	_ = c.host.Close()
}

// writeOutput writes the host's records to stdout until the host closes
// the connection; view records and UI calls become extension UI requests.
func (c *rpcClient) writeOutput() {
	for {
		m, err := c.host.Recv()
		if err != nil {
			if _, bad := err.(*protocol.SyntaxError); bad {
				continue // never from this host; nothing pi would print
			}
			return
		}
		switch m.Type {
		case protocol.TypeViewSnapshot, protocol.TypeViewState, protocol.TypeViewClosed:
			if rec, err := m.Object(); err == nil {
				if vs, ok := protocol.ParseView(rec); ok {
					c.view(vs)
				}
			}
		case protocol.TypeUICall:
			if rec, err := m.Object(); err == nil {
				if call, ok := protocol.ParseUICall(rec); ok {
					c.uiCall(call)
				}
			}
		default:
			_ = c.stdout.Send(m)
		}
	}
}

func (c *rpcClient) write(v any) { _ = records.Send(c.stdout, v) }

// view turns new dialogs into requests and forgets closed ones.
func (c *rpcClient) view(msg engine.SyncMessage) {
	switch msg.Type {
	case "view_state":
		if msg.Component == "pi.dialog" {
			c.request(msg.ViewID, msg.State)
		}
	case "snapshot":
		for _, v := range msg.Views {
			if v.Component == "pi.dialog" {
				c.request(v.ViewID, v.State)
			}
		}
	case "view_closed":
		c.mu.Lock()
		if req, ok := c.byView[msg.ViewID]; ok {
			delete(c.byView, msg.ViewID)
			delete(c.byReq, req)
		}
		c.mu.Unlock()
	}
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

func (c *rpcClient) request(viewID string, state any) {
	st, _ := state.(map[string]any)
	method, _ := st["method"].(string)
	c.mu.Lock()
	if _, seen := c.byView[viewID]; seen {
		c.mu.Unlock()
		return
	}
	id := uuid.NewString()
	c.byView[viewID] = id
	c.byReq[id] = viewID
	c.mu.Unlock()
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
	c.write(req)
}

// respond delivers an extension_ui_response to its dialog.
func (c *rpcClient) respond(resp map[string]any) {
	id, _ := resp["id"].(string)
	c.mu.Lock()
	viewID, ok := c.byReq[id]
	if ok {
		delete(c.byReq, id)
		delete(c.byView, viewID)
	}
	c.mu.Unlock()
	if !ok {
		return
	}
	answer := map[string]any{}
	for k, v := range resp {
		if k != "type" && k != "id" {
			answer[k] = v
		}
	}
	_ = records.Send(c.host, protocol.ViewMessage(viewID, answer))
}

// uiCall turns fire-and-forget UI calls into requests.
func (c *rpcClient) uiCall(call piapi.UICall) {
	req := ordered{{"type", "extension_ui_request"}, {"id", uuid.NewString()}}
	str := func(v any) any {
		if s, ok := v.(string); ok {
			return s
		}
		return omitted
	}
	switch call.Op {
	case "notify":
		m, _ := call.Value.(map[string]any)
		req = append(req, member{"method", "notify"}, member{"message", m["message"]}, member{"notifyType", str(m["type"])})
	case "setStatus":
		req = append(req, member{"method", "setStatus"}, member{"statusKey", call.Sub}, member{"statusText", str(call.Value)})
	case "setWidget":
		m, _ := call.Value.(map[string]any)
		if _, component := m["component"]; component {
			return // component factories are not supported over RPC, as in pi
		}
		lines := any(omitted)
		if l, ok := m["lines"]; ok && l != nil {
			lines = l
		}
		req = append(req, member{"method", "setWidget"}, member{"widgetKey", call.Sub}, member{"widgetLines", lines},
			member{"widgetPlacement", str(m["placement"])})
	case "setTitle":
		req = append(req, member{"method", "setTitle"}, member{"title", call.Value})
	case "setEditorText", "pasteToEditor":
		req = append(req, member{"method", "set_editor_text"}, member{"text", call.Value})
	default:
		return
	}
	c.write(req)
}
