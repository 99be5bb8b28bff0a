package provider

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/auth/bearer"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai 1.6's api/bedrock-converse-stream.js: the Converse
// API's ConverseStream operation, sent with the AWS SDK (SigV4 with AWS
// credentials, or a Bedrock bearer token). The request is built as pi-ai's
// command input (what onPayload handlers see) and sent as that JSON in
// place of the SDK's own serialization, so a handler's edits reach the
// wire; the SDK signs it and decodes the event stream.

const (
	bedrockEmptyText         = "<empty>"
	bedrockRedactedThinking  = "[Reasoning redacted]"
	bedrockBindingBeta       = "thinking-binding-controls-2026-08-01"
	bedrockInterleavedBeta   = "interleaved-thinking-2025-05-14"
	bedrockDataRetentionDocs = "https://docs.aws.amazon.com/bedrock/latest/userguide/data-retention.html"
	// bedrockAuthenticatedKey is what EnvAPIKey reports for ambient AWS
	// credentials: a marker, not a bearer token.
	bedrockAuthenticatedKey = envAuthenticatedKey
	bedrockStreamAborted    = "aborted"
)

var (
	bedrockARNRegionRe      = regexp.MustCompile(`^arn:aws(?:-[a-z0-9-]+)?:bedrock:([a-z0-9-]+):`)
	bedrockEndpointRegionRe = regexp.MustCompile(`^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$`)
	bedrockMatchSeparators  = regexp.MustCompile(`[\s_.:]+`)
	bedrockDataRetentionRe  = regexp.MustCompile(`(?i)data retention mode`)
)

// bedrockErrorPrefixes are pi-ai's BEDROCK_ERROR_PREFIXES: pi's retry
// logic matches "server error" and "service unavailable" in them.
var bedrockErrorPrefixes = map[string]string{
	"InternalServerException":     "Internal server error",
	"ModelStreamErrorException":   "Model stream error",
	"ValidationException":         "Validation error",
	"ThrottlingException":         "Throttling error",
	"ServiceUnavailableException": "Service unavailable",
}

func streamBedrock(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	st := &bedrockStream{producer: newProducer(model, opts), open: map[int32]*bedrockOpenBlock{}}
	st.out.StopReason = "pending"
	go func() {
		err := st.stream(ctx, c)
		st.flushOpenBlocks()
		st.finish(ctx, err)
	}()
	return st.s, nil
}

// bedrockEnv is pi-ai's getProviderEnvValue: the variable, "" when unset.
func bedrockEnv(opts *Options, name string) string { return opts.Env[name] }

// bedrockMatchCandidates is pi-ai's getModelMatchCandidates.
func bedrockMatchCandidates(m *Model) []string {
	values := []string{m.ID}
	if m.Name != "" {
		values = append(values, m.Name)
	}
	var out []string
	for _, v := range values {
		lower := strings.ToLower(v)
		out = append(out, lower, bedrockMatchSeparators.ReplaceAllString(lower, "-"))
	}
	return out
}

func bedrockMatchesAny(m *Model, parts ...string) bool {
	for _, c := range bedrockMatchCandidates(m) {
		for _, p := range parts {
			if strings.Contains(c, p) {
				return true
			}
		}
	}
	return false
}

// isBedrockClaude is pi-ai's isAnthropicClaudeModel.
func isBedrockClaude(m *Model) bool {
	id, name := strings.ToLower(m.ID), strings.ToLower(m.Name)
	return strings.Contains(id, "anthropic.claude") || strings.Contains(id, "anthropic/claude") ||
		strings.Contains(name, "anthropic.claude") || strings.Contains(name, "anthropic/claude") || strings.Contains(name, "claude")
}

// bedrockAdaptiveThinking is pi-ai's supportsAdaptiveThinking.
func bedrockAdaptiveThinking(m *Model) bool {
	return bedrockMatchesAny(m, "opus-4-6", "opus-4-7", "opus-4-8", "opus-5", "sonnet-4-6", "sonnet-5", "haiku-5", "fable-5")
}

// bedrockNativeXHigh is pi-ai's supportsNativeXhighEffort, which is also
// its supportsThinkingBlockBinding.
func bedrockNativeXHigh(m *Model) bool {
	return bedrockMatchesAny(m, "opus-4-7", "opus-4-8", "opus-5", "sonnet-5", "haiku-5", "fable-5")
}

// bedrockPromptCaching is pi-ai's supportsPromptCaching.
func bedrockPromptCaching(m *Model, opts *Options) bool {
	if !bedrockMatchesAny(m, "claude") {
		return bedrockEnv(opts, "AWS_BEDROCK_FORCE_CACHE") == "1"
	}
	return bedrockMatchesAny(m, "fable-5", "opus-5", "sonnet-5", "haiku-5", "-4-", "claude-3-7-sonnet", "claude-3-5-haiku")
}

