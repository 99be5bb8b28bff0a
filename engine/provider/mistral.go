package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai 1.6's api/mistral-conversations.js: POST
// {baseUrl}/v1/chat/completions with a Bearer key. The payload is built
// with the Mistral SDK's camelCase names (what onPayload sees) and renamed
// to the wire's snake_case afterwards. Tool call ids are rewritten to the
// nine alphanumeric characters Mistral accepts. The stream's chunks carry
// text, thinking chunks and tool calls whose arguments arrive as text.

const (
	mistralToolCallIDLength  = 9
	mistralMaxErrorBodyChars = 4000
	mistralImagesOmitted     = "(image omitted: model does not support images)"
)

var nonAlphanumericRe = regexp.MustCompile(`[^a-zA-Z0-9]`)

func streamMistral(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.apiKey(model.Provider)
	if err != nil {
		return nil, err
	}
	st := &mistralStream{producer: newProducer(model, opts), block: -1, byKey: map[any]int{}}
	st.out.StopReason = "pending"
	go func() { st.finish(ctx, st.stream(ctx, c, key)) }()
	return st.s, nil
}

// mistralReasoning is pi-ai's streamSimple for Mistral: models with a
// thinking-level map send reasoning_effort, other reasoning models
// prompt_mode "reasoning".
func mistralReasoning(m *Model, opts *Options) (promptMode, effort string) {
	level := ThinkingLevel("")
	if r := opts.reasoning(); r != "" {
		if cl := ClampThinkingLevel(m, r); cl != ThinkingOff {
			level = cl
		}
	}
	if !m.Reasoning {
		return "", ""
	}
	if m.ThinkingLevelMap == nil {
		if level != "" {
			return "reasoning", ""
		}
		return "", ""
	}
	if level == "" {
		v, _ := m.mappedLevel(ThinkingOff)
		return "", v
	}
	if v, ok := m.mappedLevel(level); ok {
		return "", v
	}
	return "", "high" // effortMap[level] ?? "high"
}

// mistralToolCallIDs is pi-ai's createMistralToolCallIdNormalizer: each
// id maps to a distinct nine-character alphanumeric id.
type mistralToolCallIDs struct {
	byID    map[string]string
	ownerOf map[string]string
}

func (n *mistralToolCallIDs) normalize(id string) string {
	if v, ok := n.byID[id]; ok {
		return v
	}
	for attempt := 0; ; attempt++ {
		candidate := mistralToolCallID(id, attempt)
		if owner, taken := n.ownerOf[candidate]; !taken || owner == id {
			n.byID[id], n.ownerOf[candidate] = candidate, id
			return candidate
		}
	}
}

// mistralToolCallID is pi-ai's deriveMistralToolCallId.
func mistralToolCallID(id string, attempt int) string {
	normalized := nonAlphanumericRe.ReplaceAllString(id, "")
	if attempt == 0 && len(normalized) == mistralToolCallIDLength {
		return normalized
	}
	seed := normalized
	if seed == "" {
		seed = id
	}
	if attempt > 0 {
		seed = fmt.Sprintf("%s:%d", seed, attempt)
	}
	h := nonAlphanumericRe.ReplaceAllString(shortHash(seed), "")
	return h[:min(len(h), mistralToolCallIDLength)]
}

// buildMistralPayload is pi-ai's buildChatPayload, with the SDK's
// camelCase names.
func buildMistralPayload(model *Model, c *Context, opts *Options) (map[string]any, error) {
	msgs, err := decodeMessages(c.Messages)
	if err != nil {
		return nil, err
	}
	ids := &mistralToolCallIDs{byID: map[string]string{}, ownerOf: map[string]string{}}
	msgs = transformMessages(msgs, model, func(id string, _ *llmMessage) string { return ids.normalize(id) })
	payload := map[string]any{"model": model.ID, "stream": true, "messages": mistralMessages(c.SystemPrompt, msgs, model.SupportsImages())}
	if len(c.Tools) > 0 {
		// pigo's tools declare no constrained sampling, so pi-ai's strict
		// resolves to false whatever compat.supportsStrictMode says.
		tools := make([]any, len(c.Tools))
		for i, t := range c.Tools {
			tools[i] = map[string]any{"type": "function", "function": map[string]any{
				"name": t.Name, "description": t.Description, "parameters": t.declaredParameters(), "strict": false}}
		}
		payload["tools"] = tools
	}
	if opts.Temperature != nil {
		payload["temperature"] = *opts.Temperature
	}
	if mt := opts.baseMaxTokens(model, c); mt > 0 {
		payload["maxTokens"] = int64(mt)
	}
	if tc := mistralToolChoice(opts.ToolChoice); tc != nil {
		payload["toolChoice"] = tc
	}
	promptMode, effort := mistralReasoning(model, opts)
	if promptMode != "" {
		payload["promptMode"] = promptMode
	}
	if effort != "" {
		payload["reasoningEffort"] = effort
	}
	if mistralPromptCaching(opts) {
		payload["promptCacheKey"] = opts.SessionID
	}
	return payload, nil
}

