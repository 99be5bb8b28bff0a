package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

var errUnknownBlock = errors.New("unknown content block type")

// StopReason says why an assistant message ended.
type StopReason string

// Stop reasons, as pi-ai names them.
const (
	StopReasonStop    StopReason = "stop"
	StopReasonLength  StopReason = "length"
	StopReasonToolUse StopReason = "toolUse"
	StopReasonError   StopReason = "error"
	StopReasonAborted StopReason = "aborted"
)

// Content block types.
const (
	BlockText     = "text"
	BlockThinking = "thinking"
	BlockImage    = "image"
	BlockToolCall = "toolCall"
)

// ContentBlock is one block of a message: text, thinking, image or toolCall.
// Only the fields of its Type are meaningful; JSON and [ContentBlock.Map] emit
// exactly pi-ai's fields for that type.
//
// While a stream runs, partial messages may also carry pi-ai's scratch fields
// (openai-completions: partialArgs and streamIndex on tool calls;
// anthropic-messages: index on every block and partialJson on tool calls).
// They appear in the JSON of partials exactly when pi-ai's partials carry them
// and never in a final message.
type ContentBlock struct {
	Type string

	Text          string // text
	TextSignature string // text, optional

	Thinking          string // thinking
	ThinkingSignature string // thinking, optional
	Redacted          bool   // thinking, optional

	Data     string // image: base64
	MimeType string // image

	ID               string         // toolCall
	Name             string         // toolCall
	Arguments        map[string]any // toolCall; never mutated once stored, replace it
	ThoughtSignature string         // toolCall, optional
	// ArgumentsError is why the model's finished argument text is not a
	// JSON object (pi-ai 1.6's argumentsError: the JSON.parse message and
	// the text received); Arguments is then {}.
	ArgumentsError string

	// argsOrdered is Arguments in the key order the model wrote them,
	// written out instead of the map (pi keeps JSON.parse's order); it
	// holds while Arguments is still the map argsFor (a replaced map has
	// no recorded order).
	argsOrdered *jsjson.Object
	argsFor     map[string]any

	// keepEmptySig marks a thinking block whose thinkingSignature is ""
	// but present (anthropic-messages starts every thinking block so).
	keepEmptySig bool
	scratch      blockScratch
}

// blockScratch holds pi-ai's streaming-only block fields.
type blockScratch struct {
	partialArgs    string // openai-completions tool call
	hasPartialArgs bool
	streamIndex    int
	hasStreamIndex bool
	partialJSON    string // anthropic tool call
	hasPartialJSON bool
	index          int // anthropic: the API's block index
	hasIndex       bool
}

// TextBlock returns a text block.
func TextBlock(text string) ContentBlock { return ContentBlock{Type: BlockText, Text: text} }

// ThinkingBlock returns a thinking block.
func ThinkingBlock(thinking string) ContentBlock {
	return ContentBlock{Type: BlockThinking, Thinking: thinking}
}

// ToolCallBlock returns a toolCall block.
func ToolCallBlock(id, name string, args map[string]any) ContentBlock {
	if args == nil {
		args = map[string]any{}
	}
	return ContentBlock{Type: BlockToolCall, ID: id, Name: name, Arguments: args}
}

// ImageBlock returns an image block with base64 data.
func ImageBlock(data, mimeType string) ContentBlock {
	return ContentBlock{Type: BlockImage, Data: data, MimeType: mimeType}
}

// kv is one ordered JSON member.
type kv struct {
	k string
	v any
}

