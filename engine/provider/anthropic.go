package provider

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// This file is pi-ai's providers/anthropic.js: the Messages API request
// (system blocks with cache_control, tools with input_schema,
// tool_use/tool_result conversion, budget or adaptive thinking, beta headers)
// and the SSE handling (message_start, content_block_start/delta/stop with
// text, thinking, redacted_thinking, tool_use, input_json_delta and
// signature_delta, message_delta usage and stop_reason, message_stop).
//
// pi-ai authenticates in one of three ways, chosen by the provider and the
// key (createClient):
//   - github-copilot: the Copilot token as a bearer token, plus the Copilot
//     request headers (X-Initiator, Openai-Intent, Copilot-Vision-Request);
//   - a Claude Pro/Max OAuth token (the key contains "sk-ant-oat", from an
//     auth.json login or ANTHROPIC_OAUTH_TOKEN): a bearer token sent as
//     Claude Code sends it: the claude-code and oauth betas, Claude Code's
//     user-agent and x-app, the Claude Code identity as the first system
//     block, and tool names in Claude Code's casing ("read" → "Read", mapped
//     back to the caller's tool names in the response);
//   - otherwise an API key in x-api-key.

const (
	anthropicVersion          = "2023-06-01"
	betaFineGrainedToolStream = "fine-grained-tool-streaming-2025-05-14"
	betaInterleavedThinking   = "interleaved-thinking-2025-05-14"
	// compat.supportsMidConvoEffort: effort markers and block_binding.
	betaMidConversationOutputConfig = "mid-conversation-output-config-2026-07-01"
	betaThinkingBindingControls     = "thinking-binding-controls-2026-08-01"
	betaServerSideFallback          = "server-side-fallback-2026-07-01"
	// compat.supportsMidConvoToolChanges: tool_addition / tool_removal.
	betaInlineTools             = "inline-tools-2026-09-15"
	betaClaudeCode              = "claude-code-20250219"
	betaOAuth                   = "oauth-2025-04-20"
	claudeCodeVersion           = "2.1.75"
	claudeCodeIdentity          = "You are Claude Code, Anthropic's official CLI for Claude."
	anthropicImagePlaceholder   = "(see attached image)"
	anthropicMissingStopText    = "Anthropic stream ended before message_stop"
	anthropicDefaultThinkTokens = 1024
)

// anthropicParams are the derived options of one request (pi-ai's
// AnthropicOptions after streamSimpleAnthropic).
type anthropicParams struct {
	// tools are the tools the conversation ends with (after its later
	// system messages' changes), derived once per request.
	tools           []Tool
	maxTokens       int
	thinkingEnabled *bool
	budgetTokens    int
	effort          string
}

// thinksAdaptively is pi-ai 1.6's test: the model's compat forces adaptive
// thinking. Its catalog sets it on every adaptive Claude; pi-ai 0.73.1's
// inference from the id (Opus 4.6+, Sonnet 4.6) is gone, so a custom
// "claude-opus-4-6" in models.json thinks on a budget unless its compat
// sets forceAdaptiveThinking (TestCustomAnthropicModelPayloadMatchesPi16).
func (m *Model) thinksAdaptively() bool {
	return m.Compat != nil && m.Compat.ForceAdaptiveThinking != nil && *m.Compat.ForceAdaptiveThinking
}

// anthropicEffort is pi-ai's mapThinkingLevelToEffort.
func anthropicEffort(m *Model, l ThinkingLevel) string {
	if v, ok := m.mappedLevel(l); ok {
		return v
	}
	switch l {
	case ThinkingMinimal, ThinkingLow:
		return "low"
	case ThinkingMedium:
		return "medium"
	}
	return "high"
}

// splitBetas is the SDK's beta.messages.create: a payload's betas go as
// the anthropic-beta header (JavaScript's Array toString: joined with
// ","), not in the body. It returns the body without them and a copy of
// headers with them.
func splitBetas(body map[string]any, headers map[string]string) (map[string]any, map[string]string) {
	hdr := maps.Clone(headers)
	betas, ok := body["betas"]
	if !ok || betas == nil {
		return body, hdr
	}
	if list, isList := betas.([]any); isList {
		hdr["anthropic-beta"] = jsjson.Join(list, ",")
	} else {
		hdr["anthropic-beta"] = jsjson.String(betas)
	}
	out := maps.Clone(body)
	delete(out, "betas")
	return out, hdr
}

// midConvoEffort: the model takes effort markers within the conversation
// (compat.supportsMidConvoEffort, pi-ai 1.6's managed effort).
func midConvoEffort(m *Model) bool {
	return compatBool(m, func(c *Compat) *bool { return c.SupportsMidConvoEffort }, false)
}

// activeEffort is the effort of the reply a request asks for: the
// thinking level's, "high" when none was given (pi-ai's default).
func activeEffort(ap anthropicParams) string {
	return cmp.Or(ap.effort, "high")
}

func isAnthropicEffort(e string) bool {
	switch e {
	case "low", "medium", "high", "xhigh", "max":
		return true
	}
	return false
}

// insertEffortMessages is pi-ai's insertThinkingLevelMessages: an empty
// system message whose output_config names an effort goes before each
// earlier reply that was given one (levels, by index) and, with the
// request's effort, at the end.
func insertEffortMessages(messages []any, levels map[int]string, active string) []any {
	marker := func(effort string) map[string]any {
		return map[string]any{"role": "system", "content": []any{}, "output_config": map[string]any{"effort": effort}}
	}
	out := make([]any, 0, len(messages)+len(levels)+1)
	for i, m := range messages {
		if e, ok := levels[i]; ok {
			out = append(out, marker(e))
		}
		out = append(out, m)
	}
	return append(out, marker(active))
}

// minAnswerTokens is pi-ai's MIN_ANSWER_TOKENS: what a thinking budget
// always leaves for the answer under a shared response ceiling.
const minAnswerTokens = 1024

