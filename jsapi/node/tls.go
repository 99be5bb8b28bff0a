package node

import (
	"bytes"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"net"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// tlsModule is the "tls" module (tls.js): tls.connect dials TCP, runs the
// handshake with Go's crypto/tls and hands the encrypted connection to the
// same connection handle net uses, so a TLSSocket is a net.Socket; a
// tls.Server is net's listener with a handshake per connection. Upgrading
// an existing socket is not provided.
func tlsModule(rt modules.Runtime, module *goja.Object) error {
	t := &tlsHelpers{net: &netHelpers{rt: rt, vm: rt.VM()}}
	return libRunJS(rt, module, tlsProgram, map[string]any{
		"connect":  t.connect,
		"listen":   t.listen,
		"startTLS": t.startTLS,
	})
}

// tlsAuthCode is the code of a failed handshake or verification.
func tlsAuthCode(err error) string {
	var ae tlsAuthError
	if errors.As(err, &ae) {
		return ae.code
	}
	return "ERR_SSL_HANDSHAKE_FAILURE"
}

// startTLS is startTLS(handle, host, options, cb(err, info)): the client
// handshake over an already connected socket (tls.connect({socket}), the
// STARTTLS of database and mail protocols), after the writes queued before
// it. The handle then reads and writes through TLS.
func (t *tlsHelpers) startTLS(handle goja.Value, host string, opts goja.Value, cb goja.Callable) {
	vm := t.net.vm
	up, ok := handle.ToObject(vm).GetSymbol(netUpgradeKey).Export().(*netUpgrader)
	if !ok {
		panic(vm.NewTypeError("not a socket handle"))
	}
	cfg, serverName, reject, pool := t.clientConfig(host, opts)
	ctx := t.net.rt.Context()
	up.run(func(c net.Conn) (net.Conn, map[string]any, error) {
		tc := tls.Client(c, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			return nil, nil, err
		}
		st := tc.ConnectionState()
		authErr := tlsVerify(st, serverName, pool)
		if authErr != nil && reject {
			return nil, nil, authErr
		}
		return tc, tlsStateInfo(st, authErr), nil
	}, cb)
}

// tlsServerConfig builds a server configuration from {cert, key, ca,
// requestCert, rejectUnauthorized, ALPNProtocols, minVersion}.
func tlsServerConfig(vm *goja.Runtime, o *goja.Object) (*tls.Config, error) {
	get := func(k string) goja.Value {
		v := o.Get(k)
		if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
			return nil
		}
		return v
	}
	c, k := get("cert"), get("key")
	if c == nil || k == nil {
		return nil, errors.New("not supported yet: node:tls server without cert and key (pfx, SNICallback)")
	}
	pair, err := tls.X509KeyPair([]byte(strings.Join(tlsStrings(vm, c), "\n")), []byte(strings.Join(tlsStrings(vm, k), "\n")))
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}
	if v := get("ALPNProtocols"); v != nil {
		cfg.NextProtos = tlsStrings(vm, v)
	}
	if v := get("minVersion"); v != nil {
		cfg.MinVersion = tlsVersion(v.String(), cfg.MinVersion)
	}
	if v := get("requestCert"); v != nil && v.ToBoolean() {
		cfg.ClientAuth = tls.RequestClientCert
		if r := get("rejectUnauthorized"); r == nil || r.ToBoolean() {
			cfg.ClientAuth = tls.RequireAndVerifyClientCert
		}
		if ca := get("ca"); ca != nil {
			pool := x509.NewCertPool()
			for _, p := range tlsStrings(vm, ca) {
				pool.AppendCertsFromPEM([]byte(p))
			}
			cfg.ClientCAs = pool
		}
	}
	return cfg, nil
}

// listen is listen(host, port, options, onConnection(handle), cb(err,
// address)) for tls.Server: net's listener with a handshake before each
// connection is handed over.
func (t *tlsHelpers) listen(host string, port int, opts goja.Value, onConn, cb goja.Callable) goja.Value {
	n := t.net
	cfg, err := tlsServerConfig(n.vm, opts.ToObject(n.vm))
	if err != nil {
		panic(n.vm.NewGoError(err))
	}
	ctx := n.rt.Context()
	return n.listenWith(host, port, "", onConn, cb, func(c net.Conn) (net.Conn, map[string]any, error) {
		sc := tls.Server(c, cfg)
		if err := sc.HandshakeContext(ctx); err != nil {
			return nil, nil, err
		}
		st := sc.ConnectionState()
		info := map[string]any{
			"authorized":   len(st.PeerCertificates) > 0 && cfg.ClientAuth == tls.RequireAndVerifyClientCert,
			"alpnProtocol": st.NegotiatedProtocol,
			"protocol":     tlsVersionName(st.Version),
			"cipher":       tls.CipherSuiteName(st.CipherSuite),
			"servername":   st.ServerName,
		}
		if len(st.PeerCertificates) > 0 {
			info["peer"] = tlsCertInfo(st.PeerCertificates[0])
		}
		return sc, info, nil
	})
}

