package node

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The system modules are the node built-ins that touch the operating
// system: fs (and fs/promises), path, os, child_process and process. They
// see the world only through modules.Runtime:
//
//   - relative paths resolve against Runtime.Cwd(), never the process cwd;
//   - environment variables come from Runtime.Getenv/Environ, never
//     os.Environ;
//   - nothing is written to pigo's own stdout or stderr (process.stdout
//     and child stdio 'inherit' go to Runtime.Log or are discarded);
//   - everything long-lived (child processes, watchers, open files) is
//     released when Runtime.Context ends or the generation retires
//     (Runtime.Track).
//
// Sync functions run on the loop goroutine and block it, as in Node. Async
// ones run their blocking part on a goroutine and come back to the loop
// through Runtime.Post (callbacks, events) or Runtime.NewPromise.

// systemModules returns the system modules by specifier (without "node:").
func systemModules() map[string]modules.Module {
	return map[string]modules.Module{
		"path":          pathModule,
		"path/posix":    pathPosixModule,
		"fs":            fsModule,
		"fs/promises":   fsPromisesModule,
		"os":            osModule,
		"child_process": childProcessModule,
		"process":       processModule,
	}
}

// systemGlobals returns the globals backed by system modules.
func systemGlobals() []Global {
	return []Global{
		{Name: "process", Module: "process"},
	}
}

// sysRequire loads another host module and returns its exports, or nil when
// the runtime does not provide it. Loop only.
func sysRequire(rt modules.Runtime, name string) *goja.Object {
	v, err := rt.Require(name)
	if err != nil || v == nil {
		return nil
	}
	obj, _ := v.(*goja.Object)
	return obj
}

// sysAsync runs work on a goroutine and returns a Promise for its result:
// work's value is converted on the loop by its builder, its error by
// sysErrorValue (keeping Node's properties). Loop only (the call); work
// runs on its own goroutine.
func sysAsync(rt modules.Runtime, work func() (func() goja.Value, error)) goja.Value {
	p, resolve, _ := rt.NewPromise()
	go func() {
		build, err := work()
		resolve(func() goja.Value {
			if err != nil {
				return sysRejected(rt.VM(), sysErrorValue(rt.VM(), err))
			}
			return build()
		})
	}()
	return rt.VM().ToValue(p)
}

// sysRejected returns Promise.reject(reason); resolving a promise with it
// rejects that promise with reason, every property intact. Loop only.
func sysRejected(vm *goja.Runtime, reason goja.Value) goja.Value {
	promise := vm.Get("Promise").ToObject(vm)
	reject, ok := goja.AssertFunction(promise.Get("reject"))
	if !ok {
		panic(vm.NewTypeError("Promise.reject is not a function"))
	}
	v, err := reject(promise, reason)
	if err != nil {
		panic(err)
	}
	return v
}

// sysCall calls fn and reports an exception it throws through Runtime.Log
// instead of propagating it: used for callbacks and listeners invoked from
// a posted job, where no JS caller could catch it (Node would crash with an
// uncaught exception). Loop only.
func sysCall(rt modules.Runtime, where string, fn goja.Callable, this goja.Value, args ...goja.Value) {
	if _, err := fn(this, args...); err != nil {
		rt.Log("error", "uncaught exception in "+where+": "+sysExceptionText(err))
	}
}

// sysExceptionText renders a JS exception for the log.
func sysExceptionText(err error) string {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if obj, ok := ex.Value().(*goja.Object); ok {
			if st := obj.Get("stack"); st != nil && !goja.IsUndefined(st) {
				return st.String()
			}
		}
		return ex.Value().String()
	}
	return err.Error()
}

// sysFunc returns v as a function, or nil when it is not one.
func sysFunc(v goja.Value) goja.Callable {
	if v == nil {
		return nil
	}
	fn, _ := goja.AssertFunction(v)
	return fn
}

// sysOpt returns options[name], or nil when options is not an object or
// the property is undefined or null. Loop only.
func sysOpt(options goja.Value, name string) goja.Value {
	obj, ok := options.(*goja.Object)
	if !ok {
		return nil
	}
	v := obj.Get(name)
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil
	}
	return v
}

