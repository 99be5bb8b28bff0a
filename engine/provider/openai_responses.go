package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// This file is pi-ai's providers/openai-responses.js, its Azure variant
// azure-openai-responses.js and the openai-responses-shared.js they share:
// the request (input items, reasoning items replayed from
// thinkingSignature, function_call / function_call_output, input images,
// tools, reasoning effort and summary, prompt caching, session headers) and
// the handling of the Responses API's typed SSE events (output items,
// reasoning summary and text deltas, output text and refusal deltas,
// function-call argument deltas, response.completed usage and status,
// response.failed and error events).
//
// How pi-ai stores what the next request replays: a thinking block's
// thinkingSignature is the whole reasoning output item as JSON (with its id
// and encrypted_content), a text block's textSignature is
// {"v":1,"id":<message item id>[,"phase":...]}, and a tool call's id is
// "<call_id>|<item id>".

const (
	responsesMissingCompletedText = "Provider stream ended without a response.completed event"
	azureDefaultAPIVersion        = "v1"
	azureMissingBaseURLText       = "Azure OpenAI base URL is required. Set AZURE_OPENAI_BASE_URL or AZURE_OPENAI_RESOURCE_NAME, or pass azureBaseUrl, azureResourceName, or model.baseUrl."
)

// Providers whose tool-call ids carry a Responses item id worth replaying.
var (
	openAIToolCallProviders = []string{"openai", "openai-codex", "opencode"}
	azureToolCallProviders  = []string{"openai", "openai-codex", "opencode", "azure-openai-responses"}
)

func streamOpenAIResponses(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	return startResponses(ctx, model, c, opts, false)
}

func streamAzureOpenAIResponses(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	return startResponses(ctx, model, c, opts, true)
}

func startResponses(ctx context.Context, model *Model, c *Context, opts *Options, azure bool) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.apiKey(model.Provider)
	if err != nil {
		return nil, err
	}
	st := &responsesStream{producer: newProducer(model, opts), azure: azure, block: -1}
	if azure {
		st.out.API = APIAzureOpenAIResponses // pi-ai names it so whatever model.api says
	}
	go func() { st.finish(ctx, st.stream(ctx, c, key)) }()
	return st.s, nil
}

// responsesStream is the state of one Responses API stream.
type responsesStream struct {
	producer
	azure bool
	codex bool // openai-codex-responses: pi-ai parses the SSE itself (no SDK error check)

	item      responsesItem // pi-ai's currentItem
	block     int           // content index of pi-ai's currentBlock, -1 for none
	completed bool

	// grammar names the request's grammar tools and the property their raw
	// input fills (grammarInputs); custom is the streaming input of the
	// current custom tool call, and customUnsent the JSON text of its
	// input given with the item that no delta has told yet.
	grammar      map[string]string
	custom       *grammarInputJSON
	customUnsent string
}

// responsesItem is what pi-ai tracks of the output item being streamed.
type responsesItem struct {
	typ          string
	summaryParts int    // reasoning: summary parts so far
	contentParts int    // message: output_text and refusal parts so far
	lastPart     string // message: the last part's type
}

func (st *responsesStream) stream(ctx context.Context, c *Context, key string) error {
	model, opts := st.model, st.opts
	retention := opts.cacheRetention()
	headers := map[string]string{"Content-Type": "application/json", "Accept": "application/json"}
	var target string
	if st.azure {
		base, version, err := azureConfig(model, opts.Env)
		if err != nil {
			return err
		}
		u, err := url.Parse(base + "/responses")
		if err != nil {
			return fmt.Errorf("Invalid Azure OpenAI base URL: %s", base)
		}
		u.RawQuery = "api-version=" + url.QueryEscape(version)
		target = u.String()
		headers["api-key"] = key
		for k, v := range model.Headers {
			headers[k] = v
		}
	} else {
		target = endpoint(model.BaseURL, "/responses")
		headers["Authorization"] = "Bearer " + key
		for k, v := range model.Headers {
			headers[k] = v
		}
		if model.Provider == "github-copilot" {
			for k, v := range copilotDynamicHeaders(c) {
				headers[k] = v
			}
		}
		if sid := opts.SessionID; sid != "" && retention != "none" {
			// pi-ai 1.6's createClient.
			switch responsesSessionAffinityFormat(model) {
			case "openrouter":
				headers["x-session-id"] = sid
			case "openai":
				headers["session-id"] = sid
				headers["x-client-request-id"] = sid
			default: // openai-nosession
				headers["x-client-request-id"] = sid
			}
		}
	}
	effort := opts.reasoningEffort(model)
	signIn := !st.azure && chatGPTSignIn(model, key)
	configUpdate := ""
	if !st.azure && !signIn {
		configUpdate = configurationUpdateEffort(model, effort)
	}
	grammar, err := responsesGrammarInputs(model, c)
	if err != nil {
		return err
	}
	st.grammar = grammar
	params, err := buildResponsesParams(model, c, opts, retention, effort, configUpdate, st.grammar, st.azure, signIn)
	if err != nil {
		return err
	}
	st.out.ProviderThinkingLevel = configUpdate
	body, err := st.body(ctx, params)
	if err != nil {
		return err
	}
	prefix := model.Provider + " API error"
	switch {
	case st.azure:
		prefix = "Azure OpenAI API error"
	case model.Provider == "openai":
		prefix = "OpenAI API error"
	}
	resp, err := openStream(ctx, model, opts, target, headers, body, prefixedErrorText(prefix), st)
	if err != nil {
		return err
	}
	defer resp.Close()

	sse := newSSEReader(resp)
	for !st.completed {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF || errors.Is(err, errReadAborted) {
			break // the SDK ends iteration quietly on abort
		}
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			break
		}
		if strings.HasPrefix(ev.Data, "[DONE]") {
			break
		}
		if strings.HasPrefix(ev.Event, "thread.") {
			continue
		}
		if err := st.event(ev.Data); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return errors.New(msgAborted)
	}
	if !st.completed {
		// pi-ai would finish with what it has; pigo reports the broken stream
		// (as it does for openai-completions) so the turn can be retried.
		return errors.New(responsesMissingCompletedText)
	}
	if st.out.StopReason == StopReasonError || st.out.StopReason == StopReasonAborted {
		return errors.New(msgUnknownError)
	}
	return nil
}

