package node

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"math/big"
	"strings"

	"github.com/dop251/goja"
)

// Asymmetric keys for crypto.js: key pair generation (rsa, ec, ed25519),
// parsing (PEM and DER in pkcs1, pkcs8, spki and sec1, and JWK), export,
// and sign / verify. A key is an opaque handle, cryptoKey, that crypto.js
// keeps inside its KeyObject. Encrypted private keys (passphrase, cipher)
// are not supported and say so.

// cryptoKey is a parsed or generated asymmetric key.
type cryptoKey struct {
	priv crypto.Signer    // nil for a public key
	pub  crypto.PublicKey // always set
}

func (k *cryptoKey) kind() string {
	switch k.pub.(type) {
	case *rsa.PublicKey:
		return "rsa"
	case *ecdsa.PublicKey:
		return "ec"
	case ed25519.PublicKey:
		return "ed25519"
	}
	return ""
}

// keyInfo is the handle crypto.js sees: {type, asymmetricKeyType,
// details, key}, key being the Go value it hands back.
func (h cryptoHelpers) keyInfo(k *cryptoKey) goja.Value {
	typ := "public"
	if k.priv != nil {
		typ = "private"
	}
	details := map[string]any{}
	switch p := k.pub.(type) {
	case *rsa.PublicKey:
		details["modulusLength"] = p.N.BitLen()
		details["publicExponent"] = p.E
	case *ecdsa.PublicKey:
		details["namedCurve"] = cryptoCurveName(p.Curve)
	}
	return h.vm.ToValue(map[string]any{"type": typ, "asymmetricKeyType": k.kind(), "details": details, "key": k})
}

func cryptoCurveName(c elliptic.Curve) string {
	switch c {
	case elliptic.P256():
		return "prime256v1"
	case elliptic.P384():
		return "secp384r1"
	case elliptic.P521():
		return "secp521r1"
	}
	return ""
}

func cryptoCurve(name string) elliptic.Curve {
	switch strings.ToLower(name) {
	case "prime256v1", "p-256", "secp256r1":
		return elliptic.P256()
	case "secp384r1", "p-384":
		return elliptic.P384()
	case "secp521r1", "p-521":
		return elliptic.P521()
	}
	return nil
}

func (h cryptoHelpers) keyArg(v goja.Value) *cryptoKey {
	if k, ok := v.Export().(*cryptoKey); ok {
		return k
	}
	panic(h.vm.NewTypeError("invalid key handle"))
}

// keyGenerate is keyGenerate(type, {modulusLength, publicExponent,
// namedCurve}) → key info, or an error message string.
func (h cryptoHelpers) keyGenerate(typ string, opts goja.Value) goja.Value {
	o := opts.ToObject(h.vm)
	k, err := cryptoGenerate(typ, int(o.Get("modulusLength").ToInteger()), int(o.Get("publicExponent").ToInteger()), o.Get("namedCurve").String())
	if err != nil {
		return h.vm.ToValue(err.Error())
	}
	return h.keyInfo(k)
}

func cryptoGenerate(typ string, bits, exp int, curve string) (*cryptoKey, error) {
	switch typ {
	case "rsa":
		if exp != 0 && exp != 65537 {
			return nil, errors.New("only publicExponent 65537 is supported")
		}
		k, err := rsa.GenerateKey(rand.Reader, bits)
		if err != nil {
			return nil, err
		}
		return &cryptoKey{priv: k, pub: &k.PublicKey}, nil
	case "ec":
		c := cryptoCurve(curve)
		if c == nil {
			return nil, errors.New("Invalid EC curve name")
		}
		k, err := ecdsa.GenerateKey(c, rand.Reader)
		if err != nil {
			return nil, err
		}
		return &cryptoKey{priv: k, pub: &k.PublicKey}, nil
	case "ed25519":
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		return &cryptoKey{priv: priv, pub: pub}, nil
	}
	return nil, errors.New("unsupported key type " + typ)
}

// keyGenerateAsync is keyGenerateAsync(type, opts, cb(err, info)): RSA
// generation is slow, so it runs on a goroutine.
func (h cryptoHelpers) keyGenerateAsync(typ string, opts goja.Value, cb goja.Callable) {
	o := opts.ToObject(h.vm)
	bits, exp, curve := int(o.Get("modulusLength").ToInteger()), int(o.Get("publicExponent").ToInteger()), o.Get("namedCurve").String()
	go func() {
		k, err := cryptoGenerate(typ, bits, exp, curve)
		h.rt.Post(func() {
			if err != nil {
				sysCall(h.rt, "generateKeyPair callback", cb, goja.Undefined(), h.vm.ToValue(err.Error()))
				return
			}
			sysCall(h.rt, "generateKeyPair callback", cb, goja.Undefined(), goja.Null(), h.keyInfo(k))
		})
	}()
}

