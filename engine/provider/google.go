package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai 1.6's api/google-generative-ai.js and google-shared.js
// (google_vertex.go sends the same stream to Vertex AI) together with
// what @google/genai 1.52.0 does for them: pi-ai builds generateContentStream
// parameters ({model, contents, config}, which is also what onPayload sees)
// and the SDK turns them into POST {baseUrl}/models/{id}:streamGenerateContent
// ?alt=sse with the key in x-goog-api-key and systemInstruction, tools and
// toolConfig moved out of config, the rest of config becoming
// generationConfig. The stream's chunks are GenerateContentResponse objects:
// text parts (thought: true marks thinking) accumulate into blocks,
// functionCall parts become whole tool calls, finishReason and usageMetadata
// set the stop reason and usage.
//
// Gemini's thoughtSignature round trip: a text or thinking block keeps the
// last non-empty signature of its parts (textSignature / thinkingSignature),
// a tool call keeps its part's (thoughtSignature); they are replayed only to
// the same provider and model, and only when they are valid base64.

const (
	googleDefaultBaseURL  = "https://generativelanguage.googleapis.com/v1beta"
	googleIncompleteText  = "Incomplete JSON segment at the end"
	googleFetchFailedText = "fetch failed" // undici's TypeError for connection failures
	googleToolImageText   = "Tool result image:"
)

var (
	gemma4Re          = regexp.MustCompile(`gemma-?4`)
	geminiMajorRe     = regexp.MustCompile(`^gemini(?:-live)?-(\d+)`)
	googleSignatureRe = regexp.MustCompile(`^[A-Za-z0-9+/]+={0,2}$`)
)

func streamGoogle(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.apiKey(model.Provider)
	if err != nil {
		return nil, err
	}
	st := &googleStream{producer: newProducer(model, opts), block: -1}
	st.out.API = APIGoogleGenerativeAI // pi-ai names it so whatever model.api says
	base := model.BaseURL
	if base == "" {
		base = googleDefaultBaseURL
	}
	ep := googleEndpoint{
		url:     func(modelPath string) string { return strings.TrimSuffix(base, "/") + "/" + modelPath },
		headers: map[string]string{"x-goog-api-key": key},
	}
	go func() { st.finish(ctx, st.stream(ctx, c, ep, googleThinkingFor(model, opts, true))) }()
	return st.s, nil
}

// googleEndpoint is where a google stream is sent: the URL of a model's
// resource path, the authentication headers.
type googleEndpoint struct {
	url     func(modelPath string) string
	headers map[string]string
	// authHeaders, when set, gives headers fetched just before sending
	// (an OAuth token); request headers of the same name win.
	authHeaders func(ctx context.Context) (map[string]string, error)
}

// googleThinking is the thinking option pi-ai's streamSimpleGoogle derives
// from the thinking level.
type googleThinking struct {
	enabled   bool
	level     string // thinkingLevel (Gemini 3, Gemma 4); "" when unset
	budget    int    // thinkingBudget, when hasBudget
	hasBudget bool
	off       map[string]any // pi-ai 1.6: the thinkingConfig that turns thinking off
	err       error          // pi-ai 1.6: a thinking level the model maps to no Google level
}

// googleThinkingFor is pi-ai 1.6's streamSimple thinking option for
// google-generative-ai and (without the Flash-Lite budget row, which its
// getGoogleBudget lacks) google-vertex.
func googleThinkingFor(m *Model, opts *Options, flashLiteRow bool) googleThinking {
	th := googleThinking{}
	th.off, th.err = googleThinkingOff(m)
	r := opts.reasoning()
	if r == "" {
		return th
	}
	clamped := ClampThinkingLevel(m, r)
	if clamped == ThinkingOff {
		return th
	}
	level, err := resolveGoogleThinkingLevel(m, clamped)
	if err != nil {
		return googleThinking{err: err}
	}
	if usesGoogleThinkingLevel(m.ID) {
		return googleThinking{enabled: true, level: strings.ToUpper(level)}
	}
	b, ok := googleBudgetOf(m.ID, ThinkingLevel(level), opts.ThinkingBudgets, flashLiteRow)
	return googleThinking{enabled: true, budget: b, hasBudget: ok}
}

