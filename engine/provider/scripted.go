package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Scripted is a provider whose replies are queued in advance, for tests and
// offline demos: pigo's native equivalent of pi-ai's registerFauxProvider.
// Each request takes the next [ScriptStep] and streams it in small chunks
// (text, thinking and tool-call arguments, 3–5 characters per delta by
// default) with pi-ai's event sequence; usage is estimated at 4 characters
// per token. A cancelled ctx ends the stream with stopReason "aborted". With
// an empty queue a request fails with "No more scripted responses queued".
// Safe for concurrent use.
type Scripted struct {
	api, provider      string
	models             []*Model
	chunkMin, chunkMax int
	chunkDelay         time.Duration

	mu          sync.Mutex
	queue       []ScriptStep
	calls       int
	chunkSeq    int
	promptCache map[string]string
}

// ScriptedOptions configure a [Scripted] provider; the zero value is valid.
type ScriptedOptions struct {
	API      string            // api name; default "pigo-scripted"
	Provider string            // provider name; default "scripted"
	Models   []ModelDefinition // default one model "scripted-1"
	// ChunkMin and ChunkMax bound the characters per delta (default 3 and
	// 5); sizes cycle deterministically through the range.
	ChunkMin, ChunkMax int
	// ChunkDelay is slept before each delta (default 0).
	ChunkDelay time.Duration
}

// ScriptStep is one queued reply.
type ScriptStep struct {
	Content []ContentBlock
	// StopReason defaults to "toolUse" when Content has tool calls, to
	// "error" when ErrorMessage is set, else "stop". "error" and "aborted"
	// end the stream with an error event after the content streamed.
	StopReason   StopReason
	ErrorMessage string
	ResponseID   string
	// Delay is slept before the first event.
	Delay time.Duration
	// Func, when set, computes the reply from the request (pi's factory
	// step); call is the 1-based request count. An error becomes an error
	// message.
	Func func(ctx context.Context, c *Context, opts *Options, call int, model *Model) (ScriptStep, error)
}

// ReplyText is a step that answers text.
func ReplyText(text string) ScriptStep { return ScriptStep{Content: []ContentBlock{TextBlock(text)}} }

// Reply is a step with the given blocks.
func Reply(blocks ...ContentBlock) ScriptStep { return ScriptStep{Content: blocks} }

// ReplyError is a step that fails with message (stopReason "error").
func ReplyError(message string) ScriptStep {
	return ScriptStep{StopReason: StopReasonError, ErrorMessage: message}
}

// NewScripted returns a scripted provider with an empty queue.
func NewScripted(opts ScriptedOptions) *Scripted {
	s := &Scripted{api: opts.API, provider: opts.Provider, chunkMin: opts.ChunkMin, chunkMax: opts.ChunkMax,
		chunkDelay: opts.ChunkDelay, promptCache: map[string]string{}}
	if s.api == "" {
		s.api = APIScripted
	}
	if s.provider == "" {
		s.provider = "scripted"
	}
	if s.chunkMin <= 0 {
		s.chunkMin = 3
	}
	if s.chunkMax < s.chunkMin {
		s.chunkMax = max(5, s.chunkMin)
	}
	defs := opts.Models
	if len(defs) == 0 {
		defs = []ModelDefinition{{ID: "scripted-1", Name: "Scripted Model", Input: []string{"text", "image"}}}
	}
	pc := ProviderConfig{API: s.api, BaseURL: scriptedBaseURL}
	for _, d := range defs {
		if d.Input == nil {
			d.Input = []string{"text", "image"}
		}
		s.models = append(s.models, modelFromDefinition(s.provider, pc, d, "", ""))
	}
	return s
}

const scriptedBaseURL = "http://localhost:0"

// API returns the api name the provider serves.
func (s *Scripted) API() string { return s.api }

// Provider returns the provider name.
func (s *Scripted) Provider() string { return s.provider }

// Models returns the provider's models.
func (s *Scripted) Models() []*Model {
	out := make([]*Model, len(s.models))
	for i, m := range s.models {
		out[i] = m.Clone()
	}
	return out
}

// Model returns the model with id, or the first model when id is "".
func (s *Scripted) Model(id string) *Model {
	for _, m := range s.models {
		if id == "" || m.ID == id {
			return m.Clone()
		}
	}
	return nil
}