// thinkingBudgetForLevel is pi-ai's helper of the same name: the level's
// budget (custom ones over the defaults), xhigh and max counting as high.
func thinkingBudgetForLevel(l ThinkingLevel, b ThinkingBudgets) int {
	budgets := map[ThinkingLevel]int{ThinkingMinimal: 1024, ThinkingLow: 2048, ThinkingMedium: 8192, ThinkingHigh: 16384}
	for l, v := range map[ThinkingLevel]int{ThinkingMinimal: b.Minimal, ThinkingLow: b.Low, ThinkingMedium: b.Medium, ThinkingHigh: b.High} {
		if v > 0 {
			budgets[l] = v
		}
	}
	if l == ThinkingXHigh || l == "max" {
		l = ThinkingHigh
	}
	return budgets[l]
}

// clampThinkingBudgetToAnswerRoom is pi-ai's helper of the same name.
func clampThinkingBudgetToAnswerRoom(budget, ceiling int) int {
	return min(budget, max(0, ceiling-minAnswerTokens))
}

// adjustMaxTokensForThinking is pi-ai's helper of the same name.
func adjustMaxTokensForThinking(base, modelMax int, l ThinkingLevel, b ThinkingBudgets) (maxTokens, budget int) {
	budget = thinkingBudgetForLevel(l, b)
	maxTokens = min(base+budget, modelMax)
	if maxTokens <= budget {
		budget = clampThinkingBudgetToAnswerRoom(budget, maxTokens)
	}
	return maxTokens, budget
}

func streamAnthropic(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.apiKey(model.Provider)
	if err != nil {
		return nil, err
	}
	ap := anthropicParams{tools: c.currentTools(), maxTokens: opts.baseMaxTokens(model, c)}
	if r := opts.reasoning(); r == "" {
		ap.thinkingEnabled = ptr(false)
	} else if model.thinksAdaptively() {
		ap.thinkingEnabled, ap.effort = ptr(true), anthropicEffort(model, r)
	} else {
		maxTokens, budget := adjustMaxTokensForThinking(ap.maxTokens, model.MaxTokens, r, opts.ThinkingBudgets)
		// pi-ai 1.6 fits the raised cap into the context again, then
		// leaves the answer its room under it.
		ap.maxTokens = clampMaxTokensToContext(model, opts.estimateContext(c), maxTokens)
		ap.budgetTokens = min(budget, max(0, ap.maxTokens-minAnswerTokens))
		ap.thinkingEnabled = ptr(true)
	}
	st := &anthropicStream{producer: newProducer(model, opts), tools: ap.tools, usageModel: model}
	// pi-ai's createClient: Copilot first, then OAuth tokens.
	st.oauth = model.Provider != "github-copilot" && isAnthropicOAuthToken(key)
	go func() { st.finish(ctx, st.stream(ctx, c, key, ap)) }()
	return st.s, nil
}

// anthropicMessagesURL is where pi-ai 1.6 sends every Messages request:
// it streams through the SDK's beta client, whose path carries
// ?beta=true.
func anthropicMessagesURL(model *Model) string {
	return endpoint(model.BaseURL, "/v1/messages") + "?beta=true"
}

// anthropicBetas is pi-ai 1.6's getBetaFeatures for the features pigo
// implements. An anthropic-beta header in the model's or the request's
// headers (the request's wins) replaces the list: its comma-separated
// features, trimmed, each once. Otherwise, in this order: the Claude
// Code and OAuth betas for an OAuth token; fine-grained tool streaming
// when tools go to a model without eager input streaming; interleaved
// thinking when a reasoning model that does not think adaptively thinks;
// server-side fallback; mid-conversation effort; inline tools when tool
// changes go in place; message threads.
func anthropicBetas(model *Model, c *Context, tools []Tool, opts *Options, oauth, thinking, messageThreads bool) []string {
	configured, ok := "", false
	for _, hs := range []map[string]string{model.Headers, opts.Headers} {
		for k, v := range hs {
			if strings.EqualFold(k, "anthropic-beta") {
				configured, ok = v, true
			}
		}
	}
	var betas []string
	add := func(features ...string) {
		for _, f := range features {
			if !slices.Contains(betas, f) {
				betas = append(betas, f)
			}
		}
	}
	if ok {
		for f := range strings.SplitSeq(configured, ",") {
			if f = strings.TrimSpace(f); f != "" {
				add(f)
			}
		}
		return betas
	}
	if oauth {
		add(betaClaudeCode, betaOAuth)
	}
	eager := compatBool(model, func(c *Compat) *bool { return c.SupportsEagerToolInputStreaming }, true)
	if len(tools) > 0 && !eager {
		add(betaFineGrainedToolStream)
	}
	if model.Reasoning && thinking && !model.thinksAdaptively() {
		add(betaInterleavedThinking)
	}
	if len(model.fallbackModels()) > 0 {
		add(betaServerSideFallback)
	}
	if midConvoEffort(model) {
		add(betaMidConversationOutputConfig, betaThinkingBindingControls)
	}
	if anthropicNativeToolChanges(model, c) {
		add(betaInlineTools)
	}
	if messageThreads {
		add(betaMessageThreads)
	}
	return betas
}

// anthropicNativeToolChanges reports whether tool changes within the
// conversation go in place (tool_addition / tool_removal blocks) with the
// request's tool list fixed at the conversation's first tools and a
// deferred placeholder. Anthropic rejects a list whose every tool is
// deferred, so it needs a first tool to anchor the placeholder.
func anthropicNativeToolChanges(model *Model, c *Context) bool {
	return MidConvoSystemMessages(model) && len(c.Tools) > 0 &&
		compatBool(model, func(c *Compat) *bool { return c.SupportsMidConvoToolChanges }, false)
}