// googleThinkingOff is pi-ai 1.6's getDisabledGoogleThinkingConfig: a model
// that cannot turn thinking off gets the lowest level it supports.
func googleThinkingOff(m *Model) (map[string]any, error) {
	if !m.Reasoning {
		return nil, nil
	}
	fallback := ClampThinkingLevel(m, ThinkingOff)
	if !usesGoogleThinkingLevel(m.ID) || fallback == ThinkingOff {
		return map[string]any{"thinkingBudget": int64(0)}, nil
	}
	level, err := resolveGoogleThinkingLevel(m, fallback)
	if err != nil {
		return nil, err
	}
	return map[string]any{"thinkingLevel": strings.ToUpper(level)}, nil
}

// googleBudgetOf is getGoogleBudget with or without its Flash-Lite row.
func googleBudgetOf(id string, l ThinkingLevel, custom ThinkingBudgets, flashLiteRow bool) (int, bool) {
	byLevel := map[ThinkingLevel]int{ThinkingMinimal: custom.Minimal, ThinkingLow: custom.Low, ThinkingMedium: custom.Medium, ThinkingHigh: custom.High}
	if v := byLevel[l]; v > 0 {
		return v, true
	}
	var budgets map[ThinkingLevel]int
	switch {
	case strings.Contains(id, "2.5-pro"):
		budgets = map[ThinkingLevel]int{ThinkingMinimal: 128, ThinkingLow: 2048, ThinkingMedium: 8192, ThinkingHigh: 32768}
	case flashLiteRow && strings.Contains(id, "2.5-flash-lite"):
		budgets = map[ThinkingLevel]int{ThinkingMinimal: 512, ThinkingLow: 2048, ThinkingMedium: 8192, ThinkingHigh: 24576}
	case strings.Contains(id, "2.5-flash"):
		budgets = map[ThinkingLevel]int{ThinkingMinimal: 128, ThinkingLow: 2048, ThinkingMedium: 8192, ThinkingHigh: 24576}
	default:
		return -1, true // dynamic thinking
	}
	v, ok := budgets[l]
	return v, ok
}

// googleStream is the state of one streamGenerateContent stream.
type googleStream struct {
	producer
	block     int // content index of the open text or thinking block, -1 for none
	toolIDs   int // tool call ids generated so far
	sawFinish bool
}

func (st *googleStream) stream(ctx context.Context, c *Context, ep googleEndpoint, th googleThinking) error {
	model, opts := st.model, st.opts
	if th.err != nil {
		return th.err
	}
	if ctx.Err() != nil {
		return errors.New("Request aborted")
	}
	params, err := buildGoogleParams(model, c, opts, th)
	if err != nil {
		return err
	}
	if params, err = st.payload(ctx, params); err != nil {
		return err
	}
	modelPath, reqBody, err := googleRequest(params)
	if err != nil {
		return err
	}
	body, err := encodeBody(reqBody)
	if err != nil {
		return err
	}
	target := ep.url(modelPath) + ":streamGenerateContent?alt=sse"
	headers := map[string]string{"Content-Type": "application/json"}
	for k, v := range ep.headers {
		headers[k] = v
	}
	if ep.authHeaders != nil {
		auth, err := ep.authHeaders(ctx)
		if err != nil {
			return err
		}
		for k, v := range auth {
			headers[k] = v
		}
	}
	for k, v := range model.Headers {
		headers[k] = v
	}
	// pi-ai's google provider has no onResponse hook.
	noHook := *opts
	noHook.OnResponse = nil
	resp, err := openStream(ctx, model, &noHook, target, headers, body, googleErrorText, st)
	if err != nil {
		return fetchSendError(err, true)
	}
	defer resp.Close()

	sse := newSSEReader(resp)
	for {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF {
			if sse.trailing != nil {
				return errors.New(googleIncompleteText)
			}
			break
		}
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return errors.New(msgReadAborted)
		}
		if ev.Data == "" {
			continue // comments, keep-alives
		}
		if err := st.chunk(ev.Data); err != nil {
			return err
		}
	}
	// pi-ai 1.6: blocks end first, then the stream's outcome.
	st.endBlock()
	switch {
	case ctx.Err() != nil:
		return errors.New(msgAborted)
	case !st.sawFinish:
		if st.out.API == APIGoogleVertex {
			return errors.New("Google Vertex stream ended without a finish reason")
		}
		return errors.New("Google stream ended without a finish reason")
	case st.out.StopReason == StopReasonError || st.out.StopReason == StopReasonAborted:
		return errors.New("Provider stopped with: " + st.out.RawStopReason)
	}
	return nil
}