// bedrockCacheRetention is pi-ai's resolveCacheRetention.
func bedrockCacheRetention(opts *Options) string {
	if opts.CacheRetention != "" {
		return opts.CacheRetention
	}
	if bedrockEnv(opts, "PI_CACHE_RETENTION") == "long" {
		return "long"
	}
	return "short"
}

func bedrockCachePoint(retention string) map[string]any {
	cp := map[string]any{"type": "default"}
	if retention == "long" {
		cp["ttl"] = "1h"
	}
	return map[string]any{"cachePoint": cp}
}

// bedrockToolCallID is pi-ai's normalizeToolCallId.
func bedrockToolCallID(id string) string { return replaceNonIDChars(id, 64) }

// bedrockText is pi-ai's createNonBlankTextBlock; nil for blank text.
func bedrockText(text string) map[string]any {
	s := sanitize(text)
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return map[string]any{"text": s}
}

// bedrockImage is pi-ai's createImageBlock.
func bedrockImage(mimeType, data string) (map[string]any, error) {
	var format string
	switch mimeType {
	case "image/jpeg", "image/jpg":
		format = "jpeg"
	case "image/png":
		format = "png"
	case "image/gif":
		format = "gif"
	case "image/webp":
		format = "webp"
	default:
		return nil, fmt.Errorf("Unknown image type: %s", mimeType)
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, fmt.Errorf("invalid base64 image data: %w", err)
	}
	return map[string]any{"image": map[string]any{"source": map[string]any{"bytes": raw}, "format": format}}, nil
}