// compatBool reads an optional compat switch of model.
func compatBool(m *Model, field func(*Compat) *bool, def bool) bool {
	if m.Compat == nil {
		return def
	}
	if v := field(m.Compat); v != nil {
		return *v
	}
	return def
}

// blockIs reports whether pi-ai's currentBlock exists and has type t.
func (st *responsesStream) blockIs(t string) bool {
	return st.block >= 0 && st.out.Content[st.block].Type == t
}

// event applies one SSE data payload (pi-ai's processResponsesStream body).
func (st *responsesStream) event(data string) error {
	var v any
	if err := json.Unmarshal([]byte(data), &v); err != nil {
		return fmt.Errorf("Could not parse stream event as JSON: %v; data=%s", err, data)
	}
	ev, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if !st.codex && jsjson.Truthy(ev["error"]) {
		// The OpenAI SDK turns any event carrying "error" into an APIError.
		var head struct {
			Error json.RawMessage `json:"error"`
		}
		_ = json.Unmarshal([]byte(data), &head)
		return errors.New(messageOrJSON(head.Error))
	}
	out := st.out
	item, _ := ev["item"].(map[string]any)
	delta := str(ev, "delta")
	switch str(ev, "type") {
	case "response.created":
		if r, ok := ev["response"].(map[string]any); ok {
			out.ResponseID = str(r, "id")
		}
	case "response.output_item.added":
		switch str(item, "type") {
		case "reasoning":
			st.item = responsesItem{typ: "reasoning", summaryParts: len(list(item, "summary"))}
			st.startBlock(ThinkingBlock(""), EventThinkingStart)
		case "message":
			parts := list(item, "content")
			st.item = responsesItem{typ: "message", contentParts: len(parts)}
			if len(parts) > 0 {
				last, _ := parts[len(parts)-1].(map[string]any)
				st.item.lastPart = str(last, "type")
			}
			st.startBlock(TextBlock(""), EventTextStart)
		case "function_call":
			st.item = responsesItem{typ: "function_call"}
			b := ToolCallBlock(jsField(item, "call_id")+"|"+jsField(item, "id"), str(item, "name"), map[string]any{})
			b.scratch.partialJSON, b.scratch.hasPartialJSON = str(item, "arguments"), true
			st.startBlock(b, EventToolCallStart)
		case "custom_tool_call":
			return st.startCustomToolCall(item)
		}
	case "response.reasoning_summary_part.added":
		if st.item.typ == "reasoning" {
			st.item.summaryParts++
		}
	case "response.reasoning_summary_text.delta":
		if st.item.typ == "reasoning" && st.blockIs(BlockThinking) && st.item.summaryParts > 0 {
			st.thinkingDelta(delta)
		}
	case "response.reasoning_summary_part.done":
		if st.item.typ == "reasoning" && st.blockIs(BlockThinking) && st.item.summaryParts > 0 {
			st.thinkingDelta("\n\n")
		}
	case "response.reasoning_text.delta":
		if st.item.typ == "reasoning" && st.blockIs(BlockThinking) {
			st.thinkingDelta(delta)
		}
	case "response.content_part.added":
		part, _ := ev["part"].(map[string]any)
		if t := str(part, "type"); st.item.typ == "message" && (t == "output_text" || t == "refusal") {
			st.item.contentParts++
			st.item.lastPart = t
		}
	case "response.output_text.delta", "response.refusal.delta":
		want := "output_text"
		if str(ev, "type") == "response.refusal.delta" {
			want = "refusal"
		}
		if st.item.typ == "message" && st.blockIs(BlockText) && st.item.contentParts > 0 && st.item.lastPart == want {
			out.Content[st.block].Text += delta
			st.push(Event{Type: EventTextDelta, ContentIndex: st.block, Delta: delta})
		}
	case "response.function_call_arguments.delta":
		if st.item.typ == "function_call" && st.blockIs(BlockToolCall) {
			b := &out.Content[st.block]
			b.scratch.partialJSON += delta
			b.Arguments = parseStreamingJSON(b.scratch.partialJSON)
			st.push(Event{Type: EventToolCallDelta, ContentIndex: st.block, Delta: delta})
		}
	case "response.function_call_arguments.done":
		if st.item.typ == "function_call" && st.blockIs(BlockToolCall) {
			b := &out.Content[st.block]
			prev, args := b.scratch.partialJSON, str(ev, "arguments")
			b.scratch.partialJSON = args
			b.setFinalArguments(args)
			if strings.HasPrefix(args, prev) && len(args) > len(prev) {
				st.push(Event{Type: EventToolCallDelta, ContentIndex: st.block, Delta: args[len(prev):]})
			}
		}
	case "response.custom_tool_call_input.delta":
		if st.item.typ == "custom_tool_call" && st.blockIs(BlockToolCall) {
			piece, err := st.custom.appendInput(delta)
			if err != nil {
				return err
			}
			st.customInputDelta(piece)
		}
	case "response.custom_tool_call_input.done":
		if st.item.typ == "custom_tool_call" && st.blockIs(BlockToolCall) {
			piece, err := st.custom.close(optionalString(ev, "input"))
			if err != nil {
				return err
			}
			st.customInputDelta(piece)
		}
	case "response.output_item.done":
		return st.itemDone(data, item)
	case "response.completed", "response.incomplete":
		// pi-ai only handles response.completed; an incomplete response
		// (max_output_tokens, content filter) ends the same way with status
		// "incomplete" → stopReason "length", as pi-ai's codex provider does.
		return st.complete(ev)
	case "error":
		return fmt.Errorf("Error Code %s: %s", jsField(ev, "code"), jsField(ev, "message"))
	case "response.failed":
		resp, _ := ev["response"].(map[string]any)
		e, _ := resp["error"].(map[string]any)
		details, _ := resp["incomplete_details"].(map[string]any)
		switch {
		case e != nil:
			code, msg := "unknown", "no message"
			if jsjson.Truthy(e["code"]) {
				code = jsField(e, "code")
			}
			if jsjson.Truthy(e["message"]) {
				msg = jsField(e, "message")
			}
			return fmt.Errorf("%s: %s", code, msg)
		case jsjson.Truthy(details["reason"]):
			return fmt.Errorf("incomplete: %s", jsField(details, "reason"))
		}
		return errors.New("Unknown error (no error details in response)")
	}
	return nil
}