// fetchSendError is how a request made with fetch (pi-ai's google and
// mistral clients, not the OpenAI SDK's) fails before its response:
// fetch's AbortError, or undici's "fetch failed", with its cause where
// pi-ai 1.6 appends it (google, not mistral).
func fetchSendError(err error, causeDetail bool) error {
	switch {
	case errors.Is(err, errSendAborted):
		return errors.New(msgReadAborted)
	case errors.Is(err, errSendConnection) && causeDetail:
		return errors.New(withCause(googleFetchFailedText, sendFailureCause(err)))
	case errors.Is(err, errSendConnection):
		return errors.New(googleFetchFailedText)
	}
	return err
}

// googleErrorText is @google/genai's ApiError message: the JSON error body
// as JSON.stringify writes it, or for other bodies
// {"error":{"message":<text>,"code":<status>,"status":<status text>}}.
func googleErrorText(resp *http.Response, body []byte) string {
	if strings.Contains(resp.Header.Get("Content-Type"), "application/json") {
		if s, err := jsjson.Restringify(body); err == nil {
			return s
		}
		// The SDK would fail with the JSON parser's error; keep the body.
	}
	e := &jsjson.Object{}
	e.Set("message", string(body))
	e.Set("code", int64(resp.StatusCode))
	e.Set("status", strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))))
	wrapper := &jsjson.Object{}
	wrapper.Set("error", e)
	return jsjson.Stringify(wrapper)
}

// chunk applies one GenerateContentResponse.
func (st *googleStream) chunk(data string) error {
	var v any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return fmt.Errorf("Could not parse stream chunk as JSON: %v; data=%s", err, data)
	}
	ch, _ := v.(map[string]any)
	out := st.out
	if out.ResponseID == "" {
		out.ResponseID = str(ch, "responseId")
	}
	var cand map[string]any
	if cands := list(ch, "candidates"); len(cands) > 0 {
		cand, _ = cands[0].(map[string]any)
	}
	content, _ := cand["content"].(map[string]any)
	var rawArgs []json.RawMessage
	for i, p := range list(content, "parts") {
		part, _ := p.(map[string]any)
		if text, ok := part["text"].(string); ok {
			st.textPart(part, text)
		}
		if fc, ok := part["functionCall"].(map[string]any); ok {
			if rawArgs == nil {
				rawArgs = googleRawArgs(data)
			}
			var raw json.RawMessage
			if i < len(rawArgs) {
				raw = rawArgs[i]
			}
			st.functionCallPart(part, fc, raw)
		}
	}
	if fr := cand["finishReason"]; jsjson.Truthy(fr) {
		st.sawFinish = true
		if s, ok := fr.(string); ok {
			out.RawStopReason = s
		}
		reason, err := mapGoogleFinishReason(fr)
		if err != nil {
			return err
		}
		out.StopReason = reason
		if len(out.ToolCalls()) > 0 {
			out.StopReason = StopReasonToolUse
		}
	}
	if u, ok := ch["usageMetadata"].(map[string]any); ok {
		cached := int(num(u, "cachedContentTokenCount"))
		// promptTokenCount includes the cached tokens; thoughts are output.
		out.Usage = Usage{
			Input:       int(num(u, "promptTokenCount")) - cached,
			Output:      int(num(u, "candidatesTokenCount")) + int(num(u, "thoughtsTokenCount")),
			CacheRead:   cached,
			TotalTokens: int(num(u, "totalTokenCount")),
		}
		out.Usage.withReasoning(int(num(u, "thoughtsTokenCount")))
		CalculateCost(st.model, &out.Usage)
	}
	return nil
}