// bedrockDocument is pi-ai's sanitizeBedrockDocument: empty keys dropped,
// the order of ordered objects kept.
func bedrockDocument(v any) any {
	switch x := v.(type) {
	case *jsjson.Object:
		out := make(jsjson.Object, 0, len(*x))
		for _, m := range *x {
			if m.Key != "" {
				out = append(out, jsjson.Member{Key: m.Key, Value: bedrockDocument(m.Value)})
			}
		}
		return &out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if k != "" {
				out[k] = bedrockDocument(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = bedrockDocument(e)
		}
		return out
	}
	return v
}

// bedrockToolResultContent is pi-ai's convertToolResultContent.
func bedrockToolResultContent(content []ContentBlock) ([]any, error) {
	out := []any{}
	for _, b := range content {
		switch b.Type {
		case BlockImage:
			img, err := bedrockImage(b.MimeType, b.Data)
			if err != nil {
				return nil, err
			}
			out = append(out, img)
		case BlockText:
			if t := bedrockText(b.Text); t != nil {
				out = append(out, t)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, map[string]any{"text": bedrockEmptyText})
	}
	return out, nil
}

// bedrockMessages is pi-ai's convertMessages.
func bedrockMessages(msgs []llmMessage, model *Model, opts *Options, retention string) ([]any, error) {
	msgs = transformMessages(msgs, model, func(id string, _ *llmMessage) string { return bedrockToolCallID(id) })
	claude := isBedrockClaude(model)
	out := []any{}
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		switch m.Role {
		case "user":
			content := []any{}
			if m.IsString {
				t := bedrockText(m.Text)
				if t == nil {
					t = map[string]any{"text": bedrockEmptyText}
				}
				content = append(content, t)
			} else {
				for _, b := range m.Content {
					switch b.Type {
					case BlockText:
						if t := bedrockText(b.Text); t != nil {
							content = append(content, t)
						}
					case BlockImage:
						img, err := bedrockImage(b.MimeType, b.Data)
						if err != nil {
							return nil, err
						}
						content = append(content, img)
					}
				}
				if len(content) == 0 {
					content = append(content, map[string]any{"text": bedrockEmptyText})
				}
			}
			out = append(out, map[string]any{"role": "user", "content": content})
		case "assistant":
			blocks := []any{}
			for _, b := range m.Content {
				switch b.Type {
				case BlockText:
					if t := bedrockText(b.Text); t != nil {
						blocks = append(blocks, t)
					}
				case BlockToolCall:
					blocks = append(blocks, map[string]any{"toolUse": map[string]any{
						"toolUseId": b.ID, "name": b.Name, "input": bedrockDocument(b.ArgumentsValue())}})
				case BlockThinking:
					if b.Redacted {
						// Encrypted reasoning is replayed as stored; a
						// signature that is not base64 drops the block.
						if raw, err := base64.StdEncoding.DecodeString(b.ThinkingSignature); err == nil && len(raw) > 0 {
							blocks = append(blocks, map[string]any{"reasoningContent": map[string]any{"redactedContent": raw}})
						}
						continue
					}
					thinking := sanitize(b.Thinking)
					if strings.TrimSpace(thinking) == "" {
						continue
					}
					switch {
					case !claude:
						// Only Claude accepts reasoningText.signature.
						blocks = append(blocks, map[string]any{"reasoningContent": map[string]any{"reasoningText": map[string]any{"text": thinking}}})
					case strings.TrimSpace(b.ThinkingSignature) == "":
						blocks = append(blocks, map[string]any{"text": thinking})
					default:
						blocks = append(blocks, map[string]any{"reasoningContent": map[string]any{"reasoningText": map[string]any{
							"text": thinking, "signature": b.ThinkingSignature}}})
					}
				}
			}
			if len(blocks) > 0 {
				out = append(out, map[string]any{"role": "assistant", "content": blocks})
			}
		case "toolResult":
			// Bedrock takes a turn's tool results in one user message;
			// Claude rejects error results holding anything but text, so
			// their images follow all the results.
			results, errorImages := []any{}, []any{}
			j := i
			for ; j < len(msgs) && msgs[j].Role == "toolResult"; j++ {
				tm := msgs[j]
				content, caption, images, split := tm.Content, "", []ContentBlock(nil), false
				if claude {
					if c, cap, imgs, ok := splitErrorToolResultImages(tm); ok {
						content, caption, images, split = c, cap, imgs, true
					}
				}
				rc, err := bedrockToolResultContent(content)
				if err != nil {
					return nil, err
				}
				status := "success"
				if tm.IsError {
					status = "error"
				}
				results = append(results, map[string]any{"toolResult": map[string]any{"toolUseId": tm.ToolCallID, "content": rc, "status": status}})
				if split {
					errorImages = append(errorImages, map[string]any{"text": caption})
					for _, img := range images {
						ib, err := bedrockImage(img.MimeType, img.Data)
						if err != nil {
							return nil, err
						}
						errorImages = append(errorImages, ib)
					}
				}
			}
			i = j - 1
			out = append(out, map[string]any{"role": "user", "content": append(results, errorImages...)})
		}
	}
	if retention != "none" && bedrockPromptCaching(model, opts) && len(out) > 0 {
		last := out[len(out)-1].(map[string]any)
		if last["role"] == "user" {
			last["content"] = append(last["content"].([]any), bedrockCachePoint(retention))
		}
	}
	return out, nil
}

// bedrockToolConfig is pi-ai's convertToolConfig: tools whose
// constrainedSampling the model can honour go strict with the strict
// form of their schema, unless disablePreferred turns the "prefer" ones
// off. preferred says whether a "prefer" tool went strict.
func bedrockToolConfig(tools []Tool, choice any, supportsStrict, disablePreferred bool) (cfg map[string]any, preferred bool, err error) {
	if len(tools) == 0 || choice == "none" {
		return nil, false, nil
	}
	specs := make([]any, len(tools))
	for i, t := range tools {
		prefers := t.prefersStrictSampling()
		strict := false
		if !disablePreferred || !prefers {
			if strict, err = t.strictSampling(supportsStrict, nil); err != nil {
				return nil, false, err
			}
		}
		preferred = preferred || (strict && prefers)
		var schema any = t.declaredParameters()
		if strict {
			if schema, err = strictJSONSchema(schema, nil); err != nil {
				return nil, false, err
			}
		}
		spec := map[string]any{"name": t.Name, "description": t.Description, "inputSchema": map[string]any{"json": schema}}
		if strict {
			spec["strict"] = true
		}
		specs[i] = map[string]any{"toolSpec": spec}
	}
	cfg = map[string]any{"tools": specs}
	switch v := choice.(type) {
	case string:
		switch v {
		case "auto":
			cfg["toolChoice"] = map[string]any{"auto": map[string]any{}}
		case "any":
			cfg["toolChoice"] = map[string]any{"any": map[string]any{}}
		}
	case map[string]any:
		if v["type"] == "tool" {
			cfg["toolChoice"] = map[string]any{"tool": map[string]any{"name": v["name"]}}
		}
	}
	return cfg, preferred, nil
}

// bedrockRegion is pi-ai's getConfiguredBedrockRegion.
func bedrockRegion(opts *Options) string {
	if opts.Region != "" {
		return opts.Region
	}
	if r := bedrockEnv(opts, "AWS_REGION"); r != "" {
		return r
	}
	return bedrockEnv(opts, "AWS_DEFAULT_REGION")
}

// bedrockEndpointRegion is pi-ai's getStandardBedrockEndpointRegion.
func bedrockEndpointRegion(baseURL string) string {
	if baseURL == "" {
		return ""
	}
	u, err := url.Parse(baseURL)
	if err != nil {
		return ""
	}
	if m := bedrockEndpointRegionRe.FindStringSubmatch(strings.ToLower(u.Hostname())); m != nil {
		return m[1]
	}
	return ""
}

// bedrockGovCloud is pi-ai's isGovCloudBedrockTarget.
func bedrockGovCloud(m *Model, opts *Options) bool {
	if strings.HasPrefix(strings.ToLower(bedrockRegion(opts)), "us-gov-") {
		return true
	}
	id := strings.ToLower(m.ID)
	return strings.HasPrefix(id, "us-gov.") || strings.HasPrefix(id, "arn:aws-us-gov:")
}

// bedrockEffort is pi-ai's mapThinkingLevelToEffort.
func bedrockEffort(m *Model, l ThinkingLevel) string {
	if l == ThinkingXHigh && bedrockNativeXHigh(m) {
		return "xhigh"
	}
	return anthropicEffort(m, l)
}

// bedrockGPTEffort and bedrockGPTOSSEffort are pi-ai's OPENAI_GPT_EFFORT
// and OPENAI_GPT_OSS_EFFORT.
var (
	bedrockGPTEffort    = map[ThinkingLevel]string{ThinkingMinimal: "low", ThinkingLow: "low", ThinkingMedium: "medium", ThinkingHigh: "high", ThinkingXHigh: "xhigh", ThinkingMax: "max"}
	bedrockGPTOSSEffort = map[ThinkingLevel]string{ThinkingMinimal: "low", ThinkingLow: "low", ThinkingMedium: "medium", ThinkingHigh: "high", ThinkingXHigh: "high", ThinkingMax: "high"}
)

// bedrockAdditionalFields is pi-ai's buildAdditionalModelRequestFields
// for level (budget the thinking budget of budget-based Claude).
func bedrockAdditionalFields(m *Model, opts *Options, level ThinkingLevel, budget int) map[string]any {
	if level == "" || !m.Reasoning {
		return nil
	}
	if isBedrockClaude(m) {
		gov := bedrockGovCloud(m, opts)
		thinking := map[string]any{}
		var result map[string]any
		if bedrockAdaptiveThinking(m) {
			binding := !gov && bedrockNativeXHigh(m)
			thinking["type"] = "adaptive"
			if !gov {
				thinking["display"] = "summarized"
			}
			if binding {
				thinking["block_binding"] = map[string]any{"prefix_mismatch_behavior": "drop_block"}
			}
			result = map[string]any{"thinking": thinking, "output_config": map[string]any{"effort": bedrockEffort(m, level)}}
			if binding {
				result["anthropic_beta"] = []any{bedrockBindingBeta}
			}
			return result
		}
		thinking["type"], thinking["budget_tokens"] = "enabled", int64(budget)
		if !gov {
			thinking["display"] = "summarized"
		}
		return map[string]any{"thinking": thinking, "anthropic_beta": []any{bedrockInterleavedBeta}}
	}
	if bedrockMatchesAny(m, "gpt-oss") {
		return map[string]any{"reasoning_effort": bedrockGPTOSSEffort[level]}
	}
	if bedrockMatchesAny(m, "gpt-") {
		effort := bedrockGPTEffort[level]
		if v, ok := m.ThinkingLevelMap[level]; ok && v != nil {
			effort = *v
		}
		return map[string]any{"reasoning": map[string]any{"effort": effort}}
	}
	return nil
}

// buildBedrockPayload is pi-ai's command input for ConverseStream, with
// streamSimple's options: maxTokens and the thinking budget of
// budget-based Claude, the clamped reasoning level. disablePreferred
// sends "prefer" strict tools non-strict; preferred says whether one
// went strict.
func buildBedrockPayload(model *Model, c *Context, opts *Options, disablePreferred bool) (payload map[string]any, preferred bool, err error) {
	msgs, err := decodeMessages(c.Messages)
	if err != nil {
		return nil, false, err
	}
	retention := bedrockCacheRetention(opts)
	messages, err := bedrockMessages(msgs, model, opts, retention)
	if err != nil {
		return nil, false, err
	}
	level := opts.reasoning()
	maxTokens, budget := opts.baseMaxTokens(model, c), 0
	if level != "" && isBedrockClaude(model) && !bedrockAdaptiveThinking(model) {
		// streamSimple fits the budget into maxTokens, leaving room for
		// the answer.
		maxTokens, budget = adjustMaxTokensForThinking(maxTokens, model.MaxTokens, level, opts.ThinkingBudgets)
		budget = clampThinkingBudgetToAnswerRoom(budget, maxTokens)
	}
	payload = map[string]any{"modelId": model.ID, "messages": messages}
	if sp := c.SystemPrompt; sp != "" {
		system := []any{map[string]any{"text": sanitize(sp)}}
		if retention != "none" && bedrockPromptCaching(model, opts) {
			system = append(system, bedrockCachePoint(retention))
		}
		payload["system"] = system
	}
	inference := map[string]any{}
	if maxTokens > 0 {
		inference["maxTokens"] = int64(maxTokens)
	}
	if opts.Temperature != nil {
		inference["temperature"] = *opts.Temperature
	}
	payload["inferenceConfig"] = inference
	supportsStrict := model.Compat != nil && model.Compat.SupportsStrictMode != nil && *model.Compat.SupportsStrictMode
	tc, preferred, err := bedrockToolConfig(c.Tools, opts.ToolChoice, supportsStrict, disablePreferred)
	if err != nil {
		return nil, false, err
	}
	if tc != nil {
		payload["toolConfig"] = tc
	}
	if f := bedrockAdditionalFields(model, opts, level, budget); f != nil {
		payload["additionalModelRequestFields"] = f
	}
	if opts.RequestMetadata != nil {
		payload["requestMetadata"] = cloneValue(opts.RequestMetadata)
	}
	return payload, preferred, nil
}

// bedrockClientOptions is pi-ai's client config: region, endpoint and
// credentials from the options and environment.
func bedrockClientOptions(ctx context.Context, model *Model, opts *Options) (bedrockruntime.Options, error) {
	profile := bedrockEnv(opts, "AWS_PROFILE")
	configured := bedrockRegion(opts)
	endpointRegion := bedrockEndpointRegion(model.BaseURL)
	// Only standard Bedrock endpoints give way to a configured region or
	// profile; custom ones (VPC, proxies) are always used.
	explicitEndpoint := endpointRegion == "" || (configured == "" && profile == "")
	o := bedrockruntime.Options{HTTPClient: bedrockHTTPClient{opts.client()}}
	if explicitEndpoint {
		o.BaseEndpoint = aws.String(model.BaseURL)
	}
	switch m := bedrockARNRegionRe.FindStringSubmatch(model.ID); {
	case m != nil:
		o.Region = m[1]
	case configured != "":
		o.Region = configured
	case endpointRegion != "" && explicitEndpoint:
		o.Region = endpointRegion
	case profile == "":
		o.Region = "us-east-1"
	}
	skipAuth := bedrockEnv(opts, "AWS_BEDROCK_SKIP_AUTH") == "1"
	bearerToken := opts.APIKey
	if bearerToken == bedrockAuthenticatedKey {
		bearerToken = ""
	}
	if bearerToken == "" {
		bearerToken = bedrockEnv(opts, "AWS_BEARER_TOKEN_BEDROCK")
	}
	keyID, secret := bedrockEnv(opts, "AWS_ACCESS_KEY_ID"), bedrockEnv(opts, "AWS_SECRET_ACCESS_KEY")
	switch {
	case skipAuth:
		o.Credentials = credentials.NewStaticCredentialsProvider("dummy-access-key", "dummy-secret-key", "")
	case bearerToken != "":
		o.BearerAuthTokenProvider = bearer.StaticTokenProvider{Token: bearer.Token{Value: bearerToken}}
		o.BearerAuthSigner = bedrockBearerSigner{}
		o.AuthSchemePreference = []string{"httpBearerAuth"}
		// SigV4 is not used, but the SDK resolves credentials anyway.
		o.Credentials = aws.AnonymousCredentials{}
	case keyID != "" && secret != "" && profile == "":
		o.Credentials = credentials.NewStaticCredentialsProvider(keyID, secret, bedrockEnv(opts, "AWS_SESSION_TOKEN"))
	default:
		// The SDK's default chain: the profile's shared config, web
		// identity, container and instance credentials.
		cfg, err := bedrockSharedConfig(ctx, opts, profile)
		if err != nil {
			return o, err
		}
		o.Credentials = cfg.Credentials
		if o.Region == "" {
			o.Region = cfg.Region
		}
	}
	if o.Region == "" {
		// Left to the SDK with a profile, whatever signs the request: the
		// profile's region.
		cfg, err := bedrockSharedConfig(ctx, opts, profile)
		if err != nil {
			return o, err
		}
		o.Region = cfg.Region
	}
	return o, nil
}

// bedrockSharedConfig is the AWS SDK's default configuration for profile
// (none: the default one), from the shared files env names.
func bedrockSharedConfig(ctx context.Context, opts *Options, profile string) (aws.Config, error) {
	var load []func(*config.LoadOptions) error
	if profile != "" {
		load = append(load, config.WithSharedConfigProfile(profile))
	}
	if f := bedrockEnv(opts, "AWS_CONFIG_FILE"); f != "" {
		load = append(load, config.WithSharedConfigFiles([]string{f}))
	}
	if f := bedrockEnv(opts, "AWS_SHARED_CREDENTIALS_FILE"); f != "" {
		load = append(load, config.WithSharedCredentialsFiles([]string{f}))
	}
	return config.LoadDefaultConfig(ctx, load...)
}

// bedrockHTTPClient sends a request with a body of its own. smithy closes
// the body it gave net/http as soon as Do returns, while the transport's
// write loop may still be reading it once more to check for bytes past
// Content-Length; smithy's closed body then answers that read with
// io.EOF through WriteTo, which net/http takes for a write error and
// closes the connection, breaking the response stream mid-way ("use of
// closed network connection").
type bedrockHTTPClient struct{ c *http.Client }

func (b bedrockHTTPClient) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody {
		body, err := io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			return nil, err
		}
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	}
	return b.c.Do(req)
}