// anthropicDeferredToolPlaceholder is pi-ai 1.6's placeholder tool, byte
// for byte: the last entry of a tool list that tool changes extend in
// place.
func anthropicDeferredToolPlaceholder() map[string]any {
	return map[string]any{"name": "__pi_deferred_placeholder__", "description": "Reserved placeholder. Never available. Never call this.",
		"input_schema": map[string]any{"type": "object", "properties": map[string]any{}, "required": []any{}}, "defer_loading": true}
}

// anthropicSessionAffinityHeader is the header pi-ai 1.6 sends the session
// id in for API-key requests: none unless compat.sendSessionAffinityHeaders
// (default: OpenRouter only), x-session-id for the openrouter format, else
// x-session-affinity. Copilot and OAuth requests send none.
func anthropicSessionAffinityHeader(model *Model, oauth bool) string {
	if oauth || model.Provider == "github-copilot" {
		return ""
	}
	isOpenRouter := model.Provider == "openrouter" || strings.Contains(model.BaseURL, "openrouter.ai")
	if !compatBool(model, func(c *Compat) *bool { return c.SendSessionAffinityHeaders }, isOpenRouter) {
		return ""
	}
	format := ""
	if model.Compat != nil {
		format = model.Compat.SessionAffinityFormat
	}
	if format == "" && isOpenRouter || format == "openrouter" {
		return "x-session-id"
	}
	return "x-session-affinity"
}

// isAnthropicOAuthToken is pi-ai's isOAuthToken.
func isAnthropicOAuthToken(key string) bool { return strings.Contains(key, "sk-ant-oat") }

type anthropicStream struct {
	producer
	oauth bool   // Claude Code-style OAuth request
	tools []Tool // the request's tools, to map Claude Code tool names back
	// usageModel prices the reply: the model, or a fallback model that
	// answered instead (compat.allowedFallbackModels) with its cost.
	usageModel *Model
}

// fallbackModels is compat.allowedFallbackModels.
func (m *Model) fallbackModels() []FallbackModel {
	if m.Compat == nil {
		return nil
	}
	return m.Compat.AllowedFallbackModels
}

// anthropicUsageModel is pi-ai 1.6's usageModel for a reply that model
// responseModel gave: a fallback model of the same provider is priced
// with its own cost, anything else with the requested model's.
func anthropicUsageModel(model *Model, responseModel string) *Model {
	if responseModel == model.ID {
		return model
	}
	for _, f := range model.fallbackModels() {
		if f.Provider == model.Provider && f.Model == responseModel {
			m := *model
			m.ID, m.Cost = responseModel, f.Cost
			return &m
		}
	}
	return model
}

func (st *anthropicStream) stream(ctx context.Context, c *Context, key string, ap anthropicParams) error {
	model, opts := st.model, st.opts
	// The session whose requests may use message threads; a session
	// whose endpoint rejected them still sends the beta.
	threadSession := ""
	if supportsMessageThreads(model) && opts.cacheRetention() != "none" {
		threadSession = opts.SessionID
	}
	headers := map[string]string{
		"anthropic-version": anthropicVersion,
		"content-type":      "application/json",
		"accept":            "application/json",
		"anthropic-dangerous-direct-browser-access": "true",
	}
	switch {
	case model.Provider == "github-copilot", st.oauth:
		headers["authorization"] = "Bearer " + key
	default:
		headers["x-api-key"] = key
	}
	if st.oauth {
		headers["user-agent"] = "claude-cli/" + claudeCodeVersion
		headers["x-app"] = "cli"
	}
	if h := anthropicSessionAffinityHeader(model, st.oauth); h != "" && opts.SessionID != "" && opts.cacheRetention() != "none" {
		headers[h] = opts.SessionID
	}
	for k, v := range model.Headers {
		headers[k] = v
	}
	if model.Provider == "github-copilot" {
		for k, v := range copilotDynamicHeaders(c) {
			headers[k] = v
		}
	}
	// The SDK sends the betas as the one anthropic-beta header, over any
	// the model's headers name.
	for k := range headers {
		if strings.EqualFold(k, "anthropic-beta") {
			delete(headers, k)
		}
	}
	thinking := ap.thinkingEnabled != nil && *ap.thinkingEnabled
	betas := anthropicBetas(model, c, ap.tools, opts, st.oauth, thinking, threadSession != "")
	// A request's own anthropic-beta is in the list already; openStream
	// must not send it again as given.
	sendOpts := opts
	for k := range opts.Headers {
		if strings.EqualFold(k, "anthropic-beta") {
			o := *opts
			o.Headers = maps.Clone(opts.Headers)
			delete(o.Headers, k)
			sendOpts = &o
		}
	}
	// A session whose strict tools Claude rejected sends them non-strict.
	disablePreferred := hasExceededStrictToolLimits(opts.SessionID)
	var resp *streamResponse
	var params map[string]any
	// The thread request that got the response; nil when none was sent.
	var thread *threadRequest
	for {
		var preferred bool
		var err error
		var effort string
		params, preferred, effort, err = buildAnthropicParams(model, c, opts, ap, betas, st.oauth, disablePreferred)
		if err != nil {
			return err
		}
		if effort != "" {
			st.out.ProviderThinkingLevel = effort
		}
		if params, err = st.payload(ctx, params); err != nil {
			return err
		}
		params["stream"] = true
		send := func(body map[string]any) (*streamResponse, error) {
			body, hdr := splitBetas(body, headers)
			b, err := encodeBody(body)
			if err != nil {
				return nil, err
			}
			return openStream(ctx, model, sendOpts, anthropicMessagesURL(model), hdr, b, anthropicErrorText, st)
		}
		thread = nil
		if threadSession != "" && !opts.DisableContinuation {
			thread = prepareThreadRequest(model, threadSession, params)
		}
		if thread == nil {
			resp, err = send(params)
		} else if resp, err = send(thread.body); err != nil && ctx.Err() == nil {
			// pi-ai 1.6's sendThreadRequest: a rejection about the
			// thread is sent again once, in full.
			if reason, next, plain := threadFallback(err, thread, params); reason != "" {
				st.out.Diagnostics = append(st.out.Diagnostics, Diagnostic{Type: "anthropic_thread_fallback", Timestamp: opts.now().UnixMilli(),
					Error: DiagnosticError{Message: err.Error()}, Details: map[string]any{"reason": reason}})
				if plain {
					if resp, err = send(params); err == nil {
						setThreadState(threadSession, threadState{off: true})
					}
					thread = nil
				} else {
					thread = next
					resp, err = send(thread.body)
				}
			}
		}
		if err == nil {
			break
		}
		// pi-ai 1.6: strict tools over Claude's limits are sent again
		// non-strict, once, and the session remembers.
		if ctx.Err() != nil || disablePreferred || !preferred || !isAnthropicStrictToolLimitError(err) {
			return err
		}
		disablePreferred = true
		markStrictToolLimitsExceeded(opts.SessionID)
		st.out.Diagnostics = append(st.out.Diagnostics, Diagnostic{Type: "anthropic_strict_tools_fallback", Timestamp: opts.now().UnixMilli(),
			Error: DiagnosticError{Message: err.Error()}, Details: map[string]any{"reason": "strict_tool_limits_exceeded"}})
	}
	defer resp.Close()

	sse := newSSEReader(resp)
	sawStart, sawStop := false, false
	handle := func(ev sseEvent) error {
		if ev.Event == "error" {
			return errors.New(ev.Data)
		}
		switch ev.Event {
		case "message_start", "message_delta", "message_stop", "content_block_start", "content_block_delta", "content_block_stop":
		default:
			return nil
		}
		v, err := parseJSONWithRepair(ev.Data)
		if err != nil {
			return fmt.Errorf("Could not parse Anthropic SSE event %s: %v; data=%s; raw=%s", ev.Event, err, ev.Data, strings.Join(ev.Raw, `\n`))
		}
		m, _ := v.(map[string]any)
		switch str(m, "type") {
		case "message_start":
			sawStart = true
		case "message_stop":
			sawStop = true
		}
		return st.event(m)
	}
	for {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF {
			if sse.trailing != nil {
				if err := handle(*sse.trailing); err != nil {
					return err
				}
			}
			break
		}
		if err != nil {
			return err // pi-ai's own SSE loop sees undici's AbortError on abort
		}
		if ctx.Err() != nil {
			return errors.New(msgAborted)
		}
		if err := handle(ev); err != nil {
			return err
		}
		if sawStop {
			break // nothing follows message_stop; do not wait for the close
		}
	}
	if sawStart && !sawStop {
		return errors.New(anthropicMissingStopText)
	}
	if ctx.Err() != nil {
		return errors.New(msgAborted)
	}
	if st.out.StopReason == StopReasonError || st.out.StopReason == StopReasonAborted {
		return errors.New(msgUnknownError)
	}
	if thread != nil {
		recordThreadReply(model, thread.session, params, st.out, st.oauth)
	}
	return nil
}