// googleRawArgs returns the raw functionCall.args of the first candidate's
// parts, by part index, so deltas keep the server's key order.
func googleRawArgs(data string) []json.RawMessage {
	var raw struct {
		Candidates []struct {
			Content struct {
				Parts []struct {
					FunctionCall struct {
						Args json.RawMessage `json:"args"`
					} `json:"functionCall"`
				} `json:"parts"`
			} `json:"content"`
		} `json:"candidates"`
	}
	if json.Unmarshal([]byte(data), &raw) != nil || len(raw.Candidates) == 0 {
		return []json.RawMessage{}
	}
	parts := raw.Candidates[0].Content.Parts
	out := make([]json.RawMessage, len(parts))
	for i, p := range parts {
		out[i] = p.FunctionCall.Args
	}
	return out
}

// textPart appends a text part to the open block of its kind, starting a
// new block when the kind changes.
func (st *googleStream) textPart(part map[string]any, text string) {
	out := st.out
	thinking := part["thought"] == true
	kind, start := BlockText, EventTextStart
	if thinking {
		kind, start = BlockThinking, EventThinkingStart
	}
	if st.block < 0 || out.Content[st.block].Type != kind {
		st.endBlock()
		out.Content = append(out.Content, ContentBlock{Type: kind})
		st.block = len(out.Content) - 1
		st.push(Event{Type: start, ContentIndex: st.block})
	}
	b := &out.Content[st.block]
	// Later parts of a block may omit the signature; keep the last one seen.
	sig, _ := part["thoughtSignature"].(string)
	if thinking {
		b.Thinking += text
		if sig != "" {
			b.ThinkingSignature = sig
		}
		st.push(Event{Type: EventThinkingDelta, ContentIndex: st.block, Delta: text})
		return
	}
	b.Text += text
	if sig != "" {
		b.TextSignature = sig
	}
	st.push(Event{Type: EventTextDelta, ContentIndex: st.block, Delta: text})
}

// functionCallPart adds a complete tool call (Gemini does not stream
// arguments).
func (st *googleStream) functionCallPart(part, fc map[string]any, rawArgs json.RawMessage) {
	st.endBlock()
	out := st.out
	id, _ := fc["id"].(string)
	if id == "" || st.hasToolCall(id) {
		// Gemini often omits ids; pi-ai makes them unique per process with a
		// counter, pigo per stream (the timestamp separates streams).
		st.toolIDs++
		id = fmt.Sprintf("%s_%d_%d", jsField(fc, "name"), st.opts.now().UnixMilli(), st.toolIDs)
	}
	args, _ := fc["args"].(map[string]any)
	b := ToolCallBlock(id, str(fc, "name"), args)
	if sig, _ := part["thoughtSignature"].(string); sig != "" {
		b.ThoughtSignature = sig
	}
	delta := "{}"
	if len(rawArgs) > 0 && string(rawArgs) != "null" {
		if s, err := jsjson.Restringify(rawArgs); err == nil {
			delta = s
		}
	}
	out.Content = append(out.Content, b)
	i := len(out.Content) - 1
	st.push(Event{Type: EventToolCallStart, ContentIndex: i})
	st.push(Event{Type: EventToolCallDelta, ContentIndex: i, Delta: delta})
	tc := b
	st.push(Event{Type: EventToolCallEnd, ContentIndex: i, ToolCall: &tc})
}

func (st *googleStream) hasToolCall(id string) bool {
	for _, b := range st.out.Content {
		if b.Type == BlockToolCall && b.ID == id {
			return true
		}
	}
	return false
}

// endBlock emits the end event of the open text or thinking block.
func (st *googleStream) endBlock() {
	if st.block < 0 {
		return
	}
	st.endTextBlock(st.block)
	st.block = -1
}

