package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// This file is pi-ai's providers/openai-completions.js: the request body
// (messages, tools, max tokens field, reasoning parameters, compat switches)
// and the chunk handling (text, reasoning_content/reasoning/reasoning_text as
// thinking, tool_calls accumulated by index, usage, finish_reason) produce the
// same events, partials and final message.

// openAICompat is the fully resolved compat of one request.
type openAICompat struct {
	supportsStore, supportsDeveloperRole, supportsReasoningEffort, supportsUsageInStreaming   bool
	supportsFinishReason                                                                      bool
	maxTokensField                                                                            string
	requiresToolResultName, requiresAssistantAfterToolResult, requiresThinkingAsText          bool
	requiresNonNullAssistantContent, requiresToolsWithToolHistory                             bool
	requiresReasoningContentOnAssistantMessages                                               bool
	thinkingFormat                                                                            string
	zaiToolStream, supportsStrictMode, sendSessionAffinityHeaders, supportsLongCacheRetention bool
	supportsOpenAIGrammarTools                                                                bool
	cacheControlFormat                                                                        string
	chatTemplateKwargs, chatTemplateArgs                                                      map[string]any
	thinkingTokenBudgetField                                                                  string
	supportsThinkingTokenBudget                                                               bool
	vllmPriority                                                                              *float64
	// sessionAffinityFormat is "openai", "openai-nosession" or
	// "openrouter"; promptCacheKeyMode "auto" (or ""), "enabled" or
	// "disabled".
	sessionAffinityFormat, promptCacheKeyMode string
}

// detectOpenAICompat is pi-ai 1.6's detectCompat (provider name, then
// baseUrl).
func detectOpenAICompat(m *Model) openAICompat {
	p, u := m.Provider, m.BaseURL
	has := func(s string) bool { return strings.Contains(u, s) }
	isZai := p == "zai" || p == "zai-coding-cn" || has("api.z.ai") || has("open.bigmodel.cn")
	isTogether := p == "together" || has("api.together.ai") || has("api.together.xyz")
	isMoonshot := p == "moonshotai" || p == "moonshotai-cn" || has("api.moonshot.")
	isOpenRouter := p == "openrouter" || has("openrouter.ai")
	isCFWorkers := p == "cloudflare-workers-ai" || has("api.cloudflare.com")
	isCFGateway := p == "cloudflare-ai-gateway" || has("gateway.ai.cloudflare.com")
	isNvidia := p == "nvidia" || has("integrate.api.nvidia.com")
	isAntLing := p == "ant-ling" || has("api.ant-ling.com")
	isCerebras := p == "cerebras" || has("cerebras.ai")
	isDeepSeek := p == "deepseek" || strings.Contains(strings.ToLower(u), "deepseek.com")
	isGrok := p == "xai" || has("api.x.ai")
	nonStandard := isNvidia || isCerebras || isGrok || isTogether || has("chutes.ai") || isDeepSeek || isZai || isMoonshot ||
		p == "opencode" || has("opencode.ai") || isCFWorkers || isCFGateway || isAntLing
	useMaxTokens := has("chutes.ai") || isDeepSeek || isMoonshot || isCFGateway || isTogether || isNvidia || isAntLing || isZai
	c := openAICompat{
		supportsStore: !nonStandard,
		// The developer role is OpenAI's; other hosts' chat templates
		// often reject it.
		supportsDeveloperRole:                       p == "openai" || has("api.openai.com"),
		supportsReasoningEffort:                     !isGrok && !isZai && !isMoonshot && !isTogether && !isCFGateway && !isNvidia && !isAntLing,
		supportsUsageInStreaming:                    true,
		supportsFinishReason:                        true,
		maxTokensField:                              "max_completion_tokens",
		requiresReasoningContentOnAssistantMessages: isDeepSeek,
		thinkingFormat:                              "openai",
		// pi 1.6: OpenAI compatibility alone does not imply strict
		// JSON-schema tools; "strict" is sent only when model.compat
		// says the endpoint supports it.
		supportsStrictMode:         false,
		supportsLongCacheRetention: !(isTogether || isCFWorkers || isCFGateway || isNvidia || isAntLing),
		sendSessionAffinityHeaders: isOpenRouter,
		sessionAffinityFormat:      "openai",
	}
	if isOpenRouter {
		c.sessionAffinityFormat = "openrouter"
	}
	if useMaxTokens {
		c.maxTokensField = "max_tokens"
	}
	switch {
	case isDeepSeek:
		c.thinkingFormat = "deepseek"
	case isZai:
		c.thinkingFormat = "zai"
	case isTogether:
		c.thinkingFormat = "together"
	case isAntLing:
		c.thinkingFormat = "ant-ling"
	case isOpenRouter:
		c.thinkingFormat = "openrouter"
	}
	if p == "openrouter" && strings.HasPrefix(m.ID, "anthropic/") {
		c.cacheControlFormat = "anthropic"
	}
	return c
}

