package node_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tlsEchoServer serves TLS on 127.0.0.1 with a fresh self-signed
// certificate, echoing what it reads with a prefix; it returns the port and
// the certificate's PEM.
func tlsEchoServer(t *testing.T) (int, string) {
	t.Helper()
	cert, caPEM := tlsTestCert(t)
	l, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert}, NextProtos: []string{"echo/1"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				buf := make([]byte, 1024)
				n, err := c.Read(buf)
				if err != nil && err != io.EOF {
					return
				}
				_, _ = c.Write(append([]byte("echo:"), buf[:n]...))
			}()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port, caPEM
}

// tlsHTTPServer is an HTTPS server on 127.0.0.1 answering "secure <path>".
func tlsHTTPServer(t *testing.T) (int, string) {
	t.Helper()
	cert, caPEM := tlsTestCert(t)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("secure " + r.URL.Path))
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port, caPEM
}

// tlsTestCert makes a self-signed certificate for localhost and 127.0.0.1.
func tlsTestCert(t *testing.T) (tls.Certificate, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(42),
		Subject:               pkix.Name{CommonName: "pigo test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	return cert, string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}

func TestTLSConnect(t *testing.T) {
	port, caPEM := tlsEchoServer(t)
	script := `(async () => {
  const tls = require('tls');
  const PORT = ` + strconv.Itoa(port) + `;
  const CA = ` + "`" + caPEM + "`" + `;
  const out = {};
  out.ok = await new Promise((resolve, reject) => {
    const s = tls.connect({ host: '127.0.0.1', port: PORT, ca: CA, ALPNProtocols: ['echo/1'] }, () => {
      s.write('hello');
    });
    let data = '';
    s.setEncoding('utf8');
    s.on('data', (d) => { data += d; });
    s.on('end', () => resolve([data, s.authorized, s.encrypted, s.alpnProtocol, s.getProtocol(), s.getPeerCertificate().subject.CN,
      s instanceof require('net').Socket]));
    s.on('error', reject);
  });
  out.selfSigned = await new Promise((resolve) => {
    const s = tls.connect(PORT, 'localhost');
    s.on('error', (e) => resolve([e.code, e.message]));
    s.on('secureConnect', () => resolve('connected'));
  });
  out.wrongName = await new Promise((resolve) => {
    const s = tls.connect({ port: PORT, host: '127.0.0.1', servername: 'example.com', ca: CA });
    s.on('error', (e) => resolve(e.code));
    s.on('secureConnect', () => resolve('connected'));
  });
  out.insecure = await new Promise((resolve, reject) => {
    const s = tls.connect({ port: PORT, host: '127.0.0.1', rejectUnauthorized: false }, () => {
      resolve([s.authorized, s.authorizationError]);
      s.destroy();
    });
    s.on('error', reject);
  });
  return JSON.stringify(out);
})()`
	rt := libRuntime(t)
	got := libEval(t, rt, script)
	// The expectation is what Node 22 says against the same server.
	want := `{"ok":["echo:hello",true,true,"echo/1","TLSv1.3","pigo test",true],"selfSigned":["DEPTH_ZERO_SELF_SIGNED_CERT","self-signed certificate"],"wrongName":"ERR_TLS_CERT_ALTNAME_INVALID","insecure":[false,"DEPTH_ZERO_SELF_SIGNED_CERT"]}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if bin := node22(t); bin != "" {
		out, err := exec.Command(bin, "-e", script+".then((r) => console.log(r))").CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		if node := strings.TrimSpace(string(out)); node != want {
			t.Fatalf("Node 22 now says %s", node)
		}
	}
}

// https.request honours ca and rejectUnauthorized.
func TestHTTPSRequestOptions(t *testing.T) {
	port, caPEM := tlsHTTPServer(t)
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const https = require('https');
  const get = (opts) => new Promise((resolve) => {
    https.get({ host: '127.0.0.1', port: `+strconv.Itoa(port)+`, path: '/x', ...opts }, (res) => {
      let b = '';
      res.on('data', (d) => (b += d));
      res.on('end', () => resolve(res.statusCode + ' ' + b));
    }).on('error', (e) => resolve('error ' + (e.code || e.message)));
  });
  return [await get({ ca: `+"`"+caPEM+"`"+` }), await get({ rejectUnauthorized: false }), (await get({})).slice(0, 6)].join(' | ');
})()`)
	if got != "200 secure /x | 200 secure /x | error " {
		t.Fatalf("%v", got)
	}
}

// tls.createServer and https.createServer with a PEM certificate, reached
// by pigo's own clients.
func TestTLSServers(t *testing.T) {
	cert, caPEM := tlsTestCert(t)
	keyDER, err := x509.MarshalPKCS8PrivateKey(cert.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	keyPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}))
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const tls = require('tls');
  const https = require('https');
  const CERT = `+"`"+caPEM+"`"+`, KEY = `+"`"+keyPEM+"`"+`;
  const out = [];
  const srv = tls.createServer({ cert: CERT, key: KEY }, (s) => {
    out.push('secure ' + s.encrypted + ' ' + s.getProtocol());
    s.end('hi from tls');
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  out.push(await new Promise((resolve, reject) => {
    const c = tls.connect({ port: srv.address().port, host: '127.0.0.1', ca: CERT }, () => out.push('client authorized ' + c.authorized));
    let d = '';
    c.on('data', (x) => (d += x));
    c.on('end', () => resolve(d));
    c.on('error', reject);
  }));
  await new Promise((r) => srv.close(r));
  const hs = https.createServer({ cert: CERT, key: KEY }, (req, res) => res.end('https ' + req.url));
  await new Promise((r) => hs.listen(0, '127.0.0.1', r));
  out.push(await new Promise((resolve, reject) => {
    https.get({ host: '127.0.0.1', port: hs.address().port, path: '/p', ca: CERT }, (res) => {
      let b = '';
      res.on('data', (x) => (b += x));
      res.on('end', () => resolve(res.statusCode + ' ' + b));
    }).on('error', reject);
  }));
  await new Promise((r) => hs.close(r));
  // The two ends learn of the handshake in either order.
  return [...out.slice(0, 2).sort(), ...out.slice(2)].join(' | ');
})()`)
	if got != "client authorized true | secure true TLSv1.3 | hi from tls | 200 https /p" {
		t.Fatalf("%v", got)
	}
}

// tls.connect({socket}) upgrades a connected socket, as node-postgres does
// after its SSLRequest: the server answers "S" in clear, then speaks TLS.
func TestTLSUpgradeSocket(t *testing.T) {
	cert, caPEM := tlsTestCert(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 8)
		if _, err := io.ReadFull(c, buf[:3]); err != nil || string(buf[:3]) != "SSL" {
			return
		}
		_, _ = c.Write([]byte("S"))
		tc := tls.Server(c, &tls.Config{Certificates: []tls.Certificate{cert}})
		n, err := tc.Read(buf)
		if err != nil {
			return
		}
		_, _ = tc.Write(append([]byte("secure:"), buf[:n]...))
		_ = tc.Close()
	}()
	rt := libRuntime(t)
	got := libEval(t, rt, `(async () => {
  const net = require('net');
  const tls = require('tls');
  const raw = net.connect(`+strconv.Itoa(l.Addr().(*net.TCPAddr).Port)+`, '127.0.0.1');
  await new Promise((r) => raw.once('connect', r));
  raw.write('SSL');
  const answer = await new Promise((r) => raw.once('data', (d) => r(String(d))));
  const s = tls.connect({ socket: raw, host: 'localhost', ca: `+"`"+caPEM+"`"+` });
  s.write('ping');
  await new Promise((r, j) => { s.once('secureConnect', r); s.once('error', j); });
  let data = '';
  s.on('data', (d) => (data += d));
  await new Promise((r) => s.on('end', r));
  return [answer, s.authorized, s.getProtocol(), data].join(' ');
})()`)
	if got != "S true TLSv1.3 secure:ping" {
		t.Fatalf("%v", got)
	}
}