// bedrockBearerSigner sets the bearer token on any endpoint: the SDK's
// own refuses plain HTTP, which pi-ai's JavaScript SDK sends it over
// (a custom endpoint such as a local proxy).
type bedrockBearerSigner struct{}

func (bedrockBearerSigner) SignWithBearerToken(_ context.Context, token bearer.Token, msg bearer.Message) (bearer.Message, error) {
	req, ok := msg.(*smithyhttp.Request)
	if !ok {
		return nil, fmt.Errorf("bearer token cannot sign a %T", msg)
	}
	req = req.Clone()
	req.Header.Set("Authorization", "Bearer "+token.Value)
	return req, nil
}

// bedrockOpenBlock is one content block the stream has not stopped.
type bedrockOpenBlock struct {
	index    int
	args     string // a tool call's argument text so far
	redacted []byte // encrypted reasoning, encoded when the block ends
}

// bedrockStream is the state of one ConverseStream.
type bedrockStream struct {
	producer
	open map[int32]*bedrockOpenBlock
}

func (st *bedrockStream) stream(ctx context.Context, c *Context) error {
	model, opts := st.model, st.opts
	// A session whose strict tools Claude rejected sends them non-strict.
	disablePreferred := hasExceededStrictToolLimits(opts.SessionID)
	var co *bedrockruntime.Options
	var resp *bedrockruntime.ConverseStreamOutput
	for {
		payload, preferred, err := buildBedrockPayload(model, c, opts, disablePreferred)
		if err != nil {
			return err
		}
		if payload, err = st.payload(ctx, payload); err != nil {
			return err
		}
		if co == nil {
			o, err := bedrockClientOptions(ctx, model, opts)
			if err != nil {
				return errors.New(bedrockErrorText(err))
			}
			co = &o
		}
		resp, err = st.send(ctx, *co, payload)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return errors.New(msgAborted)
		}
		// pi-ai 1.6: strict tools over Claude's limits are sent again
		// non-strict, once, and the session remembers.
		var apiErr smithy.APIError
		if disablePreferred || !preferred || !errors.As(err, &apiErr) || apiErr.ErrorCode() != "ValidationException" ||
			!isStrictToolLimitError(apiErr.ErrorMessage()) {
			return errors.New(bedrockErrorText(err))
		}
		disablePreferred = true
		markStrictToolLimitsExceeded(opts.SessionID)
		st.out.Diagnostics = append(st.out.Diagnostics, Diagnostic{Type: "bedrock_strict_tools_fallback", Timestamp: opts.now().UnixMilli(),
			Error: DiagnosticError{Message: apiErr.ErrorMessage()}, Details: map[string]any{"reason": "strict_tool_limits_exceeded"}})
	}
	if opts.OnResponse != nil {
		headers := map[string]string{}
		if raw, ok := awsmiddleware.GetRawResponse(resp.ResultMetadata).(*smithyhttp.Response); ok {
			for k, v := range raw.Header {
				headers[strings.ToLower(k)] = strings.Join(v, ", ")
			}
			opts.OnResponse(ctx, raw.StatusCode, headers, model)
		}
	}
	events := resp.GetStream()
	defer events.Close()
	for ev := range events.Events() {
		if err := st.event(ev); err != nil {
			return err
		}
	}
	// The JavaScript SDK's stream fails with "aborted" once aborted.
	if ctx.Err() != nil {
		return errors.New(bedrockStreamAborted)
	}
	if err := events.Err(); err != nil {
		return errors.New(bedrockErrorText(err))
	}
	return st.stoppedError("Bedrock stream ended without a stop reason")
}

