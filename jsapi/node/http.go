package node

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/envproxy"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// httpModule is the "http" module and httpsModule the client half of
// "https": http.js gives IncomingMessage, ServerResponse, ClientRequest
// and Server their Node shape on top of stream; Go's net/http does the
// protocol work here.
//
// Server: each request runs in a net/http handler goroutine that hands the
// request to the loop and then serves the loop's instructions in order
// (read a body chunk, write the head, write data, end), so request bodies
// are read only when the IncomingMessage wants data and every response
// write is flushed at once (streaming responses work). The handler returns
// when the response ends, the client goes away or the runtime retires.
//
// Client: a body given only to end() goes out in one go with a
// Content-Length; a body written before end() streams (chunked) as it is
// written. The response body is read chunk by chunk as the
// IncomingMessage asks. Redirects are not followed and bodies are not
// decompressed, as in Node. Requests go through the proxy the runtime's
// environment names, as fetch's do (Node 22 itself proxies http.request
// only with NODE_USE_ENV_PROXY). Each runtime has its own transport;
// servers, requests and idle connections are closed when the runtime
// retires.
func httpModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, httpProgram, httpHelperMap(rt, false))
}

// httpsModule is "https": the same module with https URLs by default and
// a createServer that needs cert and key.
func httpsModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, httpProgram, httpHelperMap(rt, true))
}

func httpHelperMap(rt modules.Runtime, secure bool) map[string]any {
	h := &httpHelpers{rt: rt, vm: rt.VM()}
	h.transport = &http.Transport{
		Proxy:                 envproxy.Func(rt.Environ()), // as fetch: pi's httpProxy setting reaches it through HTTP_PROXY
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		DisableCompression:    true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		TLSClientConfig:       &tls.Config{},
	}
	rt.Track(h.transport.CloseIdleConnections)
	return map[string]any{
		"serve":   h.serve,
		"request": h.request,
		"secure":  secure,
	}
}

type httpHelpers struct {
	rt        modules.Runtime
	vm        *goja.Runtime
	transport *http.Transport
}

// httpHeaderList flattens headers to [name, value, ...] with lower-case
// names for IncomingMessage (Go canonicalises the names it parses, so the
// original case is lost; rawHeaders shows the canonical form).
// net/http moves Host and Transfer-Encoding out of the map; they are put
// back, as Node shows them.
func httpHeaderList(hdr http.Header, host string, te []string) []any {
	out := make([]any, 0, 2*len(hdr)+4)
	if host != "" {
		out = append(out, "Host", host)
	}
	for k, vs := range hdr {
		for _, v := range vs {
			out = append(out, k, v)
		}
	}
	if len(te) > 0 {
		out = append(out, "Transfer-Encoding", strings.Join(te, ", "))
	}
	return out
}

// httpSetHeaders copies a flat [name, value, ...] array into hdr, keeping
// the names' case (net/http writes map keys as they are).
func httpSetHeaders(vm *goja.Runtime, hdr http.Header, v goja.Value) {
	obj, ok := v.(*goja.Object)
	if !ok {
		return
	}
	n := int(obj.Get("length").ToInteger())
	for i := 0; i+1 < n; i += 2 {
		k := obj.Get(strconv.Itoa(i)).String()
		hdr[k] = append(hdr[k], obj.Get(strconv.Itoa(i+1)).String())
	}
}

// httpOp is one instruction from the loop to a request's handler.
type httpOp struct {
	kind   string // "read", "head", "write", "end"
	status int
	reason string // the status line's reason phrase (res.statusMessage)
	hdr    http.Header
	data   []byte
	cb     goja.Callable
}

