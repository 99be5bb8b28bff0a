package webapi

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/tetratelabs/wazero/api"
)

// The few parts of the WebAssembly binary format the JS API needs that
// wazero's compiled module does not expose: the import and export sections
// in order with their kinds (WebAssembly.Module.imports/exports, building an
// instance's exports object and its imports), custom sections, and an
// encoder for the small modules that hold what JS creates itself (a
// WebAssembly.Memory or Global) and that link an import object's values to
// the module importing them.

// Extern kinds as the binary format numbers them.
const (
	externFunc   byte = 0
	externTable  byte = 1
	externMemory byte = 2
	externGlobal byte = 3
	externTag    byte = 4
)

// externKindName is the kind WebAssembly.Module.imports/exports report.
var externKindName = map[byte]string{
	externFunc: "function", externTable: "table", externMemory: "memory", externGlobal: "global", externTag: "tag",
}

// wasmImport is one entry of the import section.
type wasmImport struct {
	module, name string
	kind         byte
	// global imports: the value type and mutability
	globalType byte
	mutable    bool
}

// wasmExport is one entry of the export section.
type wasmExport struct {
	name  string
	kind  byte
	index uint32
}

// wasmCustomSection is a custom section's name and payload.
type wasmCustomSection struct {
	name    string
	payload []byte
}

// wasmSections is what parseWasmSections reads.
type wasmSections struct {
	imports []wasmImport
	exports []wasmExport
	custom  []wasmCustomSection
	// tables are the module's tables, imported ones first (the order of
	// table indices).
	tables []wasmTableType
	// funcTypes are the type section's function types.
	funcTypes []wasmFuncType
}

// wasmTableType is a table's declared limits (max < 0: none).
type wasmTableType struct {
	elem     byte
	min      uint32
	max      int64
	imported bool
}

// wasmFuncType is a function type.
type wasmFuncType struct{ params, results []api.ValueType }

var errWasmTruncated = errors.New("unexpected end of section")

// wasmReader reads the binary format's primitives.
type wasmReader struct {
	b   []byte
	off int
}

func (r *wasmReader) byte() (byte, error) {
	if r.off >= len(r.b) {
		return 0, errWasmTruncated
	}
	c := r.b[r.off]
	r.off++
	return c, nil
}

func (r *wasmReader) u32() (uint32, error) {
	var v uint32
	for shift := 0; shift < 35; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errors.New("invalid LEB128")
}

func (r *wasmReader) bytes(n uint32) ([]byte, error) {
	if uint64(r.off)+uint64(n) > uint64(len(r.b)) {
		return nil, errWasmTruncated
	}
	b := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return b, nil
}

func (r *wasmReader) name() (string, error) {
	n, err := r.u32()
	if err != nil {
		return "", err
	}
	b, err := r.bytes(n)
	return string(b), err
}

func (r *wasmReader) limits() error {
	_, _, err := r.readLimits()
	return err
}

// readLimits reads limits; max is -1 when there is none.
func (r *wasmReader) readLimits() (min uint32, max int64, err error) {
	flags, err := r.byte()
	if err != nil {
		return 0, 0, err
	}
	if min, err = r.u32(); err != nil {
		return 0, 0, err
	}
	max = -1
	if flags&1 != 0 {
		var m uint32
		m, err = r.u32()
		max = int64(m)
	}
	return min, max, err
}

func (r *wasmReader) tableType() (wasmTableType, error) {
	elem, err := r.byte()
	if err != nil {
		return wasmTableType{}, err
	}
	min, max, err := r.readLimits()
	return wasmTableType{elem: elem, min: min, max: max}, err
}

// readTypes reads the type section's function types; it stops at the
// first type of another form (the GC proposal's), which JS cannot call.
func (s *wasmSections) readTypes(r *wasmReader) error {
	n, err := r.u32()
	if err != nil {
		return err
	}
	valueTypes := func() ([]api.ValueType, error) {
		n, err := r.u32()
		if err != nil {
			return nil, err
		}
		b, err := r.bytes(n)
		out := make([]api.ValueType, len(b))
		for i, c := range b {
			out[i] = api.ValueType(c)
		}
		return out, err
	}
	for range n {
		form, err := r.byte()
		if err != nil || form != 0x60 {
			return err
		}
		var t wasmFuncType
		if t.params, err = valueTypes(); err != nil {
			return err
		}
		if t.results, err = valueTypes(); err != nil {
			return err
		}
		s.funcTypes = append(s.funcTypes, t)
	}
	return nil
}

// wasmMagic is the preamble: "\0asm" and version 1.
var wasmMagic = []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}