// send starts the ConverseStream of payload.
func (st *bedrockStream) send(ctx context.Context, co bedrockruntime.Options, payload map[string]any) (*bedrockruntime.ConverseStreamOutput, error) {
	modelID, _ := payload["modelId"].(string)
	wire := make(map[string]any, len(payload))
	for k, v := range payload {
		if k != "modelId" { // the operation's URL carries it
			wire[k] = v
		}
	}
	body, err := encodeBody(wire)
	if err != nil {
		return nil, err
	}
	model, opts := st.model, st.opts
	client := bedrockruntime.New(co, func(o *bedrockruntime.Options) {
		// New takes a bearer token from the process environment; the
		// options' environment decides here.
		o.BearerAuthTokenProvider, o.AuthSchemePreference = co.BearerAuthTokenProvider, co.AuthSchemePreference
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Serialize.Add(bedrockBody(body), middleware.After)
		}, func(stack *middleware.Stack) error {
			return stack.Build.Add(bedrockHeaders(model, opts), middleware.After)
		})
	})
	return client.ConverseStream(ctx, &bedrockruntime.ConverseStreamInput{ModelId: aws.String(modelID)})
}

// bedrockBody sends body as the request's JSON in place of the SDK's
// serialization of the (empty) input.
func bedrockBody(body []byte) middleware.SerializeMiddleware {
	return middleware.SerializeMiddlewareFunc("PigoBedrockBody", func(ctx context.Context, in middleware.SerializeInput, next middleware.SerializeHandler) (middleware.SerializeOutput, middleware.Metadata, error) {
		if req, ok := in.Request.(*smithyhttp.Request); ok {
			r, err := req.SetStream(bytes.NewReader(body))
			if err != nil {
				return middleware.SerializeOutput{}, middleware.Metadata{}, err
			}
			r.ContentLength = int64(len(body))
			r.Header.Set("Content-Type", "application/json")
			in.Request = r
		}
		return next.HandleSerialize(ctx, in)
	})
}