// Register adds the provider, its models and its API to r.
func (s *Scripted) Register(r *Registry) error {
	cfg := ProviderConfig{BaseURL: scriptedBaseURL, APIKey: "scripted", API: s.api, Stream: s}
	for _, m := range s.models {
		cfg.Models = append(cfg.Models, ModelDefinition{ID: m.ID, Name: m.Name, Reasoning: ptr(m.Reasoning),
			ThinkingLevelMap: m.ThinkingLevelMap, Input: m.Input, Cost: ptr(m.Cost), ContextWindow: ptr(m.ContextWindow),
			MaxTokens: ptr(m.MaxTokens), PromptCache: m.PromptCache, Compat: m.Compat})
	}
	if err := r.RegisterProvider(s.provider, cfg); err != nil {
		return fmt.Errorf("register scripted provider: %w", err)
	}
	return nil
}

// Queue appends steps.
func (s *Scripted) Queue(steps ...ScriptStep) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, steps...)
}

// SetResponses replaces the queue.
func (s *Scripted) SetResponses(steps ...ScriptStep) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append([]ScriptStep(nil), steps...)
}

// Pending returns the number of queued steps.
func (s *Scripted) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// Calls returns the number of requests served so far.
func (s *Scripted) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// LoadFile queues the steps of a script file (see [ParseScript]).
func (s *Scripted) LoadFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("load script: %w", err)
	}
	steps, err := ParseScript(data)
	if err != nil {
		return fmt.Errorf("load script %s: %w", path, err)
	}
	s.Queue(steps...)
	return nil
}

// ParseScript parses a script: a JSON array of steps, or {"responses":
// [...]}. A step is an object with any of
//
//	"text": "..."                       a text block
//	"thinking": "..."                   a thinking block (before the text)
//	"toolCalls": [{"id","name","arguments"}]
//	"content": [pi content blocks]      instead of the shorthands
//	"stopReason", "errorMessage", "responseId"
//	"error": "message"                  shorthand for a failed request
//	"delayMs": n                        wait before the first event
func ParseScript(data []byte) ([]ScriptStep, error) {
	data = bytes.TrimSpace(data)
	var raw []json.RawMessage
	if len(data) > 0 && data[0] == '{' {
		var wrap struct {
			Responses []json.RawMessage `json:"responses"`
		}
		if err := json.Unmarshal(data, &wrap); err != nil {
			return nil, fmt.Errorf("parse script: %w", err)
		}
		raw = wrap.Responses
	} else if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parse script: %w", err)
	}
	var steps []ScriptStep
	var errs []error
	for i, r := range raw {
		var js struct {
			Text     *string `json:"text"`
			Thinking *string `json:"thinking"`
			RawCalls []struct {
				ID        string         `json:"id"`
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			} `json:"toolCalls"`
			Content      []ContentBlock `json:"content"`
			StopReason   StopReason     `json:"stopReason"`
			ErrorMessage string         `json:"errorMessage"`
			Error        string         `json:"error"`
			ResponseID   string         `json:"responseId"`
			DelayMs      int            `json:"delayMs"`
		}
		if err := json.Unmarshal(r, &js); err != nil {
			errs = append(errs, fmt.Errorf("step %d: %w", i, err))
			continue
		}
		st := ScriptStep{Content: js.Content, StopReason: js.StopReason, ErrorMessage: js.ErrorMessage,
			ResponseID: js.ResponseID, Delay: time.Duration(js.DelayMs) * time.Millisecond}
		if js.Thinking != nil {
			st.Content = append(st.Content, ThinkingBlock(*js.Thinking))
		}
		if js.Text != nil {
			st.Content = append(st.Content, TextBlock(*js.Text))
		}
		for j, tc := range js.RawCalls {
			id := tc.ID
			if id == "" {
				id = fmt.Sprintf("call_%d_%d", i, j)
			}
			st.Content = append(st.Content, ToolCallBlock(id, tc.Name, tc.Arguments))
		}
		if js.Error != "" {
			st.StopReason, st.ErrorMessage = StopReasonError, js.Error
		}
		switch st.StopReason {
		case "", StopReasonStop, StopReasonLength, StopReasonToolUse, StopReasonError, StopReasonAborted:
		default:
			errs = append(errs, fmt.Errorf("step %d: unknown stopReason %q", i, st.StopReason))
		}
		steps = append(steps, st)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("parse script: %w", errors.Join(errs...))
	}
	return steps, nil
}

