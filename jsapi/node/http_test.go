package node_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// pigo's http server answers Node 22's client, and pigo's client talks to
// Node 22's server: streaming bodies both ways, headers, status.
func TestHTTPInteropWithNode(t *testing.T) {
	bin := node22(t)
	rt := libRuntime(t)
	port := libEval(t, rt, `(async () => {
  const http = require('http');
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.writeHead(202, { 'X-Echo': req.headers['x-in'] || '' });
      res.write('got:');
      setTimeout(() => res.end(body), 5);
    });
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  globalThis.__srv = srv;
  return srv.address().port;
})()`)
	client := fmt.Sprintf(`const http = require('http');
const req = http.request({ host: '127.0.0.1', port: %v, method: 'PUT', path: '/p', headers: { 'X-In': 'node' } }, (res) => {
  let b = '';
  res.on('data', (d) => (b += d));
  res.on('end', () => console.log(res.statusCode, res.headers['x-echo'], res.headers['transfer-encoding'], b));
});
req.write('chunk1-');
setTimeout(() => req.end('chunk2'), 10);`, port)
	out, err := exec.Command(bin, "-e", client).CombinedOutput()
	if err != nil {
		t.Fatalf("node client: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "202 node chunked got:chunk1-chunk2" {
		t.Fatalf("node client saw %q", got)
	}
	libEval(t, rt, `new Promise((r) => __srv.close(r))`)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	server := exec.CommandContext(ctx, bin, "-e", `const http = require('http');
const srv = http.createServer((req, res) => {
  let b = '';
  req.on('data', (d) => (b += d));
  req.on('end', () => {
    res.setHeader('Set-Cookie', ['a=1', 'b=2']);
    res.write(req.method + ' ' + req.url + ' ' + req.headers['content-length'] + ' ');
    setTimeout(() => res.end(b), 10);
  });
});
srv.listen(0, '127.0.0.1', () => console.log(srv.address().port));
setTimeout(() => process.exit(0), 15000);`)
	stdout, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = server.Process.Kill(); _ = server.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	got := libEval(t, rt, `(async () => {
  const http = require('http');
  return await new Promise((resolve, reject) => {
    const req = http.request('http://127.0.0.1:`+strings.TrimSpace(line)+`/x?y=1', { method: 'POST' }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(String(d)));
      res.on('end', () => resolve([res.statusCode, res.statusMessage, res.headers['set-cookie'], parts.join('')]));
    });
    req.on('error', reject);
    req.write('hello ');
    req.end('node');
  });
})()`)
	// Written before end(), the body streams chunked, as from Node.
	want := `[200 OK [a=1 b=2] POST /x?y=1 undefined hello node]`
	if fmt.Sprint(got) != want {
		t.Fatalf("pigo client saw %v, want %s", got, want)
	}
}

// A request body written before end() streams: the server sees the first
// chunk before the client has written the second.
func TestHTTPClientStreamsBody(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const http = require('http');
  let firstSeen;
  const first = new Promise((r) => (firstSeen = r));
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => { body += d; firstSeen(); });
    req.on('end', () => res.end(req.headers['transfer-encoding'] + ' ' + body));
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const result = new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: srv.address().port, method: 'POST' }, (res) => {
      let b = '';
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve(b));
    });
    req.on('error', reject);
    req.write('first;');
    first.then(() => req.end('second'));
  });
  const out = await result;
  await new Promise((r) => srv.close(r));
  return out;
})()`)
	if got != "chunked first;second" {
		t.Fatalf("%v", got)
	}
}

// A client going away closes the server's request and response (what SSE
// handlers wait for); res.destroy() mid-response drops the connection and
// the client's response is 'aborted'. Node 22 prints the same line.
func TestHTTPServerClose(t *testing.T) {
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const http = require('http');
  const log = [];
  let closed;
  const bothClosed = new Promise((r) => (closed = r));
  const srv = http.createServer((req, res) => {
    if (req.url === '/destroy') {
      res.write('partial');
      setTimeout(() => res.destroy(), 10);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: 1\n\n');
    let n = 0;
    req.on('close', () => { log.push('req close'); if (++n === 2) closed(); });
    res.on('close', () => { log.push('res close'); if (++n === 2) closed(); });
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + srv.address().port;
  await new Promise((resolve) => {
    const req = http.get(base + '/sse', (res) => {
      res.once('data', (d) => { log.push('client got ' + JSON.stringify(String(d))); req.destroy(); resolve(); });
    });
    req.on('error', () => {});
  });
  await bothClosed;
  const destroyed = await new Promise((resolve) => {
    http.get(base + '/destroy', (res) => {
      res.on('data', () => {});
      res.on('aborted', () => resolve('aborted'));
      res.on('error', (e) => resolve('error ' + e.code));
      res.on('end', () => resolve('end'));
    }).on('error', (e) => resolve('req error ' + e.code));
  });
  srv.closeAllConnections();
  await new Promise((r) => srv.close(r));
  return log.sort().join(', ') + ' | ' + destroyed;
})()`)
	if got != `client got "data: 1\n\n", req close, res close | aborted` {
		t.Fatalf("%q", got)
	}
}