// startBlock appends b as pi-ai's new currentBlock and announces it.
func (st *responsesStream) startBlock(b ContentBlock, start EventType) {
	st.out.Content = append(st.out.Content, b)
	st.block = len(st.out.Content) - 1
	st.push(Event{Type: start, ContentIndex: st.block})
}

func (st *responsesStream) thinkingDelta(d string) {
	st.out.Content[st.block].Thinking += d
	st.push(Event{Type: EventThinkingDelta, ContentIndex: st.block, Delta: d})
}

// startCustomToolCall starts a custom tool call item (a grammar tool's):
// its raw input fills the property grammar names ("input" for a tool the
// request did not declare so), told as JSON text.
func (st *responsesStream) startCustomToolCall(item map[string]any) error {
	name := str(item, "name")
	st.item = responsesItem{typ: "custom_tool_call"}
	st.custom = newGrammarInput(st.grammar, name)
	unsent, err := st.custom.appendInput(str(item, "input"))
	if err != nil {
		return err
	}
	st.customUnsent = unsent
	st.startBlock(ToolCallBlock(jsField(item, "call_id")+"|"+jsField(item, "id"), name, st.custom.arguments()), EventToolCallStart)
	return nil
}

// customInputDelta updates the custom tool call's arguments and tells
// piece of their JSON text, after any the item's own input left untold
// (pi-ai's sendCustomInput); nothing when both are empty.
func (st *responsesStream) customInputDelta(piece string) {
	b := &st.out.Content[st.block]
	b.Arguments = st.custom.arguments()
	piece, st.customUnsent = st.customUnsent+piece, ""
	if piece != "" {
		st.push(Event{Type: EventToolCallDelta, ContentIndex: st.block, Delta: piece})
	}
}

// optionalString is m[k] when it is a string, nil otherwise.
func optionalString(m map[string]any, k string) *string {
	if s, ok := m[k].(string); ok {
		return &s
	}
	return nil
}

// itemDone finishes the current block from the completed output item.
func (st *responsesStream) itemDone(data string, item map[string]any) error {
	out := st.out
	last := len(out.Content) - 1
	switch t := str(item, "type"); {
	case t == "reasoning" && st.blockIs(BlockThinking):
		b := &out.Content[st.block]
		if s := joinField(list(item, "summary"), "text", "\n\n"); s != "" {
			b.Thinking = s
		} else if s := joinField(list(item, "content"), "text", "\n\n"); s != "" {
			b.Thinking = s
		}
		// The whole item (id, encrypted_content, summary) is replayed as an
		// input item next turn, byte for byte as JSON.stringify wrote it.
		var raw struct {
			Item json.RawMessage `json:"item"`
		}
		_ = json.Unmarshal([]byte(data), &raw)
		sig, err := jsjson.Restringify(raw.Item)
		if err != nil {
			sig = compactJSON(raw.Item)
		}
		b.ThinkingSignature = sig
		st.block = -1
		st.push(Event{Type: EventThinkingEnd, ContentIndex: last, Content: b.Thinking})
	case t == "message" && st.blockIs(BlockText):
		b := &out.Content[st.block]
		var text strings.Builder
		for _, p := range list(item, "content") {
			pm, _ := p.(map[string]any)
			if str(pm, "type") == "output_text" {
				text.WriteString(str(pm, "text"))
			} else {
				text.WriteString(str(pm, "refusal"))
			}
		}
		b.Text = text.String()
		sig := &jsjson.Object{}
		sig.Set("v", float64(1))
		if id, ok := item["id"]; ok {
			sig.Set("id", id)
		}
		if jsjson.Truthy(item["phase"]) {
			sig.Set("phase", item["phase"])
		}
		b.TextSignature = jsjson.Stringify(sig)
		st.block = -1
		st.push(Event{Type: EventTextEnd, ContentIndex: last, Content: b.Text})
	case t == "function_call":
		partial := ""
		if st.blockIs(BlockToolCall) {
			partial = out.Content[st.block].scratch.partialJSON
		}
		text := partial
		if text == "" {
			if text = str(item, "arguments"); text == "" {
				text = "{}"
			}
		}
		var final ContentBlock
		final.setFinalArguments(text)
		var tc ContentBlock
		if st.blockIs(BlockToolCall) {
			b := &out.Content[st.block]
			b.Arguments, b.argsOrdered, b.argsFor = final.Arguments, final.argsOrdered, final.argsFor
			b.scratch = blockScratch{}
			tc = *b
		} else {
			tc = ToolCallBlock(jsField(item, "call_id")+"|"+jsField(item, "id"), str(item, "name"), final.Arguments)
			tc.argsOrdered, tc.argsFor = final.argsOrdered, final.argsFor
		}
		st.block = -1
		st.push(Event{Type: EventToolCallEnd, ContentIndex: last, ToolCall: &tc})
	case t == "custom_tool_call":
		if st.item.typ != "custom_tool_call" || !st.blockIs(BlockToolCall) {
			// Done without being added: started here, as pi-ai does.
			if err := st.startCustomToolCall(item); err != nil {
				return err
			}
			last = st.block
		}
		piece, err := st.custom.close(optionalString(item, "input"))
		if err != nil {
			return err
		}
		st.customInputDelta(piece)
		tc := out.Content[st.block]
		st.block, st.custom = -1, nil
		st.push(Event{Type: EventToolCallEnd, ContentIndex: last, ToolCall: &tc})
	}
	return nil
}