// sysIsObject reports whether v is an object (not a function, null or a
// primitive).
func sysIsObject(v goja.Value) bool {
	obj, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	_, isFn := goja.AssertFunction(obj)
	return !isFn
}

// sysMethod defines obj[name] as a Go function. Loop only.
func sysMethod(vm *goja.Runtime, obj *goja.Object, name string, fn func(goja.FunctionCall) goja.Value) {
	_ = obj.Set(name, vm.ToValue(fn))
}

// sysHidden defines a non-enumerable property. Loop only.
func sysHidden(vm *goja.Runtime, obj *goja.Object, name string, v any) {
	_ = obj.DefineDataProperty(name, vm.ToValue(v), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// Paths.

// sysPathArg reads a path argument as Node's fs does: a string, a Buffer or
// Uint8Array of its bytes, or a file: URL (a URL object, or, as a pigo
// leniency, a string starting with "file://"). It throws
// ERR_INVALID_ARG_TYPE for anything else and ERR_INVALID_ARG_VALUE for
// paths containing NUL. The returned string is what the caller passed,
// for error messages; resolve it with sysResolve. Loop only.
func sysPathArg(vm *goja.Runtime, v goja.Value, name string) string {
	var p string
	switch {
	case v != nil && sysTypeof(v) == "string" && !sysIsObject(v):
		p = v.String()
		if strings.HasPrefix(p, "file://") {
			p = sysFileURLToPath(vm, p)
		}
	case sysIsObject(v):
		obj := v.(*goja.Object)
		if b, ok := sysViewBytes(obj); ok {
			p = string(b)
			break
		}
		href, proto := obj.Get("href"), obj.Get("protocol")
		if href == nil || proto == nil || goja.IsUndefined(href) || goja.IsUndefined(proto) {
			sysThrowArgType(vm, name, "of type string or an instance of Buffer or URL", v)
		}
		if proto.String() != "file:" {
			sysThrowType(vm, "ERR_INVALID_URL_SCHEME", "The URL must be of scheme file")
		}
		p = sysFileURLToPath(vm, href.String())
	default:
		sysThrowArgType(vm, name, "of type string or an instance of Buffer or URL", v)
	}
	if strings.IndexByte(p, 0) >= 0 {
		sysThrowArgValue(vm, name, "must be a string, Uint8Array, or URL without null bytes", v)
	}
	return p
}

// sysFileURLToPath converts a file: URL to a path like url.fileURLToPath
// on POSIX. Loop only (throws).
func sysFileURLToPath(vm *goja.Runtime, href string) string {
	u, err := url.Parse(href)
	if err != nil || u.Scheme != "file" {
		sysThrowType(vm, "ERR_INVALID_URL", "Invalid URL")
	}
	if u.Host != "" && u.Host != "localhost" {
		sysThrowType(vm, "ERR_INVALID_FILE_URL_HOST", `File URL host must be "localhost" or empty on linux`)
	}
	if strings.Contains(strings.ToLower(u.EscapedPath()), "%2f") {
		sysThrowType(vm, "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters")
	}
	return u.Path
}

// sysResolve makes p absolute against the runtime's cwd without cleaning
// it, so "a/../b" reaches the system as written (symlinks behave as they
// would relative to a real working directory). "" stays "" (ENOENT, as in
// Node), and so does everything when the host gave no cwd (Cwd() == "").
// Safe from any goroutine.
func sysResolve(rt modules.Runtime, p string) string {
	cwd := rt.Cwd()
	if p == "" || cwd == "" || filepath.IsAbs(p) {
		return p
	}
	if strings.HasSuffix(cwd, string(filepath.Separator)) {
		return cwd + p
	}
	return cwd + string(filepath.Separator) + p
}

// Binary data.

// sysViewBytes returns the bytes an ArrayBuffer, typed array, DataView or
// Buffer shows, sharing its memory; ok is false for other values. Loop
// only.
func sysViewBytes(obj *goja.Object) (b []byte, ok bool) {
	if obj == nil {
		return nil, false
	}
	switch obj.ExportType() {
	case reflect.TypeFor[goja.ArrayBuffer]():
		ab, _ := obj.Export().(goja.ArrayBuffer)
		return ab.Bytes(), true
	case reflect.TypeFor[[]byte]():
		b, _ := obj.Export().([]byte)
		return b, true
	}
	buf, isObj := obj.Get("buffer").(*goja.Object)
	if !isObj || buf.ExportType() != reflect.TypeFor[goja.ArrayBuffer]() {
		return nil, false
	}
	ab, _ := buf.Export().(goja.ArrayBuffer)
	all := ab.Bytes()
	off, n := obj.Get("byteOffset"), obj.Get("byteLength")
	if off == nil || n == nil {
		return nil, false
	}
	start, length := off.ToInteger(), n.ToInteger()
	if start < 0 || length < 0 || start+length > int64(len(all)) {
		return nil, false
	}
	return all[start : start+length], true
}

// sysBuffers creates Buffers: through the buffer module's Buffer.from when
// the runtime provides one, else plain Uint8Arrays. One per module
// instance; loop only.
type sysBuffers struct {
	rt     modules.Runtime
	looked bool
	from   goja.Callable
	ctor   goja.Value
}

// make wraps b (not copied; the caller must not reuse it) in a Buffer.
// Loop only.
func (s *sysBuffers) make(b []byte) goja.Value {
	vm := s.rt.VM()
	if !s.looked {
		s.looked = true
		if exp := sysRequire(s.rt, "buffer"); exp != nil {
			if ctor, ok := exp.Get("Buffer").(*goja.Object); ok {
				if from := sysFunc(ctor.Get("from")); from != nil {
					s.from, s.ctor = from, ctor
				}
			}
		}
	}
	ab := vm.ToValue(vm.NewArrayBuffer(b))
	if s.from != nil {
		if v, err := s.from(s.ctor, ab); err == nil {
			return v
		}
	}
	v, err := vm.New(vm.Get("Uint8Array"), ab)
	if err != nil {
		panic(err)
	}
	return v
}

// sysEncoding reads an encoding argument: "" for none (binary data),
// else the canonical name ("utf8", "latin1", "base64", "base64url",
// "hex", "ascii", "utf16le"). It throws Node's ERR_INVALID_ARG_VALUE for
// unknown names. "buffer" means binary data. Loop only.
func sysEncoding(vm *goja.Runtime, v goja.Value) string {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return ""
	}
	enc, ok := sysNormalizeEncoding(v.String())
	if !ok {
		panic(sysNewError(vm, "TypeError", "ERR_INVALID_ARG_VALUE",
			fmt.Sprintf("The argument 'encoding' is invalid encoding. Received %s", sysInspect(v))))
	}
	return enc
}

// sysNormalizeEncoding maps Node's encoding spellings to canonical names.
func sysNormalizeEncoding(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "utf8", "utf-8":
		return "utf8", true
	case "latin1", "binary":
		return "latin1", true
	case "base64":
		return "base64", true
	case "base64url":
		return "base64url", true
	case "hex":
		return "hex", true
	case "ascii":
		return "ascii", true
	case "utf16le", "utf-16le", "ucs2", "ucs-2":
		return "utf16le", true
	case "buffer":
		return "", true
	}
	return "", false
}

