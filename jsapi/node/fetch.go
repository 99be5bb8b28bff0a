package node

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/envproxy"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The "pigo/fetch" module: fetch, Request, Response and Headers (fetch.js)
// and the ReadableStream of bodies (fetch_stream.js), with HTTP done by
// Go's net/http.
//
// Each runtime gets its own http.Transport, so a plugin generation reuses
// its connections and its idle ones close when it retires (Runtime.Track).
// A request runs on a goroutine under a context derived from
// Runtime.Context, so retiring the generation cancels every request in
// flight. The response body is pulled, not pushed: each read() of the
// body stream starts one Read on a goroutine and settles with whatever
// arrived, so server-sent events reach JS as they are flushed and nothing
// is buffered that JS has not asked for. A request's context is cancelled
// once its body is read to the end, fails or is aborted; a body that JS
// never reads keeps its connection until the generation retires.
//
// Requests go through the proxy the runtime's environment names, picked
// as undici's EnvHttpProxyAgent does: pi 1.6 makes that agent the global
// dispatcher of fetch, after its httpProxy setting has filled HTTP_PROXY
// and HTTPS_PROXY. Compressed
// responses are decoded by the transport, so JS sees the decoded bytes as
// in Node, but the content-encoding and content-length headers are gone.

// fetchModule is the "pigo/fetch" module. Loop only.
func fetchModule(rt modules.Runtime, module *goja.Object) error {
	streams, err := libEval(rt, fetchStreamProgram, rt.VM().ToValue(transferArrayBuffer(rt.VM())))
	if err != nil {
		return err
	}
	// node:stream's utilities find a ReadableStream's state there (the
	// webapi streams put the WritableStream's beside it).
	if web := libWebInternal(rt.VM()); web != nil {
		if err := web.Set("readableStreamHooks", streams.ToObject(rt.VM()).Get("streamHooks")); err != nil {
			return err
		}
	}
	c := newFetchClient(rt)
	rt.Track(c.transport.CloseIdleConnections)
	return libRunJS(rt, module, fetchProgram, map[string]any{
		"start":   c.start,
		"streams": streams,
	})
}

// transferArrayBuffer is the streams' TransferArrayBuffer(buffer): a new
// ArrayBuffer over the same bytes, the given one detached, so a chunk
// moves into a byte stream without a copy. Loop only.
func transferArrayBuffer(vm *goja.Runtime) func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		obj, ok := call.Argument(0).(*goja.Object)
		if !ok || obj.ExportType() != reflect.TypeFor[goja.ArrayBuffer]() {
			panic(vm.NewTypeError("transferArrayBuffer: not an ArrayBuffer"))
		}
		ab, _ := obj.Export().(goja.ArrayBuffer)
		if ab.Detached() {
			panic(vm.NewTypeError("Invalid state: ArrayBuffer is detached"))
		}
		data := ab.Bytes()
		ab.Detach()
		return vm.ToValue(vm.NewArrayBuffer(data))
	}
}

// fetchMaxRedirects is how many redirects redirect: "follow" follows
// (undici's limit).
const fetchMaxRedirects = 20

// fetchClient is one runtime's HTTP client. Its transport is safe for
// concurrent use; the rest is read-only after newFetchClient.
type fetchClient struct {
	rt        modules.Runtime
	transport *http.Transport
}

func newFetchClient(rt modules.Runtime) *fetchClient {
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	return &fetchClient{
		rt: rt,
		transport: &http.Transport{
			Proxy:                 envproxy.Func(rt.Environ()),
			DialContext:           dialer.DialContext,
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          100,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ExpectContinueTimeout: time.Second,
			ResponseHeaderTimeout: 300 * time.Second, // undici's headersTimeout
		},
	}
}

// fetchCall is one request. The goroutines that run it and the loop share
// body and the flags under mu.
type fetchCall struct {
	rt     modules.Runtime
	cancel context.CancelFunc

	mu        sync.Mutex
	body      io.ReadCloser // set once the head arrived; nil when there is none
	reading   bool          // a read goroutine owns body and buf
	done      bool          // body was closed
	redirects int           // redirects followed
	buf       []byte        // read buffer, reused: reads never overlap
}