// complete applies response.completed: id, usage and cost, stop reason.
func (st *responsesStream) complete(ev map[string]any) error {
	st.completed = true
	out := st.out
	resp, _ := ev["response"].(map[string]any)
	if id := str(resp, "id"); id != "" {
		out.ResponseID = id
	}
	if u, ok := resp["usage"].(map[string]any); ok {
		details, _ := u["input_tokens_details"].(map[string]any)
		cached := int(num(details, "cached_tokens"))
		// input_tokens includes the cached tokens.
		out.Usage = Usage{Input: int(num(u, "input_tokens")) - cached, Output: int(num(u, "output_tokens")),
			CacheRead: cached, TotalTokens: int(num(u, "total_tokens"))}
		outDetails, _ := u["output_tokens_details"].(map[string]any)
		out.Usage.withReasoning(int(num(outDetails, "reasoning_tokens")))
	}
	if status := str(resp, "status"); status != "" {
		out.RawStopReason = status
		incomplete, _ := resp["incomplete_details"].(map[string]any)
		if r := str(incomplete, "reason"); r != "" {
			out.RawStopReason += "." + r
		}
	}
	CalculateCost(st.model, &out.Usage)
	if !st.azure {
		applyServiceTierPricing(&out.Usage, str(resp, "service_tier"), st.model)
	}
	reason, err := mapResponsesStatus(resp["status"])
	if err != nil {
		return err
	}
	out.StopReason = reason
	if reason == StopReasonStop && len(out.ToolCalls()) > 0 {
		out.StopReason = StopReasonToolUse
	}
	return nil
}

// applyServiceTierPricing scales the cost for the flex and priority tiers.
func applyServiceTierPricing(u *Usage, tier string, m *Model) {
	mult := 1.0
	switch tier {
	case "flex":
		mult = 0.5
	case "priority":
		mult = 2
		if m.ID == "gpt-5.5" {
			mult = 2.5
		}
	}
	if mult == 1 {
		return
	}
	c := &u.Cost
	c.Input *= mult
	c.Output *= mult
	c.CacheRead *= mult
	c.CacheWrite *= mult
	c.Total = c.Input + c.Output + c.CacheRead + c.CacheWrite
}

// mapResponsesStatus is pi-ai's mapStopReason for a response status.
func mapResponsesStatus(status any) (StopReason, error) {
	if !jsjson.Truthy(status) {
		return StopReasonStop, nil
	}
	switch status {
	case "completed", "in_progress", "queued":
		return StopReasonStop, nil
	case "incomplete":
		return StopReasonLength, nil
	case "failed", "cancelled":
		return StopReasonError, nil
	}
	return "", fmt.Errorf("Unhandled stop reason: %s", jsjson.String(status))
}

// joinField joins the string field k of the objects in items.
func joinField(items []any, k, sep string) string {
	parts := make([]string, len(items))
	for i, it := range items {
		m, _ := it.(map[string]any)
		parts[i] = str(m, k)
	}
	return strings.Join(parts, sep)
}

// buildResponsesParams is pi-ai's buildParams of openai-responses.js (azure
// false) or azure-openai-responses.js (azure true).
// configUpdate is the effort configuration_update items carry (compat
// .supportsMidConvoEffort), "" to send effort as reasoning.effort.
// signIn (a ChatGPT sign-in token on OpenAI's endpoint) leaves out the
// fields that endpoint rejects: cache retention and options, the output
// cap and temperature.
func buildResponsesParams(model *Model, c *Context, opts *Options, retention string, effort ThinkingLevel, configUpdate string, grammar map[string]string, azure, signIn bool) (map[string]any, error) {
	providers := openAIToolCallProviders
	if azure {
		providers = azureToolCallProviders
	}
	// pi-ai 1.6 sends strict only where the API takes it: Azure's unless
	// the model says otherwise, OpenAI's when it says so.
	strict := azure
	if model.Compat != nil && model.Compat.SupportsStrictMode != nil {
		strict = *model.Compat.SupportsStrictMode
	}
	grammarTools := compatBool(model, func(c *Compat) *bool { return c.SupportsOpenAIGrammarTools }, false)
	toolItems := func(ts []Tool, deferLoading bool) ([]any, error) {
		return convertResponsesTools(ts, strict, false, grammarTools, deferLoading)
	}
	input, requestTools, err := responsesTranscript(model, c, providers, configUpdate, grammar, toolItems)
	if err != nil {
		return nil, err
	}
	p := map[string]any{"model": model.ID, "input": input, "stream": true}
	sid := clampPromptCacheKey(opts.SessionID)
	// Azure sends the key even with retention "none"; both omit it when
	// promptCacheKeyMode is "disabled" (pi-ai 1.6).
	keyDisabled := model.Compat != nil && model.Compat.PromptCacheKeyMode == "disabled"
	if azure {
		p["model"] = azureDeployment(model, opts.Env)
		if sid != "" && !keyDisabled {
			p["prompt_cache_key"] = sid
		}
	} else {
		if sid != "" && retention != "none" && !keyDisabled {
			p["prompt_cache_key"] = sid
		}
		// A model with explicit cache modes (compat
		// .supportsExplicitPromptCacheMode) takes prompt_cache_options
		// instead of prompt_cache_retention, as in pi-ai 1.6.
		longCache := retention == "long" && compatBool(model, func(c *Compat) *bool { return c.SupportsLongCacheRetention }, true)
		explicit := compatBool(model, func(c *Compat) *bool { return c.SupportsExplicitPromptCacheMode }, false)
		switch {
		case signIn:
		case !explicit && longCache:
			p["prompt_cache_retention"] = "24h"
		case explicit && retention == "none":
			p["prompt_cache_options"] = map[string]any{"mode": "explicit"}
		case explicit && longCache:
			p["prompt_cache_options"] = map[string]any{"ttl": "30m"}
		}
	}
	p["store"] = false
	// Azure has no supportsMaxOutputTokens switch in pi-ai 1.6.
	if mt := opts.baseMaxTokens(model, c); mt > 0 && (azure || supportsMaxOutputTokens(model)) && !signIn {
		p["max_output_tokens"] = int64(max(mt, responsesMinOutputTokens))
	}
	if opts.Temperature != nil && !signIn {
		p["temperature"] = *opts.Temperature
	}
	if len(requestTools) > 0 {
		if p["tools"], err = toolItems(requestTools, false); err != nil {
			return nil, err
		}
	}
	if opts.ToolChoice != nil {
		p["tool_choice"] = cloneValue(opts.ToolChoice)
	}
	if model.Reasoning {
		if effort != "" {
			e := string(effort)
			if v, ok := model.mappedLevel(effort); ok {
				e = v
			}
			if configUpdate != "" {
				e = configurationUpdateRequestEffort
			}
			p["reasoning"] = map[string]any{"effort": e, "summary": "auto"}
			p["include"] = []any{"reasoning.encrypted_content"}
		} else if azure || model.Provider != "github-copilot" {
			// Reasoning models think by default: ask for the "off" effort.
			if v, ok := model.ThinkingLevelMap[ThinkingOff]; !ok || v != nil {
				off := "none"
				if ok {
					off = *v
				}
				p["reasoning"] = map[string]any{"effort": off}
			}
		}
	}
	return p, nil
}

