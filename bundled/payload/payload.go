// Package payload reads and writes the app a standalone pigo executable
// carries (`pigo build`). Such an executable is a pigo binary with the
// payload appended, then a fixed-size trailer:
//
//	[pigo binary][payload: JSON App][trailer: SHA-256 of payload | payload length | format version | magic]
//
// The binary itself is untouched (the OS loader never looks past it), so
// any pigo binary can be the runtime; at start it reads only the trailer
// (Read) and, when the magic is there, the payload. The package knows
// nothing about bundling or running: the payload is data (package pigo
// turns it into plugins).
package payload

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Version is the payload format this pigo writes. Bump it when App's
// encoding changes; Read accepts every version from 1 (version 2 added
// Plugin.Assets; a version 1 payload is a version 2 one without assets).
const Version = 2

// magic ends every payload-carrying executable.
var magic = [12]byte{'p', 'i', 'g', 'o', '-', 'p', 'a', 'y', 'l', 'o', 'a', 'd'}

// TrailerSize is the size of the trailer after the payload.
const TrailerSize = sha256.Size + 8 + 4 + len(magic)

// App is the embedded app: its plugins, in manifest order, ahead of the
// running command's own manifest.
type App struct {
	ID      string   `json:"id,omitempty"`
	Plugins []Plugin `json:"plugins"`
}

// Plugin is one embedded manifest entry: a reference to a plugin bundled
// in the binary (Bundle nil) or an extension carried as its bundle.
type Plugin struct {
	// Ref is the entry as the build was given it ("@pi/tool-ls",
	// "./ext.ts"), for messages.
	Ref string `json:"ref"`
	// ID is the plugin id (the canonical bundled id, or the id derived
	// from the extension's path at build time).
	ID     string         `json:"id"`
	Config map[string]any `json:"config,omitempty"`
	Bundle *Bundle        `json:"bundle,omitempty"`
	// Assets are the files of the extension's directory, which it may read
	// at run time (import.meta.url, import.meta.dirname); nil when the
	// extension is a lone file.
	Assets *Assets `json:"assets,omitempty"`
}

// Assets are an extension's directory as it was at build time, carried so
// the executable needs no source tree: the runtime writes them to a cache
// directory once and points the bundle's import.meta paths there.
type Assets struct {
	// Token stands for the directory in Bundle.Code: the build replaced
	// the directory's path (and its file: URL) with it.
	Token string `json:"token"`
	// Hash identifies the files (SHA-256 over paths, modes and contents):
	// the cache directory's name.
	Hash  string  `json:"hash"`
	Files []Asset `json:"files"`
}

// Asset is one file, by its slash-separated path in the directory.
type Asset struct {
	Path string `json:"path"`
	Mode uint32 `json:"mode"` // permission bits
	Data []byte `json:"data"`
}

// Bundle is an extension's bundle as the bundler made it at build time:
// one CommonJS module body with host-served modules left as require().
type Bundle struct {
	// Entry is the extension's entry file at build time: its __filename,
	// and the file its errors are reported against.
	Entry     string `json:"entry"`
	Code      string `json:"code"`
	SourceMap string `json:"sourceMap,omitempty"` // v3, with sourcesContent: stack traces name the original files
	Async     bool   `json:"async,omitempty"`     // top-level await
	Hash      string `json:"hash"`                // the bundle's content hash (compiled-program cache key)
}

// Encode renders app as payload bytes. encoding/json writes struct fields
// in declaration order and map keys sorted, so equal apps encode to equal
// bytes (reproducible builds).
func Encode(app *App) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(app); err != nil {
		return nil, fmt.Errorf("encode payload: %w", err)
	}
	return buf.Bytes(), nil
}

// Trailer returns the trailer that follows data.
func Trailer(data []byte) []byte {
	t := make([]byte, 0, TrailerSize)
	sum := sha256.Sum256(data)
	t = append(t, sum[:]...)
	t = binary.LittleEndian.AppendUint64(t, uint64(len(data)))
	t = binary.LittleEndian.AppendUint32(t, Version)
	return append(t, magic[:]...)
}

// Write writes a standalone executable to w: the first runtimeSize bytes of
// runtime (a pigo binary without its own payload; see Read), the encoded
// app and its trailer.
func Write(w io.Writer, runtime io.Reader, runtimeSize int64, app *App) error {
	data, err := Encode(app)
	if err != nil {
		return err
	}
	if n, err := io.CopyN(w, runtime, runtimeSize); err != nil {
		return fmt.Errorf("copy runtime (%d of %d bytes): %w", n, runtimeSize, err)
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	_, err = w.Write(Trailer(data))
	return err
}

// Error is an executable whose trailer says it carries a payload that
// cannot be used (truncated, corrupted, or from another format version).
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: embedded app payload: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Read reads the payload of the executable at path. A file without the
// trailer magic is a plain pigo binary: app is nil and runtimeSize is the
// file's size. Otherwise runtimeSize is the size of the binary before the
// payload. A trailer whose length, version or checksum does not hold is an
// *Error naming path. Only the trailer is read from a plain binary.
func Read(path string) (app *App, runtimeSize int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	return ReadFrom(f, st.Size(), path)
}

// ReadFrom is Read on an open file of the given size; path names it in
// errors.
func ReadFrom(r io.ReaderAt, size int64, path string) (app *App, runtimeSize int64, err error) {
	if size < int64(TrailerSize) {
		return nil, size, nil
	}
	t := make([]byte, TrailerSize)
	if _, err := r.ReadAt(t, size-int64(TrailerSize)); err != nil {
		return nil, 0, &Error{Path: path, Err: fmt.Errorf("read trailer: %w", err)}
	}
	if !bytes.Equal(t[TrailerSize-len(magic):], magic[:]) {
		return nil, size, nil
	}
	fail := func(err error) (*App, int64, error) { return nil, 0, &Error{Path: path, Err: err} }
	sum := t[:sha256.Size]
	n := binary.LittleEndian.Uint64(t[sha256.Size:])
	version := binary.LittleEndian.Uint32(t[sha256.Size+8:])
	if version < 1 || version > Version {
		return fail(fmt.Errorf("format version %d, this pigo reads versions 1 to %d (rebuild it with this pigo)", version, Version))
	}
	if n > uint64(size-int64(TrailerSize)) {
		return fail(fmt.Errorf("truncated: the trailer announces %d bytes, the file has %d before it", n, size-int64(TrailerSize)))
	}
	start := size - int64(TrailerSize) - int64(n)
	data := make([]byte, n)
	if _, err := r.ReadAt(data, start); err != nil {
		return fail(fmt.Errorf("read: %w", err))
	}
	if got := sha256.Sum256(data); !bytes.Equal(got[:], sum) {
		return fail(errors.New("corrupt: checksum mismatch"))
	}
	app = new(App)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(app); err != nil {
		return fail(fmt.Errorf("corrupt: %w", err))
	}
	return app, start, nil
}
