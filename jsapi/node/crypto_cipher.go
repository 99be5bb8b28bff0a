package node

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/pbkdf2"
	"crypto/subtle"
	"errors"
	"hash"
	"sort"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/crypto/scrypt"
)

// Key derivation (pbkdf2, scrypt, hkdf) and AES ciphers for crypto.js.
// Derivations run synchronously for the *Sync forms and on a goroutine,
// settling through a loop callback, for the callback forms. A cipher is a
// handle whose update and final do the byte work; crypto.js wraps it in
// Node's Cipheriv/Decipheriv shape.

// cryptoKDF computes one derivation; params are already validated by
// crypto.js.
type cryptoKDF func() ([]byte, error)

func (h cryptoHelpers) kdf(kind string, args goja.Value) (cryptoKDF, error) {
	obj := args.ToObject(h.vm)
	b := func(name string) []byte {
		return bytes.Clone(libBytesArg(h.vm, obj.Get(name), name))
	}
	n := func(name string) int { return int(obj.Get(name).ToInteger()) }
	switch kind {
	case "pbkdf2", "hkdf":
		newHash := cryptoNewHash(obj.Get("digest").String())
		if newHash == nil {
			return nil, errors.New("invalid digest")
		}
		hf := func() hash.Hash { return newHash() }
		if kind == "pbkdf2" {
			pw, salt, iter, keylen := b("password"), b("salt"), n("iterations"), n("keylen")
			return func() ([]byte, error) { return pbkdf2.Key(hf, string(pw), salt, iter, keylen) }, nil
		}
		ikm, salt, info, keylen := b("key"), b("salt"), b("info"), n("keylen")
		return func() ([]byte, error) { return hkdf.Key(hf, ikm, salt, string(info), keylen) }, nil
	case "scrypt":
		pw, salt := b("password"), b("salt")
		N, r, p, keylen := n("N"), n("r"), n("p"), n("keylen")
		return func() ([]byte, error) { return scrypt.Key(pw, salt, N, r, p, keylen) }, nil
	}
	return nil, errors.New("unknown derivation " + kind)
}

// deriveSync is deriveSync(kind, params) → ArrayBuffer. Loop only.
func (h cryptoHelpers) deriveSync(kind string, args goja.Value) goja.Value {
	f, err := h.kdf(kind, args)
	if err == nil {
		var out []byte
		if out, err = f(); err == nil {
			return h.vm.ToValue(h.vm.NewArrayBuffer(out))
		}
	}
	panic(h.vm.NewGoError(err))
}

// derive is derive(kind, params, cb): cb(errorMessage | null, ArrayBuffer)
// on the loop, the work on a goroutine.
func (h cryptoHelpers) derive(kind string, args goja.Value, cb goja.Callable) {
	f, err := h.kdf(kind, args)
	if err != nil {
		panic(h.vm.NewGoError(err))
	}
	go func() {
		out, err := f()
		h.rt.Post(func() {
			if err != nil {
				sysCall(h.rt, "crypto callback", cb, goja.Undefined(), h.vm.ToValue(err.Error()))
				return
			}
			sysCall(h.rt, "crypto callback", cb, goja.Undefined(), goja.Null(), h.vm.ToValue(h.vm.NewArrayBuffer(out)))
		})
	}()
}

// cryptoCipherInfo describes a supported cipher: AES with a key length and
// a mode.
type cryptoCipherInfo struct {
	keyLen, ivLen int
	mode          string // cbc, ecb, ctr, gcm
}

// cryptoCipherNames lists the ciphers createCipheriv accepts.
var cryptoCipherNames = func() map[string]cryptoCipherInfo {
	m := map[string]cryptoCipherInfo{}
	for _, k := range []int{128, 192, 256} {
		for _, mode := range []string{"cbc", "ecb", "ctr", "gcm"} {
			iv := 16
			switch mode {
			case "ecb":
				iv = 0
			case "gcm":
				iv = 12
			}
			m["aes-"+strconv.Itoa(k)+"-"+mode] = cryptoCipherInfo{keyLen: k / 8, ivLen: iv, mode: mode}
		}
	}
	return m
}()