// sysDecode turns bytes into a string in enc (canonical, non-empty), as
// Buffer.toString does: invalid UTF-8 becomes U+FFFD.
func sysDecode(b []byte, enc string) string {
	switch enc {
	case "latin1":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r)
	case "ascii":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c & 0x7f)
		}
		return string(r)
	case "base64":
		return base64.StdEncoding.EncodeToString(b)
	case "base64url":
		return base64.RawURLEncoding.EncodeToString(b)
	case "hex":
		return hex.EncodeToString(b)
	case "utf16le":
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
		}
		return string(utf16.Decode(u))
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// sysEncode turns a string into bytes in enc ("" means utf8), as
// Buffer.from(s, enc) does (lenient about bad base64/hex like Node).
func sysEncode(s, enc string) []byte {
	switch enc {
	case "latin1", "ascii":
		out := make([]byte, 0, len(s))
		for _, r := range s {
			out = append(out, byte(r))
		}
		return out
	case "base64", "base64url":
		clean := strings.Map(func(r rune) rune {
			switch {
			case r == '-':
				return '+'
			case r == '_':
				return '/'
			case r == '=' || r == ' ' || r == '\n' || r == '\r' || r == '\t':
				return -1
			}
			return r
		}, s)
		b, err := base64.RawStdEncoding.DecodeString(clean)
		if err != nil {
			var ce base64.CorruptInputError
			if errors.As(err, &ce) {
				b, _ = base64.RawStdEncoding.DecodeString(clean[:int(ce)&^3])
			}
		}
		return b
	case "hex":
		n := len(s) &^ 1
		b := make([]byte, 0, n/2)
		for i := 0; i < n; i += 2 {
			v, err := hex.DecodeString(s[i : i+2])
			if err != nil {
				break
			}
			b = append(b, v[0])
		}
		return b
	case "utf16le":
		u := utf16.Encode([]rune(s))
		b := make([]byte, 2*len(u))
		for i, c := range u {
			b[2*i], b[2*i+1] = byte(c), byte(c>>8)
		}
		return b
	}
	return []byte(s)
}