// checkWasmPreamble returns V8's message for a buffer that is not a
// WebAssembly binary at all (packages show it to users), or nil.
func checkWasmPreamble(b []byte) error {
	switch {
	case len(b) == 0:
		return errors.New("BufferSource argument is empty")
	case len(b) < 4:
		return fmt.Errorf("expected 4 bytes, fell off end @+0")
	case !bytes.Equal(b[:4], wasmMagic[:4]):
		return fmt.Errorf("expected magic word 00 61 73 6d, found % x @+0", b[:4])
	case len(b) < 8:
		return fmt.Errorf("expected 4 bytes, fell off end @+4")
	case !bytes.Equal(b[4:8], wasmMagic[4:]):
		return fmt.Errorf("expected version 01 00 00 00, found % x @+4", b[4:8])
	}
	return nil
}

// parseWasmSections reads the import, export and custom sections of a
// module that wazero compiled (so the structure is known to be valid).
func parseWasmSections(b []byte) (wasmSections, error) {
	var s wasmSections
	r := &wasmReader{b: b, off: len(wasmMagic)}
	for r.off < len(b) {
		id, err := r.byte()
		if err != nil {
			return s, err
		}
		size, err := r.u32()
		if err != nil {
			return s, err
		}
		body, err := r.bytes(size)
		if err != nil {
			return s, err
		}
		sr := &wasmReader{b: body}
		switch id {
		case 0:
			name, err := sr.name()
			if err != nil {
				return s, err
			}
			s.custom = append(s.custom, wasmCustomSection{name: name, payload: body[sr.off:]})
		case 2:
			if err := s.readImports(sr); err != nil {
				return s, fmt.Errorf("import section: %w", err)
			}
		case 1:
			if err := s.readTypes(sr); err != nil {
				return s, fmt.Errorf("type section: %w", err)
			}
		case 4:
			n, err := sr.u32()
			for i := uint32(0); err == nil && i < n; i++ {
				var t wasmTableType
				if t, err = sr.tableType(); err == nil {
					s.tables = append(s.tables, t)
				}
			}
			if err != nil {
				return s, fmt.Errorf("table section: %w", err)
			}
		case 7:
			if err := s.readExports(sr); err != nil {
				return s, fmt.Errorf("export section: %w", err)
			}
		}
	}
	return s, nil
}

func (s *wasmSections) readImports(r *wasmReader) error {
	n, err := r.u32()
	if err != nil {
		return err
	}
	for range n {
		var im wasmImport
		if im.module, err = r.name(); err != nil {
			return err
		}
		if im.name, err = r.name(); err != nil {
			return err
		}
		if im.kind, err = r.byte(); err != nil {
			return err
		}
		switch im.kind {
		case externFunc:
			_, err = r.u32()
		case externTable:
			var t wasmTableType
			if t, err = r.tableType(); err == nil {
				t.imported = true
				s.tables = append(s.tables, t)
			}
		case externMemory:
			err = r.limits()
		case externGlobal:
			if im.globalType, err = r.byte(); err == nil {
				var mut byte
				mut, err = r.byte()
				im.mutable = mut == 1
			}
		case externTag:
			if _, err = r.byte(); err == nil {
				_, err = r.u32()
			}
		default:
			return fmt.Errorf("unknown import kind %#x", im.kind)
		}
		if err != nil {
			return err
		}
		s.imports = append(s.imports, im)
	}
	return nil
}

func (s *wasmSections) readExports(r *wasmReader) error {
	n, err := r.u32()
	if err != nil {
		return err
	}
	for range n {
		var ex wasmExport
		if ex.name, err = r.name(); err != nil {
			return err
		}
		if ex.kind, err = r.byte(); err != nil {
			return err
		}
		if ex.index, err = r.u32(); err != nil {
			return err
		}
		s.exports = append(s.exports, ex)
	}
	return nil
}

// wasmEncoder builds a module in the binary format.
type wasmEncoder struct{ sections bytes.Buffer }

func appendU32(b []byte, v uint32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

func appendS64(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendName(b []byte, s string) []byte {
	return append(appendU32(b, uint32(len(s))), s...)
}

// section appends a section of count entries.
func (e *wasmEncoder) section(id byte, count int, entries []byte) {
	if count == 0 {
		return
	}
	body := append(appendU32(nil, uint32(count)), entries...)
	e.sections.WriteByte(id)
	e.sections.Write(appendU32(nil, uint32(len(body))))
	e.sections.Write(body)
}

func (e *wasmEncoder) bytes() []byte {
	return append(append([]byte(nil), wasmMagic...), e.sections.Bytes()...)
}

// appendLimits encodes memory limits; max < 0 means none.
func appendLimits(b []byte, shared bool, min uint32, max int64) []byte {
	flags := byte(0)
	if max >= 0 {
		flags |= 1
	}
	if shared {
		flags |= 2
	}
	b = appendU32(append(b, flags), min)
	if max >= 0 {
		b = appendU32(b, uint32(max))
	}
	return b
}
