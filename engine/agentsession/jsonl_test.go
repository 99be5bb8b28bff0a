package agentsession

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// The one-pass JSON writer (jsjson, as jsonlWriter and ordered use it)
// must write exactly what the encoding/json-based writer it replaced
// wrote: pi's stdout is compared byte for byte by the differential tests.
// The reference below is that writer, kept verbatim apart from names.

func refMarshalJS(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

type refOrdered []member

func (o refOrdered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, m := range o {
		if _, skip := m.value.(omittedValue); skip {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		k, _ := refMarshalJS(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := refMarshalJS(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func refApply(ko *piapi.EventKeyOrder, v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			ri, iok := ko.Rank(x, keys[i])
			rj, jok := ko.Rank(x, keys[j])
			switch {
			case iok && jok:
				return ri < rj
			case iok != jok:
				return iok
			}
			return keys[i] < keys[j]
		})
		out := make(refOrdered, len(keys))
		for i, k := range keys {
			out[i] = member{k, refApply(ko, x[k])}
		}
		return out
	case ordered:
		out := make(refOrdered, len(x))
		for i, m := range x {
			out[i] = member{m.key, refApply(ko, m.value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = refApply(ko, e)
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = refApply(ko, e)
		}
		return out
	}
	return v
}

// refWrite is what the old recordWriter.Write wrote for v.
func refWrite(v any) string {
	b, err := refMarshalJS(refApply(newKeyOrder(), v))
	if err != nil {
		return ""
	}
	return string(b) + "\n"
}

type jsonlStruct struct {
	A   string         `json:"a"`
	M   map[string]any `json:"m,omitempty"`
	Obj ordered        `json:"obj"`
}

func jsonlCorpus() []any {
	strs := []any{"", "plain", "quote \" back \\ slash", "<b>&amp;</b>", "tab\tnl\ncr\rbs\bff\f", "\x00\x01\x1f\x7f",
		"line\u2028para\u2029", "émoji 😀 中文", "bad \xff\xfe utf8 \xe2\x80", "\xed\xa0\x80 surrogate", strings.Repeat("ab\"c\n", 1000)}
	nums := []any{0.0, math.Copysign(0, -1), 0.1, 1.5, -2.25, 1e20, 1e21, 123456789012345680000.0, 1e-6, 1e-7, 9.99e-7,
		5e-324, math.MaxFloat64, -math.MaxFloat64, 1e100, 1.7976931348623157e308, 12345678.9, 1 << 53, 1<<53 + 2,
		0, 42, -7, math.MaxInt64, math.MinInt64, int64(math.MaxInt64), int64(math.MinInt64), int64(-1),
		uint64(math.MaxUint64), float32(0.1), int32(5)}
	var out []any
	out = append(out, strs...)
	out = append(out, nums...)
	usage := map[string]any{"totalTokens": 3.0, "input": 1.0, "output": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0,
		"cost": map[string]any{"total": 0.5, "input": 0.1, "output": 0.4, "cacheRead": 0.0, "cacheWrite": 0.0}}
	partial := map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "héllo\u2028<x>"}},
		"usage": usage, "stopReason": "stop", "timestamp": 1.7e12, "api": "openai-completions", "zeta": nil, "alpha": true}
	out = append(out,
		nil, true, false,
		map[string]any{}, map[string]any(nil), []any{}, []any(nil), []map[string]any(nil), []map[string]any{nil, {}},
		[]string(nil), []string{"a", "<b>"}, map[string]string{"z": "1", "a": "\u2028"},
		map[string]any{"b": 1.0, "a": []any{nil, map[string]any(nil), []any(nil)}, "type": "x", "unknown": omitted},
		ordered{}, ordered(nil), ordered{{"type", "response"}, {"skip", omitted}, {"data", map[string]any{"z": 1.0, "id": "i"}}},
		ordered{{"a", omitted}, {"b", omitted}},
		ordered{{"type", "message_update"}, {"assistantMessageEvent", ordered{{"type", "text_delta"}, {"partial", partial}}}, {"message", partial}},
		ordered{{"nan", math.NaN()}}, map[string]any{"inf": math.Inf(1)}, []any{math.Inf(-1)}, math.NaN(),
		jsonlStruct{A: "<&>\u2028", M: map[string]any{"z": 1.0, "type": "t"}, Obj: ordered{{"k", map[string]any{"y": 1.0, "role": "r"}}}},
		&jsonlStruct{}, json.RawMessage(`{"a" : [1, 2]}`), json.Number("1e400"),
		[]any{ordered{{"m", []map[string]any{{"usage": usage}}}}, "x", 1.0},
		map[string]any{"messages": []map[string]any{partial, partial}},
	)
	return out
}

func TestAppendJSMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	values := jsonlCorpus()
	r := rand.New(rand.NewSource(1))
	for range 3000 {
		values = append(values, randomJSONValue(r, 0))
	}
	for i, v := range values {
		want, werr := refMarshalJS(v)
		got, gerr := jsjson.Marshal(v)
		if (werr != nil) != (gerr != nil) || string(got) != string(want) {
			t.Errorf("jsjson.Marshal #%d %#v:\n got %q (%v)\nwant %q (%v)", i, v, got, gerr, want, werr)
		}
		var out bytes.Buffer
		newRecordWriter(protocol.NewStream(nil, &out)).Write(v)
		if w := refWrite(v); out.String() != w {
			t.Errorf("recordWriter.Write #%d %#v:\n got %q\nwant %q", i, v, out.String(), w)
		}
	}
}

// TestRecordWriterReusesBuffers writes records of shrinking size through
// one writer: a reused buffer must never leak bytes of an earlier record.
func TestRecordWriterReusesBuffers(t *testing.T) {
	t.Parallel()
	var out, want bytes.Buffer
	w := newRecordWriter(protocol.NewStream(nil, &out))
	for _, n := range []int{5000, 10, 3000, 0, 1} {
		v := map[string]any{"type": "x", "text": strings.Repeat("y", n)}
		w.Write(v)
		want.WriteString(refWrite(v))
		w.Write(math.NaN()) // dropped
	}
	if out.String() != want.String() {
		t.Fatalf("got %q\nwant %q", out.String(), want.String())
	}
}

func randomJSONValue(r *rand.Rand, depth int) any {
	n := r.Intn(12)
	if depth > 4 && n >= 7 {
		n = r.Intn(7)
	}
	switch n {
	case 0:
		return nil
	case 1:
		return r.Intn(2) == 0
	case 2:
		return randomString(r)
	case 3:
		switch r.Intn(4) {
		case 0:
			return math.Float64frombits(r.Uint64()) // NaN and ±Inf included
		case 1:
			return float64(r.Int63n(1<<54) - 1<<53)
		case 2:
			return r.NormFloat64() * math.Pow(10, float64(r.Intn(60)-30))
		}
		return float64(r.Intn(1000)) / 10
	case 4:
		return r.Int63() - r.Int63()
	case 5:
		return int(r.Int31())
	case 6:
		return omitted
	case 7, 8:
		m := map[string]any{}
		keys := []string{"type", "role", "content", "usage", "cacheRead", "cost", "input", "total", "zz", "a", "\u2028k", "<k>"}
		for range r.Intn(6) {
			m[keys[r.Intn(len(keys))]] = randomJSONValue(r, depth+1)
		}
		if r.Intn(10) == 0 {
			return map[string]any(nil)
		}
		return m
	case 9:
		var o ordered
		for range r.Intn(5) {
			o = append(o, member{randomString(r), randomJSONValue(r, depth+1)})
		}
		return o
	case 10:
		var s []any
		for range r.Intn(5) {
			s = append(s, randomJSONValue(r, depth+1))
		}
		return s
	}
	var s []map[string]any
	for range r.Intn(3) {
		m, _ := randomJSONValue(r, depth+1).(map[string]any)
		s = append(s, m)
	}
	return s
}

func randomString(r *rand.Rand) string {
	pieces := []string{"a", "Z", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "😀",
		"\u2028", "\u2029", "\ufffd", "\xff", "\xe2\x80", "\xed\xa0\x80", "\u00a0", "\ufeff"}
	var b strings.Builder
	for range r.Intn(8) {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.String()
}

// BenchmarkJSONLMessageUpdate encodes a message_update as the RPC writer
// does: the partial message (17 KB of text) twice, four levels deep.
func BenchmarkJSONLMessageUpdate(b *testing.B) {
	text := strings.Repeat("The function returns the parsed value; callers check the error first.\n"+"Use `go test ./...` to run \"all\" tests — see README.\n", 140)
	partial := map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}},
		"api": "openai-completions", "provider": "mock", "model": "mock-1", "stopReason": "stop", "timestamp": 1.7e12,
		"usage": map[string]any{"input": 1.0, "output": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 3.0,
			"cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0}}}
	ev := map[string]any{"type": "message_update", "message": partial,
		"assistantMessageEvent": map[string]any{"type": "text_delta", "contentIndex": 0.0, "delta": "text", "partial": partial}}
	benchJSONLWrite(b, ev)
}

// benchJSONLWrite measures the writer on v, and the encoding/json-based
// writer it replaced.
func benchJSONLWrite(b *testing.B, v any) {
	size := int64(len(refWrite(v)))
	b.Run("one-pass", func(b *testing.B) {
		w := newRecordWriter(protocol.NewStream(nil, discard{}))
		b.SetBytes(size)
		for range b.N {
			w.Write(v)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(size)
		for range b.N {
			refWrite(v)
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkJSONLGetMessages encodes a get_messages response of about
// 10 MB (10,000 messages) as one record.
func BenchmarkJSONLGetMessages(b *testing.B) {
	code := strings.Repeat("\tif err != nil { return fmt.Errorf(\"read %s: %w\", path, err) }\n", 15)
	var msgs []map[string]any
	for i := range 10000 {
		msgs = append(msgs, map[string]any{"role": "toolResult", "toolCallId": "call_1", "toolName": "read",
			"content": []any{map[string]any{"type": "text", "text": code}}, "isError": false, "timestamp": float64(i)})
	}
	rec := ordered{{"id", "1"}, {"type", "response"}, {"command", "get_messages"}, {"success", true}, {"data", ordered{{"messages", msgs}}}}
	benchJSONLWrite(b, rec)
}

// TestSystemMessageKeyOrder: a system message goes out with pi 1.6's key
// order (withToolChanges spreads the tool fields last) and its sections
// in the order pi's prompt builder creates them.
func TestSystemMessageKeyOrder(t *testing.T) {
	t.Parallel()
	ev := map[string]any{"type": "message_end", "message": map[string]any{"role": "system", "content": "", "timestamp": 1.0,
		"toolsRemoved": []any{map[string]any{"name": "b"}},
		"toolsAdded":   []any{map[string]any{"name": "a", "description": "d", "parameters": map[string]any{}}},
		"sections":     map[string]any{"cwd": "C", "rules": "R", "preamble": "P", "tools": "T", "mine": "M", "docs": nil}}}
	got, err := records.Encode(map[string]any{"event": ev})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"event":{"type":"message_end","message":{"role":"system","content":"","sections":{"preamble":"P","tools":"T","rules":"R","docs":null,"cwd":"C","mine":"M"},` +
		`"timestamp":1,"toolsAdded":[{"name":"a","description":"d","parameters":{}}],"toolsRemoved":[{"name":"b"}]}}}`
	if string(got.Line) != want {
		t.Errorf("got  %s\nwant %s", got.Line, want)
	}
}