// isAnthropicStrictToolLimitError: the API refused the request (400,
// invalid_request_error, as the Anthropic SDK types the error from its
// body) because its strict tools exceed Claude's limits.
func isAnthropicStrictToolLimitError(err error) bool {
	var se *statusError
	if !errors.As(err, &se) || se.status != 400 {
		return false
	}
	var body struct {
		Error struct {
			Type string `json:"type"`
		} `json:"error"`
	}
	return json.Unmarshal(se.body, &body) == nil && body.Error.Type == "invalid_request_error" && isStrictToolLimitError(se.text)
}

// blockAt finds the content block with the API's block index.
func (st *anthropicStream) blockAt(index int) int {
	for i := range st.out.Content {
		if sc := &st.out.Content[i].scratch; sc.hasIndex && sc.index == index {
			return i
		}
	}
	return -1
}

// event applies one Messages API stream event.
func (st *anthropicStream) event(ev map[string]any) error {
	out := st.out
	index := int(num(ev, "index"))
	switch str(ev, "type") {
	case "message_start":
		msg, _ := ev["message"].(map[string]any)
		out.ResponseID = str(msg, "id")
		// A reply by another model (a server-side refusal fallback)
		// names it; pi-ai 1.6 records it and prices the reply with it.
		responseModel := str(msg, "model")
		if responseModel != st.model.ID {
			out.ResponseModel = responseModel
		}
		st.usageModel = anthropicUsageModel(st.model, responseModel)
		u, _ := msg["usage"].(map[string]any)
		out.Usage.Input = int(num(u, "input_tokens"))
		out.Usage.Output = int(num(u, "output_tokens"))
		out.Usage.CacheRead = int(num(u, "cache_read_input_tokens"))
		out.Usage.CacheWrite = int(num(u, "cache_creation_input_tokens"))
		creation, _ := u["cache_creation"].(map[string]any)
		long := int(num(creation, "ephemeral_1h_input_tokens"))
		out.Usage.CacheWrite1h = &long
		out.Usage.TotalTokens = out.Usage.Input + out.Usage.Output + out.Usage.CacheRead + out.Usage.CacheWrite
		CalculateCost(st.usageModel, &out.Usage)
	case "content_block_start":
		cb, _ := ev["content_block"].(map[string]any)
		var b ContentBlock
		switch str(cb, "type") {
		case "fallback":
			// The fallback model takes over before any output; one that
			// would take over mid-reply is refused, as in pi-ai 1.6.
			if len(out.Content) > 0 {
				return errors.New("Anthropic performed an unsupported mid-output model fallback")
			}
			return nil
		case "text":
			b = TextBlock("")
		case "thinking":
			b = ThinkingBlock("")
			b.keepEmptySig = true
		case "redacted_thinking":
			b = ContentBlock{Type: BlockThinking, Thinking: "[Reasoning redacted]", ThinkingSignature: str(cb, "data"), Redacted: true}
		case "tool_use":
			args, _ := cb["input"].(map[string]any)
			name := str(cb, "name")
			if st.oauth {
				name = fromClaudeCodeName(name, st.tools)
			}
			b = ToolCallBlock(str(cb, "id"), name, cloneMap(orEmpty(args)))
			b.scratch.hasPartialJSON = true
		default:
			return nil
		}
		b.scratch.index, b.scratch.hasIndex = index, true
		out.Content = append(out.Content, b)
		i := len(out.Content) - 1
		switch b.Type {
		case BlockText:
			st.push(Event{Type: EventTextStart, ContentIndex: i})
		case BlockThinking:
			st.push(Event{Type: EventThinkingStart, ContentIndex: i})
		case BlockToolCall:
			st.push(Event{Type: EventToolCallStart, ContentIndex: i})
		}
	case "content_block_delta":
		d, _ := ev["delta"].(map[string]any)
		i := st.blockAt(index)
		if i < 0 {
			return nil
		}
		b := &out.Content[i]
		switch str(d, "type") {
		case "text_delta":
			if b.Type == BlockText {
				t := str(d, "text")
				b.Text += t
				st.push(Event{Type: EventTextDelta, ContentIndex: i, Delta: t})
			}
		case "thinking_delta":
			if b.Type == BlockThinking {
				t := str(d, "thinking")
				b.Thinking += t
				st.push(Event{Type: EventThinkingDelta, ContentIndex: i, Delta: t})
			}
		case "input_json_delta":
			if b.Type == BlockToolCall {
				t := str(d, "partial_json")
				b.scratch.partialJSON += t
				b.Arguments = parseStreamingJSON(b.scratch.partialJSON)
				st.push(Event{Type: EventToolCallDelta, ContentIndex: i, Delta: t})
			}
		case "signature_delta":
			if b.Type == BlockThinking {
				b.ThinkingSignature += str(d, "signature")
			}
		}
	case "content_block_stop":
		i := st.blockAt(index)
		if i < 0 {
			return nil
		}
		b := &out.Content[i]
		b.scratch.hasIndex = false
		switch b.Type {
		case BlockText:
			st.push(Event{Type: EventTextEnd, ContentIndex: i, Content: b.Text})
		case BlockThinking:
			st.push(Event{Type: EventThinkingEnd, ContentIndex: i, Content: b.Thinking})
		case BlockToolCall:
			b.setFinalArguments(b.scratch.partialJSON)
			b.scratch = blockScratch{}
			tc := *b
			st.push(Event{Type: EventToolCallEnd, ContentIndex: i, ToolCall: &tc})
		}
	case "message_delta":
		d, _ := ev["delta"].(map[string]any)
		if r := str(d, "stop_reason"); r != "" {
			out.RawStopReason = r
			reason, err := mapAnthropicStopReason(r)
			if err != nil {
				return err
			}
			out.StopReason = reason
		}
		if u, ok := ev["usage"].(map[string]any); ok {
			set := func(dst *int, k string) {
				if f, ok := jsjson.Float64(u[k]); ok {
					*dst = int(f)
				}
			}
			set(&out.Usage.Input, "input_tokens")
			set(&out.Usage.Output, "output_tokens")
			set(&out.Usage.CacheRead, "cache_read_input_tokens")
			set(&out.Usage.CacheWrite, "cache_creation_input_tokens")
			// Proxies such as Vercel's AI Gateway send the lifetime
			// breakdown in deltas too.
			creation, _ := u["cache_creation"].(map[string]any)
			if f, ok := jsjson.Float64(creation["ephemeral_1h_input_tokens"]); ok {
				long := int(f)
				out.Usage.CacheWrite1h = &long
			}
			// Thinking tokens are part of output_tokens (pi 1.6's usage.reasoning).
			details, _ := u["output_tokens_details"].(map[string]any)
			if f, ok := jsjson.Float64(details["thinking_tokens"]); ok {
				out.Usage.withReasoning(int(f))
			}
		}
		out.Usage.TotalTokens = out.Usage.Input + out.Usage.Output + out.Usage.CacheRead + out.Usage.CacheWrite
		CalculateCost(st.usageModel, &out.Usage)
		// OpenRouter adds its billing fields to message_delta's usage.
		if u, ok := ev["usage"].(map[string]any); ok && isOpenRouterModel(st.model) {
			applyOpenRouterReportedCost(&out.Usage, u["cost"], u["is_byok"], u["cost_details"])
		}
	}
	return nil
}