// convertResponsesTools is pi-ai's convertResponsesTools: a grammar tool
// goes to a model that takes them (grammarTools) as a custom tool with its
// grammar; where the API takes strict mode (strictMode), a tool whose
// constrainedSampling asks for it, and whose schema can be made strict,
// goes strict with the strict form of its schema; the others carry
// defaultStrict (false, or Codex's null). A tool that requires strict
// sampling it cannot get is an error. Tools a tool search loads
// (deferLoading) say so.
func convertResponsesTools(tools []Tool, strictMode bool, defaultStrict any, grammarTools, deferLoading bool) ([]any, error) {
	out := make([]any, len(tools))
	for i, t := range tools {
		g, ok, err := t.grammarSampling(grammarTools)
		if err != nil {
			return nil, err
		}
		if ok {
			custom := map[string]any{"type": "custom", "name": t.Name, "description": t.Description,
				"format": map[string]any{"type": "grammar", "syntax": g.syntax, "definition": g.definition}}
			if deferLoading {
				custom["defer_loading"] = true
			}
			out[i] = custom
			continue
		}
		fn := map[string]any{"type": "function", "name": t.Name, "description": t.Description}
		strict, err := t.strictSampling(strictMode, nil)
		if err != nil {
			return nil, err
		}
		if strictMode {
			fn["strict"] = defaultStrict
			if strict {
				fn["strict"] = true
			}
		}
		if params, err := t.requestParameters(strict); err != nil {
			return nil, err
		} else if params != nil {
			fn["parameters"] = params
		}
		if deferLoading {
			fn["defer_loading"] = true
		}
		out[i] = fn
	}
	return out, nil
}

// configurationUpdateRequestEffort is reasoning.effort while
// configuration_update items carry the effort: fixed, so that a change of
// thinking level keeps the cached prompt.
const configurationUpdateRequestEffort = "medium"

// configurationUpdateEffort is pi-ai's getConfigurationUpdateEffort for
// openai-responses: with compat.supportsMidConvoEffort and a thinking
// level, the effort (as the model's map names it) configuration_update
// items carry; "" otherwise.
func configurationUpdateEffort(model *Model, effort ThinkingLevel) string {
	if !midConvoEffort(model) || effort == "" {
		return ""
	}
	if v, ok := model.mappedLevel(effort); ok {
		return v
	}
	return string(effort)
}

// chatGPTSignIn: a credential other than an API key (sk-) sent to OpenAI
// itself is a Sign in with ChatGPT token, which rejects
// configuration_update items.
func chatGPTSignIn(model *Model, key string) bool {
	return model.Provider == "openai" && model.BaseURL == "https://api.openai.com/v1" && !strings.HasPrefix(key, "sk-")
}

// responsesToolChanges reports whether a Responses model declares its
// tools in the conversation (pi-ai's getResponsesToolSupport "changes"):
// it takes system messages there and additional_tools items, so every
// tool goes in an additional_tools item, the first at the head of the
// input, and the request's tool list stays empty: later additions keep
// the cached prefix. Such items cannot replace a top-level tool or remove
// one, so removals are announced as text.
func responsesToolChanges(model *Model) bool {
	return MidConvoSystemMessages(model) && compatBool(model, func(c *Compat) *bool { return c.SupportsAdditionalTools }, false)
}

// responsesToolSearch reports whether a Responses model that takes system
// messages in place but not additional_tools items gets the tools later
// system messages add as the results of a tool search (compat
// .supportsToolSearch; pi-ai's getResponsesToolSupport "additions").
func responsesToolSearch(model *Model) bool {
	return MidConvoSystemMessages(model) && !responsesToolChanges(model) &&
		compatBool(model, func(c *Compat) *bool { return c.SupportsToolSearch }, false)
}