type tlsHelpers struct {
	net *netHelpers
}

// connect is connect(host, port, {servername, rejectUnauthorized, ca,
// cert, key, ALPNProtocols, minVersion, maxVersion}, cb(err, handle)).
// The handle carries tls: {authorized, authorizationError, alpnProtocol,
// protocol, cipher, peer}.
func (t *tlsHelpers) connect(host string, port int, opts goja.Value, cb goja.Callable) {
	n := t.net
	vm := n.vm
	cfg, serverName, reject, pool := t.clientConfig(host, opts)
	ctx := n.rt.Context()
	go func() {
		var d net.Dialer
		raw, err := d.DialContext(ctx, "tcp", net.JoinHostPort(host, strconv.Itoa(port)))
		var conn *tls.Conn
		var authErr error
		if err == nil {
			conn = tls.Client(raw, cfg)
			err = conn.HandshakeContext(ctx)
			if err == nil {
				authErr = tlsVerify(conn.ConnectionState(), serverName, pool)
				if authErr != nil && reject {
					err = authErr
					_ = conn.Close()
				}
			} else {
				_ = raw.Close()
			}
		}
		if !n.rt.Post(func() {
			if err != nil {
				info := netErrorInfo(vm, err, "connect", host, port)
				var ae tlsAuthError
				if errors.As(err, &ae) {
					info = vm.ToValue(map[string]any{"tls": ae.msg, "code": ae.code})
				} else if strings.Contains(err.Error(), "tls:") {
					info = vm.ToValue(map[string]any{"tls": err.Error(), "code": "ERR_SSL_HANDSHAKE_FAILURE"})
				}
				sysCall(n.rt, "tls connect", cb, goja.Undefined(), info)
				return
			}
			h := n.connHandle(conn).ToObject(vm)
			_ = h.Set("tls", tlsStateInfo(conn.ConnectionState(), authErr))
			sysCall(n.rt, "tls connect", cb, goja.Undefined(), goja.Null(), h)
		}) && conn != nil && err == nil {
			_ = conn.Close()
		}
	}()
}

// tlsAuthError is a failed verification with Node's code and message.
type tlsAuthError struct{ code, msg string }

func (e tlsAuthError) Error() string { return e.msg }