// mapAnthropicStopReason is pi-ai's mapStopReason for stop_reason.
func mapAnthropicStopReason(r string) (StopReason, error) {
	switch r {
	case "end_turn", "pause_turn", "stop_sequence":
		return StopReasonStop, nil
	case "max_tokens":
		return StopReasonLength, nil
	case "tool_use":
		return StopReasonToolUse, nil
	case "refusal", "sensitive":
		return StopReasonError, nil
	}
	return "", fmt.Errorf("Unhandled stop reason: %s", r)
}

// buildAnthropicParams is pi-ai's buildParams (the payload before "stream":
// true is added, which is what onPayload sees); oauth selects the Claude
// Code identity and tool names. disablePreferred sends "prefer" strict
// tools non-strict; preferred says whether one went strict. effort is the
// reply's effort when the request sets it by marker (the reply's
// providerThinkingLevel), else "". The payload carries the betas
// (anthropicBetas) as pi-ai 1.6's does; splitBetas sends them as the
// anthropic-beta header.
func buildAnthropicParams(model *Model, c *Context, opts *Options, ap anthropicParams, betas []string, oauth, disablePreferred bool) (p map[string]any, preferred bool, effort string, err error) {
	var cc map[string]any
	if retention := opts.cacheRetention(); retention != "none" {
		cc = map[string]any{"type": "ephemeral"}
		long := model.Compat == nil || model.Compat.SupportsLongCacheRetention == nil || *model.Compat.SupportsLongCacheRetention
		if retention == "long" && long {
			cc["ttl"] = "1h"
		}
	}
	decode := decodeMessages
	if MidConvoSystemMessages(model) {
		decode = decodeTranscript
	}
	msgs, err := decode(c.Messages)
	if err != nil {
		return nil, false, "", err
	}
	maxTokens := ap.maxTokens
	if maxTokens <= 0 {
		maxTokens = model.MaxTokens / 3
	}
	thinking := ap.thinkingEnabled != nil && *ap.thinkingEnabled
	off, offListed := model.ThinkingLevelMap[ThinkingOff]
	thinkingDisabled := model.Reasoning && ap.thinkingEnabled != nil && !thinking && (!offListed || off != nil)
	// Effort cannot change between messages while thinking is off.
	effortMessages := midConvoEffort(model) && !thinkingDisabled
	managed := ""
	if effortMessages {
		managed = model.Provider
	}
	native := anthropicNativeToolChanges(model, c)
	var toolDefinitions func([]Tool) ([]any, error)
	if native {
		// Tools added later are defined by value, without a cache marker.
		toolDefinitions = func(ts []Tool) ([]any, error) {
			defs, addedPreferred, err := anthropicTools(model, ts, nil, oauth, disablePreferred)
			preferred = preferred || addedPreferred
			return defs, err
		}
	}
	messages, levels, err := convertAnthropicMessages(msgs, model, cc, oauth, managed, toolDefinitions)
	if err != nil {
		return nil, false, "", err
	}
	if effortMessages {
		effort = activeEffort(ap)
		messages = insertEffortMessages(messages, levels, effort)
	}
	p = map[string]any{
		"model":      model.ID,
		"messages":   messages,
		"max_tokens": int64(maxTokens),
		"stream":     true,
	}
	if len(betas) > 0 {
		list := make([]any, len(betas))
		for i, b := range betas {
			list[i] = b
		}
		p["betas"] = list
	}
	var system []any
	addSystem := func(text string) {
		sys := map[string]any{"type": "text", "text": text}
		if cc != nil {
			sys["cache_control"] = cloneMap(cc)
		}
		system = append(system, sys)
	}
	if oauth {
		// OAuth requests must identify as Claude Code.
		addSystem(claudeCodeIdentity)
	}
	if c.SystemPrompt != "" {
		addSystem(sanitize(c.SystemPrompt))
	}
	if system != nil {
		p["system"] = system
	}
	// Claude Opus 4.7 and later reject a temperature (compat.supportsTemperature false).
	if opts.Temperature != nil && !thinking && !midConvoEffort(model) && (model.Compat == nil || model.Compat.SupportsTemperature == nil || *model.Compat.SupportsTemperature) {
		p["temperature"] = *opts.Temperature
	}
	toolCC := cc
	if !compatBool(model, func(c *Compat) *bool { return c.SupportsCacheControlOnTools }, true) {
		toolCC = nil
	}
	if native {
		// The conversation's first tools stay, the cache breakpoint on the
		// last, then the placeholder: later changes go in place, so the
		// cached prefix survives them.
		tools, toolsPreferred, err := anthropicTools(model, c.Tools, toolCC, oauth, disablePreferred)
		if err != nil {
			return nil, false, "", err
		}
		p["tools"], preferred = append(tools, anthropicDeferredToolPlaceholder()), preferred || toolsPreferred
	} else if len(ap.tools) > 0 {
		tools, toolsPreferred, err := anthropicTools(model, ap.tools, toolCC, oauth, disablePreferred)
		if err != nil {
			return nil, false, "", err
		}
		p["tools"], preferred = tools, preferred || toolsPreferred
	}
	switch {
	case thinkingDisabled:
		// No effort is sent, so the model's default applies; Anthropic
		// rejects block_binding with thinking disabled.
		p["thinking"] = map[string]any{"type": "disabled"}
	case effortMessages:
		// Adaptive thinking lets the server drop a block whose prefix no
		// longer matches instead of failing every later request. The
		// effort markers set each reply's level; the top-level effort is
		// part of the cached prompt, so it stays fixed, and "low" because
		// an organization's effort cap rejects a request naming any level
		// above it.
		p["thinking"] = map[string]any{"type": "adaptive", "display": "summarized",
			"block_binding": map[string]any{"prefix_mismatch_behavior": "drop_block"}}
		p["output_config"] = map[string]any{"effort": "low"}
	case model.Reasoning && thinking && model.thinksAdaptively():
		p["thinking"] = map[string]any{"type": "adaptive", "display": "summarized"}
		if ap.effort != "" {
			p["output_config"] = map[string]any{"effort": ap.effort}
		}
	case model.Reasoning && thinking:
		budget := ap.budgetTokens
		if budget == 0 {
			budget = anthropicDefaultThinkTokens
		}
		p["thinking"] = map[string]any{"type": "enabled", "budget_tokens": int64(budget), "display": "summarized"}
	}
	if uid, ok := opts.Metadata["user_id"].(string); ok {
		p["metadata"] = map[string]any{"user_id": uid}
	}
	if opts.ToolChoice != nil {
		if s, ok := opts.ToolChoice.(string); ok {
			p["tool_choice"] = map[string]any{"type": s}
		} else {
			p["tool_choice"] = opts.ToolChoice
		}
	}
	if fallbacks := model.fallbackModels(); len(fallbacks) > 0 {
		list := make([]any, len(fallbacks))
		for i, f := range fallbacks {
			list[i] = map[string]any{"model": f.Model}
		}
		p["fallbacks"] = list
	}
	return p, preferred, effort, nil
}

