package node

import (
	"context"
	_ "embed"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The "pigo/websocket" module backs the WebSocket global (websocket.js)
// with github.com/coder/websocket. Each socket has a goroutine that dials
// and then reads, and one that writes queued frames in order; events reach
// JS through Runtime.Post. Sockets close when the generation retires.

//go:embed websocket.js
var webSocketSource string

var webSocketProgram = func() func() (*goja.Program, error) {
	var once sync.Once
	var prog *goja.Program
	var err error
	return func() (*goja.Program, error) {
		once.Do(func() { prog, err = goja.Compile("node:websocket.js", webSocketSource, true) })
		return prog, err
	}
}()

// webSocketModules and webSocketGlobals are merged into Modules and Globals.
func webSocketModules() map[string]modules.Module {
	return map[string]modules.Module{"pigo/websocket": webSocketModule}
}

func webSocketGlobals() []Global {
	return []Global{{Name: "WebSocket", Module: "pigo/websocket", Export: "WebSocket"}}
}

// webSocketMaxMessage bounds one received message, as a defence against
// a peer that never ends one.
const webSocketMaxMessage = 64 << 20

func webSocketModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, webSocketProgram, map[string]any{
		"connect": func(call goja.FunctionCall) goja.Value { return webSocketConnect(rt, call) },
	})
}

// wsFrame is one queued send: text when isText.
type wsFrame struct {
	data   []byte
	isText bool
}

// webSocketConnect is lib.connect(url, protocols, emit) → {send(data,
// isText), close(code, reason)}; emit(type, ...args) receives "open"
// (protocol, extensions), "message" (string | ArrayBuffer), "sent"
// (bytes), "error" (message) and "close" (code, reason, wasClean).
func webSocketConnect(rt modules.Runtime, call goja.FunctionCall) goja.Value {
	vm := rt.VM()
	url := call.Argument(0).String()
	var protocols []string
	if err := vm.ExportTo(call.Argument(1), &protocols); err != nil {
		panic(vm.NewTypeError("protocols: %v", err))
	}
	emit, ok := goja.AssertFunction(call.Argument(2))
	if !ok {
		panic(vm.NewTypeError("emit is not a function"))
	}
	post := func(args ...func() goja.Value) {
		rt.Post(func() {
			vals := make([]goja.Value, len(args))
			for i, a := range args {
				vals[i] = a()
			}
			_, _ = emit(goja.Undefined(), vals...)
		})
	}
	str := func(s string) func() goja.Value { return func() goja.Value { return vm.ToValue(s) } }
	num := func(n int) func() goja.Value { return func() goja.Value { return vm.ToValue(n) } }

	ctx, cancel := context.WithCancel(rt.Context())
	untrack := rt.Track(cancel)
	frames := make(chan wsFrame, 64)
	var mu sync.Mutex
	var conn *websocket.Conn
	var closeOnce sync.Once
	closeReq := make(chan [2]any, 1) // code, reason requested by JS

	go func() {
		defer untrack()
		defer cancel()
		c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{
			Subprotocols: protocols,
			HTTPHeader:   http.Header{"User-Agent": {"node"}},
		})
		if resp != nil && resp.Body != nil {
			_ = resp.Body.Close()
		}
		if err != nil {
			post(str("error"), str(err.Error()))
			post(str("close"), num(1006), str(""), func() goja.Value { return vm.ToValue(false) })
			return
		}
		c.SetReadLimit(webSocketMaxMessage)
		mu.Lock()
		conn = c
		mu.Unlock()
		post(str("open"), str(c.Subprotocol()), str(resp.Header.Get("Sec-WebSocket-Extensions")))
		// Writer: frames in order; a close request goes after them.
		go func() {
			for {
				select {
				case f := <-frames:
					typ := websocket.MessageBinary
					if f.isText {
						typ = websocket.MessageText
					}
					if err := c.Write(ctx, typ, f.data); err != nil {
						return
					}
					n := len(f.data)
					post(str("sent"), num(n))
				case req := <-closeReq:
					// Send what JS queued before close() first.
				drain:
					for {
						select {
						case f := <-frames:
							typ := websocket.MessageBinary
							if f.isText {
								typ = websocket.MessageText
							}
							_ = c.Write(ctx, typ, f.data)
						default:
							break drain
						}
					}
					_ = c.Close(websocket.StatusCode(req[0].(int)), req[1].(string))
					return
				case <-ctx.Done():
					return
				}
			}
		}()
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				var ce websocket.CloseError
				if errors.As(err, &ce) {
					code := int(ce.Code)
					if ce.Code == websocket.StatusNoStatusRcvd {
						code = 1005
					}
					post(str("close"), num(code), str(ce.Reason), func() goja.Value { return vm.ToValue(true) })
					return
				}
				if ctx.Err() == nil {
					post(str("error"), str(err.Error()))
				}
				post(str("close"), num(1006), str(""), func() goja.Value { return vm.ToValue(false) })
				_ = c.CloseNow()
				return
			}
			if typ == websocket.MessageText {
				s := string(data)
				post(str("message"), str(s))
			} else {
				post(str("message"), func() goja.Value { return vm.ToValue(vm.NewArrayBuffer(data)) })
			}
		}
	}()

	handle := vm.NewObject()
	_ = handle.Set("send", func(c goja.FunctionCall) goja.Value {
		var data []byte
		isText := c.Argument(1).ToBoolean()
		if isText {
			data = []byte(c.Argument(0).String())
		} else {
			ab, ok := c.Argument(0).Export().(goja.ArrayBuffer)
			if !ok {
				panic(vm.NewTypeError("send: expected an ArrayBuffer"))
			}
			data = append([]byte(nil), ab.Bytes()...)
		}
		select {
		case frames <- wsFrame{data: data, isText: isText}:
		default:
			// A full queue means the peer is not reading; queue in a
			// goroutine rather than block the loop.
			go func() {
				select {
				case frames <- wsFrame{data: data, isText: isText}:
				case <-ctx.Done():
				}
			}()
		}
		return vm.ToValue(len(data))
	})
	_ = handle.Set("close", func(c goja.FunctionCall) goja.Value {
		code := int(c.Argument(0).ToInteger())
		reason := c.Argument(1).String()
		closeOnce.Do(func() {
			mu.Lock()
			open := conn != nil
			mu.Unlock()
			if !open {
				// Still connecting: give up on the connection.
				cancel()
				return
			}
			closeReq <- [2]any{code, reason}
			// The peer has five seconds to answer the close handshake.
			t := time.AfterFunc(5*time.Second, cancel)
			context.AfterFunc(ctx, func() { t.Stop() })
		})
		return goja.Undefined()
	})
	return handle
}
