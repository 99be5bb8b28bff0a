package node_test

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
)

// fetchServer is an httptest server on 127.0.0.1 with the endpoints the
// fetch tests use.
type fetchServer struct {
	*httptest.Server
	ack          chan struct{} // /ack lets /stream write its next chunk
	disconnected chan struct{} // closed when /hang sees its client go away
}

func newFetchServer(t testing.TB) *fetchServer {
	t.Helper()
	s := &fetchServer{ack: make(chan struct{}), disconnected: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Add("X-Multi", "a")
		w.Header().Add("X-Multi", "b")
		_, _ = io.WriteString(w, "héllo")
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"a":1,"list":[true,null]}`)
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"method":      r.Method,
			"contentType": r.Header.Get("Content-Type"),
			"custom":      r.Header.Get("X-Custom"),
			"userAgent":   r.Header.Get("User-Agent"),
			"body":        string(body),
			"length":      r.ContentLength,
		})
	})
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := range 3 {
			fmt.Fprintf(w, "data: %d\n\n", i)
			w.(http.Flusher).Flush()
			if i == 2 {
				return
			}
			select {
			case <-s.ack:
			case <-r.Context().Done():
				return
			}
		}
	})
	mux.HandleFunc("/ack", func(w http.ResponseWriter, r *http.Request) {
		select {
		case s.ack <- struct{}{}:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "first")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		close(s.disconnected)
	})
	mux.HandleFunc("/slowhead", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/text", http.StatusFound)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		body := strings.Repeat("0123456789", 20000)
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			_, _ = io.WriteString(zw, body)
			_ = zw.Close()
			return
		}
		_, _ = io.WriteString(w, body)
	})
	mux.HandleFunc("/nocontent", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// fetchRun runs an async script with BASE bound to the server's URL.
func fetchRun(t *testing.T, rt *modulestest.Runtime, s *fetchServer, src string) any {
	t.Helper()
	return libEval(t, rt, fmt.Sprintf("var BASE = %q;\n(async () => {\n%s\n})()", s.URL, src))
}

func TestFetchGet(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `
const res = await fetch(BASE + '/text');
check(res instanceof Response, 'Response');
eq([res.status, res.statusText, res.ok, res.url, res.redirected, res.type], [200, 'OK', true, BASE + '/text', false, 'basic'], 'status');
eq(res.headers.get('Content-Type'), 'text/plain; charset=utf-8', 'case-insensitive get');
eq(res.headers.get('x-multi'), 'a, b', 'combined values');
check(res.headers.has('X-MULTI') && !res.headers.has('x-none') && res.headers.get('x-none') === null, 'has');
throwsWith(() => res.headers.set('x', 'y'), (e) => e instanceof TypeError, 'response headers are immutable');
check(!res.bodyUsed, 'bodyUsed before');
eq(await res.text(), 'héllo', 'text');
check(res.bodyUsed, 'bodyUsed after');
await rejectsWith(res.text(), (e) => e instanceof TypeError, 'second read');

const j = await fetch(new URL('/json', BASE));
eq(await j.json(), { a: 1, list: [true, null] }, 'json');
const ab = await (await fetch(BASE + '/text')).arrayBuffer();
check(ab instanceof ArrayBuffer && ab.byteLength === 6, 'arrayBuffer');
const bytes = await (await fetch(new Request(BASE + '/text'))).bytes();
check(bytes instanceof Uint8Array && bytes.length === 6, 'bytes');

const red = await fetch(BASE + '/redirect');
eq([red.status, red.redirected, red.url, await red.text()], [200, true, BASE + '/text', 'héllo'], 'redirect followed');
const manual = await fetch(BASE + '/redirect', { redirect: 'manual' });
eq([manual.status, manual.headers.get('location')], [302, '/text'], 'manual redirect');
await rejectsWith(fetch(BASE + '/redirect', { redirect: 'error' }), (e) => e instanceof TypeError && e.message === 'fetch failed', 'redirect error');
const empty = await fetch(BASE + '/nocontent');
check(empty.status === 204 && empty.body === null, 'null body status');
const head = await fetch(BASE + '/text', { method: 'HEAD' });
check(head.body === null && head.headers.get('content-type') !== null, 'HEAD');
const big = await (await fetch(BASE + '/big', { headers: { 'Accept-Encoding': 'gzip, br' } })).text();
eq([big.length, big.slice(0, 12)], [200000, '012345678901'], 'large gzip body decoded');
const res2 = await fetch(BASE + '/big');
res2.body.getReader();
throwsWith(() => res2.body.getReader(), (e) => e instanceof TypeError, 'second reader');
await rejectsWith(res2.text(), (e) => e instanceof TypeError, 'text on a locked body');
await rejectsWith(fetch('/relative'), (e) => e instanceof TypeError && e.message === 'Failed to parse URL from /relative', 'relative URL');
`)
}

func TestFetchPost(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `
const post = async (body, headers) => (await fetch(BASE + '/echo', { method: 'post', headers, body })).json();
eq(await post('{"x":1}', { 'Content-Type': 'application/json', 'X-Custom': 'yes' }),
  { body: '{"x":1}', contentType: 'application/json', custom: 'yes', length: 7, method: 'POST', userAgent: 'node' }, 'string body');
const h = new Headers([['x-custom', 'from-headers']]);
h.append('x-custom', 'two');
eq((await post(new Uint8Array([104, 105]), h)), { body: 'hi', contentType: '', custom: 'from-headers, two', length: 2, method: 'POST', userAgent: 'node' }, 'bytes body');
eq((await post(new URLSearchParams({ q: 'a b' }))).contentType, 'application/x-www-form-urlencoded;charset=UTF-8', 'form body type');
eq((await post('plain')).contentType, 'text/plain;charset=UTF-8', 'text body type');
eq((await post(new TextEncoder().encode('ab').buffer)).body, 'ab', 'ArrayBuffer body');
const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('str')); c.enqueue(new TextEncoder().encode('eam')); c.close(); } });
eq((await post(stream)).body, 'stream', 'stream body');
const res = await fetch(BASE + '/echo', { method: 'PUT', body: 'x' });
eq([res.status, res.statusText, res.ok], [201, 'Created', true], 'created');
const clone = res.clone();
eq([(await res.json()).method, (await clone.json()).method], ['PUT', 'PUT'], 'clone');
throwsWith(() => new Request(BASE, { method: 'GET', body: 'x' }), (e) => e instanceof TypeError, 'GET with body');
`)
}

func TestFetchStreaming(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `
const res = await fetch(BASE + '/stream');
const reader = res.body.getReader();
check(res.body.locked, 'locked');
const dec = new TextDecoder();
const chunks = [];
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  check(value instanceof Uint8Array, 'chunk is a Uint8Array');
  chunks.push(dec.decode(value));
  // The server writes the next chunk only after this: each chunk arrived on its own.
  if (chunks.length < 3) await (await fetch(BASE + '/ack')).text();
}
eq(chunks, ['data: 0\n\n', 'data: 1\n\n', 'data: 2\n\n'], 'chunks');

