package node_test

import (
	"crypto/x509"
	"encoding/pem"
	"testing"

	"go.uber.org/goleak"
)

// TestNodeIONoGoroutineLeak leaves a zlib stream mid-way, a net server
// with an open connection, an http server with a request in progress and
// a TLS server with an open connection, then retires the runtime: nothing
// may outlive it.
func TestNodeIONoGoroutineLeak(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	t.Run("open resources", func(t *testing.T) {
		cert, caPEM := tlsTestCert(t)
		keyDER, err := x509.MarshalPKCS8PrivateKey(cert.PrivateKey)
		if err != nil {
			t.Fatal(err)
		}
		keyPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}))
		rt := libRuntime(t)
		got := libEval(t, rt, `(async () => {
  const zlib = require('zlib');
  const net = require('net');
  const http = require('http');
  const g = zlib.createGunzip();
  g.write(zlib.gzipSync('x'.repeat(1000)).subarray(0, 10));
  const d = zlib.createDeflate();
  d.write('pending');
  const srv = net.createServer((s) => s.write('hi'));
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const c = net.connect(srv.address().port, '127.0.0.1');
  await new Promise((r) => c.once('data', r));
  let started;
  const hs = http.createServer((req, res) => { res.write('partial'); started(); });
  await new Promise((r) => hs.listen(0, '127.0.0.1', r));
  await new Promise((resolve) => {
    started = resolve;
    http.get('http://127.0.0.1:' + hs.address().port + '/', (res) => res.resume());
  });
  const tls = require('tls');
  const CERT = `+"`"+caPEM+"`"+`;
  const ts = tls.createServer({ cert: CERT, key: `+"`"+keyPEM+"`"+` }, (s) => s.write('hello'));
  await new Promise((r) => ts.listen(0, '127.0.0.1', r));
  const tc = tls.connect({ port: ts.address().port, host: '127.0.0.1', ca: CERT });
  await new Promise((r) => tc.once('data', r));
  return 'ok';
})()`)
		if got != "ok" {
			t.Fatal(got)
		}
	})
}