// fields lists the block's members in pi-ai's order.
func (b *ContentBlock) fields() []kv {
	f := []kv{{"type", b.Type}}
	s := &b.scratch
	switch b.Type {
	case BlockText:
		f = append(f, kv{"text", b.Text})
		if b.TextSignature != "" {
			f = append(f, kv{"textSignature", b.TextSignature})
		}
	case BlockThinking:
		f = append(f, kv{"thinking", b.Thinking})
		if b.ThinkingSignature != "" || b.keepEmptySig {
			f = append(f, kv{"thinkingSignature", b.ThinkingSignature})
		}
		if b.Redacted {
			f = append(f, kv{"redacted", true})
		}
	case BlockImage:
		f = append(f, kv{"data", b.Data}, kv{"mimeType", b.MimeType})
	case BlockToolCall:
		f = append(f, kv{"id", b.ID}, kv{"name", b.Name}, kv{"arguments", b.ArgumentsValue()})
		if s.hasPartialArgs {
			f = append(f, kv{"partialArgs", s.partialArgs})
		}
		if s.hasStreamIndex {
			f = append(f, kv{"streamIndex", int64(s.streamIndex)})
		}
		if s.hasPartialJSON {
			f = append(f, kv{"partialJson", s.partialJSON})
		}
		if b.ThoughtSignature != "" {
			f = append(f, kv{"thoughtSignature", b.ThoughtSignature})
		}
		if b.ArgumentsError != "" { // pi-ai assigns it to the finished block: the last key
			f = append(f, kv{"argumentsError", b.ArgumentsError})
		}
	}
	if s.hasIndex {
		f = append(f, kv{"index", int64(s.index)})
	}
	return f
}

// setFinalArguments sets a tool call's Arguments from the model's whole
// argument text, keeping the text's key order when it is a JSON object.
// Text that is not a JSON object gives {} and an ArgumentsError, as pi-ai
// 1.6's parseToolCallArguments does.
func (b *ContentBlock) setFinalArguments(text string) {
	b.Arguments, b.ArgumentsError = parseToolCallArguments(text)
	b.argsOrdered, b.argsFor = nil, nil
	if v, err := jsjson.Parse([]byte(text)); err == nil {
		if o, ok := v.(*jsjson.Object); ok {
			b.argsOrdered, b.argsFor = o, b.Arguments
		}
	}
}

// ArgumentsValue is a tool call's arguments as they are written out (to
// clients, session files and the model): in the model's key order when
// known, else the map ({} for none).
func (b *ContentBlock) ArgumentsValue() any {
	if b.argsOrdered != nil && sameMap(b.argsFor, b.Arguments) {
		return b.argsOrdered
	}
	if b.Arguments == nil {
		return map[string]any{}
	}
	return b.Arguments
}

// sameMap reports whether a and b are the same map (not equal contents).
func sameMap(a, b map[string]any) bool {
	return a != nil && b != nil && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// MarshalJSON encodes the block with pi-ai's field names and order.
func (b ContentBlock) MarshalJSON() ([]byte, error) { return marshalOrdered(b.fields()) }

// Map returns the block as an engine data value (map[string]any).
func (b *ContentBlock) Map() map[string]any {
	m := map[string]any{}
	for _, f := range b.fields() {
		if f.k == "arguments" {
			m[f.k] = cloneValue(f.v)
			continue
		}
		m[f.k] = f.v
	}
	return m
}

// UnmarshalJSON decodes a pi content block.
func (b *ContentBlock) UnmarshalJSON(data []byte) error {
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	blk, err := blockFromMap(raw)
	if err != nil {
		return err
	}
	*b = blk
	return nil
}

// Usage is token usage and its cost.
//
// The fields pi 1.6's pi-ai added (Reasoning, Cost.TotalFromProvider) are
// in [Usage.Map] only: the JSON encoding stays pi-ai 0.73.1's.
type Usage struct {
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cacheRead"`
	CacheWrite int `json:"cacheWrite"`
	// CacheWrite1h is the part of CacheWrite written to live an hour; nil
	// when the API does not say (pi-ai 1.6's usage.cacheWrite1h).
	CacheWrite1h *int `json:"-"`
	// Reasoning is the part of Output spent reasoning; nil until the API
	// reported usage (pi 1.6's usage.reasoning).
	Reasoning   *int      `json:"-"`
	TotalTokens int       `json:"totalTokens"`
	Cost        UsageCost `json:"cost"`
}

// UsageCost is the cost of a [Usage] in USD.
type UsageCost struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cacheRead"`
	CacheWrite float64 `json:"cacheWrite"`
	Total      float64 `json:"total"`
	// TotalFromProvider: Total is the provider's reported cost rather than
	// one calculated from the model's prices; nil until a cost was
	// calculated (pi 1.6's cost.totalFromProvider).
	TotalFromProvider *bool `json:"-"`
}