func mistralPromptCaching(opts *Options) bool {
	return opts.CacheRetention != "none" && opts.SessionID != ""
}

// mistralToolChoice is pi-ai's mapToolChoice.
func mistralToolChoice(choice any) any {
	switch v := choice.(type) {
	case nil:
		return nil
	case string:
		if v == "" {
			return nil
		}
		return v
	case map[string]any:
		fn, _ := v["function"].(map[string]any)
		return map[string]any{"type": "function", "function": map[string]any{"name": fn["name"]}}
	}
	return choice
}

func mistralImageURL(b ContentBlock) map[string]any {
	return map[string]any{"type": "image_url", "imageUrl": "data:" + b.MimeType + ";base64," + b.Data}
}

// mistralMessages is pi-ai's toChatMessages.
func mistralMessages(systemPrompt string, msgs []llmMessage, images bool) []any {
	out := []any{}
	if systemPrompt != "" {
		out = append(out, map[string]any{"role": "system", "content": sanitize(systemPrompt)})
	}
	for _, m := range msgs {
		switch m.Role {
		case "user":
			if m.IsString {
				out = append(out, map[string]any{"role": "user", "content": sanitize(m.Text)})
				continue
			}
			content, hadImages := []any{}, false
			for _, b := range m.Content {
				switch {
				case b.Type == BlockText:
					content = append(content, map[string]any{"type": "text", "text": sanitize(b.Text)})
				case b.Type == BlockImage:
					hadImages = true
					if images {
						content = append(content, mistralImageURL(b))
					}
				}
			}
			if len(content) > 0 {
				out = append(out, map[string]any{"role": "user", "content": content})
			} else if hadImages && !images {
				out = append(out, map[string]any{"role": "user", "content": mistralImagesOmitted})
			}
		case "assistant":
			parts, calls := []any{}, []any{}
			for _, b := range m.Content {
				switch b.Type {
				case BlockText:
					if strings.TrimSpace(b.Text) != "" {
						parts = append(parts, map[string]any{"type": "text", "text": sanitize(b.Text)})
					}
				case BlockThinking:
					if strings.TrimSpace(b.Thinking) != "" {
						parts = append(parts, map[string]any{"type": "thinking",
							"thinking": []any{map[string]any{"type": "text", "text": sanitize(b.Thinking)}}})
					}
				default:
					calls = append(calls, map[string]any{"id": b.ID, "type": "function",
						"function": map[string]any{"name": b.Name, "arguments": jsjson.Stringify(b.ArgumentsValue())}, "index": int64(0)})
				}
			}
			msg := map[string]any{"role": "assistant", "prefix": false}
			if len(parts) > 0 {
				msg["content"] = parts
			}
			if len(calls) > 0 {
				msg["toolCalls"] = calls
			}
			if len(parts) > 0 || len(calls) > 0 {
				out = append(out, msg)
			}
		case "toolResult":
			var texts []string
			hasImages := false
			for _, b := range m.Content {
				switch b.Type {
				case BlockText:
					texts = append(texts, sanitize(b.Text))
				case BlockImage:
					hasImages = true
				}
			}
			content := []any{map[string]any{"type": "text", "text": mistralToolResultText(strings.Join(texts, "\n"), hasImages, images, m.IsError)}}
			if images {
				for _, b := range m.Content {
					if b.Type == BlockImage {
						content = append(content, mistralImageURL(b))
					}
				}
			}
			out = append(out, map[string]any{"role": "tool", "toolCallId": m.ToolCallID, "name": m.ToolName, "content": content})
		}
	}
	return out
}