// keyParse is keyParse(bytes, format, type, wantPrivate) → key info or an
// error message. format is "pem" or "der"; for DER, type names the
// structure (pkcs1, pkcs8, spki, sec1). A private key asked for as public
// yields its public half, as createPublicKey does.
func (h cryptoHelpers) keyParse(data goja.Value, format, typ string, wantPrivate bool) goja.Value {
	b := libBytesArg(h.vm, data, "key")
	k, err := cryptoParse(b, format, typ, wantPrivate)
	if err != nil {
		return h.vm.ToValue(err.Error())
	}
	return h.keyInfo(k)
}

func cryptoParse(b []byte, format, typ string, wantPrivate bool) (*cryptoKey, error) {
	der := b
	if format == "pem" {
		blk, _ := pem.Decode(b)
		if blk == nil {
			return nil, errors.New("error:1E08010C:DECODER routines::unsupported")
		}
		if blk.Headers["Proc-Type"] != "" || blk.Type == "ENCRYPTED PRIVATE KEY" {
			return nil, errors.New("not supported yet: node:crypto encrypted private keys")
		}
		der = blk.Bytes
		switch blk.Type {
		case "RSA PRIVATE KEY":
			typ = "pkcs1"
		case "RSA PUBLIC KEY":
			typ = "pkcs1-public"
		case "PRIVATE KEY":
			typ = "pkcs8"
		case "PUBLIC KEY":
			typ = "spki"
		case "EC PRIVATE KEY":
			typ = "sec1"
		case "CERTIFICATE":
			typ = "cert"
		}
	}
	var priv any
	var pub any
	var err error
	switch typ {
	case "pkcs1":
		if priv, err = x509.ParsePKCS1PrivateKey(der); err != nil {
			if pub, err = x509.ParsePKCS1PublicKey(der); err != nil {
				return nil, err
			}
		}
	case "pkcs1-public":
		pub, err = x509.ParsePKCS1PublicKey(der)
	case "pkcs8":
		priv, err = x509.ParsePKCS8PrivateKey(der)
	case "spki":
		pub, err = x509.ParsePKIXPublicKey(der)
	case "sec1":
		priv, err = x509.ParseECPrivateKey(der)
	case "cert":
		var cert *x509.Certificate
		if cert, err = x509.ParseCertificate(der); err == nil {
			pub = cert.PublicKey
		}
	default:
		if priv, err = x509.ParsePKCS8PrivateKey(der); err != nil {
			pub, err = x509.ParsePKIXPublicKey(der)
		}
	}
	if err != nil {
		return nil, err
	}
	if priv != nil {
		s, ok := priv.(crypto.Signer)
		if !ok {
			return nil, errors.New("unsupported key type")
		}
		if !wantPrivate {
			return &cryptoKey{pub: s.Public()}, nil
		}
		return &cryptoKey{priv: s, pub: s.Public()}, nil
	}
	if wantPrivate {
		return nil, errors.New("error:1E08010C:DECODER routines::unsupported")
	}
	switch pub.(type) {
	case *rsa.PublicKey, *ecdsa.PublicKey, ed25519.PublicKey:
		return &cryptoKey{pub: pub}, nil
	}
	return nil, errors.New("unsupported key type")
}

// keyPublic is keyPublic(key) → the public half's info.
func (h cryptoHelpers) keyPublic(v goja.Value) goja.Value {
	k := h.keyArg(v)
	return h.keyInfo(&cryptoKey{pub: k.pub})
}

