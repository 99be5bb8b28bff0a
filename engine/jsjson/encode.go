package jsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// ErrUndefined is the error for a value with no JSON form (a function):
// JSON.stringify returns undefined for it.
var ErrUndefined = errors.New("jsjson: value has no JSON form")

// An Encoder writes values as JSON. The zero Encoder writes what
// JSON.stringify(v) writes, map keys in [JSOrder]. It is safe for
// concurrent use once configured.
//
// Values are written as data: nil, bool, string, float64, int, int64,
// int32, uint64, json.Number (as the number it holds), map[string]any,
// []any, []map[string]any, [Object] and [Ordered]. Other Go values are written as
// encoding/json writes them (HTML escaping off), re-indented with Indent;
// without EncodingJSON, functions, channels and complex numbers (and what
// Undefined reports) are JSON.stringify's undefined: left out of objects,
// null in arrays, and [ErrUndefined] at the top.
type Encoder struct {
	// Indent is JSON.stringify's third argument: "" writes one line.
	Indent string
	// Order orders the keys of each map[string]any; nil is [JSOrder].
	Order KeyOrder
	// NilNull writes nil maps and slices as null, as encoding/json does,
	// instead of {} and [].
	NilNull bool
	// EscapeInvalid writes invalid UTF-8 as the escape \ufffd instead of
	// the character U+FFFD (a Go string cannot hold the lone surrogates
	// JSON.stringify would escape).
	EscapeInvalid bool
	// EncodingJSON writes strings, numbers and other Go values as
	// encoding/json does with HTML escaping off: U+2028 and U+2029 and
	// invalid UTF-8 escaped, -0 as -0, and an error for NaN, ±Infinity
	// and what encoding/json cannot encode. With NilNull and
	// [SortedOrder] the output is encoding/json's (see [Marshal]).
	EncodingJSON bool
	// Undefined reports Go values, besides functions, that JSON.stringify
	// leaves out (a host's callables). Not used with EncodingJSON.
	Undefined func(v any) bool
}

// Append appends v's JSON text to b. For a value with no JSON form it
// returns b unchanged and [ErrUndefined]; with EncodingJSON it returns
// encoding/json's errors (and nil).
func (e *Encoder) Append(b []byte, v any) ([]byte, error) {
	s := statePool.Get().(*encodeState)
	s.enc, s.b = e, b
	ok, err := s.value(v, e.order(), 0)
	out := s.b
	clear(s.keys[:cap(s.keys)])
	s.enc, s.b, s.keys = nil, nil, s.keys[:0]
	statePool.Put(s)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return b, ErrUndefined
	}
	return out, nil
}

// Stringify returns v's JSON text, or "undefined" when it has none (or
// cannot be encoded), as `${JSON.stringify(v)}` shows it.
func (e *Encoder) Stringify(v any) string {
	b, err := e.Append(nil, v)
	if err != nil {
		return "undefined"
	}
	return string(b)
}

// Stringify is JSON.stringify(v): the zero Encoder's Stringify.
func Stringify(v any) string {
	var e Encoder
	return e.Stringify(v)
}

var goEncoding = Encoder{EncodingJSON: true, NilNull: true, Order: SortedOrder{}}

// Marshal is json.Marshal with HTML escaping off (what a json.Encoder with
// SetEscapeHTML(false) writes, without the newline), written in one pass:
// pigo's data are not re-scanned at every json.Marshaler level. An
// [Ordered] is written as its members (its MarshalJSON is not called).
func Marshal(v any) ([]byte, error) { return goEncoding.Append(nil, v) }

// AppendString appends s quoted as the Encoder quotes strings.
func (e *Encoder) AppendString(b []byte, s string) []byte {
	return appendString(b, s, e.EncodingJSON, e.EncodingJSON || e.EscapeInvalid)
}

func (e *Encoder) order() KeyOrder {
	if e.Order == nil {
		return JSOrder{}
	}
	return e.Order
}

// encodeState is one Append: the output and a stack of the keys of the
// objects being written (reused, so that objects cost no allocation).
type encodeState struct {
	enc  *Encoder
	b    []byte
	keys []string
}

var statePool = sync.Pool{New: func() any { return new(encodeState) }}

// value writes v; it reports false (and writes nothing) when v is
// undefined.
func (s *encodeState) value(v any, order KeyOrder, depth int) (bool, error) {
	e := s.enc
	switch x := v.(type) {
	case nil:
		s.b = append(s.b, "null"...)
	case string:
		s.b = e.AppendString(s.b, x)
	case bool:
		s.b = strconv.AppendBool(s.b, x)
	case float64:
		return true, s.float(x)
	case int:
		s.b = strconv.AppendInt(s.b, int64(x), 10)
	case int64:
		s.b = strconv.AppendInt(s.b, x, 10)
	case int32:
		s.b = strconv.AppendInt(s.b, int64(x), 10)
	case uint64:
		s.b = strconv.AppendUint(s.b, x, 10)
	case json.Number:
		if e.EncodingJSON {
			return s.fallback(v, depth)
		}
		f, _ := strconv.ParseFloat(string(x), 64) // JSON.parse's number; out of range: ±Infinity
		return true, s.float(f)
	case map[string]any:
		if x == nil && e.NilNull {
			s.b = append(s.b, "null"...)
			return true, nil
		}
		return true, s.object(x, order, depth)
	case []any:
		if x == nil && e.NilNull {
			s.b = append(s.b, "null"...)
			return true, nil
		}
		return true, array(s, x, order, depth)
	case []map[string]any:
		if x == nil && e.NilNull {
			s.b = append(s.b, "null"...)
			return true, nil
		}
		return true, array(s, x, order, depth)
	case *Object:
		if x == nil {
			s.b = append(s.b, "null"...)
			return true, nil
		}
		return true, s.ordered(x, order, depth)
	case Ordered: // Object too
		return true, s.ordered(x, order, depth)
	default:
		return s.fallback(v, depth)
	}
	return true, nil
}