// cryptoCipher is one createCipheriv/createDecipheriv state. Loop only.
type cryptoCipher struct {
	decrypt bool
	mode    string
	block   cipher.Block
	bm      cipher.BlockMode // cbc, ecb
	stream  cipher.Stream    // ctr, gcm's keystream
	aead    cipher.AEAD      // gcm
	iv      []byte
	pending []byte // cbc/ecb: bytes short of a block (decrypt: the last block too)
	all     []byte // gcm: everything so far, for the tag
	aad     []byte
	tag     []byte
	padding bool
}

// cipherNew is cipherNew(name, key, iv, decrypt) → handle, or a string
// naming the problem ("cipher", "key", "iv") for crypto.js to throw.
func (h cryptoHelpers) cipherNew(name string, keyV, ivV goja.Value, decrypt bool, authTagLen int) goja.Value {
	info, ok := cryptoCipherNames[strings.ToLower(name)]
	if !ok {
		return h.vm.ToValue("cipher")
	}
	key := bytes.Clone(libBytesArg(h.vm, keyV, "key"))
	if len(key) != info.keyLen {
		return h.vm.ToValue("key")
	}
	var iv []byte
	if !goja.IsNull(ivV) && !goja.IsUndefined(ivV) {
		iv = bytes.Clone(libBytesArg(h.vm, ivV, "iv"))
	}
	if (info.mode == "gcm" && len(iv) == 0) || (info.mode != "gcm" && len(iv) != info.ivLen) {
		return h.vm.ToValue("iv")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return h.vm.ToValue("key")
	}
	c := &cryptoCipher{decrypt: decrypt, mode: info.mode, block: block, iv: iv, padding: true}
	switch info.mode {
	case "cbc":
		if decrypt {
			c.bm = cipher.NewCBCDecrypter(block, iv)
		} else {
			c.bm = cipher.NewCBCEncrypter(block, iv)
		}
	case "ecb":
		c.bm = ecbMode{block: block, decrypt: decrypt}
	case "ctr":
		c.stream = cipher.NewCTR(block, iv)
	case "gcm":
		if authTagLen == 0 {
			authTagLen = 16
		}
		if len(iv) == 12 && authTagLen == 16 {
			c.aead, err = cipher.NewGCM(block)
		} else if authTagLen == 16 {
			c.aead, err = cipher.NewGCMWithNonceSize(block, len(iv))
		} else {
			c.aead, err = cipher.NewGCMWithTagSize(block, authTagLen)
			if err == nil && len(iv) != 12 {
				return h.vm.ToValue("iv")
			}
		}
		if err != nil {
			return h.vm.ToValue("iv")
		}
		if len(iv) == 12 {
			// GCM's keystream for 96-bit nonces is CTR from nonce||2,
			// which lets update return output as it goes, like Node;
			// final computes the tag over everything with the AEAD.
			ctr := append(bytes.Clone(iv), 0, 0, 0, 2)
			c.stream = cipher.NewCTR(block, ctr)
		}
	}
	obj := h.vm.NewObject()
	_ = obj.Set("update", func(call goja.FunctionCall) goja.Value {
		return h.vm.ToValue(h.vm.NewArrayBuffer(c.update(libBytesArg(h.vm, call.Argument(0), "data"))))
	})
	_ = obj.Set("final", func(goja.FunctionCall) goja.Value {
		out, err := c.final()
		if err != nil {
			return h.vm.ToValue(err.Error())
		}
		return h.vm.ToValue(h.vm.NewArrayBuffer(out))
	})
	_ = obj.Set("setAutoPadding", func(call goja.FunctionCall) goja.Value {
		c.padding = call.Argument(0).ToBoolean()
		return goja.Undefined()
	})
	_ = obj.Set("setAAD", func(call goja.FunctionCall) goja.Value {
		c.aad = append(c.aad, libBytesArg(h.vm, call.Argument(0), "buffer")...)
		return goja.Undefined()
	})
	_ = obj.Set("setAuthTag", func(call goja.FunctionCall) goja.Value {
		c.tag = bytes.Clone(libBytesArg(h.vm, call.Argument(0), "buffer"))
		return goja.Undefined()
	})
	_ = obj.Set("getAuthTag", func(goja.FunctionCall) goja.Value {
		if c.tag == nil {
			return goja.Undefined()
		}
		return h.vm.ToValue(h.vm.NewArrayBuffer(bytes.Clone(c.tag)))
	})
	return obj
}