// for await (esbuild lowers it to Symbol.asyncIterator calls).
const res2 = await fetch(BASE + '/stream');
const it = res2.body[Symbol.asyncIterator]();
let text = '';
for (let r = await it.next(); !r.done; r = await it.next()) {
  text += dec.decode(r.value);
  if (!text.endsWith('2\n\n')) await (await fetch(BASE + '/ack')).text();
}
eq(text, 'data: 0\n\ndata: 1\n\ndata: 2\n\n', 'async iteration');
check(!res2.body.locked, 'iterator released the lock');
`)
}

// TestFetchBodyBYOB reads a network body, a byte stream as in Node, with a
// BYOB reader into one reused buffer, and a cloned body's two branches.
func TestFetchBodyBYOB(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `
const res = await fetch(BASE + '/big', { headers: { 'accept-encoding': 'identity' } });
const reader = res.body.getReader({ mode: 'byob' });
check(reader instanceof ReadableStreamBYOBReader, 'a BYOB reader');
let buf = new ArrayBuffer(4096);
let total = 0, reads = 0, text = '';
const dec = new TextDecoder();
for (;;) {
  const { value, done } = await reader.read(new Uint8Array(buf), { min: 100 });
  check(value instanceof Uint8Array && value.byteLength <= 4096, 'a view of the given buffer');
  if (done) break;
  check(value.byteLength >= 100, 'min honoured');
  total += value.byteLength;
  reads++;
  if (reads === 1) text = dec.decode(value.subarray(0, 10));
  buf = value.buffer;
}
eq(total, 200000, 'bytes read');
eq(text, '0123456789', 'first bytes');
check(reads >= 200000 / 4096, 'read in buffer-sized pieces');