// start is start({url, method, headers, body, redirect}) → {head, read,
// abort}. headers is a flat [name, value, ...] array, body null or a
// Uint8Array (copied here), redirect "follow", "manual" or "error". head
// is a Promise of {status, statusText, url, redirected, headers} or of an
// error record {error, code, aborted}; read() is a Promise of the next
// chunk (an ArrayBuffer), null at the end, or an error record; abort()
// cancels the request and closes the body. Loop only.
func (c *fetchClient) start(call goja.FunctionCall) goja.Value {
	vm := c.rt.VM()
	spec := call.Argument(0).ToObject(vm)
	var headers []string
	if err := vm.ExportTo(spec.Get("headers"), &headers); err != nil {
		panic(vm.NewTypeError("fetch: headers: %v", err))
	}
	var body []byte
	if b, ok := libViewBytes(spec.Get("body")); ok {
		body = bytes.Clone(b)
	}
	redirect := spec.Get("redirect").String()

	ctx, cancel := context.WithCancel(c.rt.Context())
	fc := &fetchCall{rt: c.rt, cancel: cancel}
	head, resolveHead, _ := c.rt.NewPromise()

	req, err := fc.newRequest(ctx, spec.Get("method").String(), spec.Get("url").String(), headers, body)
	if err != nil {
		cancel()
		resolveHead(fetchErrorRecord(vm, err, false))
	} else {
		client := &http.Client{Transport: c.transport, CheckRedirect: fc.checkRedirect(redirect)}
		go fc.do(ctx, client, req, resolveHead)
	}

	handle := vm.NewObject()
	_ = handle.Set("head", head)
	_ = handle.Set("read", fc.read)
	_ = handle.Set("abort", fc.abort)
	return handle
}

func (fc *fetchCall) newRequest(ctx context.Context, method, url string, headers []string, body []byte) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(headers); i += 2 {
		name, value := headers[i], headers[i+1]
		switch strings.ToLower(name) {
		case "host":
			req.Host = value
		case "content-length":
			// net/http computes it from the body.
		case "accept-encoding":
			// Only "identity" is passed on: otherwise the transport asks
			// for gzip itself and decodes it, as Node decodes for JS.
			if strings.EqualFold(strings.TrimSpace(value), "identity") {
				req.Header.Set(name, value)
			}
		default:
			req.Header.Add(name, value)
		}
	}
	return req, nil
}

// checkRedirect implements the redirect modes: "follow" up to
// fetchMaxRedirects, "manual" returns the redirect response itself,
// "error" fails the fetch.
func (fc *fetchCall) checkRedirect(mode string) func(*http.Request, []*http.Request) error {
	return func(_ *http.Request, via []*http.Request) error {
		switch mode {
		case "manual":
			return http.ErrUseLastResponse
		case "error":
			return errors.New("unexpected redirect")
		}
		if len(via) > fetchMaxRedirects {
			return errors.New("redirect count exceeded")
		}
		fc.mu.Lock()
		fc.redirects = len(via)
		fc.mu.Unlock()
		return nil
	}
}

// do sends the request and settles head. It runs on its own goroutine.
func (fc *fetchCall) do(ctx context.Context, client *http.Client, req *http.Request, resolveHead func(any)) {
	resp, err := client.Do(req)
	if err != nil {
		aborted := ctx.Err() != nil
		fc.cancel()
		resolveHead(func() goja.Value { return fetchErrorRecord(fc.rt.VM(), err, aborted) })
		return
	}
	fc.mu.Lock()
	redirected := fc.redirects > 0
	if fc.done {
		// Aborted while the head was on its way.
		fc.mu.Unlock()
		_ = resp.Body.Close()
		resolveHead(func() goja.Value { return fetchErrorRecord(fc.rt.VM(), context.Canceled, true) })
		return
	}
	fc.body = resp.Body
	fc.mu.Unlock()

	statusText := strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode)))
	finalURL := req.URL.String()
	if resp.Request != nil {
		finalURL = resp.Request.URL.String()
	}
	flat := make([]any, 0, 2*len(resp.Header))
	for name, values := range resp.Header {
		lower := strings.ToLower(name)
		for _, v := range values {
			flat = append(flat, lower, v)
		}
	}
	resolveHead(func() goja.Value {
		vm := fc.rt.VM()
		h := vm.NewObject()
		_ = h.Set("status", resp.StatusCode)
		_ = h.Set("statusText", statusText)
		_ = h.Set("url", finalURL)
		_ = h.Set("redirected", redirected)
		_ = h.Set("headers", vm.NewArray(flat...))
		return h
	})
}