// sysDataArg reads data to write: a string (encoded with enc) or binary
// data (copied, since the write may happen on another goroutine). It
// throws ERR_INVALID_ARG_TYPE otherwise. Loop only.
func sysDataArg(vm *goja.Runtime, v goja.Value, enc, name string) []byte {
	if v != nil && !sysIsObject(v) && sysTypeof(v) == "string" {
		return sysEncode(v.String(), enc)
	}
	if obj, ok := v.(*goja.Object); ok {
		if b, ok := sysViewBytes(obj); ok {
			return append([]byte(nil), b...)
		}
	}
	sysThrowArgType(vm, name, "of type string or an instance of Buffer, TypedArray, or DataView", v)
	return nil
}

// sysUTF8Tail returns how many trailing bytes of b start an incomplete
// UTF-8 sequence, so streamed text is never split inside a character.
func sysUTF8Tail(b []byte) int {
	for i := 1; i <= 3 && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			return 0
		}
		if c >= 0xC0 { // a lead byte: complete if its sequence fits
			need := 2
			switch {
			case c >= 0xF0:
				need = 4
			case c >= 0xE0:
				need = 3
			}
			if need > i {
				return i
			}
			return 0
		}
	}
	return 0
}

// sysDecoder decodes a byte stream chunk by chunk (a minimal
// string_decoder): multi-byte UTF-8 characters, UTF-16 units and base64
// groups split across chunks are carried to the next one.
type sysDecoder struct {
	enc   string
	carry []byte
}

// write decodes chunk, keeping an incomplete tail for later.
func (d *sysDecoder) write(chunk []byte) string {
	b := append(d.carry, chunk...)
	keep := 0
	switch d.enc {
	case "utf8":
		keep = sysUTF8Tail(b)
	case "utf16le":
		keep = len(b) % 2
	case "base64", "base64url":
		keep = len(b) % 3
	}
	d.carry = append([]byte(nil), b[len(b)-keep:]...)
	return sysDecode(b[:len(b)-keep], d.enc)
}

// end decodes whatever is left.
func (d *sysDecoder) end() string {
	if len(d.carry) == 0 {
		return ""
	}
	s := sysDecode(d.carry, d.enc)
	d.carry = nil
	return s
}

// Events.