// keyExport is keyExport(key, format, type) → string (pem), ArrayBuffer
// (der), an object (jwk) or an error message wrapped as {error}.
func (h cryptoHelpers) keyExport(v goja.Value, format, typ string) goja.Value {
	k := h.keyArg(v)
	if format == "jwk" {
		j, err := cryptoJWK(k)
		if err != nil {
			return h.vm.ToValue(map[string]any{"error": err.Error()})
		}
		return h.vm.ToValue(j)
	}
	var der []byte
	var pemType string
	var err error
	switch {
	case k.priv != nil && typ == "pkcs1":
		rk, ok := k.priv.(*rsa.PrivateKey)
		if !ok {
			return h.vm.ToValue(map[string]any{"error": "pkcs1 is for RSA keys only"})
		}
		der, pemType = x509.MarshalPKCS1PrivateKey(rk), "RSA PRIVATE KEY"
	case k.priv != nil && typ == "sec1":
		ek, ok := k.priv.(*ecdsa.PrivateKey)
		if !ok {
			return h.vm.ToValue(map[string]any{"error": "sec1 is for EC keys only"})
		}
		der, err = x509.MarshalECPrivateKey(ek)
		pemType = "EC PRIVATE KEY"
	case k.priv != nil:
		der, err = x509.MarshalPKCS8PrivateKey(k.priv)
		pemType = "PRIVATE KEY"
	case typ == "pkcs1":
		rk, ok := k.pub.(*rsa.PublicKey)
		if !ok {
			return h.vm.ToValue(map[string]any{"error": "pkcs1 is for RSA keys only"})
		}
		der, pemType = x509.MarshalPKCS1PublicKey(rk), "RSA PUBLIC KEY"
	default:
		der, err = x509.MarshalPKIXPublicKey(k.pub)
		pemType = "PUBLIC KEY"
	}
	if err != nil {
		return h.vm.ToValue(map[string]any{"error": err.Error()})
	}
	if format == "der" {
		return h.vm.ToValue(h.vm.NewArrayBuffer(der))
	}
	return h.vm.ToValue(string(pem.EncodeToMemory(&pem.Block{Type: pemType, Bytes: der})))
}