// serve is serve(host, port, tlsOptions, onRequest(req, res), cb(err,
// address), onUpgrade) → {close(cb), closeAll()}; tlsOptions (https) is
// null for plain http. onUpgrade() answers whether the server takes
// upgrades; onUpgrade(req, conn, head) hands it one (see upgrade).
func (h *httpHelpers) serve(host string, port int, tlsOpts goja.Value, onRequest, cb, onUpgrade goja.Callable) goja.Value {
	vm := h.vm
	var tlsCfg *tls.Config
	if tlsOpts != nil && !goja.IsUndefined(tlsOpts) && !goja.IsNull(tlsOpts) {
		cfg, err := tlsServerConfig(vm, tlsOpts.ToObject(vm))
		if err != nil {
			panic(vm.NewGoError(err))
		}
		tlsCfg = cfg
	}
	if host == "" {
		host = "::"
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil && host == "::" {
		host = "0.0.0.0"
		l, err = net.Listen("tcp4", net.JoinHostPort(host, strconv.Itoa(port)))
	}
	handle := vm.NewObject()
	if err != nil {
		info := netErrorInfo(vm, err, "listen", host, port)
		h.rt.Post(func() { sysCall(h.rt, "listen callback", cb, goja.Undefined(), info) })
		_ = handle.Set("close", func(goja.FunctionCall) goja.Value { return goja.Undefined() })
		_ = handle.Set("closeAll", func(goja.FunctionCall) goja.Value { return goja.Undefined() })
		return handle
	}
	ctx := h.rt.Context()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if onUpgrade != nil && httpIsUpgrade(r) && h.upgrade(onUpgrade, w, r) {
				return
			}
			h.handle(ctx, onRequest, w, r)
		}),
		ReadHeaderTimeout: 60 * time.Second, // Node's headersTimeout
		IdleTimeout:       5 * time.Second,  // Node's keepAliveTimeout
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			if rc, ok := c.(*httpReasonConn); ok {
				return context.WithValue(ctx, httpReasonKey{}, rc)
			}
			return ctx
		},
	}
	var once sync.Once
	closeAll := func() { once.Do(func() { _ = srv.Close() }) }
	untrack := h.rt.Track(closeAll)
	addr := netAddr(l.Addr())
	h.rt.Post(func() { sysCall(h.rt, "listen callback", cb, goja.Undefined(), goja.Null(), vm.ToValue(addr)) })
	if tlsCfg != nil {
		l = tls.NewListener(l, tlsCfg)
	}
	go func() { _ = srv.Serve(httpReasonListener{l}) }()
	_ = handle.Set("close", func(call goja.FunctionCall) goja.Value {
		done, _ := goja.AssertFunction(call.Argument(0))
		go func() {
			// Like Node's close: stop listening, close idle connections,
			// let active requests finish.
			_ = srv.Shutdown(ctx)
			untrack()
			h.rt.Post(func() {
				if done != nil {
					sysCall(h.rt, "close callback", done, goja.Undefined())
				}
			})
		}()
		return goja.Undefined()
	})
	_ = handle.Set("closeAll", func(goja.FunctionCall) goja.Value {
		closeAll()
		return goja.Undefined()
	})
	return handle
}

// httpIsUpgrade reports whether r asks to switch protocols (Connection:
// upgrade with an Upgrade header), as Node's parser decides req.upgrade.
func httpIsUpgrade(r *http.Request) bool {
	if r.Header.Get("Upgrade") == "" {
		return false
	}
	for _, v := range r.Header.Values("Connection") {
		for _, tok := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(tok), "upgrade") {
				return true
			}
		}
	}
	return false
}