// mapGoogleFinishReason is pi-ai 1.6's mapStopReason for Gemini's
// finishReason (CONTINUATION is a length stop: pi does not resume).
func mapGoogleFinishReason(r any) (StopReason, error) {
	switch r {
	case "CONTINUATION":
		return StopReasonLength, nil
	case "TOO_MANY_TOOL_CALLS":
		return StopReasonError, nil
	case "STOP":
		return StopReasonStop, nil
	case "MAX_TOKENS":
		return StopReasonLength, nil
	case "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "SAFETY", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION",
		"IMAGE_OTHER", "RECITATION", "FINISH_REASON_UNSPECIFIED", "OTHER", "LANGUAGE", "MALFORMED_FUNCTION_CALL",
		"UNEXPECTED_TOOL_CALL", "NO_IMAGE":
		return StopReasonError, nil
	}
	return "", fmt.Errorf("Unhandled stop reason: %s", jsjson.String(r))
}

// buildGoogleParams is pi-ai's buildParams: the generateContentStream
// parameters {model, contents, config}.
func buildGoogleParams(model *Model, c *Context, opts *Options, th googleThinking) (map[string]any, error) {
	msgs, err := decodeMessages(c.Messages)
	if err != nil {
		return nil, err
	}
	config := map[string]any{}
	if opts.Temperature != nil {
		config["temperature"] = *opts.Temperature
	}
	if mt := opts.baseMaxTokens(model, c); mt > 0 {
		config["maxOutputTokens"] = int64(mt)
	}
	if c.SystemPrompt != "" {
		config["systemInstruction"] = sanitize(c.SystemPrompt)
	}
	if len(c.Tools) > 0 {
		config["tools"] = convertGoogleTools(c.Tools)
		if opts.ToolChoice != nil && opts.ToolChoice != "" {
			mode := "AUTO"
			switch opts.ToolChoice {
			case "none":
				mode = "NONE"
			case "any":
				mode = "ANY"
			}
			config["toolConfig"] = map[string]any{"functionCallingConfig": map[string]any{"mode": mode}}
		}
	}
	// pi-ai 1.6 turns off @google/genai's automatic continuation (the SDK
	// takes the key out of the request).
	config["automaticContinuation"] = false
	switch {
	case th.enabled && model.Reasoning:
		tc := map[string]any{"includeThoughts": true}
		if th.level != "" {
			tc["thinkingLevel"] = th.level
		} else if th.hasBudget {
			tc["thinkingBudget"] = int64(th.budget)
		}
		config["thinkingConfig"] = tc
	case model.Reasoning && !th.enabled:
		config["thinkingConfig"] = th.off
	}
	// pi-ai puts the request's AbortSignal here, an object without
	// enumerable keys that handlers see as {} (the SDK keeps it off the wire).
	config["abortSignal"] = map[string]any{}
	return map[string]any{"model": model.ID, "contents": convertGoogleMessages(model, msgs), "config": config}, nil
}

// Config keys @google/genai sends inside generationConfig for the Gemini API.
var googleGenerationConfigKeys = map[string]bool{
	"temperature": true, "topP": true, "topK": true, "candidateCount": true, "maxOutputTokens": true,
	"stopSequences": true, "responseLogprobs": true, "logprobs": true, "presencePenalty": true,
	"frequencyPenalty": true, "seed": true, "responseMimeType": true, "responseSchema": true,
	"responseJsonSchema": true, "responseModalities": true, "mediaResolution": true, "speechConfig": true,
	"thinkingConfig": true, "imageConfig": true, "enableEnhancedCivicAnswers": true,
}