// mistralToolResultText is pi-ai's buildToolResultText.
func mistralToolResultText(text string, hasImages, images, isError bool) string {
	prefix := ""
	if isError {
		prefix = "[tool error] "
	}
	if t := jsjson.Trim(text); t != "" {
		suffix := ""
		if hasImages && !images {
			suffix = "\n[tool image omitted: model does not support images]"
		}
		return prefix + t + suffix
	}
	switch {
	case hasImages && images:
		return prefix + "(see attached image)"
	case hasImages:
		return prefix + mistralImagesOmitted
	}
	return prefix + "(no tool output)"
}

// mistralWireNames are the SDK's renames, camelCase to the wire's names
// (pi-ai's toMistralWirePayload and its message and chunk helpers).
var mistralWireNames = map[string]string{
	"topP": "top_p", "maxTokens": "max_tokens", "randomSeed": "random_seed", "responseFormat": "response_format",
	"toolChoice": "tool_choice", "presencePenalty": "presence_penalty", "frequencyPenalty": "frequency_penalty",
	"parallelToolCalls": "parallel_tool_calls", "reasoningEffort": "reasoning_effort", "promptMode": "prompt_mode",
	"promptCacheKey": "prompt_cache_key", "safePrompt": "safe_prompt",
}

var mistralMessageWireNames = map[string]string{"toolCalls": "tool_calls", "toolCallId": "tool_call_id"}

var mistralChunkWireNames = map[string]string{
	"imageUrl": "image_url", "documentUrl": "document_url", "documentName": "document_name", "fileId": "file_id",
	"referenceIds": "reference_ids", "inputAudio": "input_audio",
}

// renamed is a shallow copy of m with keys renamed per names.
func renamed(m map[string]any, names map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if to, ok := names[k]; ok {
			k = to
		}
		out[k] = v
	}
	return out
}

// mistralWirePayload is pi-ai's toMistralWirePayload.
func mistralWirePayload(payload map[string]any) map[string]any {
	wire := renamed(payload, mistralWireNames)
	if msgs, ok := payload["messages"].([]any); ok {
		wm := make([]any, len(msgs))
		for i, m := range msgs {
			mm, ok := m.(map[string]any)
			if !ok {
				wm[i] = m
				continue
			}
			w := renamed(mm, mistralMessageWireNames)
			if chunks, ok := mm["content"].([]any); ok {
				wc := make([]any, len(chunks))
				for j, ch := range chunks {
					if cm, ok := ch.(map[string]any); ok {
						wc[j] = renamed(cm, mistralChunkWireNames)
					} else {
						wc[j] = ch
					}
				}
				w["content"] = wc
			}
			wm[i] = w
		}
		wire["messages"] = wm
	}
	if rf, ok := wire["response_format"].(map[string]any); ok {
		rf = renamed(rf, map[string]string{"jsonSchema": "json_schema"})
		if js, ok := rf["json_schema"].(map[string]any); ok {
			rf["json_schema"] = renamed(js, map[string]string{"schemaDefinition": "schema"})
		}
		wire["response_format"] = rf
	}
	return wire
}

// mistralErrorText is pi-ai's formatMistralError for an HTTP error.
func mistralErrorText(resp *http.Response, body []byte) string {
	if text := jsjson.Trim(string(body)); text != "" {
		return fmt.Sprintf("Mistral API error (%d): %s", resp.StatusCode, truncateErrorText(text, mistralMaxErrorBodyChars))
	}
	status := strings.TrimSpace(strings.TrimPrefix(resp.Status, fmt.Sprint(resp.StatusCode)))
	if status == "" {
		status = fmt.Sprintf("Request failed with status %d", resp.StatusCode)
	}
	return fmt.Sprintf("Mistral API error (%d): %s", resp.StatusCode, status)
}

// mistralStream is the state of one Mistral chat stream.
type mistralStream struct {
	producer
	block int         // content index of the open text or thinking block, -1 for none
	byKey map[any]int // tool call index (or id) → content index
	order []int       // content indexes of the tool calls, in arrival order
	args  map[int]string
}