// fetchChunkSize bounds one read of a response body, in bytes.
const fetchChunkSize = 64 << 10

// read is handle.read() → Promise of the next chunk. Loop only; fetch.js
// never has two reads pending.
func (fc *fetchCall) read() *goja.Promise {
	p, resolve, _ := fc.rt.NewPromise()
	fc.mu.Lock()
	if fc.done || fc.body == nil || fc.reading {
		fc.mu.Unlock()
		resolve(goja.Null())
		return p
	}
	fc.reading = true
	body := fc.body
	fc.mu.Unlock()

	if fc.buf == nil {
		fc.buf = make([]byte, fetchChunkSize)
	}
	buf := fc.buf
	go func() {
		var n int
		var err error
		for n == 0 && err == nil {
			n, err = body.Read(buf)
		}
		chunk := bytes.Clone(buf[:n]) // before the next read may reuse buf
		fc.mu.Lock()
		fc.reading = false
		finished := err != nil
		if finished && !fc.done {
			fc.done = true
			_ = body.Close()
		}
		fc.mu.Unlock()
		if finished {
			fc.cancel()
		}
		switch {
		case n > 0:
			resolve(func() goja.Value { vm := fc.rt.VM(); return vm.ToValue(vm.NewArrayBuffer(chunk)) })
		case errors.Is(err, io.EOF):
			resolve(goja.Null())
		default:
			aborted := errors.Is(err, context.Canceled)
			resolve(func() goja.Value { return fetchErrorRecord(fc.rt.VM(), err, aborted) })
		}
	}()
	return p
}

// abort is handle.abort(): it cancels the request and, unless a read owns
// it (that read then fails and closes it), closes the body. Loop only.
func (fc *fetchCall) abort() {
	fc.cancel()
	fc.mu.Lock()
	defer fc.mu.Unlock()
	if fc.done {
		return
	}
	if !fc.reading {
		fc.done = true
		if fc.body != nil {
			_ = fc.body.Close()
		}
	}
}

// fetchErrorRecord is the {error, code, aborted} record fetch.js turns into
// TypeError("fetch failed", {cause}) or an AbortError. Loop only.
func fetchErrorRecord(vm *goja.Runtime, err error, aborted bool) goja.Value {
	rec := vm.NewObject()
	code, msg := fetchErrorCode(err)
	_ = rec.Set("error", msg)
	if code != "" {
		_ = rec.Set("code", code)
	}
	_ = rec.Set("aborted", aborted)
	return rec
}

// fetchErrorCode maps a Go network error to Node's code and a Node-like
// message ("connect ECONNREFUSED 127.0.0.1:1").
func fetchErrorCode(err error) (code, msg string) {
	msg = err.Error()
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		// Drop net/http's `Get "http://...": ` prefix; Node's cause says
		// only what failed.
		msg = urlErr.Err.Error()
	}
	var dnsErr *net.DNSError
	var opErr *net.OpError
	switch {
	case errors.As(err, &dnsErr):
		return "ENOTFOUND", "getaddrinfo ENOTFOUND " + dnsErr.Name
	case errors.Is(err, syscall.ECONNREFUSED):
		code = "ECONNREFUSED"
	case errors.Is(err, syscall.ECONNRESET):
		code = "ECONNRESET"
	case errors.Is(err, syscall.EHOSTUNREACH):
		code = "EHOSTUNREACH"
	case errors.Is(err, syscall.ENETUNREACH):
		code = "ENETUNREACH"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, syscall.ETIMEDOUT):
		code = "ETIMEDOUT"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "UND_ERR_SOCKET", "other side closed"
	default:
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			code = "ETIMEDOUT"
		}
	}
	if code != "" && errors.As(err, &opErr) && opErr.Op == "dial" && opErr.Addr != nil {
		msg = "connect " + code + " " + opErr.Addr.String()
	}
	return code, msg
}