const res2 = await fetch(BASE + '/text');
const clone = res2.clone();
const r2 = clone.body.getReader({ mode: 'byob' });
const first = await r2.read(new Uint8Array(2));
eq(Array.from(first.value), [104, 195], 'clone BYOB read');
eq(await res2.text(), 'héllo', 'original body after a clone read');
`)
}

// TestFetchForAwait runs `for await (const chunk of res.body)` lowered by
// esbuild as pigo's bundler lowers it (goja has no for await).
func TestFetchForAwait(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	src := fmt.Sprintf(`globalThis.result = (async () => {
  const res = await fetch(%q + '/stream');
  const dec = new TextDecoder();
  let text = '';
  for await (const chunk of res.body) {
    text += dec.decode(chunk);
    if (!text.endsWith('2\n\n')) await (await fetch(%[1]q + '/ack')).text();
  }
  return text;
})();`, s.URL)
	code, err := bundler.TransformModule("forawait.js", src, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(code, "__forAwait") {
		t.Fatalf("esbuild did not lower for await:\n%s", code)
	}
	libEval(t, rt, "(function (exports, require, module) {\n"+code+"\n})({}, require, {})")
	if got, want := libEval(t, rt, "result"), "data: 0\n\ndata: 1\n\ndata: 2\n\n"; got != want {
		t.Errorf("for await read %q, want %q", got, want)
	}
}

func TestFetchAbort(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `
const ac = new AbortController();
const res = await fetch(BASE + '/hang', { signal: ac.signal });
const reader = res.body.getReader();
eq(new TextDecoder().decode((await reader.read()).value), 'first', 'first chunk');
const pending = reader.read();
ac.abort();
await rejectsWith(pending, (e) => e.name === 'AbortError', 'read after abort');

const pre = new AbortController();
pre.abort();
await rejectsWith(fetch(BASE + '/text', { signal: pre.signal }), (e) => e.name === 'AbortError', 'pre-aborted');
await rejectsWith(fetch(BASE + '/slowhead', { signal: AbortSignal.abort(new Error('mine')) }), (e) => e.message === 'mine', 'abort reason');

const late = new AbortController();
const p = fetch(BASE + '/slowhead', { signal: late.signal });
setTimeout(() => late.abort(), 10);
await rejectsWith(p, (e) => e.name === 'AbortError' && e instanceof DOMException, 'abort before head');
`)
	select {
	case <-s.disconnected:
	case <-time.After(5 * time.Second):
		t.Fatal("server did not see the aborted request go away")
	}
}

func TestFetchRuntimeCancel(t *testing.T) {
	t.Parallel()
	s := newFetchServer(t)
	rt := libRuntime(t)
	fetchRun(t, rt, s, `globalThis.pending = fetch(BASE + '/slowhead').then(() => 'resolved', (e) => e.name);`)
	rt.Cancel()
	if got := libEval(t, rt, `pending`); got != "AbortError" {
		t.Errorf("fetch after cancel settled with %v, want AbortError", got)
	}
}

func TestFetchNetworkError(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	rt := libRuntime(t)
	got := libEval(t, rt, fmt.Sprintf(`