// float writes a number as JavaScript's Number#toString does (NaN and
// ±Infinity as null, -0 as 0), or as encoding/json does.
func (s *encodeState) float(f float64) error {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		if s.enc.EncodingJSON {
			return fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, 64))
		}
		s.b = append(s.b, "null"...)
	case f == 0 && !s.enc.EncodingJSON: // -0 too
		s.b = append(s.b, '0')
	default:
		s.b = appendFloat(s.b, f)
	}
	return nil
}

// object writes m with its keys in order's order, members whose value is
// undefined left out.
func (s *encodeState) object(m map[string]any, order KeyOrder, depth int) error {
	start := len(s.keys)
	s.keys = order.Keys(s.keys, m)
	end := len(s.keys)
	s.b = append(s.b, '{')
	n := 0
	var err error
	for i := start; i < end && err == nil; i++ {
		k := s.keys[i] // s.keys may grow (and move) while a member is written
		err = s.member(&n, k, m[k], order.Member(m, k), depth)
	}
	s.keys = s.keys[:start]
	if err != nil {
		return err
	}
	s.close(n, '}', depth)
	return nil
}

// ordered writes the members o yields, in that order.
func (s *encodeState) ordered(o Ordered, order KeyOrder, depth int) error {
	s.b = append(s.b, '{')
	n := 0
	var err error
	o.Members(func(k string, v any) bool {
		err = s.member(&n, k, v, order.Member(nil, k), depth)
		return err == nil
	})
	if err != nil {
		return err
	}
	s.close(n, '}', depth)
	return nil
}

// member writes one object member after the n written so far; an
// undefined value leaves it out.
func (s *encodeState) member(n *int, k string, v any, order KeyOrder, depth int) error {
	mark := len(s.b)
	if *n > 0 {
		s.b = append(s.b, ',')
	}
	s.newline(depth + 1)
	s.b = s.enc.AppendString(s.b, k)
	s.b = append(s.b, ':')
	if s.enc.Indent != "" {
		s.b = append(s.b, ' ')
	}
	ok, err := s.value(v, order, depth+1)
	if err != nil {
		return err
	}
	if !ok {
		s.b = s.b[:mark]
		return nil
	}
	*n++
	return nil
}

// array writes a slice; an undefined element is written as null.
func array[T any](s *encodeState, a []T, order KeyOrder, depth int) error {
	s.b = append(s.b, '[')
	elem := order.Element()
	for i, v := range a {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		s.newline(depth + 1)
		ok, err := s.value(v, elem, depth+1)
		if err != nil {
			return err
		}
		if !ok {
			s.b = append(s.b, "null"...)
		}
	}
	s.close(len(a), ']', depth)
	return nil
}

// close ends an object or array of n members.
func (s *encodeState) close(n int, c byte, depth int) {
	if n > 0 {
		s.newline(depth)
	}
	s.b = append(s.b, c)
}

// newline starts an indented line at depth (nothing on one line).
func (s *encodeState) newline(depth int) {
	if s.enc.Indent == "" {
		return
	}
	s.b = append(s.b, '\n')
	for range depth {
		s.b = append(s.b, s.enc.Indent...)
	}
}

// fallback writes a Go value that is not data with encoding/json.
func (s *encodeState) fallback(v any, depth int) (bool, error) {
	e := s.enc
	if !e.EncodingJSON {
		if e.Undefined != nil && e.Undefined(v) {
			return false, nil
		}
		switch reflect.ValueOf(v).Kind() {
		case reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Complex64, reflect.Complex128:
			return false, nil
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if e.Indent != "" {
		enc.SetIndent(strings.Repeat(e.Indent, depth), e.Indent)
	}
	if err := enc.Encode(v); err != nil {
		if e.EncodingJSON {
			return false, err
		}
		return false, nil
	}
	s.b = append(s.b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
	return true, nil
}

// appendFloat appends a finite number as encoding/json does, which is
// JavaScript's Number#toString except that -0 stays -0.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 → e-7, as JavaScript and encoding/json write it
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendString appends s quoted: ", \ and control characters escaped, as
// JSON.stringify does; lineSeps also escapes U+2028 and U+2029 and
// escapeInvalid writes invalid UTF-8 as \ufffd (encoding/json does both),
// else as U+FFFD itself.
func appendString(b []byte, s string, lineSeps, escapeInvalid bool) []byte {
	if n := len(s) + 2; cap(b)-len(b) < n {
		// Double: append grows large slices by 1.25x, which copies a
		// 10 MB record (get_messages) many times over.
		nb := make([]byte, len(b), 2*cap(b)+n)
		copy(nb, b)
		b = nb
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		for i < len(s) && plainASCII[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			if escapeInvalid {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, "\ufffd"...)
			}
		case lineSeps && (r == '\u2028' || r == '\u2029'):
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainASCII marks the bytes appendString copies as they are: ASCII from
// 0x20 up, except '"' and '\\'. Read-only.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()