// responsesTranscript converts c for a Responses API: the input items
// and the tools the request declares at its top level. toolItems
// converts tools as that API declares them.
func responsesTranscript(model *Model, c *Context, toolCallProviders []string, configUpdate string, grammar map[string]string, toolItems responsesToolItems) (input []any, requestTools []Tool, err error) {
	decode := decodeMessages
	if MidConvoSystemMessages(model) {
		decode = decodeTranscript
	}
	msgs, err := decode(c.Messages)
	if err != nil {
		return nil, nil, err
	}
	leading := responsesLeading{prompt: c.SystemPrompt, tools: c.Tools, toolItems: toolItems, searchFolded: -1}
	switch {
	case responsesToolChanges(model):
		leading.changes = true
	case responsesToolSearch(model):
		// The list holds what additions cannot express (pi-ai's
		// "additions" mode, as for chat completions).
		leading.searchFolded, requestTools = c.foldedToolChanges()
		leading.hasLead = c.SystemPrompt != "" || len(c.Tools) > 0
	default:
		requestTools = c.currentTools()
	}
	input, err = convertResponsesMessages(model, leading, msgs, toolCallProviders, configUpdate, grammar)
	return input, requestTools, err
}

// responsesGrammarInputs is pi-ai's grammarToolInputProperties for a
// Responses request: the grammar tools c declares, for a model that takes
// them.
func responsesGrammarInputs(model *Model, c *Context) (map[string]string, error) {
	return grammarInputs(c.declaredTools(), compatBool(model, func(c *Compat) *bool { return c.SupportsOpenAIGrammarTools }, false))
}

// responsesToolItems converts tools as a Responses API declares them;
// deferLoading marks them as a tool search's results.
type responsesToolItems func(tools []Tool, deferLoading bool) ([]any, error)

// responsesLeading is the conversation's leading system message, the
// prompt and the tools it declares, and how the conversation's tool
// changes go: with changes, its tools and every later system message's in
// additional_tools items; with searchFolded >= 0, the tools the system
// messages after the first searchFolded (the leading one counted, when
// hasLead) add as the results of a client-side tool search.
type responsesLeading struct {
	prompt       string
	tools        []Tool
	toolItems    responsesToolItems
	changes      bool
	searchFolded int
	hasLead      bool
}

// pi-ai 1.6's wording, byte for byte: the notice before every
// additional_tools item after the first (without it models read the
// latest item as the whole tool set once a removal was announced), and
// the announcement of removed tools.
const responsesIncrementalToolsNotice = "This is an incremental tools update. Previously declared tools remain available unless explicitly marked unavailable. A tool declared again here is available again, and its latest definition replaces the earlier one."

func responsesToolRemovalNotice(names []string) string {
	return "The following tools are no longer available. Do not call them:\n- " + strings.Join(names, "\n- ")
}