// googleRequest is what @google/genai's generateContentStream makes of
// params for the Gemini API: the model's resource path and the REST body.
// Config keys the SDK handles itself (abortSignal, httpOptions, ...) are
// dropped as the SDK drops them.
func googleRequest(params map[string]any) (string, map[string]any, error) {
	name, _ := params["model"].(string)
	if name == "" {
		return "", nil, errors.New("model is required and must be a string")
	}
	if strings.Contains(name, "..") || strings.ContainsAny(name, "?&") {
		return "", nil, errors.New("invalid model parameter")
	}
	if !strings.HasPrefix(name, "models/") && !strings.HasPrefix(name, "tunedModels/") {
		name = "models/" + name
	}
	contents := list(params, "contents")
	if len(contents) == 0 {
		return "", nil, errors.New("contents are required")
	}
	wire := make([]any, len(contents))
	for i, ct := range contents {
		wire[i] = googleWireContent(ct)
	}
	body := map[string]any{"contents": wire}
	if cfg, ok := params["config"].(map[string]any); ok {
		gen := map[string]any{}
		for k, v := range cfg {
			switch {
			case v == nil:
			case k == "systemInstruction":
				body[k] = googleWireContent(googleContent(v))
			case k == "cachedContent":
				name, ok := v.(string)
				if !ok {
					return "", nil, errors.New("name must be a string")
				}
				if !strings.HasPrefix(name, "cachedContents/") && !strings.Contains(name, "/") {
					name = "cachedContents/" + name
				}
				body[k] = name
			case k == "tools" || k == "toolConfig" || k == "safetySettings" || k == "serviceTier":
				body[k] = cloneValue(v)
			case googleGenerationConfigKeys[k]:
				gen[k] = cloneValue(v)
			}
		}
		body["generationConfig"] = gen
	}
	return name, body, nil
}

// googleContent is the SDK's tContent: a string or parts become a user
// content.
func googleContent(v any) any {
	switch x := v.(type) {
	case string:
		return map[string]any{"role": "user", "parts": []any{map[string]any{"text": x}}}
	case map[string]any:
		if _, ok := x["parts"].([]any); ok {
			return x
		}
		return map[string]any{"role": "user", "parts": []any{x}}
	case []any:
		parts := make([]any, len(x))
		for i, p := range x {
			if s, ok := p.(string); ok {
				parts[i] = map[string]any{"text": s}
			} else {
				parts[i] = p
			}
		}
		return map[string]any{"role": "user", "parts": parts}
	}
	return v
}

// googleWireContent keeps the fields of a content the SDK sends.
func googleWireContent(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return cloneValue(v)
	}
	out := map[string]any{}
	for _, k := range []string{"parts", "role"} {
		if e, ok := m[k]; ok && e != nil {
			out[k] = cloneValue(e)
		}
	}
	return out
}

// convertGoogleTools is pi-ai 1.6's convertTools, which rewrites const as
// enum.
func convertGoogleTools(tools []Tool) []any {
	decls := make([]any, len(tools))
	for i, t := range tools {
		d := map[string]any{"name": t.Name, "description": t.Description}
		if t.Parameters != nil {
			// Full JSON Schema (anyOf, const, ...), not the OpenAPI subset
			// "parameters" takes.
			d["parametersJsonSchema"] = rewriteConstAsEnum(t.declaredParameters(), false)
		}
		decls[i] = d
	}
	return []any{map[string]any{"functionDeclarations": decls}}
}

// googleRequiresToolCallID: models behind Google APIs that need explicit
// function call ids: pi-ai 1.6's, Gemini 3 and later among them.
func googleRequiresToolCallID(id string) bool {
	if m := geminiMajorRe.FindStringSubmatch(strings.ToLower(id)); m != nil {
		if major, _ := strconv.Atoi(m[1]); major >= 3 {
			return true
		}
	}
	return strings.HasPrefix(id, "claude-") || strings.HasPrefix(id, "gpt-oss-")
}

// googleMultimodalFunctionResponse: Gemini 3+ (and non-Gemini models) take
// images inside functionResponse.parts.
func googleMultimodalFunctionResponse(id string) bool {
	m := geminiMajorRe.FindStringSubmatch(strings.ToLower(id))
	if m == nil {
		return true
	}
	major, _ := strconv.Atoi(m[1])
	return major >= 3
}

// googleSignature returns sig when it may be replayed: same provider and
// model, and valid base64 (the API's bytes type).
func googleSignature(same bool, sig string) string {
	if !same || sig == "" || len(sig)%4 != 0 || !googleSignatureRe.MatchString(sig) {
		return ""
	}
	return sig
}

func googleInlineData(b ContentBlock) map[string]any {
	return map[string]any{"inlineData": map[string]any{"mimeType": b.MimeType, "data": b.Data}}
}