// anthropicTools is pi-ai's convertTools: tools whose constrainedSampling
// the model can honour (compat.supportsStrictTools) go strict with the
// strict form of their schema, unless disablePreferred turns the
// "prefer" ones off; preferred says whether a "prefer" tool went strict.
// A strict tool's input_schema is the strict schema with the keywords
// every input_schema has (pi-ai spreads them over it); the others keep
// only those keywords: Anthropic rejects root anyOf/oneOf/allOf.
func anthropicTools(model *Model, ts []Tool, cc map[string]any, oauth, disablePreferred bool) (tools []any, preferred bool, err error) {
	eager := model.Compat == nil || model.Compat.SupportsEagerToolInputStreaming == nil || *model.Compat.SupportsEagerToolInputStreaming
	supportsStrict := model.Compat != nil && model.Compat.SupportsStrictTools != nil && *model.Compat.SupportsStrictTools
	tools = make([]any, len(ts))
	for i, t := range ts {
		prefers := t.prefersStrictSampling()
		strict := false
		if !disablePreferred || !prefers {
			if strict, err = t.strictSampling(supportsStrict, anthropicStrictUnsupportedKeyword); err != nil {
				return nil, false, err
			}
		}
		preferred = preferred || (strict && prefers)
		name := t.Name
		if oauth {
			name = toClaudeCodeName(name)
		}
		var schema any
		if strict {
			strictSchema, err := strictJSONSchema(t.declaredParameters(), nil)
			if err != nil {
				return nil, false, err
			}
			if _, ok := strictSchema.Get("properties"); !ok {
				strictSchema.Set("properties", map[string]any{})
			}
			schema = strictSchema
		} else {
			schema = anthropicInputSchema(t.Parameters)
		}
		tool := map[string]any{"name": name, "description": t.Description, "input_schema": schema}
		if eager {
			tool["eager_input_streaming"] = true
		}
		if strict {
			tool["strict"] = true
		}
		if cc != nil && i == len(ts)-1 {
			tool["cache_control"] = cloneMap(cc)
		}
		tools[i] = tool
	}
	return tools, preferred, nil
}