// convertResponsesMessages is pi-ai's convertResponsesMessages: the
// leading system message and the conversation as Responses input items.
// Later system messages (a model that takes them in place) go as
// instruction items with their updates framed. With a configUpdate
// effort, a configuration_update item goes before each reply of this
// model that recorded its effort, and one with configUpdate at the end.
// Calls of the grammar tools (grammar) go as custom tool calls with their
// raw input, their results as custom tool call outputs.
func convertResponsesMessages(model *Model, leading responsesLeading, msgs []llmMessage, toolCallProviders []string, configUpdate string, grammar map[string]string) ([]any, error) {
	keepItemIDs := slices.Contains(toolCallProviders, model.Provider)
	normalize := func(id string, src *llmMessage) string {
		if !keepItemIDs || !strings.Contains(id, "|") {
			return normalizeResponsesIDPart(id)
		}
		parts := strings.Split(id, "|")
		callID, itemID := normalizeResponsesIDPart(parts[0]), parts[1]
		if src.Provider != model.Provider || src.API != model.API {
			itemID = truncateASCII("fc_"+shortHash(itemID), 64)
		} else {
			itemID = normalizeResponsesIDPart(itemID)
		}
		// The Responses API wants function call item ids to start with "fc".
		if !strings.HasPrefix(itemID, "fc_") {
			itemID = normalizeResponsesIDPart("fc_" + itemID)
		}
		return callID + "|" + itemID
	}
	msgs = transformMessages(msgs, model, normalize)
	out := []any{}
	instructionRole := "system"
	if model.Reasoning && compatBool(model, func(c *Compat) *bool { return c.SupportsDeveloperRole }, true) {
		instructionRole = "developer"
	}
	// Tools announced as removed and not declared again since, in the
	// order announced.
	var unavailable []string
	declared := false
	declare := func(tools []Tool) error {
		if !leading.changes {
			return nil
		}
		for _, t := range tools {
			unavailable = slices.DeleteFunc(unavailable, func(n string) bool { return n == t.Name })
		}
		if len(tools) == 0 {
			return nil
		}
		if declared {
			notice := responsesIncrementalToolsNotice
			if len(unavailable) > 0 {
				notice += "\nStill unavailable: " + strings.Join(unavailable, ", ") + "."
			}
			out = append(out, map[string]any{"role": instructionRole, "content": notice})
		}
		declared = true
		items, err := leading.toolItems(tools, false)
		out = append(out, map[string]any{"type": "additional_tools", "role": "developer", "tools": items})
		return err
	}
	// search appends the tools a system message adds as a completed tool
	// search and its result, under a call id from seed and their names,
	// as pi-ai 1.6 does.
	search := func(tools []Tool, seed string) error {
		if len(tools) == 0 {
			return nil
		}
		names := make([]string, len(tools))
		for i, t := range tools {
			names[i] = t.Name
		}
		callID := "pi_tool_load_" + shortHash(seed+":"+strings.Join(names, ","))
		items, err := leading.toolItems(tools, true)
		if err != nil {
			return err
		}
		out = append(out,
			map[string]any{"type": "tool_search_call", "call_id": callID, "execution": "client", "status": "completed",
				"arguments": map[string]any{"query": strings.Join(names, " "), "limit": len(names)}},
			map[string]any{"type": "tool_search_output", "call_id": callID, "execution": "client", "status": "completed", "tools": items})
		return nil
	}
	systemIndex := 0
	if leading.hasLead {
		systemIndex = 1
	}
	if err := declare(leading.tools); err != nil {
		return nil, err
	}
	if leading.prompt != "" {
		out = append(out, map[string]any{"role": instructionRole, "content": sanitize(leading.prompt)})
	}
	msgIndex := 0 // pi-ai counts only the messages that produced items
	for _, msg := range msgs {
		switch msg.Role {
		case "system":
			added := session.ToolList(msg.System["toolsAdded"])
			tools := make([]Tool, len(added))
			for i, d := range added {
				tools[i] = ToolFromDeclaration(d)
			}
			if err := declare(tools); err != nil {
				return nil, err
			}
			if leading.searchFolded >= 0 && systemIndex >= leading.searchFolded {
				if err := search(tools, "system:"+strconv.Itoa(msgIndex)); err != nil {
					return nil, err
				}
			}
			systemIndex++
			parts := []string{session.SystemMessageUpdateText(msg.System)}
			if leading.changes {
				// A redefinition is a removal and an addition of one name:
				// only true removals are announced.
				var removed []string
				for _, r := range session.ToolList(msg.System["toolsRemoved"]) {
					name, _ := r["name"].(string)
					if !slices.ContainsFunc(tools, func(t Tool) bool { return t.Name == name }) {
						removed = append(removed, name)
					}
				}
				if len(removed) > 0 {
					parts = append(parts, responsesToolRemovalNotice(removed))
				}
				for _, name := range removed {
					unavailable = append(slices.DeleteFunc(unavailable, func(n string) bool { return n == name }), name)
				}
			}
			if text := strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), "\n\n"); text != "" {
				out = append(out, map[string]any{"role": instructionRole, "content": sanitize(text)})
			}
		case "user":
			if msg.IsString {
				out = append(out, map[string]any{"role": "user",
					"content": []any{map[string]any{"type": "input_text", "text": sanitize(msg.Text)}}})
				break
			}
			content := []any{}
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					content = append(content, map[string]any{"type": "input_text", "text": sanitize(b.Text)})
				case BlockImage:
					content = append(content, responsesImage(b))
				}
			}
			if len(content) == 0 {
				continue
			}
			out = append(out, map[string]any{"role": "user", "content": content})
		case "assistant":
			items := []any{}
			// Another model of the same provider and api: its item ids are
			// not ours to pair with reasoning items.
			otherModel := msg.Model != model.ID && msg.Provider == model.Provider && msg.API == model.API
			textBlockIndex := 0
			for _, b := range msg.Content {
				switch b.Type {
				case BlockThinking:
					if b.ThinkingSignature == "" {
						continue
					}
					item, err := jsonParse(b.ThinkingSignature)
					if err != nil {
						return nil, fmt.Errorf("replay reasoning item: thinkingSignature is not JSON: %w", err)
					}
					items = append(items, item)
				case BlockText:
					id, phase := parseTextSignature(b.TextSignature)
					if id == "" {
						// pi-ai 1.6's fallback id, one per text block.
						id = "msg_pi_" + strconv.Itoa(msgIndex)
						if textBlockIndex > 0 {
							id += "_" + strconv.Itoa(textBlockIndex)
						}
					} else if len(utf16.Encode([]rune(id))) > 64 {
						id = "msg_" + shortHash(id)
					}
					m := map[string]any{"type": "message", "role": "assistant", "status": "completed", "id": id,
						"content": []any{map[string]any{"type": "output_text", "text": sanitize(b.Text), "annotations": []any{}}}}
					if phase != "" {
						m["phase"] = phase
					}
					items = append(items, m)
					textBlockIndex++
				case BlockToolCall:
					callID, itemID, hasItem := strings.Cut(b.ID, "|")
					itemID, _, _ = strings.Cut(itemID, "|")
					// An item id goes only with an item of its type (function
					// calls fc_, custom calls ctc_: a call changes type where
					// grammar tool support differs), and not to another model.
					property, custom := grammar[b.Name]
					prefix := "fc_"
					if custom {
						prefix = "ctc_"
					}
					hasItem = hasItem && !otherModel && strings.HasPrefix(itemID, prefix)
					if custom {
						input, err := grammarToolInput(b.Name, b.Arguments, property)
						if err != nil {
							return nil, err
						}
						cc := map[string]any{"type": "custom_tool_call", "call_id": callID, "name": b.Name, "input": sanitize(input)}
						if hasItem {
							cc["id"] = itemID
						}
						items = append(items, cc)
						continue
					}
					fc := map[string]any{"type": "function_call", "call_id": callID, "name": b.Name,
						"arguments": jsjson.Stringify(b.ArgumentsValue())}
					if hasItem {
						fc["id"] = itemID
					}
					items = append(items, fc)
				}
			}
			if len(items) == 0 {
				continue
			}
			sameModel := msg.Provider == model.Provider && msg.API == model.API && msg.Model == model.ID
			if configUpdate != "" && sameModel && msg.ProviderThinkingLevel != "" {
				out = append(out, configurationUpdate(msg.ProviderThinkingLevel))
			}
			out = append(out, items...)
		case "toolResult":
			var texts []string
			hasImages := false
			for _, b := range msg.Content {
				switch b.Type {
				case BlockText:
					texts = append(texts, b.Text)
				case BlockImage:
					hasImages = true
				}
			}
			// pi-ai 1.6's convertToolResultOutput: text that is only white
			// space counts as none.
			text := strings.Join(texts, "\n")
			hasText := jsjson.Trim(text) != ""
			callID, _, _ := strings.Cut(msg.ToolCallID, "|")
			var output any
			switch {
			case hasImages && model.SupportsImages():
				parts := []any{}
				if hasText {
					parts = append(parts, map[string]any{"type": "input_text", "text": sanitize(text)})
				}
				for _, b := range msg.Content {
					if b.Type == BlockImage {
						parts = append(parts, responsesImage(b))
					}
				}
				output = parts
			case hasText:
				output = sanitize(text)
			case hasImages:
				output = "(see attached image)"
			default:
				output = "(no tool output)"
			}
			typ := "function_call_output"
			if _, ok := grammar[msg.ToolName]; ok {
				typ = "custom_tool_call_output"
			}
			out = append(out, map[string]any{"type": typ, "call_id": callID, "output": output})
		}
		msgIndex++
	}
	if configUpdate != "" {
		out = append(out, configurationUpdate(configUpdate))
	}
	return out, nil
}