// resolveOpenAICompat is pi-ai's getCompat: explicit model.compat wins.
func resolveOpenAICompat(m *Model) openAICompat {
	c := detectOpenAICompat(m)
	o := m.Compat
	if o == nil {
		return c
	}
	b := func(dst *bool, v *bool) {
		if v != nil {
			*dst = *v
		}
	}
	b(&c.supportsStore, o.SupportsStore)
	b(&c.supportsDeveloperRole, o.SupportsDeveloperRole)
	b(&c.supportsReasoningEffort, o.SupportsReasoningEffort)
	b(&c.supportsUsageInStreaming, o.SupportsUsageInStreaming)
	b(&c.supportsFinishReason, o.SupportsFinishReason)
	if o.MaxTokensField != "" {
		c.maxTokensField = o.MaxTokensField
	}
	b(&c.requiresToolResultName, o.RequiresToolResultName)
	b(&c.requiresAssistantAfterToolResult, o.RequiresAssistantAfterToolResult)
	b(&c.requiresNonNullAssistantContent, o.RequiresNonNullAssistantContent)
	b(&c.requiresToolsWithToolHistory, o.RequiresToolsWithToolHistory)
	b(&c.requiresThinkingAsText, o.RequiresThinkingAsText)
	b(&c.requiresReasoningContentOnAssistantMessages, o.RequiresReasoningContentOnAssistantMessages)
	if o.ThinkingFormat != "" {
		c.thinkingFormat = o.ThinkingFormat
	}
	c.chatTemplateKwargs, c.chatTemplateArgs = o.ChatTemplateKwargs, o.ChatTemplateArgs
	c.thinkingTokenBudgetField = o.ThinkingTokenBudgetField
	b(&c.supportsThinkingTokenBudget, o.SupportsThinkingTokenBudget)
	c.vllmPriority = o.VLLMPriority
	b(&c.zaiToolStream, o.ZaiToolStream)
	b(&c.supportsStrictMode, o.SupportsStrictMode)
	b(&c.supportsOpenAIGrammarTools, o.SupportsOpenAIGrammarTools)
	if o.CacheControlFormat != "" {
		c.cacheControlFormat = o.CacheControlFormat
	}
	b(&c.sendSessionAffinityHeaders, o.SendSessionAffinityHeaders)
	if o.SessionAffinityFormat != "" {
		c.sessionAffinityFormat = o.SessionAffinityFormat
	}
	c.promptCacheKeyMode = o.PromptCacheKeyMode
	b(&c.supportsLongCacheRetention, o.SupportsLongCacheRetention)
	return c
}

// cacheRetention is pi-ai's resolveCacheRetention.
func (o *Options) cacheRetention() string {
	if o.CacheRetention != "" {
		return o.CacheRetention
	}
	if o.Env["PI_CACHE_RETENTION"] == "long" {
		return "long"
	}
	return "short"
}

func streamOpenAICompletions(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.clientAPIKey(model.Provider)
	if err != nil {
		return nil, err
	}
	st := &openAIStream{
		producer: newProducer(model, opts),
		text:     -1, thinking: -1, byIndex: map[int]int{}, byID: map[string]int{},
	}
	go func() { st.finish(ctx, st.stream(ctx, c, key)) }()
	return st.s, nil
}

// openAIStream is the state of one openai-completions stream (producer side).
type openAIStream struct {
	producer

	text, thinking int            // content index of the (single) text/thinking block, -1 if none
	byIndex        map[int]int    // tool_calls[].index → content index
	byID           map[string]int // tool call id → content index
	sawFinish      bool

	// grammar names the request's grammar tools and the property their raw
	// input fills (grammarInputs); custom holds, by content index, the
	// streaming input of each custom tool call.
	grammar map[string]string
	custom  map[int]*grammarInputJSON
}