// withReasoning sets the reasoning tokens.
func (u *Usage) withReasoning(n int) { u.Reasoning = &n }

// Map returns the usage as an engine data value, in pi 1.6's shape.
func (u Usage) Map() map[string]any {
	cost := map[string]any{
		"input": u.Cost.Input, "output": u.Cost.Output, "cacheRead": u.Cost.CacheRead,
		"cacheWrite": u.Cost.CacheWrite, "total": u.Cost.Total,
	}
	if u.Cost.TotalFromProvider != nil {
		cost["totalFromProvider"] = *u.Cost.TotalFromProvider
	}
	m := map[string]any{
		"input": int64(u.Input), "output": int64(u.Output), "cacheRead": int64(u.CacheRead),
		"cacheWrite": int64(u.CacheWrite), "totalTokens": int64(u.TotalTokens), "cost": cost,
	}
	if u.CacheWrite1h != nil {
		m["cacheWrite1h"] = int64(*u.CacheWrite1h)
	}
	if u.Reasoning != nil {
		m["reasoning"] = int64(*u.Reasoning)
	}
	return m
}

// AssistantMessage is pi-ai's assistant message. Messages handed out by an
// [EventStream] are shared read-only values: Clone before modifying.
//
// Its JSON encoding is pi-ai 0.73.1's; [AssistantMessage.Map] is pi 1.6's,
// with RawStopReason and DurationMs and without the streaming scratch
// fields.
type AssistantMessage struct {
	Role       string         `json:"role"` // always "assistant"
	Content    []ContentBlock `json:"content"`
	API        string         `json:"api"`
	Provider   string         `json:"provider"`
	Model      string         `json:"model"`
	Usage      Usage          `json:"usage"`
	StopReason StopReason     `json:"stopReason"`
	Timestamp  int64          `json:"timestamp"` // Unix milliseconds
	// ProviderThinkingLevel is the effort a reply was asked for by an
	// effort marker (compat.supportsMidConvoEffort); the next requests
	// mark it before the reply.
	ProviderThinkingLevel string `json:"providerThinkingLevel,omitempty"`
	ResponseID            string `json:"responseId,omitempty"`
	ResponseModel         string `json:"responseModel,omitempty"`
	ErrorMessage          string `json:"errorMessage,omitempty"`
	// RawStopReason is the API's own stop reason (finish_reason,
	// stop_reason, status), when it sent one.
	RawStopReason string `json:"-"`
	// DurationMs is how long the response took, set by the [EventStream]
	// on the final message; nil when the message predates the stream.
	DurationMs *int64 `json:"-"`
	// Diagnostics are pi-ai's diagnostics of the request (a transport that
	// failed and was replaced, say).
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
}

// Diagnostic is pi-ai's AssistantMessageDiagnostic.
type Diagnostic struct {
	Type      string          `json:"type"`
	Timestamp int64           `json:"timestamp"` // Unix milliseconds
	Error     DiagnosticError `json:"error"`
	Details   map[string]any  `json:"details,omitempty"`
}

// DiagnosticError is the error a diagnostic records.
type DiagnosticError struct {
	Name    string `json:"name,omitempty"`
	Message string `json:"message"`
	Code    any    `json:"code,omitempty"`
}

// newAssistantMessage returns the empty output pi-ai starts every stream with.
func newAssistantMessage(m *Model, timestamp int64) *AssistantMessage {
	return &AssistantMessage{
		Role: "assistant", Content: []ContentBlock{}, API: m.API, Provider: m.Provider, Model: m.ID,
		StopReason: StopReasonStop, Timestamp: timestamp,
	}
}

// MarshalJSON encodes the message; content is [] rather than null when empty.
func (m AssistantMessage) MarshalJSON() ([]byte, error) {
	type plain AssistantMessage
	if m.Content == nil {
		m.Content = []ContentBlock{}
	}
	return json.Marshal(plain(m))
}