// Stream implements [API].
func (s *Scripted) Stream(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	s.mu.Lock()
	var step *ScriptStep
	if len(s.queue) > 0 {
		st := s.queue[0]
		s.queue = s.queue[1:]
		step = &st
	}
	s.calls++
	call := s.calls
	s.mu.Unlock()

	es := NewEventStream()
	go func() {
		defer es.End()
		if opts.OnResponse != nil {
			opts.OnResponse(ctx, 200, map[string]string{}, model)
		}
		if step == nil {
			m := s.errorMessage(model, opts, "No more scripted responses queued")
			m.Usage = s.estimateUsage(c, opts, nil)
			es.Push(Event{Type: EventError, Reason: StopReasonError, Message: m})
			return
		}
		st := *step
		if st.Func != nil {
			var err error
			st, err = st.Func(ctx, c, opts, call, model)
			if err != nil {
				es.Push(Event{Type: EventError, Reason: StopReasonError, Message: s.errorMessage(model, opts, err.Error())})
				return
			}
		}
		if err := sleepCtx(ctx, st.Delay); err != nil {
			m := s.errorMessage(model, opts, msgAborted)
			m.StopReason = StopReasonAborted
			es.Push(Event{Type: EventError, Reason: StopReasonAborted, Message: m})
			return
		}
		msg := newAssistantMessage(model, opts.now().UnixMilli())
		msg.Content = make([]ContentBlock, len(st.Content))
		for i, b := range st.Content {
			b.scratch = blockScratch{}
			if b.Type == BlockToolCall {
				b.Arguments = cloneMap(orEmpty(b.Arguments))
			}
			msg.Content[i] = b
		}
		msg.ResponseID, msg.ErrorMessage = st.ResponseID, st.ErrorMessage
		msg.StopReason = st.StopReason
		if msg.StopReason == "" {
			switch {
			case st.ErrorMessage != "":
				msg.StopReason = StopReasonError
			case len(msg.ToolCalls()) > 0:
				msg.StopReason = StopReasonToolUse
			default:
				msg.StopReason = StopReasonStop
			}
		}
		msg.Usage = s.estimateUsage(c, opts, msg.Content)
		s.streamDeltas(ctx, es, msg, opts)
	}()
	return es, nil
}

func (s *Scripted) errorMessage(model *Model, opts *Options, text string) *AssistantMessage {
	m := newAssistantMessage(model, opts.now().UnixMilli())
	m.API, m.Provider = s.api, s.provider
	m.StopReason, m.ErrorMessage = StopReasonError, text
	return m
}

// chunks splits text into deltas of chunkMin..chunkMax characters.
func (s *Scripted) chunks(text string) []string {
	if text == "" {
		return []string{""}
	}
	var out []string
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(text) > 0 {
		n := s.chunkMin + s.chunkSeq%(s.chunkMax-s.chunkMin+1)
		s.chunkSeq++
		i, count := 0, 0
		for i < len(text) && count < n {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
			count++
		}
		out = append(out, text[:i])
		text = text[i:]
	}
	return out
}

// streamDeltas is pi-ai's streamWithDeltas.
func (s *Scripted) streamDeltas(ctx context.Context, es *EventStream, msg *AssistantMessage, opts *Options) {
	partial := *msg
	partial.Content = []ContentBlock{}
	snap := func() *AssistantMessage { return partial.snapshot() }
	abort := func() bool {
		if ctx.Err() == nil {
			return false
		}
		a := partial.snapshot()
		a.StopReason, a.ErrorMessage, a.Timestamp = StopReasonAborted, msgAborted, opts.now().UnixMilli()
		es.Push(Event{Type: EventError, Reason: StopReasonAborted, Message: a})
		return true
	}
	wait := func() bool {
		if s.chunkDelay > 0 {
			_ = sleepCtx(ctx, s.chunkDelay)
		}
		return abort()
	}
	if abort() {
		return
	}
	es.Push(Event{Type: EventStart, Partial: snap()})
	for i, b := range msg.Content {
		if abort() {
			return
		}
		switch b.Type {
		case BlockThinking:
			partial.Content = append(partial.Content, ThinkingBlock(""))
			es.Push(Event{Type: EventThinkingStart, ContentIndex: i, Partial: snap()})
			for _, ch := range s.chunks(b.Thinking) {
				if wait() {
					return
				}
				partial.Content[i].Thinking += ch
				es.Push(Event{Type: EventThinkingDelta, ContentIndex: i, Delta: ch, Partial: snap()})
			}
			es.Push(Event{Type: EventThinkingEnd, ContentIndex: i, Content: b.Thinking, Partial: snap()})
		case BlockText:
			partial.Content = append(partial.Content, TextBlock(""))
			es.Push(Event{Type: EventTextStart, ContentIndex: i, Partial: snap()})
			for _, ch := range s.chunks(b.Text) {
				if wait() {
					return
				}
				partial.Content[i].Text += ch
				es.Push(Event{Type: EventTextDelta, ContentIndex: i, Delta: ch, Partial: snap()})
			}
			es.Push(Event{Type: EventTextEnd, ContentIndex: i, Content: b.Text, Partial: snap()})
		case BlockToolCall:
			partial.Content = append(partial.Content, ToolCallBlock(b.ID, b.Name, map[string]any{}))
			es.Push(Event{Type: EventToolCallStart, ContentIndex: i, Partial: snap()})
			args, _ := jsjson.Marshal(orEmpty(b.Arguments))
			for _, ch := range s.chunks(string(args)) {
				if wait() {
					return
				}
				es.Push(Event{Type: EventToolCallDelta, ContentIndex: i, Delta: ch, Partial: snap()})
			}
			partial.Content[i].Arguments = b.Arguments
			tc := b
			es.Push(Event{Type: EventToolCallEnd, ContentIndex: i, ToolCall: &tc, Partial: snap()})
		default:
			partial.Content = append(partial.Content, b)
		}
	}
	if msg.StopReason == StopReasonError || msg.StopReason == StopReasonAborted {
		es.Push(Event{Type: EventError, Reason: msg.StopReason, Message: msg})
		return
	}
	es.Push(Event{Type: EventDone, Reason: msg.StopReason, Message: msg})
}

