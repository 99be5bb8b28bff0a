package jsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Ordered is an object that lists its own members, in the order they are
// written (Members may leave some out).
type Ordered interface {
	Members(yield func(key string, value any) bool)
}

// Object is a JSON object whose members keep their order. Set and Parse
// keep JavaScript's property order: array-index keys first, in numeric
// order, then the others in the order they were added.
type Object []Member

// Member is one property of an Object.
type Member struct {
	Key   string
	Value any
}

// Members implements Ordered.
func (o Object) Members(yield func(string, any) bool) {
	for _, m := range o {
		if !yield(m.Key, m.Value) {
			return
		}
	}
}

// Get returns the value of key.
func (o Object) Get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Set adds or replaces a property; a replaced property keeps its place, as
// in JavaScript.
func (o *Object) Set(key string, v any) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Value = v
			return
		}
	}
	at := len(*o)
	if isArrayIndex(key) {
		at = 0
		for at < len(*o) && isArrayIndex((*o)[at].Key) && compareIndices((*o)[at].Key, key) < 0 {
			at++
		}
	}
	*o = slices.Insert(*o, at, Member{key, v})
}

// Delete removes key, as JavaScript's delete does.
func (o *Object) Delete(key string) {
	*o = slices.DeleteFunc(*o, func(m Member) bool { return m.Key == key })
}

// MarshalJSON implements json.Marshaler: JSON.stringify's text.
func (o Object) MarshalJSON() ([]byte, error) {
	var e Encoder
	return e.Append(nil, o)
}

// Parse is JSON.parse: objects become *Object in JavaScript's property
// order (a repeated key keeps its first place and its last value), numbers
// float64 (±Infinity beyond float64's range).
func Parse(raw []byte) (any, error) {
	if json.Valid(raw) {
		// Valid JSON (json.Valid allows 10,000 nesting levels) is read
		// by one pass over its bytes: several times faster than the
		// token decoder, which streams providers' events pay per chunk.
		p := validParser{raw: raw}
		return p.value(), nil
	}
	return parseTokens(raw)
}

// parseTokens is Parse with the token decoder: it has no nesting limit
// and reports what is wrong with invalid JSON.
func parseTokens(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after top-level value")
	}
	return v, nil
}

func decode(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var o Object
			var at map[string]int // key → place in o, for repeated keys
			indices := false
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				if i, ok := at[k]; ok {
					o[i].Value = v
					continue
				}
				if at == nil {
					at = map[string]int{}
				}
				at[k] = len(o)
				o = append(o, Member{k, v})
				indices = indices || isArrayIndex(k)
			}
			if indices {
				sortIndicesFirst(o)
			}
			if o == nil {
				o = Object{}
			}
			_, err := dec.Token() // '}'
			return &o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decode(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token() // ']'
			return arr, err
		}
		return nil, errors.New("unexpected delimiter")
	case json.Number:
		f, err := strconv.ParseFloat(t.String(), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, err
		}
		return f, nil
	default: // string, bool, nil
		return t, nil
	}
}

// sortIndicesFirst puts o's array-index keys first, in numeric order, as
// JavaScript enumerates them; the other keys keep their order.
func sortIndicesFirst(o Object) {
	slices.SortStableFunc(o, func(a, b Member) int {
		ai, bi := isArrayIndex(a.Key), isArrayIndex(b.Key)
		switch {
		case ai && bi:
			return compareIndices(a.Key, b.Key)
		case ai:
			return -1
		case bi:
			return 1
		}
		return 0
	})
}

// validParser reads JSON that json.Valid accepted as Parse does.
type validParser struct {
	raw []byte
	i   int
}