// Upgrades: the server's 'upgrade' listener gets the request and the raw
// connection, writes the 101 itself and speaks the new protocol; the
// client's 'upgrade' listener gets the 101 and its connection. Without an
// 'upgrade' listener the server answers the request as a plain one. Node
// 22 gives the same log.
func TestHTTPUpgrade(t *testing.T) {
	const script = `(async () => {
  const http = require('http');
  const net = require('net');
  const log = [];
  const srv = http.createServer((req, res) => res.end('plain ' + req.headers.upgrade));
  let upgraded;
  srv.on('upgrade', (req, socket, head) => {
    upgraded = socket;
    log.push(['server', req.method, req.url, req.headers.upgrade, req.upgrade, head.length]);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (d) => socket.write('echo:' + d));
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const port = srv.address().port;
  log.push(await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/up?x=1', headers: { Connection: 'Upgrade', Upgrade: 'echo' } });
    req.on('upgrade', (res, socket, head) => {
      log.push(['client', res.statusCode, res.headers.upgrade, res.upgrade, head.length]);
      socket.once('data', (d) => { resolve(String(d)); socket.destroy(); });
      socket.write('hi');
    });
    req.on('error', reject);
    req.end();
  }));
  // An upgraded connection is no longer the server's: it is ended by hand.
  upgraded.destroy();
  await new Promise((r) => srv.close(r));
  const plain = http.createServer((req, res) => res.end('plain ' + req.headers.upgrade));
  await new Promise((r) => plain.listen(0, '127.0.0.1', r));
  log.push(await new Promise((resolve) => {
    const c = net.connect(plain.address().port, '127.0.0.1', () => c.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: echo\r\n\r\n'));
    let b = '';
    c.on('data', (d) => (b += d));
    c.on('close', () => resolve([b.split('\r\n')[0], b.slice(b.indexOf('\r\n\r\n') + 4)]));
  }));
  await new Promise((r) => plain.close(r));
  return JSON.stringify(log);
})()`
	const want = `[["server","GET","/up?x=1","echo",true,0],["client",101,"echo",true,0],"echo:hi",["HTTP/1.1 200 OK","plain echo"]]`
	if got := libEval(t, libRuntime(t), script); got != want {
		t.Errorf("pigo:\n%v\nwant\n%s", got, want)
	}
	out, err := exec.Command(node22(t), "-e", script+".then(console.log)").CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("node 22:\n%s\nwant\n%s", got, want)
	}
}

// httpReasonServer answers each path with a different status line and
// framing; the same script runs in pigo and in Node 22.
const httpReasonServer = `const http = require('http');
const srv = http.createServer((req, res) => {
  if (req.url === '/teapot') { res.statusCode = 418; res.end('t'); }
  else if (req.url === '/custom') { res.writeHead(299, 'Custom Reason', { 'X-R': '1' }); res.end('body'); }
  else if (req.url === '/direct') { res.statusMessage = 'Set Directly'; res.write('a'); res.end('b'); }
  else if (req.url === '/unknown') { res.statusCode = 599; res.end(); }
  else if (req.url === '/empty') { res.writeHead(201); res.end(); }
  else { res.writeHead(200, 'Sized', { 'Content-Length': '2' }); res.end('ok'); }
});`

// httpStatusLines sends one request per path over a single keep-alive
// connection to port and returns what each response's status line,
// framing and body were.
func httpStatusLines(t *testing.T, port string, paths []string) []string {
	t.Helper()
	conn, err := net.Dial("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(20 * time.Second))
	br := bufio.NewReader(conn)
	var out []string
	for _, p := range paths {
		if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", p); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out = append(out, fmt.Sprintf("%s %q te=%v len=%d close=%v %s", p, resp.Status, resp.TransferEncoding, resp.ContentLength, resp.Close, body))
	}
	return out
}

// The server puts res.statusMessage (or Node's STATUS_CODES phrase) on the
// wire, not net/http's, response after response on one keep-alive
// connection, with the status lines and framing Node 22 sends.
func TestHTTPServerReasonPhrase(t *testing.T) {
	bin := node22(t)
	paths := []string{"/teapot", "/custom", "/direct", "/unknown", "/empty", "/sized", "/teapot"}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	server := exec.CommandContext(ctx, bin, "-e", httpReasonServer+`
srv.listen(0, '127.0.0.1', () => console.log(srv.address().port));
setTimeout(() => process.exit(0), 15000);`)
	stdout, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = server.Process.Kill(); _ = server.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	want := httpStatusLines(t, strings.TrimSpace(line), paths)

	rt := libRuntime(t)
	port := libEval(t, rt, `(async () => {
`+httpReasonServer+`
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  globalThis.__srv = srv;
  return srv.address().port;
})()`)
	got := httpStatusLines(t, fmt.Sprint(port), paths)
	libEval(t, rt, `new Promise((r) => __srv.close(r))`)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("pigo:\n%s\nnode:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(want[0], `"418 I'm a Teapot"`) {
		t.Fatalf("node's teapot: %s", want[0])
	}
}