(async () => {
  try { await fetch('http://%s/'); return 'resolved'; }
  catch (e) { return [e instanceof TypeError, e.message, e.cause.code, e.cause.message].join('|'); }
})()`, addr))
	want := strings.Join([]string{"true", "fetch failed", "ECONNREFUSED", "connect ECONNREFUSED " + addr}, "|")
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestFetchClasses(t *testing.T) {
	t.Parallel()
	rt := libRuntime(t)
	libEval(t, rt, `(async () => {
const h = new Headers({ 'Content-Type': 'a', 'set-cookie': 'x=1' });
h.append('Set-Cookie', 'y=2');
h.set('b-header', ' spaced ');
eq([...h], [['b-header', 'spaced'], ['content-type', 'a'], ['set-cookie', 'x=1'], ['set-cookie', 'y=2']], 'sorted entries');
eq(h.getSetCookie(), ['x=1', 'y=2'], 'getSetCookie');
const seen = [];
h.forEach((v, k) => seen.push(k));
eq(seen.length, 4, 'forEach');
h.delete('CONTENT-TYPE');
check(!h.has('content-type'), 'delete');
throwsWith(() => h.set('bad name', 'x'), (e) => e instanceof TypeError, 'invalid name');

const r = new Response('body', { status: 404, statusText: 'Nope', headers: { 'x-a': '1' } });
eq([r.status, r.statusText, r.ok, r.headers.get('content-type'), await r.text()], [404, 'Nope', false, 'text/plain;charset=UTF-8', 'body'], 'Response');
eq(await Response.json({ a: 1 }).json(), { a: 1 }, 'Response.json');
eq(Response.json(1).headers.get('content-type'), 'application/json', 'Response.json type');
eq(Response.error().type, 'error', 'Response.error');
eq(Response.redirect('http://x.test/a', 301).headers.get('location'), 'http://x.test/a', 'Response.redirect');
throwsWith(() => new Response(null, { status: 99 }), (e) => e instanceof RangeError, 'status range');
eq(await new Response(new Uint8Array([104, 105])).text(), 'hi', 'bytes Response');

const req = new Request('http://x.test/p', { method: 'post', body: 'b', headers: { a: '1' } });
eq([req.method, req.url, req.headers.get('a'), await req.clone().text(), await req.text()], ['POST', 'http://x.test/p', '1', 'b', 'b'], 'Request');
eq(new Request(new Request('http://x.test/', { method: 'PATCH' })).method, 'PATCH', 'Request from Request');

const s = new ReadableStream({ start(c) { c.enqueue(1); c.enqueue(2); c.close(); } });
const [a, b] = s.tee();
const all = async (st) => { const out = []; const rd = st.getReader(); for (let x = await rd.read(); !x.done; x = await rd.read()) out.push(x.value); return out; };
eq([await all(a), await all(b)], [[1, 2], [1, 2]], 'tee');
let pulls = 0;
const pulled = new ReadableStream({ pull(c) { pulls++; if (pulls > 3) c.close(); else c.enqueue(pulls); } }, { highWaterMark: 0 });
eq(await all(pulled), [1, 2, 3], 'pull source');
let canceled;
const cs = new ReadableStream({ cancel(reason) { canceled = reason; } });
await cs.cancel('why');
eq(canceled, 'why', 'cancel');
const fromIt = ReadableStream.from([1, 2]);
eq(await all(fromIt), [1, 2], 'ReadableStream.from');
})()`)
}

// TestFetchNoGoroutineLeak runs fetches to completion, to an abort and to a
// network error in a runtime that then retires, and checks that no
// goroutine outlives it. It is not parallel: goleak counts every goroutine.
func TestFetchNoGoroutineLeak(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	t.Run("fetches", func(t *testing.T) {
		s := newFetchServer(t)
		rt := libRuntime(t)
		fetchRun(t, rt, s, `
for (let i = 0; i < 3; i++) eq(await (await fetch(BASE + '/text')).text(), 'héllo', 'text');
const res = await fetch(BASE + '/stream');
const rd = res.body.getReader();
await rd.read();
await (await fetch(BASE + '/ack')).text();
await rd.read();
await (await fetch(BASE + '/ack')).text();
await rd.read();
eq((await rd.read()).done, true, 'stream done');
const ac = new AbortController();
const hang = await fetch(BASE + '/hang', { signal: ac.signal });
const hr = hang.body.getReader();
await hr.read();
ac.abort();
await hr.read().catch(() => {});
await fetch('http://127.0.0.1:1/').catch(() => {});
`)
	})
}

// BenchmarkFetchBodyText reads a 200 kB response body through its
// ReadableStream (res.arrayBuffer()) over loopback.
func BenchmarkFetchBodyText(b *testing.B) {
	s := newFetchServer(b)
	rt := libRuntime(b)
	src := fmt.Sprintf(`(async () => {
  const res = await fetch(%q + '/big', { headers: { 'accept-encoding': 'identity' } });
  return (await res.arrayBuffer()).byteLength;
})()`, s.URL)
	for b.Loop() {
		v, err := rt.Run(src)
		if err != nil {
			b.Fatal(err)
		}
		if v != int64(200000) {
			b.Fatalf("read %v bytes", v)
		}
	}
}