// bedrockHeaders adds the model's and the options' headers before
// signing, except those SigV4 or the bearer token own (pi-ai's
// addCustomHeadersMiddleware).
func bedrockHeaders(model *Model, opts *Options) middleware.BuildMiddleware {
	return middleware.BuildMiddlewareFunc("PigoBedrockHeaders", func(ctx context.Context, in middleware.BuildInput, next middleware.BuildHandler) (middleware.BuildOutput, middleware.Metadata, error) {
		if req, ok := in.Request.(*smithyhttp.Request); ok {
			for _, h := range []map[string]string{model.Headers, opts.Headers} {
				for k, v := range h {
					lower := strings.ToLower(k)
					if strings.HasPrefix(lower, "x-amz-") || lower == "authorization" || lower == "host" {
						continue
					}
					req.Header.Set(k, v)
				}
			}
			for _, k := range opts.DropHeaders {
				req.Header.Del(k)
			}
		}
		return next.HandleBuild(ctx, in)
	})
}

// bedrockErrorText is pi-ai's formatBedrockError.
func bedrockErrorText(err error) string {
	core := err.Error()
	var apiErr smithy.APIError
	isAPI := errors.As(err, &apiErr)
	if isAPI {
		core = apiErr.ErrorMessage()
		if core == "" {
			core = apiErr.ErrorCode()
		}
	}
	hint := ""
	if bedrockDataRetentionRe.MatchString(core) {
		hint = " See " + bedrockDataRetentionDocs + " for supported data retention modes."
	}
	if isAPI {
		prefix, ok := bedrockErrorPrefixes[apiErr.ErrorCode()]
		if !ok {
			prefix = apiErr.ErrorCode()
		}
		return prefix + ": " + core + hint
	}
	return core + hint
}