// tlsVerify checks the peer chain against pool (the system roots when
// nil) and the name, as OpenSSL does for rejectUnauthorized, and words a
// failure as Node does.
func tlsVerify(st tls.ConnectionState, name string, pool *x509.CertPool) error {
	certs := st.PeerCertificates
	if len(certs) == 0 {
		return tlsAuthError{"UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify the first certificate"}
	}
	inter := x509.NewCertPool()
	for _, c := range certs[1:] {
		inter.AddCert(c)
	}
	_, err := certs[0].Verify(x509.VerifyOptions{DNSName: name, Roots: pool, Intermediates: inter})
	if err == nil {
		return nil
	}
	var hn x509.HostnameError
	var inv x509.CertificateInvalidError
	var ua x509.UnknownAuthorityError
	switch {
	case errors.As(err, &hn):
		return tlsAuthError{"ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames: Host: " + name + ". is not in the cert's altnames: " + tlsAltNames(certs[0])}
	case errors.As(err, &inv) && inv.Reason == x509.Expired:
		return tlsAuthError{"CERT_HAS_EXPIRED", "certificate has expired"}
	case errors.As(err, &ua):
		last := certs[len(certs)-1]
		selfSigned := bytes.Equal(last.RawIssuer, last.RawSubject)
		switch {
		case selfSigned && len(certs) == 1:
			return tlsAuthError{"DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"}
		case selfSigned:
			return tlsAuthError{"SELF_SIGNED_CERT_IN_CHAIN", "self-signed certificate in certificate chain"}
		}
		return tlsAuthError{"UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "unable to get local issuer certificate"}
	}
	return tlsAuthError{"CERT_INVALID", err.Error()}
}

func tlsStrings(vm *goja.Runtime, v goja.Value) []string {
	if obj, ok := v.(*goja.Object); ok && obj.ClassName() == "Array" {
		var out []string
		for _, k := range obj.Keys() {
			out = append(out, tlsString(obj.Get(k)))
		}
		return out
	}
	return []string{tlsString(v)}
}

func tlsString(v goja.Value) string {
	if b, ok := libViewBytes(v); ok {
		return string(b)
	}
	return v.String()
}

func tlsVersion(s string, def uint16) uint16 {
	switch s {
	case "TLSv1.2":
		return tls.VersionTLS12
	case "TLSv1.3":
		return tls.VersionTLS13
	case "TLSv1.1":
		return tls.VersionTLS11
	case "TLSv1":
		return tls.VersionTLS10
	}
	return def
}

func tlsVersionName(v uint16) string {
	switch v {
	case tls.VersionTLS13:
		return "TLSv1.3"
	case tls.VersionTLS12:
		return "TLSv1.2"
	case tls.VersionTLS11:
		return "TLSv1.1"
	case tls.VersionTLS10:
		return "TLSv1"
	}
	return "unknown"
}

// tlsCertInfo is the part of getPeerCertificate() pigo fills in.
func tlsCertInfo(c *x509.Certificate) map[string]any {
	fp := sha256.Sum256(c.Raw)
	hexes := make([]string, len(fp))
	for i, b := range fp {
		hexes[i] = strings.ToUpper(hex.EncodeToString([]byte{b}))
	}
	return map[string]any{
		"subject":        map[string]any{"CN": c.Subject.CommonName},
		"issuer":         map[string]any{"CN": c.Issuer.CommonName},
		"subjectaltname": tlsAltNames(c),
		"valid_from":     c.NotBefore.UTC().Format("Jan _2 15:04:05 2006 GMT"),
		"valid_to":       c.NotAfter.UTC().Format("Jan _2 15:04:05 2006 GMT"),
		"serialNumber":   strings.ToUpper(c.SerialNumber.Text(16)),
		"fingerprint256": strings.Join(hexes, ":"),
	}
}

func tlsAltNames(c *x509.Certificate) string {
	var parts []string
	for _, d := range c.DNSNames {
		parts = append(parts, "DNS:"+d)
	}
	for _, ip := range c.IPAddresses {
		parts = append(parts, "IP Address:"+ip.String())
	}
	return strings.Join(parts, ", ")
}

// clientConfig reads tls.connect's options: the crypto/tls configuration
// (verification is done by tlsVerify, to word failures as Node does), the
// name to verify, whether to reject failures, and the CA pool (nil: the
// system roots).
func (t *tlsHelpers) clientConfig(host string, opts goja.Value) (*tls.Config, string, bool, *x509.CertPool) {
	vm := t.net.vm
	o := opts.ToObject(vm)
	get := func(k string) goja.Value {
		v := o.Get(k)
		if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
			return nil
		}
		return v
	}
	serverName := host
	if v := get("servername"); v != nil {
		serverName = v.String()
	}
	reject := true
	if v := get("rejectUnauthorized"); v != nil {
		reject = v.ToBoolean()
	}
	var pool *x509.CertPool
	if v := get("ca"); v != nil {
		pool = x509.NewCertPool()
		for _, pemText := range tlsStrings(vm, v) {
			pool.AppendCertsFromPEM([]byte(pemText))
		}
	}
	cfg := &tls.Config{ServerName: serverName, RootCAs: pool, InsecureSkipVerify: true, MinVersion: tls.VersionTLS12}
	if v := get("ALPNProtocols"); v != nil {
		cfg.NextProtos = tlsStrings(vm, v)
	}
	if v := get("minVersion"); v != nil {
		cfg.MinVersion = tlsVersion(v.String(), cfg.MinVersion)
	}
	if v := get("maxVersion"); v != nil {
		cfg.MaxVersion = tlsVersion(v.String(), 0)
	}
	if c, k := get("cert"), get("key"); c != nil && k != nil {
		pair, err := tls.X509KeyPair([]byte(strings.Join(tlsStrings(vm, c), "\n")), []byte(strings.Join(tlsStrings(vm, k), "\n")))
		if err != nil {
			panic(vm.NewGoError(err))
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg, serverName, reject, pool
}

// tlsStateInfo is the handle's tls record: {authorized,
// authorizationError, alpnProtocol, protocol, cipher, peer}.
func tlsStateInfo(st tls.ConnectionState, authErr error) map[string]any {
	info := map[string]any{
		"authorized":   authErr == nil,
		"alpnProtocol": st.NegotiatedProtocol,
		"protocol":     tlsVersionName(st.Version),
		"cipher":       tls.CipherSuiteName(st.CipherSuite),
	}
	if authErr != nil {
		info["authorizationError"] = tlsAuthCode(authErr)
	}
	if len(st.PeerCertificates) > 0 {
		info["peer"] = tlsCertInfo(st.PeerCertificates[0])
	}
	return info
}