// estimateUsage is pi-ai's withUsageEstimate: ceil(chars/4) for the
// serialised context and the reply, with session-keyed prompt caching.
func (s *Scripted) estimateUsage(c *Context, opts *Options, content []ContentBlock) Usage {
	prompt := serializeContext(c)
	promptTokens := estimateTokens(prompt)
	out := Usage{Input: promptTokens, Output: estimateTokens(assistantText(content))}
	if sid := opts.SessionID; sid != "" && opts.CacheRetention != "none" {
		s.mu.Lock()
		prev, ok := s.promptCache[sid]
		s.promptCache[sid] = prompt
		s.mu.Unlock()
		if ok {
			n := 0
			for n < len(prev) && n < len(prompt) && prev[n] == prompt[n] {
				n++
			}
			out.CacheRead = estimateTokens(prev[:n])
			out.CacheWrite = estimateTokens(prompt[n:])
			out.Input = max(0, promptTokens-out.CacheRead)
		} else {
			out.CacheWrite = promptTokens
		}
	}
	out.TotalTokens = out.Input + out.Output + out.CacheRead + out.CacheWrite
	return out
}

// estimateTokens is ceil(length/4) with JavaScript's UTF-16 length.
func estimateTokens(s string) int { return (jsjson.Len(s) + 3) / 4 }

func assistantText(content []ContentBlock) string {
	parts := make([]string, 0, len(content))
	for _, b := range content {
		switch b.Type {
		case BlockText:
			parts = append(parts, b.Text)
		case BlockThinking:
			parts = append(parts, b.Thinking)
		case BlockToolCall:
			args, _ := jsjson.Marshal(orEmpty(b.Arguments))
			parts = append(parts, b.Name+":"+string(args))
		}
	}
	return strings.Join(parts, "\n")
}

func blocksText(content []ContentBlock) string {
	parts := make([]string, 0, len(content))
	for _, b := range content {
		if b.Type == BlockImage {
			parts = append(parts, fmt.Sprintf("[image:%s:%d]", b.MimeType, jsjson.Len(b.Data)))
		} else {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// serializeContext is pi-ai faux's serializeContext.
func serializeContext(c *Context) string {
	var parts []string
	if c.SystemPrompt != "" {
		parts = append(parts, "system:"+c.SystemPrompt)
	}
	msgs, _ := decodeMessages(c.Messages)
	for _, m := range msgs {
		var text string
		switch m.Role {
		case "user":
			if m.IsString {
				text = m.Text
			} else {
				text = blocksText(m.Content)
			}
		case "assistant":
			text = assistantText(m.Content)
		case "toolResult":
			lines := []string{m.ToolName}
			for _, b := range m.Content {
				lines = append(lines, blocksText([]ContentBlock{b}))
			}
			text = strings.Join(lines, "\n")
		}
		parts = append(parts, m.Role+":"+text)
	}
	if len(c.Tools) > 0 {
		tools, _ := jsjson.Marshal(c.Tools)
		parts = append(parts, "tools:"+string(tools))
	}
	return strings.Join(parts, "\n\n")
}