func (st *openAIStream) stream(ctx context.Context, c *Context, key string) error {
	model, opts := st.model, st.opts
	compat := resolveOpenAICompat(model)
	retention := opts.cacheRetention()
	params, grammar, err := buildOpenAIParams(model, c, opts, compat, retention, opts.reasoningEffort(model))
	if err != nil {
		return err
	}
	st.grammar = grammar
	body, err := st.body(ctx, params)
	if err != nil {
		return err
	}
	headers := map[string]string{
		"Content-Type":  "application/json",
		"Accept":        "application/json",
		"Authorization": "Bearer " + key,
	}
	for k, v := range model.Headers {
		headers[k] = v
	}
	if model.Provider == "github-copilot" {
		for k, v := range copilotDynamicHeaders(c) {
			headers[k] = v
		}
	}
	if sid := opts.SessionID; sid != "" && retention != "none" && compat.sendSessionAffinityHeaders {
		// pi-ai 1.6's createClient: openai-completions keeps the
		// underscore session_id (openai-responses and Codex send session-id).
		if compat.sessionAffinityFormat == "openrouter" {
			headers["x-session-id"] = sid
		} else {
			if compat.sessionAffinityFormat == "openai" {
				headers["session_id"] = sid
			}
			headers["x-client-request-id"], headers["x-session-affinity"] = sid, sid
		}
	}
	resp, err := openStream(ctx, model, opts, endpoint(model.BaseURL, "/chat/completions"), headers, body, openAICompletionsErrorText, st)
	if err != nil {
		return err
	}
	defer resp.Close()

	sse := newSSEReader(resp)
	sse.shape = sdkChatChunk
	for {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF || errors.Is(err, errReadAborted) {
			// The SDK ends iteration quietly on abort; blocks are still
			// finished before the abort error.
			break
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(ev.Data, "[DONE]") {
			// pi-ai ignores everything after [DONE]; stop reading so a
			// connection held open cannot stall the turn.
			break
		}
		if strings.HasPrefix(ev.Event, "thread.") {
			continue
		}
		if err := st.chunk(ev.Data); err != nil {
			return err
		}
	}
	// pi-ai 1.6's order: blocks end, then abort, a missing finish_reason
	// where the endpoint sends none, an error stop reason, and a missing
	// finish_reason ([DONE] or not) where it should have come.
	aborted := ctx.Err() != nil
	for i := range st.out.Content {
		st.finishBlock(i)
	}
	if aborted || ctx.Err() != nil {
		return errors.New(msgAborted)
	}
	if !st.sawFinish && !compat.supportsFinishReason {
		st.out.StopReason = StopReasonStop
		for _, b := range st.out.Content {
			if b.Type == BlockToolCall {
				st.out.StopReason = StopReasonToolUse
			}
		}
	}
	if st.out.StopReason == StopReasonError || st.out.StopReason == StopReasonAborted {
		if st.out.ErrorMessage != "" {
			return errors.New(st.out.ErrorMessage)
		}
		return errors.New("Provider returned an error stop reason")
	}
	if compat.supportsFinishReason && !st.sawFinish {
		return errors.New("Stream ended without finish_reason")
	}
	return nil
}

// sdkChatChunk is a chat.completion.chunk as the openai SDK yields it to
// pi-ai: each choice with finish_reason, null when the server left it out
// (appended last, as the SDK's spread does).
func sdkChatChunk(v any) any {
	o, ok := v.(*jsjson.Object)
	if !ok {
		return v
	}
	choices, _ := o.Get("choices")
	list, _ := choices.([]any)
	for _, c := range list {
		if co, ok := c.(*jsjson.Object); ok {
			if fr, _ := co.Get("finish_reason"); fr == nil {
				co.Set("finish_reason", nil)
			}
		}
	}
	return v
}

// Wire types of a chat.completion.chunk.
type oaChunk struct {
	ID      string          `json:"id"`
	Model   any             `json:"model"`
	Usage   *oaUsage        `json:"usage"`
	Choices []oaChoice      `json:"choices"`
	Error   json.RawMessage `json:"error"`
}

type oaChoice struct {
	FinishReason *string  `json:"finish_reason"`
	Delta        *oaDelta `json:"delta"`
	Usage        *oaUsage `json:"usage"`
}

type oaDelta struct {
	Content          *string           `json:"content"`
	ReasoningContent *string           `json:"reasoning_content"`
	Reasoning        *string           `json:"reasoning"`
	ReasoningText    *string           `json:"reasoning_text"`
	ToolCalls        []oaToolCallDelta `json:"tool_calls"`
	ReasoningDetails []json.RawMessage `json:"reasoning_details"`
}

type oaToolCallDelta struct {
	Index    *int   `json:"index"`
	ID       string `json:"id"`
	Function *struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
	// Custom is a custom (grammar) tool call's: its raw input.
	Custom *struct {
		Name  string `json:"name"`
		Input string `json:"input"`
	} `json:"custom"`
}

// name is the call's tool name, from its function or custom part.
func (tc oaToolCallDelta) name() string {
	switch {
	case tc.Function != nil:
		return tc.Function.Name
	case tc.Custom != nil:
		return tc.Custom.Name
	}
	return ""
}

// isCustom reports whether the delta is of a custom tool call.
func (tc oaToolCallDelta) isCustom() bool { return tc.Custom != nil && tc.Function == nil }

type oaUsage struct {
	PromptTokens        int  `json:"prompt_tokens"`
	CompletionTokens    int  `json:"completion_tokens"`
	PromptCacheHit      *int `json:"prompt_cache_hit_tokens"`
	PromptTokensDetails *struct {
		CachedTokens     *int `json:"cached_tokens"`
		CacheWriteTokens int  `json:"cache_write_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails *struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	ReasoningTokens int `json:"reasoning_tokens"`
	// OpenRouter's accounting (applyOpenRouterReportedCost).
	Cost        any `json:"cost"`
	IsBYOK      any `json:"is_byok"`
	CostDetails any `json:"cost_details"`
}

// usage is pi-ai's parseChunkUsage.
func (u *oaUsage) usage(m *Model) Usage {
	reported := 0
	var cacheWrite int
	if d := u.PromptTokensDetails; d != nil {
		cacheWrite = d.CacheWriteTokens
		if d.CachedTokens != nil {
			reported = *d.CachedTokens
		} else if u.PromptCacheHit != nil {
			reported = *u.PromptCacheHit
		}
	} else if u.PromptCacheHit != nil {
		reported = *u.PromptCacheHit
	}
	cacheRead := reported
	if cacheWrite > 0 {
		cacheRead = max(0, reported-cacheWrite)
	}
	input := max(0, u.PromptTokens-cacheRead-cacheWrite)
	out := Usage{Input: input, Output: u.CompletionTokens, CacheRead: cacheRead, CacheWrite: cacheWrite}
	out.TotalTokens = input + out.Output + cacheRead + cacheWrite
	reasoning := u.ReasoningTokens
	if d := u.CompletionTokensDetails; d != nil && d.ReasoningTokens != 0 {
		reasoning = d.ReasoningTokens
	}
	out.withReasoning(reasoning)
	CalculateCost(m, &out)
	if isOpenRouterModel(m) {
		applyOpenRouterReportedCost(&out, u.Cost, u.IsBYOK, u.CostDetails)
	}
	return out
}

// chunk applies one SSE data payload.
func (st *openAIStream) chunk(data string) error {
	var ch oaChunk
	if err := json.Unmarshal([]byte(data), &ch); err != nil {
		return fmt.Errorf("Could not parse stream chunk as JSON: %v; data=%s", err, data)
	}
	if len(ch.Error) > 0 && truthyJSON(ch.Error) {
		msg := messageOrJSON(ch.Error)
		var e struct {
			Metadata struct {
				Raw any `json:"raw"`
			} `json:"metadata"`
		}
		if json.Unmarshal(ch.Error, &e) == nil && e.Metadata.Raw != nil {
			msg += "\n" + fmt.Sprint(e.Metadata.Raw)
		}
		return errors.New(msg)
	}
	out := st.out
	if out.ResponseID == "" {
		out.ResponseID = ch.ID
	}
	if name, ok := ch.Model.(string); ok && name != "" && name != st.model.ID && out.ResponseModel == "" {
		out.ResponseModel = name
	}
	if ch.Usage != nil {
		out.Usage = ch.Usage.usage(st.model)
	}
	if len(ch.Choices) == 0 {
		return nil
	}
	choice := ch.Choices[0]
	if ch.Usage == nil && choice.Usage != nil {
		out.Usage = choice.Usage.usage(st.model)
	}
	if fr := choice.FinishReason; fr != nil && *fr != "" {
		st.sawFinish = true
		out.RawStopReason = *fr
		reason, msg := mapOpenAIStopReason(*fr)
		out.StopReason = reason
		if msg != "" {
			out.ErrorMessage = msg
		}
	}
	d := choice.Delta
	if d == nil {
		return nil
	}
	if d.Content != nil && *d.Content != "" {
		idx := st.ensureText()
		out.Content[idx].Text += *d.Content
		st.push(Event{Type: EventTextDelta, ContentIndex: idx, Delta: *d.Content})
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"reasoning_content", d.ReasoningContent}, {"reasoning", d.Reasoning}, {"reasoning_text", d.ReasoningText}} {
		if f.v == nil || *f.v == "" {
			continue
		}
		idx := st.ensureThinking(f.name)
		out.Content[idx].Thinking += *f.v
		st.push(Event{Type: EventThinkingDelta, ContentIndex: idx, Delta: *f.v})
		break
	}
	for _, tc := range d.ToolCalls {
		idx := st.ensureToolCall(tc)
		b := &out.Content[idx]
		if b.ID == "" && tc.ID != "" {
			b.ID = tc.ID
			st.byID[tc.ID] = idx
		}
		if name := tc.name(); b.Name == "" && name != "" {
			b.Name = name
		}
		delta := ""
		custom := st.custom[idx]
		switch {
		case tc.Function != nil && tc.Function.Arguments != "" && custom == nil:
			delta = tc.Function.Arguments
			b.scratch.partialArgs += delta
			b.scratch.hasPartialArgs = true
			b.Arguments = parseStreamingJSON(b.scratch.partialArgs)
		case tc.Custom != nil && tc.Custom.Input != "" && custom != nil:
			piece, err := custom.appendInput(tc.Custom.Input)
			if err != nil {
				return err
			}
			delta = piece
			b.Arguments = custom.arguments()
		}
		st.push(Event{Type: EventToolCallDelta, ContentIndex: idx, Delta: delta})
	}
	for _, raw := range d.ReasoningDetails {
		var det struct {
			Type string `json:"type"`
			ID   string `json:"id"`
			Data any    `json:"data"`
		}
		if json.Unmarshal(raw, &det) != nil || det.Type != "reasoning.encrypted" || det.ID == "" || !jsjson.Truthy(det.Data) {
			continue
		}
		for i := range out.Content {
			if out.Content[i].Type == BlockToolCall && out.Content[i].ID == det.ID {
				out.Content[i].ThoughtSignature = compactJSON(raw)
				break
			}
		}
	}
	return nil
}

func (st *openAIStream) ensureText() int {
	if st.text < 0 {
		st.out.Content = append(st.out.Content, TextBlock(""))
		st.text = len(st.out.Content) - 1
		st.push(Event{Type: EventTextStart, ContentIndex: st.text})
	}
	return st.text
}

func (st *openAIStream) ensureThinking(signature string) int {
	if st.thinking < 0 {
		st.out.Content = append(st.out.Content, ContentBlock{Type: BlockThinking, ThinkingSignature: signature})
		st.thinking = len(st.out.Content) - 1
		st.push(Event{Type: EventThinkingStart, ContentIndex: st.thinking})
	}
	return st.thinking
}

func (st *openAIStream) ensureToolCall(tc oaToolCallDelta) int {
	idx, found := -1, false
	if tc.Index != nil {
		idx, found = st.byIndex[*tc.Index]
	}
	if !found && tc.ID != "" {
		idx, found = st.byID[tc.ID]
	}
	if !found {
		b := ToolCallBlock(tc.ID, tc.name(), map[string]any{})
		b.scratch.hasPartialArgs = true
		if tc.Index != nil {
			b.scratch.streamIndex, b.scratch.hasStreamIndex = *tc.Index, true
		}
		st.out.Content = append(st.out.Content, b)
		idx = len(st.out.Content) - 1
		if tc.Index != nil {
			st.byIndex[*tc.Index] = idx
		}
		if tc.ID != "" {
			st.byID[tc.ID] = idx
		}
		st.push(Event{Type: EventToolCallStart, ContentIndex: idx})
	}
	b := &st.out.Content[idx]
	if tc.Index != nil && !b.scratch.hasStreamIndex {
		b.scratch.streamIndex, b.scratch.hasStreamIndex = *tc.Index, true
		st.byIndex[*tc.Index] = idx
	}
	if tc.ID != "" {
		st.byID[tc.ID] = idx
	}
	if b.Name == "" {
		b.Name = tc.name()
	}
	if tc.isCustom() && st.custom[idx] == nil {
		if st.custom == nil {
			st.custom = map[int]*grammarInputJSON{}
		}
		st.custom[idx] = newGrammarInput(st.grammar, b.Name)
		b.Arguments = st.custom[idx].arguments()
	}
	return idx
}

// finishBlock emits the *_end event of block i (pi-ai finishes every block
// after the stream ended, in content order).
func (st *openAIStream) finishBlock(i int) {
	b := &st.out.Content[i]
	switch b.Type {
	case BlockText:
		st.push(Event{Type: EventTextEnd, ContentIndex: i, Content: b.Text})
	case BlockThinking:
		st.push(Event{Type: EventThinkingEnd, ContentIndex: i, Content: b.Thinking})
	case BlockToolCall:
		if custom := st.custom[i]; custom != nil {
			// Closing an open input cannot fail.
			if piece, _ := custom.close(nil); piece != "" {
				st.push(Event{Type: EventToolCallDelta, ContentIndex: i, Delta: piece})
			}
			b.Arguments = custom.arguments()
		} else {
			b.setFinalArguments(b.scratch.partialArgs)
		}
		b.scratch = blockScratch{}
		tc := *b
		st.push(Event{Type: EventToolCallEnd, ContentIndex: i, ToolCall: &tc})
	}
}

// mapOpenAIStopReason is pi-ai's mapStopReason for finish_reason.
func mapOpenAIStopReason(r string) (StopReason, string) {
	switch r {
	case "stop", "end":
		return StopReasonStop, ""
	case "length":
		return StopReasonLength, ""
	case "function_call", "tool_calls":
		return StopReasonToolUse, ""
	}
	return StopReasonError, "Provider finish_reason: " + r
}

// buildOpenAIParams is pi-ai's buildParams. The payload is an engine data
// value (maps, []any, strings, bools, int64, float64) so hooks can edit it.
func buildOpenAIParams(model *Model, c *Context, opts *Options, compat openAICompat, retention string, effort ThinkingLevel) (p map[string]any, grammar map[string]string, err error) {
	decode := decodeMessages
	if MidConvoSystemMessages(model) {
		decode = decodeTranscript
	}
	msgs, err := decode(c.Messages)
	if err != nil {
		return nil, nil, err
	}
	if grammar, err = grammarInputs(c.declaredTools(), compat.supportsOpenAIGrammarTools); err != nil {
		return nil, nil, err
	}
	// Tools added later go in place as system messages carrying tools
	// (Kimi's form) where the model takes them (compat
	// .supportsMidConvoToolAdditions); the request's list holds what
	// additions cannot express.
	folded, requestTools := -1, c.currentTools()
	if MidConvoSystemMessages(model) && compatBool(model, func(c *Compat) *bool { return c.SupportsMidConvoToolAdditions }, false) {
		folded, requestTools = c.foldedToolChanges()
	}
	messages, err := convertOpenAIMessages(model, c, msgs, compat, folded, grammar)
	if err != nil {
		return nil, nil, err
	}
	p = map[string]any{"model": model.ID, "messages": messages, "stream": true}
	// pi-ai 1.6's promptCacheKeyMode: "auto" sends the key to
	// api.openai.com, or with long retention where the endpoint keeps it.
	supportsPromptCacheKey := compat.promptCacheKeyMode == "enabled" ||
		((compat.promptCacheKeyMode == "" || compat.promptCacheKeyMode == "auto") &&
			(strings.Contains(model.BaseURL, "api.openai.com") || (retention == "long" && compat.supportsLongCacheRetention)))
	if sid := opts.SessionID; sid != "" && retention != "none" && supportsPromptCacheKey {
		p["prompt_cache_key"] = clampPromptCacheKey(sid)
	}
	if retention == "long" && compat.supportsLongCacheRetention {
		p["prompt_cache_retention"] = "24h"
	}
	if compat.supportsUsageInStreaming {
		p["stream_options"] = map[string]any{"include_usage": true}
	}
	if compat.supportsStore {
		p["store"] = false
	}
	maxTokens := opts.baseMaxTokens(model, c)
	if mt := maxTokens; mt > 0 {
		if compat.maxTokensField == "max_tokens" {
			p["max_tokens"] = int64(mt)
		} else {
			p["max_completion_tokens"] = int64(mt)
		}
	}
	if opts.Temperature != nil {
		p["temperature"] = *opts.Temperature
	}
	var tools []any
	if len(requestTools) > 0 {
		if tools, err = convertOpenAITools(requestTools, compat); err != nil {
			return nil, nil, err
		}
		p["tools"] = tools
		if compat.zaiToolStream {
			p["tool_stream"] = true
		}
	} else if compat.requiresToolsWithToolHistory && hasToolHistory(msgs) {
		p["tools"] = []any{}
	}
	if cc := openAICacheControl(compat, retention); cc != nil {
		applyAnthropicCacheControl(messages, tools, cc)
	}
	if opts.ToolChoice != nil {
		p["tool_choice"] = opts.ToolChoice
	}
	if compat.vllmPriority != nil {
		p["priority"] = *compat.vllmPriority
	}
	budgetField := compat.thinkingTokenBudgetField
	if budgetField == "" && compat.supportsThinkingTokenBudget {
		budgetField = "thinking_token_budget"
	}
	budget := 0 // pi-ai's resolveClampedThinkingBudget; 0 is none
	if effort != "" && model.Reasoning {
		ceiling := maxTokens
		if ceiling <= 0 {
			ceiling = model.MaxTokens
		}
		budget = max(0, clampThinkingBudgetToAnswerRoom(thinkingBudgetForLevel(effort, opts.ThinkingBudgets), ceiling))
	}
	addOpenAIThinkingParams(p, model, compat, effort, budget)
	// Independent of thinkingFormat: reasoning and the answer share
	// max_tokens on these servers, so the budget caps the reasoning.
	if budgetField != "" && budget > 0 {
		p[budgetField] = int64(budget)
	}
	if strings.Contains(model.BaseURL, "openrouter.ai") && model.Compat != nil && model.Compat.OpenRouterRouting != nil {
		p["provider"] = cloneMap(model.Compat.OpenRouterRouting)
	}
	if strings.Contains(model.BaseURL, "ai-gateway.vercel.sh") && model.Compat != nil && model.Compat.VercelGatewayRouting != nil {
		r := model.Compat.VercelGatewayRouting
		gw := map[string]any{}
		if v, ok := r["only"]; ok && v != nil {
			gw["only"] = cloneValue(v)
		}
		if v, ok := r["order"]; ok && v != nil {
			gw["order"] = cloneValue(v)
		}
		if len(gw) > 0 {
			p["providerOptions"] = map[string]any{"gateway": gw}
		}
	}
	return p, grammar, nil
}

// addOpenAIThinkingParams is the thinkingFormat part of pi-ai 1.6's
// buildParams: the reasoning parameters of effort ("" is off) in the
// format compat names, with pi-ai's handling of thinkingLevelMap (a level
// mapped to null or left out) kept exactly.
func addOpenAIThinkingParams(p map[string]any, model *Model, compat openAICompat, effort ThinkingLevel, budget int) {
	// mapped is pi-ai's `thinkingLevelMap?.[l] ?? l`.
	mapped := func(l ThinkingLevel) string {
		if v, ok := model.mappedLevel(l); ok {
			return v
		}
		return string(l)
	}
	// mappedOrNone is pi-ai's `mapped === undefined ? l : mapped` kept
	// only when a string: a level mapped to null gives none.
	mappedOrNone := func(l ThinkingLevel, key ThinkingLevel) (string, bool) {
		v, ok := model.ThinkingLevelMap[key]
		switch {
		case !ok:
			return string(l), l != ""
		case v == nil:
			return "", false
		}
		return *v, true
	}
	offNotNull := func() bool {
		v, ok := model.ThinkingLevelMap[ThinkingOff]
		return !ok || v != nil
	}
	if !model.Reasoning {
		return
	}
	switch compat.thinkingFormat {
	case "zai":
		if effort != "" {
			p["thinking"] = map[string]any{"type": "enabled", "clear_thinking": false}
			if compat.supportsReasoningEffort {
				if v, ok := mappedOrNone(effort, effort); ok {
					p["reasoning_effort"] = v
				}
			}
		} else {
			p["thinking"] = map[string]any{"type": "disabled"}
		}
	case "qwen":
		p["enable_thinking"] = effort != ""
		if effort != "" && compat.supportsReasoningEffort {
			p["reasoning_effort"] = mapped(effort)
		}
	case "qwen-chat-template":
		p["chat_template_kwargs"] = map[string]any{"enable_thinking": effort != "", "preserve_thinking": true}
	case "chat-template":
		if v := chatTemplateValues(model, compat.chatTemplateKwargs, effort, budget); v != nil {
			p["chat_template_kwargs"] = v
		}
	case "baseten":
		if v := chatTemplateValues(model, compat.chatTemplateArgs, effort, budget); v != nil {
			p["chat_template_args"] = v
		}
		if compat.supportsReasoningEffort {
			key := effort
			if key == "" {
				key = ThinkingOff
			}
			if v, ok := mappedOrNone(effort, key); ok {
				p["reasoning_effort"] = v
			}
		}
	case "deepseek":
		if effort != "" {
			p["thinking"] = map[string]any{"type": "enabled"}
		} else if offNotNull() {
			p["thinking"] = map[string]any{"type": "disabled"}
		}
		if effort != "" && compat.supportsReasoningEffort {
			p["reasoning_effort"] = mapped(effort)
		}
	case "openrouter":
		if effort != "" {
			p["reasoning"] = map[string]any{"effort": mapped(effort)}
		} else if offNotNull() {
			off := "none"
			if v, ok := model.mappedLevel(ThinkingOff); ok {
				off = v
			}
			p["reasoning"] = map[string]any{"effort": off}
		}
	case "ant-ling":
		if effort == "" { // pi-ai's ant-ling branch needs an effort; off falls through to openai's
			addOpenAIThinkingParams(p, model, openAICompat{supportsReasoningEffort: compat.supportsReasoningEffort}, effort, budget)
		} else if v, ok := model.mappedLevel(effort); ok {
			p["reasoning"] = map[string]any{"effort": v}
		}
	case "together":
		p["reasoning"] = map[string]any{"enabled": effort != ""}
		if effort != "" && compat.supportsReasoningEffort {
			p["reasoning_effort"] = mapped(effort)
		}
	case "string-thinking":
		if effort != "" {
			p["thinking"] = mapped(effort)
		} else if offNotNull() {
			off := "none"
			if v, ok := model.mappedLevel(ThinkingOff); ok {
				off = v
			}
			p["thinking"] = off
		}
	default:
		if !compat.supportsReasoningEffort {
			return
		}
		if effort != "" {
			p["reasoning_effort"] = mapped(effort)
		} else if v, ok := model.mappedLevel(ThinkingOff); ok {
			p["reasoning_effort"] = v
		}
	}
}

// chatTemplateValues is pi-ai's buildChatTemplateValues: values with each
// {"$var": ...} filled in for effort ("" is off) and budget (0 is none);
// nil when nothing is left.
func chatTemplateValues(model *Model, values map[string]any, effort ThinkingLevel, budget int) map[string]any {
	out := map[string]any{}
	for k, v := range values {
		spec, ok := v.(map[string]any)
		if !ok {
			out[k] = cloneValue(v)
			continue
		}
		if omit, _ := spec["omitWhenOff"].(bool); omit && effort == "" {
			continue
		}
		switch spec["$var"] {
		case "thinking.enabled":
			out[k] = effort != ""
		case "thinking.budget":
			if budget > 0 {
				out[k] = int64(budget)
			}
		default: // thinking.effort: the mapped level, none when mapped to null
			key := effort
			if key == "" {
				key = ThinkingOff
			}
			m, mappedOK := model.ThinkingLevelMap[key]
			switch {
			case !mappedOK && effort != "":
				out[k] = string(effort)
			case mappedOK && m != nil:
				out[k] = *m
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func hasToolHistory(msgs []llmMessage) bool {
	for _, m := range msgs {
		if m.Role == "toolResult" {
			return true
		}
		if m.Role == "assistant" {
			for _, b := range m.Content {
				if b.Type == BlockToolCall {
					return true
				}
			}
		}
	}
	return false
}

// convertOpenAITools is pi-ai's convertTools for chat completions: a
// grammar tool goes as a custom tool with its grammar to a model that
// takes them (compat.supportsOpenAIGrammarTools); where the endpoint
// takes strict mode, a tool whose constrainedSampling asks
// for it, and whose schema can be made strict, goes strict with the
// strict form of its schema, the others strict false; a tool that
// requires strict sampling it cannot get is an error.
func convertOpenAITools(tools []Tool, compat openAICompat) ([]any, error) {
	out := make([]any, len(tools))
	for i, t := range tools {
		if g, ok, err := t.grammarSampling(compat.supportsOpenAIGrammarTools); err != nil {
			return nil, err
		} else if ok {
			out[i] = map[string]any{"type": "custom", "custom": map[string]any{"name": t.Name, "description": t.Description,
				"format": map[string]any{"type": "grammar", "grammar": map[string]any{"syntax": g.syntax, "definition": g.definition}}}}
			continue
		}
		strict, err := t.strictSampling(compat.supportsStrictMode, nil)
		if err != nil {
			return nil, err
		}
		fn := map[string]any{"name": t.Name, "description": t.Description}
		if params, err := t.requestParameters(strict); err != nil {
			return nil, err
		} else if params != nil {
			fn["parameters"] = params
		}
		if compat.supportsStrictMode {
			fn["strict"] = strict
		}
		out[i] = map[string]any{"type": "function", "function": fn}
	}
	return out, nil
}

func openAICacheControl(compat openAICompat, retention string) map[string]any {
	if compat.cacheControlFormat != "anthropic" || retention == "none" {
		return nil
	}
	cc := map[string]any{"type": "ephemeral"}
	if retention == "long" && compat.supportsLongCacheRetention {
		cc["ttl"] = "1h"
	}
	return cc
}

// applyAnthropicCacheControl marks the system prompt, the last tool and the
// last user/assistant text with cache_control (OpenRouter's Anthropic models).
func applyAnthropicCacheControl(messages []any, tools []any, cc map[string]any) {
	for _, m := range messages {
		mm := m.(map[string]any)
		if r := mm["role"]; r == "system" || r == "developer" {
			addCacheControlToText(mm, cc)
			break
		}
	}
	if len(tools) > 0 {
		tools[len(tools)-1].(map[string]any)["cache_control"] = cloneMap(cc)
	}
	for i := len(messages) - 1; i >= 0; i-- {
		mm := messages[i].(map[string]any)
		if r := mm["role"]; (r == "user" || r == "assistant") && addCacheControlToText(mm, cc) {
			return
		}
	}
}

func addCacheControlToText(m map[string]any, cc map[string]any) bool {
	switch content := m["content"].(type) {
	case string:
		if content == "" {
			return false
		}
		m["content"] = []any{map[string]any{"type": "text", "text": content, "cache_control": cloneMap(cc)}}
		return true
	case []any:
		for i := len(content) - 1; i >= 0; i-- {
			if part, ok := content[i].(map[string]any); ok && part["type"] == "text" {
				part["cache_control"] = cloneMap(cc)
				return true
			}
		}
	}
	return false
}

// openAIToolCallID is the tool call id pi-ai 1.6's convertMessages
// replays for chat completions: a Responses-style "call|item" id keeps
// both parts (calls of one turn can share a call id), sanitized, and is
// hashed past OpenAI's 40 characters; OpenAI's own endpoint cuts other
// ids to 40.
func openAIToolCallID(model *Model, id string) string {
	if call, item, ok := strings.Cut(id, "|"); ok {
		call, item = replaceNonIDChars(call, math.MaxInt), replaceNonIDChars(item, math.MaxInt)
		combined := call
		if item != "" {
			combined += "_" + item
		}
		if len(combined) <= 40 {
			return combined
		}
		hash := truncate(shortHash(id), 8)
		return truncate(call, max(1, 40-len(hash)-1)) + "_" + hash
	}
	if model.Provider == "openai" {
		return truncate(id, 40)
	}
	return id
}

// convertOpenAIMessages is pi-ai's convertMessages for chat completions:
// c's leading prompt, then msgs (c's messages decoded). Later system
// messages (a model that takes them in place) go as instruction messages
// with their updates framed; those after the first folded system
// messages (the leading one counted; -1: none) also declare the tools
// they add in a system message of their own.
func convertOpenAIMessages(model *Model, c *Context, msgs []llmMessage, compat openAICompat, folded int, grammar map[string]string) ([]any, error) {
	msgs = transformMessages(msgs, model, func(id string, _ *llmMessage) string { return openAIToolCallID(model, id) })
	var out []any
	instructionRole := "system"
	if model.Reasoning && compat.supportsDeveloperRole {
		instructionRole = "developer"
	}
	if c.SystemPrompt != "" {
		out = append(out, map[string]any{"role": instructionRole, "content": sanitize(c.SystemPrompt)})
	}
	systemIndex := 0
	if c.SystemPrompt != "" || len(c.Tools) > 0 {
		systemIndex = 1
	}
	lastRole := ""
	for i := 0; i < len(msgs); i++ {
		msg := msgs[i]
		if compat.requiresAssistantAfterToolResult && lastRole == "toolResult" && msg.Role == "user" {
			out = append(out, map[string]any{"role": "assistant", "content": "I have processed the tool results."})
		}
		switch msg.Role {
		case "system":
			if folded >= 0 && systemIndex >= folded {
				if added := session.ToolList(msg.System["toolsAdded"]); len(added) > 0 {
					tools := make([]Tool, len(added))
					for i, d := range added {
						tools[i] = ToolFromDeclaration(d)
					}
					items, err := convertOpenAITools(tools, compat)
					if err != nil {
						return nil, err
					}
					out = append(out, map[string]any{"role": "system", "tools": items})
				}
			}
			systemIndex++
			if text := session.SystemMessageUpdateText(msg.System); text != "" {
				out = append(out, map[string]any{"role": instructionRole, "content": sanitize(text)})
			}
		case "user":
			if msg.IsString {
				out = append(out, map[string]any{"role": "user", "content": sanitize(msg.Text)})
				break
			}
			parts := make([]any, 0, len(msg.Content))
			for _, b := range msg.Content {
				if b.Type == BlockText {
					parts = append(parts, map[string]any{"type": "text", "text": sanitize(b.Text)})
				} else if b.Type == BlockImage {
					parts = append(parts, map[string]any{"type": "image_url",
						"image_url": map[string]any{"url": "data:" + b.MimeType + ";base64," + b.Data}})
				}
			}
			if len(parts) == 0 {
				continue
			}
			out = append(out, map[string]any{"role": "user", "content": parts})
		case "assistant":
			am := map[string]any{"role": "assistant", "content": nil}
			if compat.requiresAssistantAfterToolResult || compat.requiresNonNullAssistantContent {
				am["content"] = ""
			}
			var textParts []any
			var text strings.Builder
			var thinking []ContentBlock
			var calls []ContentBlock
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					if strings.TrimSpace(b.Text) != "" {
						t := sanitize(b.Text)
						textParts = append(textParts, map[string]any{"type": "text", "text": t})
						text.WriteString(t)
					}
				case BlockThinking:
					if strings.TrimSpace(b.Thinking) != "" {
						thinking = append(thinking, b)
					}
				case BlockToolCall:
					calls = append(calls, b)
				}
			}
			if len(thinking) > 0 {
				if compat.requiresThinkingAsText {
					ts := make([]string, len(thinking))
					for j, b := range thinking {
						ts[j] = sanitize(b.Thinking)
					}
					am["content"] = append([]any{map[string]any{"type": "text", "text": strings.Join(ts, "\n\n")}}, textParts...)
				} else {
					if text.Len() > 0 {
						am["content"] = text.String()
					}
					if sig := thinking[0].ThinkingSignature; sig != "" {
						ts := make([]string, len(thinking))
						for j, b := range thinking {
							ts[j] = b.Thinking
						}
						am[sig] = strings.Join(ts, "\n")
					}
				}
			} else if text.Len() > 0 {
				am["content"] = text.String()
			}
			if len(calls) > 0 {
				tcs := make([]any, len(calls))
				var details []any
				for j, tc := range calls {
					if property, ok := grammar[tc.Name]; ok {
						// A grammar tool's call replays as a custom call
						// with its raw input.
						input, err := grammarToolInput(tc.Name, tc.Arguments, property)
						if err != nil {
							return nil, err
						}
						tcs[j] = map[string]any{"id": tc.ID, "type": "custom", "custom": map[string]any{"name": tc.Name, "input": sanitize(input)}}
					} else {
						tcs[j] = map[string]any{"id": tc.ID, "type": "function",
							"function": map[string]any{"name": tc.Name, "arguments": jsjson.Stringify(tc.ArgumentsValue())}}
					}
					if tc.ThoughtSignature != "" {
						if d, err := jsonParse(tc.ThoughtSignature); err == nil && jsjson.Truthy(d) {
							details = append(details, d)
						}
					}
				}
				am["tool_calls"] = tcs
				if len(details) > 0 {
					am["reasoning_details"] = details
				}
			}
			if _, ok := am["reasoning_content"]; compat.requiresReasoningContentOnAssistantMessages && model.Reasoning && !ok {
				am["reasoning_content"] = ""
			}
			hasContent := false
			switch v := am["content"].(type) {
			case string:
				hasContent = v != ""
			case []any:
				hasContent = len(v) > 0
			}
			if !hasContent && am["tool_calls"] == nil {
				continue
			}
			out = append(out, am)
		case "toolResult":
			var images []any
			j := i
			for ; j < len(msgs) && msgs[j].Role == "toolResult"; j++ {
				tm := msgs[j]
				var texts []string
				hasImages := false
				for _, b := range tm.Content {
					if b.Type == BlockText {
						texts = append(texts, b.Text)
					} else if b.Type == BlockImage {
						hasImages = true
					}
				}
				// pi-ai 1.6: text that is only white space counts as none.
				text := strings.Join(texts, "\n")
				if jsjson.Trim(text) == "" {
					text = "(no tool output)"
					if hasImages {
						text = "(see attached image)"
					}
				}
				tr := map[string]any{"role": "tool", "content": sanitize(text), "tool_call_id": tm.ToolCallID}
				if compat.requiresToolResultName && tm.ToolName != "" {
					tr["name"] = tm.ToolName
				}
				out = append(out, tr)
				if hasImages && model.SupportsImages() {
					for _, b := range tm.Content {
						if b.Type == BlockImage {
							images = append(images, map[string]any{"type": "image_url",
								"image_url": map[string]any{"url": "data:" + b.MimeType + ";base64," + b.Data}})
						}
					}
				}
			}
			i = j - 1
			if len(images) > 0 {
				if compat.requiresAssistantAfterToolResult {
					out = append(out, map[string]any{"role": "assistant", "content": "I have processed the tool results."})
				}
				out = append(out, map[string]any{"role": "user", "content": append([]any{
					map[string]any{"type": "text", "text": "Attached image(s) from tool result:"}}, images...)})
				lastRole = "user"
			} else {
				lastRole = "toolResult"
			}
			continue
		}
		lastRole = msg.Role
	}
	if out == nil {
		out = []any{}
	}
	return out, nil
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// truncate cuts s to at most n UTF-16 code units as JavaScript's slice does
// (approximated by runes).
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