func (p *validParser) ws() {
	for p.i < len(p.raw) {
		switch p.raw[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *validParser) value() any {
	p.ws()
	switch c := p.raw[p.i]; c {
	case '{':
		p.i++
		o := Object{}
		var at map[string]int // key → place in o, for repeated keys in big objects
		indices := false
		for {
			p.ws()
			if p.raw[p.i] == '}' {
				p.i++
				break
			}
			if p.raw[p.i] == ',' {
				p.i++
				p.ws()
			}
			k := p.str()
			p.ws()
			p.i++ // ':'
			v := p.value()
			p.ws()
			i, seen := -1, false
			if at != nil {
				i, seen = at[k]
			} else {
				i = slices.IndexFunc(o, func(m Member) bool { return m.Key == k })
				seen = i >= 0
			}
			if seen {
				o[i].Value = v // a repeated key keeps its first place
				continue
			}
			if at == nil && len(o) == 16 {
				at = make(map[string]int, 32)
				for j, m := range o {
					at[m.Key] = j
				}
			}
			if at != nil {
				at[k] = len(o)
			}
			o = append(o, Member{k, v})
			indices = indices || isArrayIndex(k)
		}
		if indices {
			sortIndicesFirst(o)
		}
		return &o
	case '[':
		p.i++
		arr := []any{}
		for {
			p.ws()
			if p.raw[p.i] == ']' {
				p.i++
				return arr
			}
			if p.raw[p.i] == ',' {
				p.i++
			}
			arr = append(arr, p.value())
		}
	case '"':
		return p.str()
	case 't':
		p.i += 4
		return true
	case 'f':
		p.i += 5
		return false
	case 'n':
		p.i += 4
		return nil
	default:
		start := p.i
		for p.i < len(p.raw) && strings.IndexByte("+-0123456789.eE", p.raw[p.i]) >= 0 {
			p.i++
		}
		f, _ := strconv.ParseFloat(string(p.raw[start:p.i]), 64) // ±Inf past float64's range
		return f
	}
}

// str reads a string at p.i (its opening quote).
func (p *validParser) str() string {
	start := p.i
	p.i++
	plain := true
	for {
		c := p.raw[p.i]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			p.i++
		} else if c >= utf8.RuneSelf {
			plain = false
		}
		p.i++
	}
	p.i++
	if plain {
		return string(p.raw[start+1 : p.i-1])
	}
	var s string
	_ = json.Unmarshal(p.raw[start:p.i], &s) // escapes, and invalid UTF-8 as U+FFFD
	return s
}

// Restringify is JSON.stringify(JSON.parse(raw)): raw with its key order
// kept, written as JavaScript writes it.
func Restringify(raw []byte) (string, error) {
	v, err := Parse(raw)
	if err != nil {
		return "", err
	}
	return Stringify(v), nil
}

// Unmarshal is json.Unmarshal into an any (map[string]any, []any,
// float64, string, bool, nil) without encoding/json's limit of 10,000
// nesting levels: V8's JSON.parse has none, and a client may send what it
// parses.
func Unmarshal(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	v, err := decodePlain(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after top-level value")
	}
	return v, nil
}

func decodePlain(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if d == '{' {
		m := map[string]any{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodePlain(dec)
			if err != nil {
				return nil, err
			}
			m[kt.(string)] = v
		}
		_, err := dec.Token() // '}'
		return m, err
	}
	a := []any{}
	for dec.More() {
		v, err := decodePlain(dec)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
	}
	_, err = dec.Token() // ']'
	return a, err
}

// Plain is v with every Object (at any depth, also inside maps) as a
// map[string]any, for Go code that reads data without caring for its key
// order. Maps and slices are copied.
func Plain(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = Plain(e)
		}
		return m
	case *Object:
		if x == nil {
			return map[string]any(nil)
		}
		return plainObject(*x)
	case Object:
		return plainObject(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Plain(e)
		}
		return out
	}
	return v
}

func plainObject(o Object) map[string]any {
	m := make(map[string]any, len(o))
	for _, e := range o {
		m[e.Key] = Plain(e.Value)
	}
	return m
}

// AsMap reads an object, ordered or not, as a map[string]any: a map is
// returned as it is, an Object as a shallow map of its members.
func AsMap(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case map[string]any:
		return x, x != nil
	case *Object:
		if x == nil {
			return nil, false
		}
		return shallowMap(*x), true
	case Object:
		return shallowMap(x), true
	}
	return nil, false
}

func shallowMap(o Object) map[string]any {
	m := make(map[string]any, len(o))
	for _, e := range o {
		m[e.Key] = e.Value
	}
	return m
}

// OrderedBy is a shallow *Object of m with the keys listed in keys first,
// in that order, and m's other keys after them, sorted (keys m lacks are
// skipped).
func OrderedBy(m map[string]any, keys []string) *Object {
	o := make(Object, 0, len(m))
	for _, k := range keys {
		if v, ok := m[k]; ok {
			if _, dup := o.Get(k); !dup {
				o = append(o, Member{k, v})
			}
		}
	}
	if len(o) < len(m) {
		for _, k := range Keys(m) {
			if _, ok := o.Get(k); !ok {
				o = append(o, Member{k, m[k]})
			}
		}
	}
	return &o
}

// OrderLike returns v with each of its objects in the key order of the
// Object at the same place in like (keys like lacks follow, sorted), for
// data computed from an ordered value as plain maps (coerced tool
// arguments). Values like has no Object for are returned as they are.
func OrderLike(v, like any) any {
	switch x := v.(type) {
	case map[string]any:
		var lo Object
		switch l := like.(type) {
		case *Object:
			if l == nil {
				return v
			}
			lo = *l
		case Object:
			lo = l
		default:
			return v
		}
		out := make(Object, 0, len(x))
		for _, m := range lo {
			if e, ok := x[m.Key]; ok {
				out = append(out, Member{m.Key, OrderLike(e, m.Value)})
			}
		}
		if len(out) < len(x) {
			var rest []string
			for k := range x {
				if _, ok := lo.Get(k); !ok {
					rest = append(rest, k)
				}
			}
			slices.Sort(rest)
			for _, k := range rest {
				out = append(out, Member{k, x[k]})
			}
		}
		return &out
	case []any:
		la, _ := like.([]any)
		out := make([]any, len(x))
		for i, e := range x {
			if i < len(la) {
				out[i] = OrderLike(e, la[i])
			} else {
				out[i] = e
			}
		}
		return out
	}
	return v
}