func configurationUpdate(effort string) map[string]any {
	return map[string]any{"type": "configuration_update", "reasoning": map[string]any{"effort": effort}}
}

func responsesImage(b ContentBlock) map[string]any {
	return map[string]any{"type": "input_image", "detail": "auto", "image_url": "data:" + b.MimeType + ";base64," + b.Data}
}

// parseTextSignature reads a text block's textSignature: the v1 JSON form
// or, from older sessions, the bare message item id.
func parseTextSignature(sig string) (id, phase string) {
	if sig == "" {
		return "", ""
	}
	if strings.HasPrefix(sig, "{") {
		var v map[string]any
		if json.Unmarshal([]byte(sig), &v) == nil {
			if id, ok := v["id"].(string); ok && v["v"] == float64(1) {
				if p := str(v, "phase"); p == "commentary" || p == "final_answer" {
					return id, p
				}
				return id, ""
			}
		}
	}
	return sig, ""
}

// normalizeResponsesIDPart is pi-ai's normalizeIdPart: [replaceNonIDChars]
// to 64 units, without trailing "_".
func normalizeResponsesIDPart(part string) string {
	return strings.TrimRight(replaceNonIDChars(part, 64), "_")
}

func truncateASCII(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// shortHash is pi-ai's shortHash (utils/hash.js), a fast deterministic hash
// over UTF-16 code units, printed in base 36.
func shortHash(s string) string {
	h1, h2 := uint32(0xdeadbeef), uint32(0x41c6ce57)
	for _, ch := range utf16.Encode([]rune(s)) {
		h1 = (h1 ^ uint32(ch)) * 2654435761
		h2 = (h2 ^ uint32(ch)) * 1597334677
	}
	h1 = (h1^(h1>>16))*2246822507 ^ (h2^(h2>>13))*3266489909
	h2 = (h2^(h2>>16))*2246822507 ^ (h1^(h1>>13))*3266489909
	return strconv.FormatUint(uint64(h2), 36) + strconv.FormatUint(uint64(h1), 36)
}

// azureConfig is pi-ai's resolveAzureConfig with the environment as the only
// option source: the normalised base URL and the api-version.
func azureConfig(model *Model, env map[string]string) (baseURL, apiVersion string, err error) {
	apiVersion = env["AZURE_OPENAI_API_VERSION"]
	if apiVersion == "" {
		apiVersion = azureDefaultAPIVersion
	}
	base := strings.TrimSpace(env["AZURE_OPENAI_BASE_URL"])
	if base == "" {
		if name := env["AZURE_OPENAI_RESOURCE_NAME"]; name != "" {
			base = "https://" + name + ".openai.azure.com/openai/v1"
		}
	}
	if base == "" {
		base = model.BaseURL
	}
	if base == "" {
		return "", "", errors.New(azureMissingBaseURLText)
	}
	u, perr := url.Parse(strings.TrimRight(strings.TrimSpace(base), "/"))
	if perr != nil || u.Scheme == "" || u.Host == "" {
		return "", "", fmt.Errorf("Invalid Azure OpenAI base URL: %s", base)
	}
	host := u.Hostname()
	if p := strings.TrimRight(u.Path, "/"); (strings.HasSuffix(host, ".openai.azure.com") ||
		strings.HasSuffix(host, ".cognitiveservices.azure.com")) && (p == "" || p == "/openai") {
		// The SDK appends /responses to the v1 path.
		u.Path, u.RawPath, u.RawQuery = "/openai/v1", "", ""
	}
	return strings.TrimRight(u.String(), "/"), apiVersion, nil
}

// azureDeployment maps a model id to its Azure deployment name through
// AZURE_OPENAI_DEPLOYMENT_NAME_MAP ("model=deployment,..."), else the id.
func azureDeployment(model *Model, env map[string]string) string {
	deployment := ""
	for _, entry := range strings.Split(env["AZURE_OPENAI_DEPLOYMENT_NAME_MAP"], ",") {
		parts := strings.Split(strings.TrimSpace(entry), "=")
		if len(parts) < 2 || parts[0] == "" || parts[1] == "" {
			continue
		}
		if strings.TrimSpace(parts[0]) == model.ID {
			deployment = strings.TrimSpace(parts[1])
		}
	}
	if deployment == "" {
		return model.ID
	}
	return deployment
}

// responsesSessionAffinityFormat is pi-ai 1.6's openai-responses
// sessionAffinityFormat: compat's, else "openrouter" for OpenRouter and
// "openai" for everything else.
func responsesSessionAffinityFormat(model *Model) string {
	if model.Compat != nil && model.Compat.SessionAffinityFormat != "" {
		return model.Compat.SessionAffinityFormat
	}
	if model.Provider == "openrouter" || strings.Contains(model.BaseURL, "openrouter.ai") {
		return "openrouter"
	}
	return "openai"
}

// supportsMaxOutputTokens is compat.supportsMaxOutputTokens (default
// true) of openai-responses and openai-codex-responses.
func supportsMaxOutputTokens(model *Model) bool {
	return compatBool(model, func(c *Compat) *bool { return c.SupportsMaxOutputTokens }, true)
}

// clampPromptCacheKey is pi-ai 1.6's clampOpenAIPromptCacheKey: OpenAI
// takes a prompt_cache_key of at most 64 characters (code points).
func clampPromptCacheKey(key string) string {
	const maxChars = 64
	n := 0
	for i := range key {
		if n == maxChars {
			return key[:i]
		}
		n++
	}
	return key
}