// anthropicInputSchema is the input_schema of a non-strict tool: the
// object type, properties and required, and of the other root keywords
// only those pi-ai 1.6 keeps: shared definitions so $refs resolve, and
// whether extra arguments are allowed.
func anthropicInputSchema(params map[string]any) map[string]any {
	props, ok := params["properties"]
	if !ok || props == nil {
		props = map[string]any{}
	}
	req, ok := params["required"]
	if !ok || req == nil {
		req = []any{}
	}
	schema := map[string]any{"type": "object", "properties": cloneValue(props), "required": cloneValue(req)}
	for _, k := range []string{"additionalProperties", "$defs", "definitions"} {
		if v, ok := params[k]; ok {
			schema[k] = cloneValue(v)
		}
	}
	return schema
}

// anthropicStrictUnsupportedKeywords are the keywords Anthropic's strict
// tool use rejects with a 400 for the whole request (pi-ai 1.6's list,
// from Anthropic's structured-outputs JSON-schema limitations).
var anthropicStrictUnsupportedKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"multipleOf", "maxItems", "uniqueItems", "minContains", "maxContains", "minProperties", "maxProperties"}

// anthropicStrictStringFormats are the string formats it accepts.
var anthropicStrictStringFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri",
	"ipv4", "ipv6", "uuid"}

// anthropicStrictUnsupportedKeyword is pi-ai 1.6's
// isAnthropicStrictUnsupportedKeyword: a "prefer" tool using one of these
// goes non-strict rather than fail the request.
func anthropicStrictUnsupportedKeyword(key string, value any) bool {
	switch {
	case slices.Contains(anthropicStrictUnsupportedKeywords, key):
		return true
	case key == "minItems":
		n, isNumber := jsjson.Float64(value)
		return !isNumber || (n != 0 && n != 1)
	case key == "format":
		f, isString := value.(string)
		return !isString || !slices.Contains(anthropicStrictStringFormats, f)
	}
	return false
}