// upgrade hands an upgrade request to the server's 'upgrade' listeners
// with the raw connection, as Node does: the listener writes the 101
// response itself (ws). It reports false when the server has no such
// listener, so the request is served as a plain one. A handler goroutine.
func (h *httpHelpers) upgrade(onUpgrade goja.Callable, w http.ResponseWriter, r *http.Request) bool {
	vm := h.vm
	wants := make(chan bool, 1)
	if !h.rt.Post(func() {
		v, err := onUpgrade(goja.Undefined())
		wants <- err == nil && v.ToBoolean()
	}) {
		return true
	}
	if !<-wants {
		return false
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		return false
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		return true
	}
	if rc, ok := conn.(*httpReasonConn); ok {
		conn = rc.Conn
	}
	// Bytes the client sent after the head are already buffered: they are
	// the upgrade's head argument.
	head, _ := brw.Reader.Peek(brw.Reader.Buffered())
	head = append([]byte(nil), head...)
	h.rt.Post(func() {
		req := vm.NewObject()
		_ = req.Set("method", r.Method)
		_ = req.Set("url", r.RequestURI)
		_ = req.Set("httpVersion", strconv.Itoa(r.ProtoMajor)+"."+strconv.Itoa(r.ProtoMinor))
		_ = req.Set("rawHeaders", httpHeaderList(r.Header, r.Host, r.TransferEncoding))
		_ = req.Set("remote", netAddrString(r.RemoteAddr))
		handle := (&netHelpers{rt: h.rt, vm: vm}).connHandle(conn)
		sysCall(h.rt, "http upgrade", onUpgrade, goja.Undefined(), req, handle, vm.ToValue(vm.NewArrayBuffer(head)))
	})
	return true
}

// handle serves one request (a net/http handler goroutine).
func (h *httpHelpers) handle(ctx context.Context, onRequest goja.Callable, w http.ResponseWriter, r *http.Request) {
	vm := h.vm
	ops := make(chan httpOp, 16)
	finished := make(chan struct{})
	var hooks *goja.Object // loop only
	call := func(name string, args ...goja.Value) {
		if hooks == nil {
			return
		}
		if f, ok := goja.AssertFunction(hooks.Get(name)); ok {
			sysCall(h.rt, "http "+name, f, goja.Undefined(), args...)
		}
	}
	send := func(op httpOp) {
		select {
		case ops <- op:
		case <-finished:
		}
	}
	if !h.rt.Post(func() {
		req := vm.NewObject()
		_ = req.Set("method", r.Method)
		_ = req.Set("url", r.RequestURI)
		_ = req.Set("httpVersion", strconv.Itoa(r.ProtoMajor)+"."+strconv.Itoa(r.ProtoMinor))
		_ = req.Set("rawHeaders", httpHeaderList(r.Header, r.Host, r.TransferEncoding))
		_ = req.Set("remote", netAddrString(r.RemoteAddr))
		hooks = vm.NewObject()
		_ = req.Set("hooks", hooks)
		_ = req.Set("read", func(goja.FunctionCall) goja.Value {
			go send(httpOp{kind: "read"})
			return goja.Undefined()
		})
		_ = req.Set("op", func(c goja.FunctionCall) goja.Value {
			op := httpOp{kind: c.Argument(0).String(), status: int(c.Argument(1).ToInteger())}
			if r := c.Argument(5); !goja.IsUndefined(r) && !goja.IsNull(r) {
				op.reason = r.String()
			}
			if op.kind == "head" || op.kind == "end" || op.kind == "write" {
				if hv := c.Argument(2); !goja.IsUndefined(hv) && !goja.IsNull(hv) {
					op.hdr = http.Header{}
					httpSetHeaders(vm, op.hdr, hv)
				}
			}
			if b, ok := libViewBytes(c.Argument(3)); ok {
				op.data = append([]byte(nil), b...)
			}
			op.cb, _ = goja.AssertFunction(c.Argument(4))
			select {
			case ops <- op:
			default:
				go send(op)
			}
			return goja.Undefined()
		})
		sysCall(h.rt, "http request", onRequest, goja.Undefined(), req)
	}) {
		return
	}
	defer close(finished)
	flusher, _ := w.(http.Flusher)
	headSent := false
	wrote := false
	writeHead := func(op httpOp, contentLength int) {
		if headSent {
			return
		}
		headSent = true
		hdr := w.Header()
		// No sniffed Content-Type: Node sends none unless asked.
		hdr["Content-Type"] = nil
		for k, vs := range op.hdr {
			hdr[k] = vs
		}
		if contentLength >= 0 && !httpHasHeader(hdr, "content-length") && !httpHasHeader(hdr, "transfer-encoding") {
			hdr["Content-Length"] = []string{strconv.Itoa(contentLength)}
		}
		status := op.status
		if status == 0 {
			status = 200
		}
		// Only a reason net/http would not send needs the rewrite.
		if rc, ok := r.Context().Value(httpReasonKey{}).(*httpReasonConn); ok && op.reason != "" && op.reason != http.StatusText(status) {
			rc.setReason(status, op.reason)
		}
		w.WriteHeader(status)
	}
	post := func(cb goja.Callable, err error) {
		if cb == nil {
			return
		}
		h.rt.Post(func() {
			if err != nil {
				sysCall(h.rt, "http callback", cb, goja.Undefined(), vm.ToValue(err.Error()))
				return
			}
			sysCall(h.rt, "http callback", cb, goja.Undefined())
		})
	}
	buf := make([]byte, 64*1024)
	bodyDone := false
	for {
		var op httpOp
		select {
		case op = <-ops:
		case <-r.Context().Done():
			h.rt.Post(func() { call("onAborted") })
			return
		case <-ctx.Done():
			return
		}
		switch op.kind {
		case "read":
			if bodyDone {
				continue
			}
			n, err := r.Body.Read(buf)
			data := append([]byte(nil), buf[:n]...)
			h.rt.Post(func() {
				if len(data) > 0 {
					call("onData", vm.ToValue(vm.NewArrayBuffer(data)))
				}
				if err == io.EOF {
					call("onEnd")
				} else if err != nil {
					call("onError", netErrorInfo(vm, err, "read", "", 0))
				}
			})
			if err != nil {
				bodyDone = true
			}
		case "head":
			writeHead(op, -1)
			if flusher != nil {
				flusher.Flush()
			}
			post(op.cb, nil)
		case "write":
			writeHead(op, -1)
			_, err := w.Write(op.data)
			wrote = true
			if err == nil && flusher != nil {
				flusher.Flush()
			}
			post(op.cb, err)
		case "abort":
			// res.destroy() before the end: drop the connection, as Node
			// closes the socket.
			panic(http.ErrAbortHandler)
		case "end":
			if !headSent && !wrote {
				writeHead(op, len(op.data))
			} else {
				writeHead(op, -1)
			}
			var err error
			if len(op.data) > 0 {
				_, err = w.Write(op.data)
			}
			post(op.cb, err)
			return
		}
	}
}