// convertGoogleMessages is pi-ai's convertMessages for Gemini contents.
func convertGoogleMessages(model *Model, msgs []llmMessage) []any {
	needIDs := googleRequiresToolCallID(model.ID)
	normalize := func(id string, _ *llmMessage) string {
		if !needIDs {
			return id
		}
		return replaceNonIDChars(id, 64)
	}
	msgs = transformMessages(msgs, model, normalize)
	contents := []any{}
	for _, msg := range msgs {
		switch msg.Role {
		case "user":
			if msg.IsString {
				contents = append(contents, map[string]any{"role": "user", "parts": []any{map[string]any{"text": sanitize(msg.Text)}}})
				continue
			}
			parts := []any{}
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					parts = append(parts, map[string]any{"text": sanitize(b.Text)})
				case BlockImage:
					parts = append(parts, googleInlineData(b))
				}
			}
			if len(parts) > 0 {
				contents = append(contents, map[string]any{"role": "user", "parts": parts})
			}
		case "assistant":
			same := msg.Provider == model.Provider && msg.Model == model.ID
			parts := []any{}
			for _, b := range msg.Content {
				var p map[string]any
				var sig string
				switch b.Type {
				case BlockText:
					// pi-ai 1.6 keeps a blank text that carries a signature:
					// Gemini wants it echoed back.
					if strings.TrimSpace(b.Text) == "" && googleSignature(same, b.TextSignature) == "" {
						continue
					}
					p, sig = map[string]any{"text": sanitize(b.Text)}, b.TextSignature
				case BlockThinking:
					if strings.TrimSpace(b.Thinking) == "" && googleSignature(same, b.ThinkingSignature) == "" {
						continue
					}
					if !same {
						// No thought markers for other models' reasoning.
						parts = append(parts, map[string]any{"text": sanitize(b.Thinking)})
						continue
					}
					p, sig = map[string]any{"thought": true, "text": sanitize(b.Thinking)}, b.ThinkingSignature
				case BlockToolCall:
					fc := map[string]any{"name": b.Name, "args": cloneValue(b.ArgumentsValue())}
					if needIDs {
						fc["id"] = b.ID
					}
					p, sig = map[string]any{"functionCall": fc}, b.ThoughtSignature
				default:
					continue
				}
				if s := googleSignature(same, sig); s != "" {
					p["thoughtSignature"] = s
				}
				parts = append(parts, p)
			}
			if len(parts) > 0 {
				contents = append(contents, map[string]any{"role": "model", "parts": parts})
			}
		case "toolResult":
			var texts []string
			var images []any
			for _, b := range msg.Content {
				switch {
				case b.Type == BlockText:
					texts = append(texts, b.Text)
				case b.Type == BlockImage && model.SupportsImages():
					images = append(images, googleInlineData(b))
				}
			}
			text := strings.Join(texts, "\n")
			multimodal := googleMultimodalFunctionResponse(model.ID)
			value := ""
			if text != "" {
				value = sanitize(text)
			} else if len(images) > 0 {
				value = "(see attached image)"
			}
			response := map[string]any{"output": value}
			if msg.IsError {
				response = map[string]any{"error": value}
			}
			fr := map[string]any{"name": msg.ToolName, "response": response}
			if len(images) > 0 && multimodal {
				fr["parts"] = images
			}
			if needIDs {
				fr["id"] = msg.ToolCallID
			}
			part := map[string]any{"functionResponse": fr}
			// All function responses of a turn go into one user content.
			if n := len(contents); n > 0 && hasFunctionResponse(contents[n-1]) {
				last := contents[n-1].(map[string]any)
				last["parts"] = append(last["parts"].([]any), part)
			} else {
				contents = append(contents, map[string]any{"role": "user", "parts": []any{part}})
			}
			if len(images) > 0 && !multimodal {
				// Gemini < 3 takes tool images as a separate user turn.
				contents = append(contents, map[string]any{"role": "user",
					"parts": append([]any{map[string]any{"text": googleToolImageText}}, cloneValue(images).([]any)...)})
			}
		}
	}
	return contents
}

func hasFunctionResponse(content any) bool {
	m, _ := content.(map[string]any)
	if str(m, "role") != "user" {
		return false
	}
	for _, p := range list(m, "parts") {
		if pm, ok := p.(map[string]any); ok && pm["functionResponse"] != nil {
			return true
		}
	}
	return false
}