// convertAnthropicMessages is pi-ai's convertMessages for the Messages API;
// with oauth, tool calls carry Claude Code's tool names. With a
// managedProvider (mid-conversation effort), levels holds, by index in
// out, the effort each of that provider's earlier Messages replies was
// given (its providerThinkingLevel). Later system messages go as role
// "system" messages held until just before the next assistant message
// (or the end): Anthropic rejects anything between a tool_use and its
// tool_result. With toolDefinitions (tool changes in place) they also
// carry their tool changes as tool_removal / tool_addition blocks.
func convertAnthropicMessages(msgs []llmMessage, model *Model, cc map[string]any, oauth bool, managedProvider string, toolDefinitions func([]Tool) ([]any, error)) (out []any, levels map[int]string, err error) {
	allowEmptySignature := compatBool(model, func(c *Compat) *bool { return c.AllowEmptySignature }, false)
	normalize := func(id string, _ *llmMessage) string { return replaceNonIDChars(id, 64) }
	msgs = transformMessages(msgs, model, normalize)
	out, levels = []any{}, map[int]string{}
	var pendingSystem []any
	flushSystem := func() {
		out, pendingSystem = append(out, pendingSystem...), nil
	}
	for i := 0; i < len(msgs); i++ {
		msg := msgs[i]
		switch msg.Role {
		case "system":
			var blocks []any
			if text := session.SystemMessageUpdateText(msg.System); text != "" {
				blocks = append(blocks, map[string]any{"type": "text", "text": sanitize(text)})
			}
			if toolDefinitions != nil {
				added := session.ToolList(msg.System["toolsAdded"])
				for _, r := range session.ToolList(msg.System["toolsRemoved"]) {
					name, _ := r["name"].(string)
					// A new definition under the same name replaces the old one.
					if slices.ContainsFunc(added, func(a map[string]any) bool { return a["name"] == name }) {
						continue
					}
					if oauth {
						name = toClaudeCodeName(name)
					}
					blocks = append(blocks, map[string]any{"type": "tool_removal", "tool": map[string]any{"type": "tool_reference", "name": name}})
				}
				tools := make([]Tool, len(added))
				for i, d := range added {
					tools[i] = ToolFromDeclaration(d)
				}
				defs, err := toolDefinitions(tools)
				if err != nil {
					return nil, nil, err
				}
				for _, d := range defs {
					blocks = append(blocks, map[string]any{"type": "tool_addition", "tool": map[string]any{"type": "tool_definition", "definition": d}})
				}
			}
			if len(blocks) > 0 {
				pendingSystem = append(pendingSystem, map[string]any{"role": "system", "content": blocks})
			}
		case "user":
			if msg.IsString {
				if strings.TrimSpace(msg.Text) != "" {
					out = append(out, map[string]any{"role": "user", "content": sanitize(msg.Text)})
				}
				continue
			}
			var blocks []any
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					if strings.TrimSpace(b.Text) != "" {
						blocks = append(blocks, map[string]any{"type": "text", "text": sanitize(b.Text)})
					}
				case BlockImage:
					blocks = append(blocks, anthropicImage(b))
				}
			}
			if len(blocks) > 0 {
				out = append(out, map[string]any{"role": "user", "content": blocks})
			}
		case "assistant":
			var blocks []any
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					if strings.TrimSpace(b.Text) != "" {
						blocks = append(blocks, map[string]any{"type": "text", "text": sanitize(b.Text)})
					}
				case BlockThinking:
					switch {
					case b.Redacted:
						blocks = append(blocks, map[string]any{"type": "redacted_thinking", "data": b.ThinkingSignature})
					case strings.TrimSpace(b.Thinking) == "" && strings.TrimSpace(b.ThinkingSignature) == "":
					case strings.TrimSpace(b.ThinkingSignature) == "" && allowEmptySignature:
						// Hosts that emit and accept empty signatures keep the block.
						blocks = append(blocks, map[string]any{"type": "thinking", "thinking": sanitize(b.Thinking), "signature": ""})
					case strings.TrimSpace(b.ThinkingSignature) == "":
						// A missing signature (an aborted stream) goes as text.
						blocks = append(blocks, map[string]any{"type": "text", "text": sanitize(b.Thinking)})
					default:
						blocks = append(blocks, map[string]any{"type": "thinking", "thinking": sanitize(b.Thinking), "signature": b.ThinkingSignature})
					}
				case BlockToolCall:
					name := b.Name
					if oauth {
						name = toClaudeCodeName(name)
					}
					blocks = append(blocks, map[string]any{"type": "tool_use", "id": b.ID, "name": name, "input": b.ArgumentsValue()})
				}
			}
			if len(blocks) == 0 {
				continue
			}
			flushSystem()
			if managedProvider != "" && msg.API == APIAnthropicMessages && msg.Provider == managedProvider && isAnthropicEffort(msg.ProviderThinkingLevel) {
				levels[len(out)] = msg.ProviderThinkingLevel
			}
			out = append(out, map[string]any{"role": "assistant", "content": blocks})
		case "toolResult":
			var results []any
			j := i
			for ; j < len(msgs) && msgs[j].Role == "toolResult"; j++ {
				results = append(results, map[string]any{"type": "tool_result", "tool_use_id": msgs[j].ToolCallID,
					"content": anthropicToolResultContent(msgs[j].Content), "is_error": msgs[j].IsError})
			}
			i = j - 1
			out = append(out, map[string]any{"role": "user", "content": results})
		}
	}
	flushSystem()
	if cc != nil && len(out) > 0 {
		last := out[len(out)-1].(map[string]any)
		if last["role"] == "user" || last["role"] == "system" {
			switch content := last["content"].(type) {
			case []any:
				if lb, ok := content[len(content)-1].(map[string]any); ok {
					switch lb["type"] {
					case "text", "image", "tool_result", "tool_addition", "tool_removal":
						lb["cache_control"] = cloneMap(cc)
					}
				}
			case string:
				last["content"] = []any{map[string]any{"type": "text", "text": content, "cache_control": cloneMap(cc)}}
			}
		}
	}
	return out, levels, nil
}

func anthropicImage(b ContentBlock) map[string]any {
	return map[string]any{"type": "image", "source": map[string]any{"type": "base64", "media_type": b.MimeType, "data": b.Data}}
}

// anthropicToolResultContent is pi-ai's convertContentBlocks: text only
// becomes one string, otherwise blocks (with a placeholder when no text).
func anthropicToolResultContent(content []ContentBlock) any {
	hasImages := false
	for _, b := range content {
		if b.Type == BlockImage {
			hasImages = true
		}
	}
	if !hasImages {
		texts := make([]string, len(content))
		for i, b := range content {
			texts[i] = b.Text
		}
		return sanitize(strings.Join(texts, "\n"))
	}
	blocks := make([]any, 0, len(content)+1)
	hasText := false
	for _, b := range content {
		if b.Type == BlockText {
			hasText = true
			blocks = append(blocks, map[string]any{"type": "text", "text": sanitize(b.Text)})
		} else {
			blocks = append(blocks, anthropicImage(b))
		}
	}
	if !hasText {
		blocks = append([]any{map[string]any{"type": "text", "text": anthropicImagePlaceholder}}, blocks...)
	}
	return blocks
}

// claudeCodeTools are Claude Code 2.x's tool names in canonical casing
// (pi-ai's claudeCodeTools).
var claudeCodeTools = []string{"Read", "Write", "Edit", "Bash", "Grep", "Glob", "AskUserQuestion", "EnterPlanMode",
	"ExitPlanMode", "KillShell", "NotebookEdit", "Skill", "Task", "TaskOutput", "TodoWrite", "WebFetch", "WebSearch"}

// toClaudeCodeName returns Claude Code's casing of a tool name that matches
// one of its tools case-insensitively, else name.
func toClaudeCodeName(name string) string {
	lower := strings.ToLower(name)
	for _, t := range claudeCodeTools {
		if strings.ToLower(t) == lower {
			return t
		}
	}
	return name
}

// fromClaudeCodeName maps a tool name in a response back to the request's
// tool of that name, compared case-insensitively.
func fromClaudeCodeName(name string, tools []Tool) string {
	lower := strings.ToLower(name)
	for _, t := range tools {
		if strings.ToLower(t.Name) == lower {
			return t.Name
		}
	}
	return name
}