func (c *cryptoCipher) update(in []byte) []byte {
	switch c.mode {
	case "ctr":
		out := make([]byte, len(in))
		c.stream.XORKeyStream(out, in)
		return out
	case "gcm":
		if c.decrypt {
			c.all = append(c.all, in...)
		}
		var out []byte
		if c.stream != nil {
			out = make([]byte, len(in))
			c.stream.XORKeyStream(out, in)
		}
		if !c.decrypt {
			c.all = append(c.all, in...)
		}
		return out
	}
	// Block modes: process whole blocks, keeping the rest (and, when
	// decrypting with padding, the last whole block, which final unpads).
	bs := c.block.BlockSize()
	c.pending = append(c.pending, in...)
	n := len(c.pending) / bs * bs
	if c.decrypt && c.padding && n == len(c.pending) && n > 0 {
		n -= bs
	}
	out := make([]byte, n)
	c.bm.CryptBlocks(out, c.pending[:n])
	c.pending = append([]byte(nil), c.pending[n:]...)
	return out
}

// errBadDecrypt is OpenSSL's message for a wrong key or corrupt padding.
var errBadDecrypt = errors.New("bad decrypt")

func (c *cryptoCipher) final() ([]byte, error) {
	switch c.mode {
	case "ctr":
		return nil, nil
	case "gcm":
		if c.decrypt {
			if c.tag == nil {
				return nil, errors.New("auth")
			}
			plain, err := c.aead.Open(nil, c.iv, append(bytes.Clone(c.all), c.tag...), c.aad)
			if err != nil {
				return nil, errors.New("auth")
			}
			if c.stream != nil {
				return nil, nil
			}
			return plain, nil
		}
		sealed := c.aead.Seal(nil, c.iv, c.all, c.aad)
		tagLen := c.aead.Overhead()
		c.tag = bytes.Clone(sealed[len(sealed)-tagLen:])
		if c.stream != nil {
			return nil, nil
		}
		return sealed[:len(sealed)-tagLen], nil
	}
	bs := c.block.BlockSize()
	if !c.decrypt {
		if c.padding {
			pad := bs - len(c.pending)%bs
			c.pending = append(c.pending, bytes.Repeat([]byte{byte(pad)}, pad)...)
		}
		if len(c.pending)%bs != 0 {
			return nil, errors.New("wrong final block length")
		}
		out := make([]byte, len(c.pending))
		c.bm.CryptBlocks(out, c.pending)
		c.pending = nil
		return out, nil
	}
	if len(c.pending)%bs != 0 || (c.padding && len(c.pending) == 0) {
		return nil, errors.New("wrong final block length")
	}
	out := make([]byte, len(c.pending))
	c.bm.CryptBlocks(out, c.pending)
	c.pending = nil
	if !c.padding {
		return out, nil
	}
	pad := int(out[len(out)-1])
	if pad == 0 || pad > bs || pad > len(out) {
		return nil, errBadDecrypt
	}
	want := bytes.Repeat([]byte{byte(pad)}, pad)
	if subtle.ConstantTimeCompare(out[len(out)-pad:], want) != 1 {
		return nil, errBadDecrypt
	}
	return out[:len(out)-pad], nil
}

// ecbMode is ECB, which crypto/cipher leaves out on purpose; Node offers
// it, so extensions interoperating with old formats may use it.
type ecbMode struct {
	block   cipher.Block
	decrypt bool
}

func (e ecbMode) BlockSize() int { return e.block.BlockSize() }

func (e ecbMode) CryptBlocks(dst, src []byte) {
	bs := e.block.BlockSize()
	for i := 0; i < len(src); i += bs {
		if e.decrypt {
			e.block.Decrypt(dst[i:i+bs], src[i:i+bs])
		} else {
			e.block.Encrypt(dst[i:i+bs], src[i:i+bs])
		}
	}
}

// cryptoCiphers is crypto.getCiphers(): the supported names, sorted.
func cryptoCiphers() []string {
	out := make([]string, 0, len(cryptoCipherNames))
	for k := range cryptoCipherNames {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