// httpReasonListener hands net/http connections that put Node's reason
// phrase on the wire: net/http writes its own (http.StatusText) and has
// no way to send another, while Node sends res.statusMessage.
type httpReasonListener struct{ net.Listener }

func (l httpReasonListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &httpReasonConn{Conn: c}, nil
}

type httpReasonKey struct{}

// httpReasonConn rewrites the reason phrase of the next status line it
// writes. net/http serves an HTTP/1.x connection one request at a time and
// flushes its buffer after each response, so a response's status line
// starts the first write of that response; a line with another status
// (an interim "100 Continue") passes unchanged.
type httpReasonConn struct {
	net.Conn
	mu     sync.Mutex
	status int
	reason string
	set    bool
}

// CloseWrite lets net/http half-close the connection before closing it,
// as it does with a bare TCP connection, so the peer reads the whole
// response instead of a reset.
func (c *httpReasonConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// setReason makes the next status line with status carry reason. A
// handler goroutine, before WriteHeader.
func (c *httpReasonConn) setReason(status int, reason string) {
	c.mu.Lock()
	c.status, c.reason, c.set = status, reason, true
	c.mu.Unlock()
}

func (c *httpReasonConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	set, status, reason := c.set, c.status, c.reason
	c.mu.Unlock()
	if !set {
		return c.Conn.Write(p)
	}
	// "HTTP/1.1 418 I'm a teapot\r\n": the 13 bytes up to the reason stay.
	end := bytes.Index(p, []byte("\r\n"))
	if end < 12 || !bytes.HasPrefix(p, []byte("HTTP/1.")) || string(p[8:13]) != " "+strconv.Itoa(status)+" " {
		return c.Conn.Write(p)
	}
	c.mu.Lock()
	c.set = false
	c.mu.Unlock()
	line := make([]byte, 0, len(p)+len(reason))
	line = append(line, p[:13]...)
	line = append(line, reason...)
	line = append(line, p[end:]...)
	n, err := c.Conn.Write(line)
	if err != nil {
		// What was written of p, as far as the rewritten line maps onto it.
		return max(0, min(len(p), n-len(line)+len(p))), err
	}
	return len(p), nil
}

func httpHasHeader(hdr http.Header, name string) bool {
	for k := range hdr {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// netAddrString splits "host:port" into Node's remoteAddress fields.
func netAddrString(hostport string) map[string]any {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return map[string]any{}
	}
	p, _ := strconv.Atoi(port)
	fam := "IPv4"
	if strings.Contains(host, ":") {
		fam = "IPv6"
	}
	return map[string]any{"address": host, "port": p, "family": fam}
}

// request is request({url, method, headers, body, stream, tls},
// onResponse(res), onError(info)) → {abort(), write(bytes, cb), end(cb)}:
// with stream set the body is written through the handle as it comes
// (chunked), else body goes out at once with a Content-Length. The
// response body is read as res.read() asks, through res.hooks.
func (h *httpHelpers) request(opts goja.Value, onResponse, onError goja.Callable) goja.Value {
	vm := h.vm
	o := opts.ToObject(vm)
	rawURL := o.Get("url").String()
	method := o.Get("method").String()
	hdr := http.Header{}
	httpSetHeaders(vm, hdr, o.Get("headers"))
	var body []byte
	if b, ok := libViewBytes(o.Get("body")); ok {
		body = append([]byte(nil), b...)
	}
	onUpgrade, _ := goja.AssertFunction(o.Get("onUpgrade"))
	transport := h.transport
	if tv := o.Get("tls"); tv != nil && !goja.IsUndefined(tv) && !goja.IsNull(tv) {
		// https options (ca, rejectUnauthorized, cert, key, servername)
		// need their own transport; it lives as long as the request.
		cfg, err := httpTLSConfig(vm, tv.ToObject(vm))
		if err != nil {
			panic(vm.NewGoError(err))
		}
		transport = h.transport.Clone()
		transport.TLSClientConfig = cfg
		transport.DisableKeepAlives = true
	}
	ctx, cancel := context.WithCancel(h.rt.Context())
	untrack := h.rt.Track(cancel)
	handle := vm.NewObject()
	_ = handle.Set("abort", func(goja.FunctionCall) goja.Value {
		cancel()
		return goja.Undefined()
	})
	u, perr := url.Parse(rawURL)
	// fail reports err on the loop; aborted is decided before the caller
	// cancels the context, so only a real abort reads as one.
	fail := func(err error, aborted bool) {
		host, port := "", 0
		if u != nil {
			host = u.Hostname()
			port, _ = strconv.Atoi(u.Port())
			if port == 0 {
				port = 80
				if u.Scheme == "https" {
					port = 443
				}
			}
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		info := netErrorInfo(vm, err, "connect", host, port)
		if aborted {
			info = vm.ToValue(map[string]any{"aborted": true})
		}
		sysCall(h.rt, "http error", onError, goja.Undefined(), info)
	}
	if perr != nil {
		h.rt.Post(func() { fail(perr, false) })
		untrack()
		return handle
	}
	// A streamed body (the request was written to before end) goes through
	// a pipe fed by a writer goroutine, in order; each write's callback
	// comes once the transport has taken the bytes.
	var pw *io.PipeWriter
	var pr *io.PipeReader
	if o.Get("stream").ToBoolean() {
		pr, pw = io.Pipe()
		type bodyOp struct {
			data []byte
			end  bool
			cb   goja.Callable
		}
		ops := make(chan bodyOp, 64)
		go func() {
			for {
				var op bodyOp
				select {
				case op = <-ops:
				case <-ctx.Done():
					_ = pw.CloseWithError(ctx.Err())
					return
				}
				var err error
				if len(op.data) > 0 {
					_, err = pw.Write(op.data)
				}
				if op.end {
					_ = pw.Close()
				}
				cb := op.cb
				h.rt.Post(func() {
					if cb == nil {
						return
					}
					if err != nil {
						sysCall(h.rt, "http write", cb, goja.Undefined(), vm.ToValue(err.Error()))
						return
					}
					sysCall(h.rt, "http write", cb, goja.Undefined())
				})
				if op.end || err != nil {
					return
				}
			}
		}()
		queue := func(op bodyOp) {
			select {
			case ops <- op:
			default:
				go func() {
					select {
					case ops <- op:
					case <-ctx.Done():
					}
				}()
			}
		}
		_ = handle.Set("write", func(c goja.FunctionCall) goja.Value {
			b, _ := libViewBytes(c.Argument(0))
			cb, _ := goja.AssertFunction(c.Argument(1))
			queue(bodyOp{data: append([]byte(nil), b...), cb: cb})
			return goja.Undefined()
		})
		_ = handle.Set("end", func(c goja.FunctionCall) goja.Value {
			cb, _ := goja.AssertFunction(c.Argument(0))
			queue(bodyOp{end: true, cb: cb})
			return goja.Undefined()
		})
	}
	go func() {
		var bodyReader io.Reader = bytes.NewReader(body)
		if pr != nil {
			bodyReader = pr
		}
		req, err := http.NewRequestWithContext(ctx, method, rawURL, bodyReader)
		if err != nil {
			h.rt.Post(func() { fail(err, false) })
			cancel()
			untrack()
			return
		}
		switch {
		case pr != nil:
			// Chunked, unless the caller set Content-Length.
			req.ContentLength = -1
			for k, vs := range hdr {
				if strings.EqualFold(k, "content-length") {
					if n, err := strconv.ParseInt(vs[0], 10, 64); err == nil {
						req.ContentLength = n
					}
				}
			}
		case len(body) == 0 && (method == "GET" || method == "HEAD" || method == "DELETE" || method == "OPTIONS"):
			req.Body = http.NoBody
			req.ContentLength = 0
		}
		for k, vs := range hdr {
			if strings.EqualFold(k, "host") {
				req.Host = vs[0]
				continue
			}
			req.Header[k] = vs
		}
		if _, ok := req.Header["User-Agent"]; !ok && !httpHasHeader(req.Header, "user-agent") {
			req.Header["User-Agent"] = nil // Node sends none
		}
		client := &http.Client{
			Transport:     transport,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
		resp, err := client.Do(req)
		if err != nil {
			aborted := ctx.Err() != nil
			h.rt.Post(func() { fail(err, aborted) })
			cancel()
			untrack()
			return
		}
		// A 101 answer to an upgrade request: the connection now speaks
		// the new protocol and goes to the request's 'upgrade' listeners.
		if rwc, ok := resp.Body.(io.ReadWriteCloser); ok && resp.StatusCode == http.StatusSwitchingProtocols && onUpgrade != nil {
			untrack()
			conn := &httpUpgradedConn{ReadWriteCloser: rwc, remote: httpRemoteAddr(u)}
			h.rt.Post(func() {
				res := vm.NewObject()
				_ = res.Set("statusCode", resp.StatusCode)
				_ = res.Set("statusMessage", strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))))
				_ = res.Set("httpVersion", strconv.Itoa(resp.ProtoMajor)+"."+strconv.Itoa(resp.ProtoMinor))
				_ = res.Set("rawHeaders", httpHeaderList(resp.Header, "", resp.TransferEncoding))
				handle := (&netHelpers{rt: h.rt, vm: vm}).connHandle(conn)
				sysCall(h.rt, "http upgrade", onUpgrade, goja.Undefined(), res, handle, vm.ToValue(vm.NewArrayBuffer(nil)))
			})
			return
		}
		want := make(chan struct{}, 1)
		var hooks *goja.Object
		call := func(name string, args ...goja.Value) {
			if hooks == nil {
				return
			}
			if f, ok := goja.AssertFunction(hooks.Get(name)); ok {
				sysCall(h.rt, "http "+name, f, goja.Undefined(), args...)
			}
		}
		posted := h.rt.Post(func() {
			res := vm.NewObject()
			_ = res.Set("statusCode", resp.StatusCode)
			_ = res.Set("statusMessage", strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))))
			_ = res.Set("httpVersion", strconv.Itoa(resp.ProtoMajor)+"."+strconv.Itoa(resp.ProtoMinor))
			_ = res.Set("rawHeaders", httpHeaderList(resp.Header, "", resp.TransferEncoding))
			hooks = vm.NewObject()
			_ = res.Set("hooks", hooks)
			_ = res.Set("read", func(goja.FunctionCall) goja.Value {
				select {
				case want <- struct{}{}:
				default:
				}
				return goja.Undefined()
			})
			_ = res.Set("close", func(goja.FunctionCall) goja.Value {
				cancel()
				return goja.Undefined()
			})
			sysCall(h.rt, "http response", onResponse, goja.Undefined(), res)
		})
		defer untrack()
		defer cancel()
		defer resp.Body.Close()
		if !posted {
			return
		}
		buf := make([]byte, 64*1024)
		for {
			select {
			case <-want:
			case <-ctx.Done():
				h.rt.Post(func() { call("onAborted") })
				return
			}
			n, err := resp.Body.Read(buf)
			data := append([]byte(nil), buf[:n]...)
			h.rt.Post(func() {
				if len(data) > 0 {
					call("onData", vm.ToValue(vm.NewArrayBuffer(data)))
				}
				if err == io.EOF {
					call("onEnd")
				} else if err != nil {
					// A body cut short (the server dropped the connection)
					// is Node's 'aborted'.
					if ctx.Err() != nil || errors.Is(err, io.ErrUnexpectedEOF) {
						call("onAborted")
						return
					}
					call("onError", netErrorInfo(vm, err, "read", "", 0))
				}
			})
			if err != nil {
				return
			}
		}
	}()
	return handle
}