// event applies one stream event (pi-ai's loop over response.stream).
func (st *bedrockStream) event(ev types.ConverseStreamOutput) error {
	switch e := ev.(type) {
	case *types.ConverseStreamOutputMemberMessageStart:
		if e.Value.Role != types.ConversationRoleAssistant {
			return errors.New("Unexpected assistant message start but got user message start instead")
		}
		st.push(Event{Type: EventStart})
	case *types.ConverseStreamOutputMemberContentBlockStart:
		if tu, ok := e.Value.Start.(*types.ContentBlockStartMemberToolUse); ok {
			st.out.Content = append(st.out.Content, ToolCallBlock(aws.ToString(tu.Value.ToolUseId), aws.ToString(tu.Value.Name), map[string]any{}))
			i := len(st.out.Content) - 1
			st.open[aws.ToInt32(e.Value.ContentBlockIndex)] = &bedrockOpenBlock{index: i}
			st.push(Event{Type: EventToolCallStart, ContentIndex: i})
		}
	case *types.ConverseStreamOutputMemberContentBlockDelta:
		st.delta(aws.ToInt32(e.Value.ContentBlockIndex), e.Value.Delta)
	case *types.ConverseStreamOutputMemberContentBlockStop:
		st.stop(aws.ToInt32(e.Value.ContentBlockIndex))
	case *types.ConverseStreamOutputMemberMessageStop:
		raw := string(e.Value.StopReason)
		st.out.RawStopReason = raw
		reason, msg := mapBedrockStopReason(raw)
		st.out.StopReason = reason
		if msg != "" {
			st.out.ErrorMessage = msg
		}
	case *types.ConverseStreamOutputMemberMetadata:
		if u := e.Value.Usage; u != nil {
			out := &st.out.Usage
			out.Input, out.Output = int(aws.ToInt32(u.InputTokens)), int(aws.ToInt32(u.OutputTokens))
			out.CacheRead, out.CacheWrite = int(aws.ToInt32(u.CacheReadInputTokens)), int(aws.ToInt32(u.CacheWriteInputTokens))
			var long *int
			if u.CacheDetails != nil {
				n := 0
				for _, d := range u.CacheDetails {
					if d.Ttl == types.CacheTTLOneHour {
						n += int(aws.ToInt32(d.InputTokens))
					}
				}
				long = &n
			}
			out.CacheWrite1h = long
			out.TotalTokens = int(aws.ToInt32(u.TotalTokens))
			if out.TotalTokens == 0 {
				out.TotalTokens = out.Input + out.Output
			}
			CalculateCost(st.model, out)
		}
	}
	return nil
}