// Clone returns a copy of m that shares nothing mutable with it.
func (m *AssistantMessage) Clone() *AssistantMessage {
	if m == nil {
		return nil
	}
	c := *m
	c.Content = make([]ContentBlock, len(m.Content))
	for i, b := range m.Content {
		keep := sameMap(b.argsFor, b.Arguments)
		b.Arguments = cloneMap(b.Arguments)
		if keep { // the recorded order is immutable: share it
			b.argsFor = b.Arguments
		}
		c.Content[i] = b
	}
	c.Diagnostics = slices.Clone(m.Diagnostics)
	return &c
}

// snapshot copies the message and its block slice; argument maps are shared
// because producers replace them instead of mutating them.
func (m *AssistantMessage) snapshot() *AssistantMessage {
	c := *m
	c.Content = slices.Clone(m.Content)
	if c.Content == nil {
		c.Content = []ContentBlock{}
	}
	return &c
}

// clearScratch drops the streaming-only fields from every block.
func (m *AssistantMessage) clearScratch() {
	for i := range m.Content {
		m.Content[i].scratch = blockScratch{}
	}
}

// ToolCalls returns the toolCall blocks of m.
func (m *AssistantMessage) ToolCalls() []ContentBlock {
	var out []ContentBlock
	for _, b := range m.Content {
		if b.Type == BlockToolCall {
			out = append(out, b)
		}
	}
	return out
}

// Text returns the concatenated text blocks of m.
func (m *AssistantMessage) Text() string {
	var buf bytes.Buffer
	for _, b := range m.Content {
		if b.Type == BlockText {
			buf.WriteString(b.Text)
		}
	}
	return buf.String()
}

// Map returns the message as an engine data value (map[string]any with
// int64/float64 numbers), the shape the agent loop stores and hands to JS:
// pi 1.6's, whose partials carry no streaming scratch fields.
func (m *AssistantMessage) Map() map[string]any {
	content := make([]any, len(m.Content))
	for i := range m.Content {
		b := m.Content[i]
		b.scratch = blockScratch{}
		content[i] = b.Map()
	}
	out := map[string]any{
		"role": "assistant", "content": content, "api": m.API, "provider": m.Provider, "model": m.Model,
		"usage": m.Usage.Map(), "stopReason": string(m.StopReason), "timestamp": m.Timestamp,
	}
	if m.ProviderThinkingLevel != "" {
		out["providerThinkingLevel"] = m.ProviderThinkingLevel
	}
	if m.ResponseID != "" {
		out["responseId"] = m.ResponseID
	}
	if m.ResponseModel != "" {
		out["responseModel"] = m.ResponseModel
	}
	if m.ErrorMessage != "" {
		out["errorMessage"] = m.ErrorMessage
	}
	if m.RawStopReason != "" {
		out["rawStopReason"] = m.RawStopReason
	}
	if m.DurationMs != nil {
		out["durationMs"] = *m.DurationMs
	}
	if len(m.Diagnostics) > 0 {
		var ds []any
		b, _ := json.Marshal(m.Diagnostics)
		_ = json.Unmarshal(b, &ds)
		out["diagnostics"] = ds
	}
	return out
}

// AssistantMessageFromMap decodes a pi assistant message held as data.
// Unknown content block types are an error.
func AssistantMessageFromMap(v map[string]any) (*AssistantMessage, error) {
	return assistantFromMap(v, false)
}

