package node

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/subtle"
	"hash"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The crypto module (crypto.js) and the Web Crypto object behind the
// crypto global: hashes, HMACs and randomness from Go's standard library.
// Key derivation and AES ciphers are in crypto_cipher.go, key pairs,
// KeyObjects, sign and verify in crypto_keys.go; webcrypto.subtle has
// digest only.

// cryptoModule is the "crypto" module. Loop only.
func cryptoModule(rt modules.Runtime, module *goja.Object) error {
	h := cryptoHelpers{vm: rt.VM(), rt: rt}
	return libRunJS(rt, module, cryptoProgram, map[string]any{
		"hashNew":          h.hashNew,
		"hashUpdate":       h.hashUpdate,
		"hashDigest":       h.hashDigest,
		"hashCopy":         h.hashCopy,
		"hashes":           cryptoHashNames(),
		"digest":           h.digest,
		"randomFill":       h.randomFill,
		"randomUUID":       cryptoRandomUUID,
		"timingSafeEqual":  h.timingSafeEqual,
		"deriveSync":       h.deriveSync,
		"derive":           h.derive,
		"cipherNew":        h.cipherNew,
		"ciphers":          cryptoCiphers(),
		"keyGenerate":      h.keyGenerate,
		"keyGenerateAsync": h.keyGenerateAsync,
		"keyParse":         h.keyParse,
		"keyParseJWK":      h.keyParseJWK,
		"keyPublic":        h.keyPublic,
		"keyExport":        h.keyExport,
		"keySign":          h.keySign,
		"keyVerify":        h.keyVerify,
	})
}

// cryptoHashNames lists the algorithms createHash and createHmac accept
// (crypto.getHashes()).
func cryptoHashNames() []string {
	return []string{"md5", "sha1", "sha224", "sha256", "sha3-224", "sha3-256", "sha3-384", "sha3-512", "sha384", "sha512", "sha512-224", "sha512-256"}
}

// cryptoNewHash returns the hash constructor for a Node algorithm name
// (case-insensitive; "RSA-SHA256" style aliases accepted), or nil.
func cryptoNewHash(name string) func() hash.Hash {
	switch strings.TrimPrefix(strings.ToLower(name), "rsa-") {
	case "md5":
		return md5.New
	case "sha1", "sha-1":
		return sha1.New
	case "sha224", "sha-224":
		return sha256.New224
	case "sha256", "sha-256":
		return sha256.New
	case "sha384", "sha-384":
		return sha512.New384
	case "sha512", "sha-512":
		return sha512.New
	case "sha512-224":
		return sha512.New512_224
	case "sha512-256":
		return sha512.New512_256
	case "sha3-224":
		return func() hash.Hash { return sha3.New224() }
	case "sha3-256":
		return func() hash.Hash { return sha3.New256() }
	case "sha3-384":
		return func() hash.Hash { return sha3.New384() }
	case "sha3-512":
		return func() hash.Hash { return sha3.New512() }
	}
	return nil
}

// cryptoHelpers are the Go functions crypto.js calls. Loop only. Byte
// arguments are ArrayBuffers or views; byte results are ArrayBuffers.
type cryptoHelpers struct {
	vm *goja.Runtime
	rt modules.Runtime
}

// cryptoHash is the opaque handle behind a Hash or Hmac object.
type cryptoHash struct {
	h hash.Hash
}

// hashNew is hashNew(algorithm, key) → handle: an HMAC when key is not
// undefined. An unknown algorithm throws Node's "Digest method not
// supported" (createHash) or "Invalid digest" (createHmac).
func (c cryptoHelpers) hashNew(alg string, key goja.Value) *cryptoHash {
	newHash := cryptoNewHash(alg)
	if goja.IsUndefined(key) {
		if newHash == nil {
			libThrow(c.vm, "Error", "", "Digest method not supported")
		}
		return &cryptoHash{h: newHash()}
	}
	if newHash == nil {
		libThrow(c.vm, "TypeError", "ERR_CRYPTO_INVALID_DIGEST", "Invalid digest: "+alg)
	}
	return &cryptoHash{h: hmac.New(newHash, libBytesArg(c.vm, key, "key"))}
}

// hashUpdate is hashUpdate(handle, data).
func (c cryptoHelpers) hashUpdate(h *cryptoHash, data goja.Value) {
	h.h.Write(libBytesArg(c.vm, data, "data"))
}

// hashDigest is hashDigest(handle) → ArrayBuffer.
func (c cryptoHelpers) hashDigest(h *cryptoHash) goja.Value {
	return c.vm.ToValue(c.vm.NewArrayBuffer(h.h.Sum(nil)))
}

// hashCopy is hashCopy(handle) → a handle with the same state.
func (c cryptoHelpers) hashCopy(h *cryptoHash) *cryptoHash {
	cl, ok := h.h.(hash.Cloner)
	if !ok {
		libThrow(c.vm, "Error", "ERR_METHOD_NOT_IMPLEMENTED", "hash.copy() is not supported for this algorithm")
	}
	dup, err := cl.Clone()
	if err != nil {
		libThrow(c.vm, "Error", "", "hash.copy(): "+err.Error())
	}
	return &cryptoHash{h: dup}
}

// digest is digest(algorithm, data) → ArrayBuffer or null for an unknown
// algorithm, for SubtleCrypto.digest ("SHA-256" style names).
func (c cryptoHelpers) digest(alg string, data goja.Value) goja.Value {
	var newHash func() hash.Hash
	switch strings.ToUpper(alg) {
	case "SHA-1", "SHA-256", "SHA-384", "SHA-512":
		newHash = cryptoNewHash(alg)
	default:
		return goja.Null()
	}
	h := newHash()
	h.Write(libBytesArg(c.vm, data, "data"))
	return c.vm.ToValue(c.vm.NewArrayBuffer(h.Sum(nil)))
}

// randomFill is randomFill(view): it fills the bytes view shows from the
// system's secure random source.
func (c cryptoHelpers) randomFill(v goja.Value) {
	// crypto/rand.Read never fails (it crashes the program instead).
	_, _ = rand.Read(libBytesArg(c.vm, v, "buf"))
}

// timingSafeEqual is timingSafeEqual(a, b) for views of equal length.
func (c cryptoHelpers) timingSafeEqual(a, b goja.Value) bool {
	return subtle.ConstantTimeCompare(libBytesArg(c.vm, a, "buf1"), libBytesArg(c.vm, b, "buf2")) == 1
}

// cryptoRandomUUID returns a random RFC 4122 version 4 UUID.
func cryptoRandomUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, digits[c>>4], digits[c&0xf])
	}
	return string(out)
}