// sysEmitterSource is a minimal EventEmitter used only when the runtime has
// no events module (the lib modules provide Node's full one).
const sysEmitterSource = `(function () {
  function EventEmitter() {}
  const P = EventEmitter.prototype;
  function list(e, n) {
    if (!Object.prototype.hasOwnProperty.call(e, "_events")) Object.defineProperty(e, "_events", { value: Object.create(null), writable: true });
    return e._events[n] || (e._events[n] = []);
  }
  P.on = P.addListener = function (n, f) { list(this, n).push(f); return this; };
  P.prependListener = function (n, f) { list(this, n).unshift(f); return this; };
  P.once = function (n, f) { const self = this; function w(...a) { self.removeListener(n, w); return f.apply(this, a); } w.listener = f; return this.on(n, w); };
  P.off = P.removeListener = function (n, f) { const l = list(this, n); const i = l.findIndex((x) => x === f || x.listener === f); if (i >= 0) l.splice(i, 1); return this; };
  P.removeAllListeners = function (n) { if (n === undefined) this._events = Object.create(null); else list(this, n).length = 0; return this; };
  P.emit = function (n, ...a) {
    const l = list(this, n).slice();
    if (n === "error" && l.length === 0) throw a[0] instanceof Error ? a[0] : new Error("Unhandled error. (" + a[0] + ")");
    for (const f of l) f.apply(this, a);
    return l.length > 0;
  };
  P.listeners = function (n) { return list(this, n).map((x) => x.listener || x); };
  P.listenerCount = function (n) { return list(this, n).length; };
  P.eventNames = function () { return Object.keys(this._events || {}).filter((k) => this._events[k].length > 0); };
  P.setMaxListeners = function () { return this; };
  P.getMaxListeners = function () { return 10; };
  EventEmitter.EventEmitter = EventEmitter;
  return EventEmitter;
})()`

// sysEmitters creates EventEmitter instances for one module instance: of
// the events module's class when the runtime has one (so instanceof
// EventEmitter and events.once work), else of sysEmitterSource. Loop only.
type sysEmitters struct {
	rt   modules.Runtime
	ctor *goja.Object
}

// class returns the EventEmitter constructor. Loop only.
func (s *sysEmitters) class() *goja.Object {
	if s.ctor != nil {
		return s.ctor
	}
	if exp := sysRequire(s.rt, "events"); exp != nil {
		if c, ok := exp.Get("EventEmitter").(*goja.Object); ok && sysFunc(c) != nil {
			s.ctor = c
		} else if sysFunc(exp) != nil {
			s.ctor = exp
		}
	}
	if s.ctor == nil {
		v, err := s.rt.VM().RunString(sysEmitterSource)
		if err != nil {
			panic(err)
		}
		s.ctor = v.(*goja.Object)
	}
	return s.ctor
}

// make returns a new emitter. Loop only. While async_hooks is loaded it
// remembers the async context it was made in, for emit.
func (s *sysEmitters) make() *goja.Object {
	vm := s.rt.VM()
	obj, err := vm.New(s.class())
	if err != nil {
		panic(err)
	}
	if v, ok := alsTrackers.Load(vm); ok {
		if ctx := v.(*alsTracker).current; ctx != nil {
			_ = obj.DefineDataPropertySymbol(sysContextKey, ctx, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
		}
	}
	return obj
}

// sysContextKey holds an emitter's async context (see make).
var sysContextKey = goja.NewSymbol("pigo.asyncContext")

// emit calls obj.emit(name, args...) from a posted job and reports what it
// throws (a listener's exception, an 'error' event nobody listens to)
// through Runtime.Log, since no JS caller could catch it. Loop only.
func (s *sysEmitters) emit(obj *goja.Object, name string, args ...goja.Value) {
	fn := sysFunc(obj.Get("emit"))
	if fn == nil {
		return
	}
	all := append([]goja.Value{s.rt.VM().ToValue(name)}, args...)
	// Events from Go run in the async context the emitter was made in, as
	// Node's resources (fs streams, child processes) do.
	if v, ok := alsTrackers.Load(s.rt.VM()); ok {
		if ctx := obj.GetSymbol(sysContextKey); ctx != nil && !goja.IsUndefined(ctx) {
			tr := v.(*alsTracker)
			prev := tr.current
			tr.current = ctx
			defer func() { tr.current = prev }()
		}
	}
	sysCall(s.rt, "'"+name+"' event listener", fn, obj, all...)
}

// listeners returns obj.listenerCount(name). Loop only.
func (s *sysEmitters) listeners(obj *goja.Object, name string) int64 {
	fn := sysFunc(obj.Get("listenerCount"))
	if fn == nil {
		return 0
	}
	v, err := fn(obj, s.rt.VM().ToValue(name))
	if err != nil {
		return 0
	}
	return v.ToInteger()
}