// assistantFromMap decodes an assistant message; lenient skips content
// blocks of unknown types instead of failing.
func assistantFromMap(v map[string]any, lenient bool) (*AssistantMessage, error) {
	m := &AssistantMessage{
		Role: "assistant", API: str(v, "api"), Provider: str(v, "provider"), Model: str(v, "model"),
		StopReason: StopReason(str(v, "stopReason")), Timestamp: int64(num(v, "timestamp")),
		ProviderThinkingLevel: str(v, "providerThinkingLevel"),
		ResponseID:            str(v, "responseId"), ResponseModel: str(v, "responseModel"), ErrorMessage: str(v, "errorMessage"),
		RawStopReason: str(v, "rawStopReason"), Content: []ContentBlock{},
	}
	if d, ok := jsjson.Float64(v["durationMs"]); ok {
		ms := int64(d)
		m.DurationMs = &ms
	}
	if ds, ok := v["diagnostics"]; ok {
		b, _ := json.Marshal(ds)
		_ = json.Unmarshal(b, &m.Diagnostics)
	}
	if r := str(v, "role"); r != "" && r != "assistant" {
		return nil, fmt.Errorf("decode assistant message: role is %q", r)
	}
	for i, c := range list(v, "content") {
		cm, ok := c.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("decode assistant message: content[%d] is not an object", i)
		}
		b, err := blockFromMap(cm)
		if errors.Is(err, errUnknownBlock) && lenient {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("decode assistant message: content[%d]: %w", i, err)
		}
		m.Content = append(m.Content, b)
	}
	if u, ok := v["usage"].(map[string]any); ok {
		m.Usage = Usage{
			Input: int(num(u, "input")), Output: int(num(u, "output")), CacheRead: int(num(u, "cacheRead")),
			CacheWrite: int(num(u, "cacheWrite")), TotalTokens: int(num(u, "totalTokens")),
		}
		if r, ok := jsjson.Float64(u["reasoning"]); ok {
			m.Usage.withReasoning(int(r))
		}
		if w, ok := jsjson.Float64(u["cacheWrite1h"]); ok {
			long := int(w)
			m.Usage.CacheWrite1h = &long
		}
		if c, ok := u["cost"].(map[string]any); ok {
			m.Usage.Cost = UsageCost{
				Input: num(c, "input"), Output: num(c, "output"), CacheRead: num(c, "cacheRead"),
				CacheWrite: num(c, "cacheWrite"), Total: num(c, "total"),
			}
			if fp, ok := c["totalFromProvider"].(bool); ok {
				m.Usage.Cost.TotalFromProvider = &fp
			}
		}
	}
	return m, nil
}

// blockFromMap decodes one content block.
func blockFromMap(v map[string]any) (ContentBlock, error) {
	t := str(v, "type")
	b := ContentBlock{Type: t}
	switch t {
	case BlockText:
		b.Text, b.TextSignature = str(v, "text"), str(v, "textSignature")
	case BlockThinking:
		b.Thinking, b.ThinkingSignature = str(v, "thinking"), str(v, "thinkingSignature")
		_, b.keepEmptySig = v["thinkingSignature"].(string)
		b.Redacted, _ = v["redacted"].(bool)
	case BlockImage:
		b.Data, b.MimeType = str(v, "data"), str(v, "mimeType")
	case BlockToolCall:
		b.ID, b.Name, b.ThoughtSignature = str(v, "id"), str(v, "name"), str(v, "thoughtSignature")
		b.ArgumentsError = str(v, "argumentsError")
		switch a := v["arguments"].(type) {
		case map[string]any:
			b.Arguments = cloneMap(a)
		case *jsjson.Object: // in the model's order (ArgumentsValue)
			b.Arguments, _ = jsjson.Plain(a).(map[string]any)
			b.argsOrdered, b.argsFor = a, b.Arguments
		case nil:
			b.Arguments = map[string]any{}
		default:
			return b, fmt.Errorf("toolCall arguments is %T, want an object", a)
		}
	default:
		return b, fmt.Errorf("%w %q", errUnknownBlock, t)
	}
	return b, nil
}

// marshalOrdered encodes members in the given order.
func marshalOrdered(fields []kv) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := json.Marshal(f.k)
		buf.Write(k)
		buf.WriteByte(':')
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", f.k, err)
		}
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Accessors for JSON-like data held in maps. Numbers may be float64, int64,
// int or json.Number depending on who built the value.

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

// jsField returns m[k] as a template literal shows it ("undefined" when
// absent).
func jsField(m map[string]any, k string) string {
	v, ok := m[k]
	if !ok {
		return "undefined"
	}
	return jsjson.String(v)
}

func num(m map[string]any, k string) float64 {
	f, _ := jsjson.Float64(m[k])
	return f
}

func list(m map[string]any, k string) []any {
	switch x := m[k].(type) {
	case []any:
		return x
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	}
	return nil
}