func (st *mistralStream) stream(ctx context.Context, c *Context, key string) error {
	model, opts := st.model, st.opts
	payload, err := buildMistralPayload(model, c, opts)
	if err != nil {
		return err
	}
	if payload, err = st.payload(ctx, payload); err != nil {
		return err
	}
	body, err := encodeBody(mistralWirePayload(payload))
	if err != nil {
		return err
	}
	headers := map[string]string{"accept": "text/event-stream", "authorization": "Bearer " + key, "content-type": "application/json"}
	for k, v := range model.Headers {
		headers[k] = v
	}
	explicitAffinity := false
	for _, h := range []map[string]string{model.Headers, opts.Headers} {
		for k := range h {
			explicitAffinity = explicitAffinity || strings.EqualFold(k, "x-affinity")
		}
	}
	if mistralPromptCaching(opts) && !explicitAffinity {
		headers["x-affinity"] = opts.SessionID
	}
	// pi-ai's Mistral request is sent once: its maxRetries option is not
	// used (pi's agent retries the turn).
	once := *opts
	once.Retry.MaxRetries = -1
	resp, err := openStream(ctx, model, &once, strings.TrimRight(model.BaseURL, "/")+"/v1/chat/completions", headers, body, mistralErrorText, st)
	if err != nil {
		return fetchSendError(err, false)
	}
	defer resp.Close()
	resp.bareTermination = true

	sse := newSSEReader(resp)
	for {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF {
			if sse.trailing != nil {
				if done, err := st.event(sse.trailing.Data); err != nil || done {
					return err
				}
			}
			break
		}
		if err != nil {
			return err
		}
		done, err := st.event(ev.Data)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	st.endBlock()
	for _, i := range st.order {
		b := &st.out.Content[i]
		b.setFinalArguments(st.args[i])
		tc := *b
		st.push(Event{Type: EventToolCallEnd, ContentIndex: i, ToolCall: &tc})
	}
	if ctx.Err() != nil {
		return errors.New(msgAborted)
	}
	return st.stoppedError("Mistral stream ended without a finish reason")
}

// event applies one SSE event (pi-ai's parseMistralEvent); done is true at
// [DONE].
func (st *mistralStream) event(raw string) (done bool, err error) {
	data := jsjson.Trim(raw)
	if data == "" {
		return false, nil
	}
	if data == "[DONE]" {
		return true, nil
	}
	if msg := jsjson.ParseError(data); msg != "" {
		return false, errors.New(msg)
	}
	v, err := jsjson.Parse([]byte(data))
	if err != nil {
		return false, err
	}
	chunk, _ := jsjson.Plain(v).(map[string]any)
	choices, ok := chunk["choices"].([]any)
	if !ok {
		return false, errors.New("Invalid Mistral streaming event")
	}
	st.chunk(chunk, choices)
	return false, nil
}

// chunk is pi-ai's consumeChatStream for one CompletionChunk.
func (st *mistralStream) chunk(chunk map[string]any, choices []any) {
	out := st.out
	if out.ResponseID == "" {
		out.ResponseID = str(chunk, "id")
	}
	if u, ok := chunk["usage"].(map[string]any); ok {
		prompt := int(num(u, "prompt_tokens"))
		cached := min(prompt, max(0, mistralCachedTokens(u)))
		out.Usage = Usage{Input: max(0, prompt-cached), Output: int(num(u, "completion_tokens")), CacheRead: cached}
		out.Usage.TotalTokens = int(num(u, "total_tokens"))
		if out.Usage.TotalTokens == 0 {
			out.Usage.TotalTokens = out.Usage.Input + out.Usage.Output + out.Usage.CacheRead
		}
		CalculateCost(st.model, &out.Usage)
	}
	if len(choices) == 0 {
		return
	}
	choice, _ := choices[0].(map[string]any)
	if choice == nil {
		return
	}
	if fr, ok := choice["finish_reason"].(string); ok && fr != "" {
		out.RawStopReason = fr
		reason, msg := mapMistralStopReason(fr)
		out.StopReason = reason
		if msg != "" {
			out.ErrorMessage = msg
		}
	}
	delta, _ := choice["delta"].(map[string]any)
	switch content := delta["content"].(type) {
	case string:
		st.appendText(BlockText, sanitize(content))
	case []any:
		for _, item := range content {
			switch it := item.(type) {
			case string:
				st.appendText(BlockText, sanitize(it))
			case map[string]any:
				switch it["type"] {
				case "thinking":
					var b strings.Builder
					for _, p := range list(it, "thinking") {
						pm, _ := p.(map[string]any)
						b.WriteString(str(pm, "text"))
					}
					st.appendText(BlockThinking, sanitize(b.String()))
				case "text":
					st.appendText(BlockText, sanitize(str(it, "text")))
				}
			}
		}
	}
	for _, tc := range list(delta, "tool_calls") {
		st.toolCall(tc)
	}
}

// mistralCachedTokens is pi-ai's getMistralCachedPromptTokens before the
// clamp: the first reported count among the SDK's and the wire's names.
func mistralCachedTokens(u map[string]any) int {
	for _, path := range [][2]string{{"promptTokensDetails", "cachedTokens"}, {"prompt_tokens_details", "cached_tokens"},
		{"promptTokenDetails", "cachedTokens"}, {"prompt_token_details", "cached_tokens"}} {
		if d, ok := u[path[0]].(map[string]any); ok {
			if v, ok := d[path[1]]; ok && v != nil {
				f, _ := v.(float64)
				return int(f)
			}
		}
	}
	for _, k := range []string{"numCachedTokens", "num_cached_tokens"} {
		if v, ok := u[k]; ok && v != nil {
			f, _ := v.(float64)
			return int(f)
		}
	}
	return 0
}

// appendText adds delta to the open block of kind, opening one when the
// kind changes. Empty deltas open nothing: GLM models on Mistral send
// them around thinking, and a split thinking block is rejected on replay.
func (st *mistralStream) appendText(kind, delta string) {
	if delta == "" {
		return
	}
	out := st.out
	if st.block < 0 || out.Content[st.block].Type != kind {
		st.endBlock()
		out.Content = append(out.Content, ContentBlock{Type: kind})
		st.block = len(out.Content) - 1
		start := EventTextStart
		if kind == BlockThinking {
			start = EventThinkingStart
		}
		st.push(Event{Type: start, ContentIndex: st.block})
	}
	b := &out.Content[st.block]
	if kind == BlockThinking {
		b.Thinking += delta
		st.push(Event{Type: EventThinkingDelta, ContentIndex: st.block, Delta: delta})
		return
	}
	b.Text += delta
	st.push(Event{Type: EventTextDelta, ContentIndex: st.block, Delta: delta})
}

// endBlock emits the end event of the open text or thinking block.
func (st *mistralStream) endBlock() {
	if st.block < 0 {
		return
	}
	st.endTextBlock(st.block)
	st.block = -1
}

// toolCall applies one streamed tool call delta; calls are keyed by their
// index (else id), their argument text accumulates until the stream ends.
func (st *mistralStream) toolCall(v any) {
	tc, _ := v.(map[string]any)
	st.endBlock()
	fn, _ := tc["function"].(map[string]any)
	id, _ := tc["id"].(string)
	if id == "" || id == "null" {
		index := tc["index"]
		if index == nil {
			index = float64(0)
		}
		id = mistralToolCallID("toolcall:"+jsjson.String(index), 0)
	}
	var key any = id
	if idx, ok := tc["index"].(float64); ok {
		key = idx
	}
	i, open := st.byKey[key]
	if !open {
		st.out.Content = append(st.out.Content, ToolCallBlock(id, str(fn, "name"), map[string]any{}))
		i = len(st.out.Content) - 1
		st.byKey[key] = i
		st.order = append(st.order, i)
		if st.args == nil {
			st.args = map[int]string{}
		}
		st.push(Event{Type: EventToolCallStart, ContentIndex: i})
	}
	var delta string
	if s, ok := fn["arguments"].(string); ok {
		delta = s
	} else {
		// An object (the SDK's type allows it); its keys are written
		// sorted, not in the server's order.
		a := fn["arguments"]
		if !jsjson.Truthy(a) {
			a = map[string]any{}
		}
		delta = jsjson.Stringify(a)
	}
	st.args[i] += delta
	st.out.Content[i].Arguments = parseStreamingJSON(st.args[i])
	st.push(Event{Type: EventToolCallDelta, ContentIndex: i, Delta: delta})
}

// mapMistralStopReason is pi-ai's mapChatStopReason.
func mapMistralStopReason(r string) (StopReason, string) {
	switch r {
	case "stop":
		return StopReasonStop, ""
	case "length", "model_length":
		return StopReasonLength, ""
	case "tool_calls":
		return StopReasonToolUse, ""
	case "error":
		// "server error" makes pi retry the turn.
		return StopReasonError, "Provider stopped with: error (server error)"
	}
	return StopReasonError, "Provider stopped with: " + r
}