// httpUpgradedConn is the connection of a 101 response (the transport
// gives it as the body) as the net.Conn a socket handle wants.
type httpUpgradedConn struct {
	io.ReadWriteCloser
	remote net.Addr
}

func (c *httpUpgradedConn) LocalAddr() net.Addr                { return &net.TCPAddr{} }
func (c *httpUpgradedConn) RemoteAddr() net.Addr               { return c.remote }
func (c *httpUpgradedConn) SetDeadline(t time.Time) error      { return nil }
func (c *httpUpgradedConn) SetReadDeadline(t time.Time) error  { return nil }
func (c *httpUpgradedConn) SetWriteDeadline(t time.Time) error { return nil }

// httpRemoteAddr is the address an upgraded connection went to, as far as
// the URL tells it.
func httpRemoteAddr(u *url.URL) net.Addr {
	if a, err := net.ResolveTCPAddr("tcp", u.Host); err == nil {
		return a
	}
	return &net.TCPAddr{}
}

// httpTLSConfig builds the client TLS configuration of an https request's
// options; verification follows rejectUnauthorized against ca (or the
// system roots).
func httpTLSConfig(vm *goja.Runtime, o *goja.Object) (*tls.Config, error) {
	get := func(k string) goja.Value {
		v := o.Get(k)
		if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
			return nil
		}
		return v
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if v := get("servername"); v != nil {
		cfg.ServerName = v.String()
	}
	if v := get("rejectUnauthorized"); v != nil && !v.ToBoolean() {
		cfg.InsecureSkipVerify = true
	}
	if v := get("ca"); v != nil {
		pool := x509.NewCertPool()
		for _, p := range tlsStrings(vm, v) {
			pool.AppendCertsFromPEM([]byte(p))
		}
		cfg.RootCAs = pool
	}
	if c, k := get("cert"), get("key"); c != nil && k != nil {
		pair, err := tls.X509KeyPair([]byte(strings.Join(tlsStrings(vm, c), "\n")), []byte(strings.Join(tlsStrings(vm, k), "\n")))
		if err != nil {
			return nil, err
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg, nil
}
