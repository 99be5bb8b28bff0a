package protocol

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Message is one record: its "type" member and its JSON text.
type Message struct {
	// Type is the record's "type" member; "" when it has none or it is
	// not a string.
	Type string
	// Line is the record's JSON text, without the newline. A received
	// Message owns it.
	Line []byte
}

// String returns the record's JSON text.
func (m Message) String() string { return string(m.Line) }

// Value decodes the record as JSON.parse would (objects as
// map[string]any, numbers as float64; nesting deeper than encoding/json
// allows decodes too).
func (m Message) Value() (any, error) {
	var v any
	err := json.Unmarshal(m.Line, &v)
	if err == nil {
		return v, nil
	}
	if msg := jsjson.ParseError(string(m.Line)); msg != "" {
		return nil, &SyntaxError{Msg: msg}
	}
	// Valid JSON that encoding/json refuses: nested deeper than its
	// 10,000 levels. V8 parses it, so pigo does too.
	return jsjson.Unmarshal(m.Line)
}

// Object decodes a record that is a JSON object; a record that is another
// JSON value gives nil and no error.
func (m Message) Object() (map[string]any, error) {
	v, err := m.Value()
	o, _ := v.(map[string]any)
	return o, err
}

// SyntaxError is a line that is not JSON. Msg is what V8's JSON.parse
// (Node 22) says about it, which is what pi tells its clients.
type SyntaxError struct{ Msg string }

func (e *SyntaxError) Error() string { return e.Msg }

// Parse checks that line is one JSON value and returns it as a Message
// (the line is not copied). A line that is not JSON gives a *SyntaxError.
func Parse(line []byte) (Message, error) {
	if !json.Valid(line) {
		if msg := jsjson.ParseError(string(line)); msg != "" {
			return Message{}, &SyntaxError{Msg: msg}
		}
		// Deeper than encoding/json's scanner goes, yet valid: V8 takes it.
		if _, err := jsjson.Unmarshal(line); err != nil {
			return Message{}, &SyntaxError{Msg: err.Error()}
		}
	}
	return Message{Type: typeOf(line), Line: line}, nil
}

// Raw wraps a line as a Message without checking it: the peer's Parse
// will. A client forwarding what its user typed uses it, so the host
// answers a bad line as it answers a bad command.
func Raw(line []byte) Message { return Message{Type: typeOf(line), Line: line} }

// Encoder encodes Go values as records: strings and numbers as
// encoding/json writes them (HTML characters unescaped, like
// JSON.stringify), object keys in the order Order gives. Safe for
// concurrent use.
type Encoder struct {
	enc  jsjson.Encoder
	bufs sync.Pool // *[]byte: encode buffers reused across records
}

// NewEncoder returns an Encoder writing map keys in order (nil is
// JavaScript's order of a parsed object).
func NewEncoder(order jsjson.KeyOrder) *Encoder {
	return &Encoder{enc: jsjson.Encoder{EncodingJSON: true, Order: order}}
}

// Encode returns v as a Message; its Line is its own.
func (e *Encoder) Encode(v any) (Message, error) {
	var line []byte
	err := e.encode(v, func(b []byte) { line = append([]byte(nil), b...) })
	if err != nil {
		return Message{}, err
	}
	return Message{Type: typeOf(line), Line: line}, nil
}

// Send encodes v and sends it on c, through a reused buffer (Conns do not
// keep a record's bytes once Send returned).
func (e *Encoder) Send(c Conn, v any) error {
	var sendErr error
	err := e.encode(v, func(b []byte) { sendErr = c.Send(Message{Type: typeOf(b), Line: b}) })
	if err != nil {
		return err
	}
	return sendErr
}

// maxPooledBuf bounds the encode buffers kept for reuse: a one-off huge
// record (get_messages on a long session) is not kept alive.
const maxPooledBuf = 1 << 20

// encode calls use with v's JSON text; the bytes are valid only during
// the call.
func (e *Encoder) encode(v any, use func([]byte)) error {
	bp, _ := e.bufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	b, err := e.enc.Append((*bp)[:0], v)
	if err == nil {
		use(b)
	}
	if cap(b) <= maxPooledBuf {
		*bp = b[:0]
		e.bufs.Put(bp)
	}
	return err
}

// typeOf is the string value of the top-level "type" member of a JSON
// object, read without decoding the rest; "" when there is none.
func typeOf(b []byte) string {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return ""
	}
	i++
	for {
		i = skipSpace(b, i)
		if i >= len(b) || b[i] != '"' {
			return ""
		}
		kEnd := skipString(b, i)
		if kEnd < 0 {
			return ""
		}
		key := b[i:kEnd]
		i = skipSpace(b, kEnd)
		if i >= len(b) || b[i] != ':' {
			return ""
		}
		i = skipSpace(b, i+1)
		vEnd := skipValue(b, i)
		if vEnd < 0 {
			return ""
		}
		if string(key) == `"type"` || (bytes.IndexByte(key, '\\') >= 0 && unquote(key) == "type") {
			if b[i] != '"' {
				return ""
			}
			return unquote(b[i:vEnd])
		}
		i = skipSpace(b, vEnd)
		if i >= len(b) || b[i] != ',' {
			return ""
		}
		i++
	}
}

// unquote decodes a JSON string literal ("" when it is not one).
func unquote(s []byte) string {
	var out string
	if json.Unmarshal(s, &out) != nil {
		return ""
	}
	return out
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] ('"'),
// or -1.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// skipValue returns the index after the JSON value starting at b[i], or
// -1. It trusts the value to be well formed (Parse checked it).
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j) - 1
				if j < 0 {
					return -1
				}
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	return j
}