// delta is pi-ai's handleContentBlockDelta.
func (st *bedrockStream) delta(index int32, delta types.ContentBlockDelta) {
	open := st.open[index]
	block := func() *ContentBlock {
		if open == nil {
			return nil
		}
		return &st.out.Content[open.index]
	}
	startBlock := func(b ContentBlock, ev EventType) {
		st.out.Content = append(st.out.Content, b)
		open = &bedrockOpenBlock{index: len(st.out.Content) - 1}
		st.open[index] = open
		st.push(Event{Type: ev, ContentIndex: open.index})
	}
	switch d := delta.(type) {
	case *types.ContentBlockDeltaMemberText:
		if open == nil {
			startBlock(ContentBlock{Type: BlockText}, EventTextStart)
		}
		if b := block(); b.Type == BlockText {
			b.Text += d.Value
			st.push(Event{Type: EventTextDelta, ContentIndex: open.index, Delta: d.Value})
		}
	case *types.ContentBlockDeltaMemberToolUse:
		b := block()
		if b == nil || b.Type != BlockToolCall {
			return
		}
		in := aws.ToString(d.Value.Input)
		open.args += in
		b.Arguments = parseStreamingJSON(open.args)
		st.push(Event{Type: EventToolCallDelta, ContentIndex: open.index, Delta: in})
	case *types.ContentBlockDeltaMemberReasoningContent:
		if open == nil {
			startBlock(ContentBlock{Type: BlockThinking, keepEmptySig: true}, EventThinkingStart)
		}
		b := block()
		if b.Type != BlockThinking {
			return
		}
		switch r := d.Value.(type) {
		case *types.ReasoningContentBlockDeltaMemberText:
			if r.Value != "" {
				b.Thinking += r.Value
				st.push(Event{Type: EventThinkingDelta, ContentIndex: open.index, Delta: r.Value})
			}
		case *types.ReasoningContentBlockDeltaMemberSignature:
			// A signature and a redacted payload never mix.
			if r.Value != "" && !b.Redacted {
				b.ThinkingSignature += r.Value
			}
		case *types.ReasoningContentBlockDeltaMemberRedactedContent:
			if len(r.Value) == 0 {
				return
			}
			if !b.Redacted {
				b.Redacted, b.ThinkingSignature = true, ""
				b.Thinking += bedrockRedactedThinking
				st.push(Event{Type: EventThinkingDelta, ContentIndex: open.index, Delta: bedrockRedactedThinking})
			}
			open.redacted = append(open.redacted, r.Value...)
		}
	}
}

// flushRedacted stores a block's encrypted reasoning as base64 in its
// thinkingSignature, as pi-ai's flushRedactedContent.
func (st *bedrockStream) flushRedacted(open *bedrockOpenBlock) {
	b := &st.out.Content[open.index]
	if b.Type != BlockThinking || open.redacted == nil {
		return
	}
	b.ThinkingSignature = base64.StdEncoding.EncodeToString(open.redacted)
	open.redacted = nil
}

// flushOpenBlocks finalizes the blocks a stream settled without stopping.
func (st *bedrockStream) flushOpenBlocks() {
	for k, open := range st.open {
		st.flushRedacted(open)
		delete(st.open, k)
	}
}

// stop is pi-ai's handleContentBlockStop.
func (st *bedrockStream) stop(index int32) {
	open := st.open[index]
	if open == nil {
		return
	}
	delete(st.open, index)
	b := &st.out.Content[open.index]
	switch b.Type {
	case BlockText:
		st.push(Event{Type: EventTextEnd, ContentIndex: open.index, Content: b.Text})
	case BlockThinking:
		st.flushRedacted(open)
		st.push(Event{Type: EventThinkingEnd, ContentIndex: open.index, Content: b.Thinking})
	case BlockToolCall:
		b.setFinalArguments(open.args)
		tc := *b
		st.push(Event{Type: EventToolCallEnd, ContentIndex: open.index, ToolCall: &tc})
	}
}

// mapBedrockStopReason is pi-ai's mapStopReason.
func mapBedrockStopReason(r string) (StopReason, string) {
	switch types.StopReason(r) {
	case types.StopReasonEndTurn, types.StopReasonStopSequence:
		return StopReasonStop, ""
	case types.StopReasonMaxTokens, types.StopReasonModelContextWindowExceeded:
		return StopReasonLength, ""
	case types.StopReasonToolUse:
		return StopReasonToolUse, ""
	}
	if r == "" {
		return StopReasonError, ""
	}
	return StopReasonError, "Provider stopped with: " + r
}