func b64url(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func cryptoJWK(k *cryptoKey) (map[string]any, error) {
	switch p := k.pub.(type) {
	case ed25519.PublicKey:
		j := map[string]any{"crv": "Ed25519", "x": b64url(p), "kty": "OKP"}
		if k.priv != nil {
			j["d"] = b64url(k.priv.(ed25519.PrivateKey).Seed())
		}
		return j, nil
	case *ecdsa.PublicKey:
		size := (p.Curve.Params().BitSize + 7) / 8
		crv := map[string]string{"prime256v1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521"}[cryptoCurveName(p.Curve)]
		point, err := p.Bytes() // 0x04 || x || y
		if err != nil {
			return nil, err
		}
		j := map[string]any{"kty": "EC", "x": b64url(point[1 : 1+size]), "y": b64url(point[1+size:]), "crv": crv}
		if k.priv != nil {
			d, err := k.priv.(*ecdsa.PrivateKey).Bytes()
			if err != nil {
				return nil, err
			}
			j["d"] = b64url(d)
		}
		return j, nil
	case *rsa.PublicKey:
		j := map[string]any{"kty": "RSA", "n": b64url(p.N.Bytes()), "e": b64url(big.NewInt(int64(p.E)).Bytes())}
		if rk, ok := k.priv.(*rsa.PrivateKey); ok && len(rk.Primes) == 2 {
			rk.Precompute()
			j["d"] = b64url(rk.D.Bytes())
			j["p"] = b64url(rk.Primes[0].Bytes())
			j["q"] = b64url(rk.Primes[1].Bytes())
			j["dp"] = b64url(rk.Precomputed.Dp.Bytes())
			j["dq"] = b64url(rk.Precomputed.Dq.Bytes())
			j["qi"] = b64url(rk.Precomputed.Qinv.Bytes())
		}
		return j, nil
	}
	return nil, errors.New("unsupported key type")
}

// cryptoSignOpts are sign/verify's options: the digest ("" for Ed25519),
// RSA padding (1 PKCS#1 v1.5, 6 PSS), the PSS salt length and the ECDSA
// signature encoding ("der" or "ieee-p1363").
type cryptoSignOpts struct {
	digest      string
	padding     int
	saltLength  int
	dsaEncoding string
}

func (h cryptoHelpers) signOpts(v goja.Value) cryptoSignOpts {
	o := v.ToObject(h.vm)
	s := cryptoSignOpts{padding: 1, saltLength: -2, dsaEncoding: "der"}
	if d := o.Get("digest"); d != nil && !goja.IsNull(d) && !goja.IsUndefined(d) {
		s.digest = d.String()
	}
	if p := o.Get("padding"); p != nil && !goja.IsUndefined(p) {
		s.padding = int(p.ToInteger())
	}
	if p := o.Get("saltLength"); p != nil && !goja.IsUndefined(p) {
		s.saltLength = int(p.ToInteger())
	}
	if p := o.Get("dsaEncoding"); p != nil && !goja.IsUndefined(p) {
		s.dsaEncoding = p.String()
	}
	return s
}

func cryptoHashID(name string) (crypto.Hash, bool) {
	switch strings.TrimPrefix(strings.ToLower(name), "rsa-") {
	case "sha1", "sha-1":
		return crypto.SHA1, true
	case "sha224", "sha-224":
		return crypto.SHA224, true
	case "sha256", "sha-256":
		return crypto.SHA256, true
	case "sha384", "sha-384":
		return crypto.SHA384, true
	case "sha512", "sha-512":
		return crypto.SHA512, true
	case "md5":
		return crypto.MD5, true
	}
	return 0, false
}

// pssSalt maps Node's salt length constants (-1 digest, -2 max) to Go's.
func pssSalt(n int) int {
	switch n {
	case -1:
		return rsa.PSSSaltLengthEqualsHash
	case -2:
		return rsa.PSSSaltLengthAuto
	}
	return n
}

// keySign is keySign(key, data, opts) → ArrayBuffer or an error string.
func (h cryptoHelpers) keySign(v, data, optsV goja.Value) goja.Value {
	k := h.keyArg(v)
	o := h.signOpts(optsV)
	msg := libBytesArg(h.vm, data, "data")
	sig, err := cryptoSign(k, msg, o)
	if err != nil {
		return h.vm.ToValue(err.Error())
	}
	return h.vm.ToValue(h.vm.NewArrayBuffer(sig))
}

func cryptoDigest(o cryptoSignOpts, msg []byte) (crypto.Hash, []byte, error) {
	id, ok := cryptoHashID(o.digest)
	if !ok {
		return 0, nil, errors.New("Invalid digest: " + o.digest)
	}
	hh := id.New()
	hh.Write(msg)
	return id, hh.Sum(nil), nil
}

func cryptoSign(k *cryptoKey, msg []byte, o cryptoSignOpts) ([]byte, error) {
	if k.priv == nil {
		return nil, errors.New("a private key is required to sign")
	}
	switch priv := k.priv.(type) {
	case ed25519.PrivateKey:
		return ed25519.Sign(priv, msg), nil
	case *rsa.PrivateKey:
		id, sum, err := cryptoDigest(o, msg)
		if err != nil {
			return nil, err
		}
		if o.padding == 6 {
			return rsa.SignPSS(rand.Reader, priv, id, sum, &rsa.PSSOptions{SaltLength: pssSalt(o.saltLength)})
		}
		return rsa.SignPKCS1v15(nil, priv, id, sum)
	case *ecdsa.PrivateKey:
		_, sum, err := cryptoDigest(o, msg)
		if err != nil {
			return nil, err
		}
		if o.dsaEncoding == "ieee-p1363" {
			r, s, err := ecdsa.Sign(rand.Reader, priv, sum)
			if err != nil {
				return nil, err
			}
			size := (priv.Curve.Params().BitSize + 7) / 8
			return append(r.FillBytes(make([]byte, size)), s.FillBytes(make([]byte, size))...), nil
		}
		return ecdsa.SignASN1(rand.Reader, priv, sum)
	}
	return nil, errors.New("unsupported key type")
}

// keyVerify is keyVerify(key, data, signature, opts) → boolean, or an
// error string.
func (h cryptoHelpers) keyVerify(v, data, sigV, optsV goja.Value) goja.Value {
	k := h.keyArg(v)
	o := h.signOpts(optsV)
	msg := libBytesArg(h.vm, data, "data")
	sig := libBytesArg(h.vm, sigV, "signature")
	switch pub := k.pub.(type) {
	case ed25519.PublicKey:
		return h.vm.ToValue(ed25519.Verify(pub, msg, sig))
	case *rsa.PublicKey:
		id, sum, err := cryptoDigest(o, msg)
		if err != nil {
			return h.vm.ToValue(err.Error())
		}
		if o.padding == 6 {
			return h.vm.ToValue(rsa.VerifyPSS(pub, id, sum, sig, &rsa.PSSOptions{SaltLength: pssSalt(o.saltLength)}) == nil)
		}
		return h.vm.ToValue(rsa.VerifyPKCS1v15(pub, id, sum, sig) == nil)
	case *ecdsa.PublicKey:
		_, sum, err := cryptoDigest(o, msg)
		if err != nil {
			return h.vm.ToValue(err.Error())
		}
		if o.dsaEncoding == "ieee-p1363" {
			size := (pub.Curve.Params().BitSize + 7) / 8
			if len(sig) != 2*size {
				return h.vm.ToValue(false)
			}
			r, s := new(big.Int).SetBytes(sig[:size]), new(big.Int).SetBytes(sig[size:])
			return h.vm.ToValue(ecdsa.Verify(pub, sum, r, s))
		}
		return h.vm.ToValue(ecdsa.VerifyASN1(pub, sum, sig))
	}
	return h.vm.ToValue("unsupported key type")
}

// keyParseJWK is keyParseJWK({kty, ...}, wantPrivate) → key info or an
// error message: RSA, EC (P-256/384/521) and OKP (Ed25519) JSON Web Keys.
func (h cryptoHelpers) keyParseJWK(v goja.Value, wantPrivate bool) goja.Value {
	o := v.ToObject(h.vm)
	str := func(name string) string {
		x := o.Get(name)
		if x == nil || goja.IsUndefined(x) || goja.IsNull(x) {
			return ""
		}
		return x.String()
	}
	k, err := cryptoParseJWK(str, wantPrivate)
	if err != nil {
		return h.vm.ToValue(err.Error())
	}
	return h.keyInfo(k)
}

func cryptoParseJWK(str func(string) string, wantPrivate bool) (*cryptoKey, error) {
	dec := func(name string) ([]byte, error) {
		s := str(name)
		if s == "" {
			return nil, errors.New("Invalid JWK data: missing " + name)
		}
		b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
		if err != nil {
			return nil, errors.New("Invalid JWK data: bad " + name)
		}
		return b, nil
	}
	num := func(name string) (*big.Int, error) {
		b, err := dec(name)
		if err != nil {
			return nil, err
		}
		return new(big.Int).SetBytes(b), nil
	}
	hasD := str("d") != ""
	if wantPrivate && !hasD {
		return nil, errors.New("Invalid JWK private key")
	}
	switch str("kty") {
	case "OKP":
		if str("crv") != "Ed25519" {
			return nil, errors.New("not supported yet: node:crypto JWK curve " + str("crv"))
		}
		x, err := dec("x")
		if err != nil || len(x) != ed25519.PublicKeySize {
			return nil, errors.New("Invalid JWK Ed25519 key")
		}
		if wantPrivate {
			d, err := dec("d")
			if err != nil || len(d) != ed25519.SeedSize {
				return nil, errors.New("Invalid JWK Ed25519 key")
			}
			priv := ed25519.NewKeyFromSeed(d)
			return &cryptoKey{priv: priv, pub: priv.Public()}, nil
		}
		return &cryptoKey{pub: ed25519.PublicKey(x)}, nil
	case "EC":
		curve := cryptoCurve(str("crv"))
		if curve == nil {
			return nil, errors.New("Invalid JWK EC key")
		}
		// Fixed-width big-endian field elements, as crypto/ecdsa parses
		// them (it checks the point is on the curve).
		size := (curve.Params().BitSize + 7) / 8
		field := func(name string) ([]byte, error) {
			n, err := num(name)
			if err != nil {
				return nil, err
			}
			if n.Sign() < 0 || n.BitLen() > 8*size {
				return nil, errors.New("Invalid JWK EC key")
			}
			return n.FillBytes(make([]byte, size)), nil
		}
		x, err := field("x")
		if err != nil {
			return nil, err
		}
		y, err := field("y")
		if err != nil {
			return nil, err
		}
		pub, err := ecdsa.ParseUncompressedPublicKey(curve, append(append([]byte{4}, x...), y...))
		if err != nil {
			return nil, errors.New("Invalid JWK EC key")
		}
		if wantPrivate {
			d, err := field("d")
			if err != nil {
				return nil, err
			}
			priv, err := ecdsa.ParseRawPrivateKey(curve, d)
			if err != nil {
				return nil, errors.New("Invalid JWK EC key")
			}
			return &cryptoKey{priv: priv, pub: pub}, nil
		}
		return &cryptoKey{pub: pub}, nil
	case "RSA":
		n, err := num("n")
		if err != nil {
			return nil, err
		}
		e, err := num("e")
		if err != nil {
			return nil, err
		}
		pub := &rsa.PublicKey{N: n, E: int(e.Int64())}
		if !wantPrivate {
			return &cryptoKey{pub: pub}, nil
		}
		var parts [3]*big.Int
		for i, name := range []string{"d", "p", "q"} {
			if parts[i], err = num(name); err != nil {
				return nil, err
			}
		}
		priv := &rsa.PrivateKey{PublicKey: *pub, D: parts[0], Primes: []*big.Int{parts[1], parts[2]}}
		if err := priv.Validate(); err != nil {
			return nil, errors.New("Invalid JWK RSA key")
		}
		priv.Precompute()
		return &cryptoKey{priv: priv, pub: pub}, nil
	}
	return nil, errors.New("Invalid JWK data")
}
