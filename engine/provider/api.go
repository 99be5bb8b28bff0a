package provider

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// API streams one request for models of one api name (pi-ai's streamSimple).
// Implementations return an error only for problems found before anything is
// sent (missing key); all later failures are an error event on the stream.
// The stream must end (done or error) promptly once ctx is cancelled, with
// stopReason "aborted".
type API interface {
	Stream(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error)
}

// APIFunc adapts a function to [API].
type APIFunc func(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error)

// Stream calls f.
func (f APIFunc) Stream(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	return f(ctx, model, c, opts)
}

// Options are per-request options (pi-ai's SimpleStreamOptions). The zero
// value is valid: no thinking, the model's default token limit, default
// retries and timeouts, http.DefaultClient.
type Options struct {
	// APIKey authenticates the request. When empty the key comes from Env
	// with pi's variable names (see [EnvAPIKey]); Stream fails with
	// ErrNoAPIKey if there is none.
	APIKey string
	// Env is consulted for API keys when APIKey is empty. Never os.Getenv.
	Env map[string]string
	// Headers are added to (and override) the request headers.
	Headers map[string]string
	// DropHeaders are removed from the request headers, whatever set them
	// (names match case-insensitively; pi's null header values).
	DropHeaders []string
	// OnHeaders, when set, is called once per request (retries reuse its
	// outcome) with the headers the request adds, resolved auth and
	// configured headers then Headers, and returns them changed: a string
	// sets a header, nil removes it whoever set it, other values are
	// ignored; a nil map changes nothing (pi's transformHeaders, the
	// before_provider_headers hook). [Registry.Stream] calls it.
	OnHeaders func(ctx context.Context, headers map[string]any) map[string]any

	// Thinking is the reasoning level; "" and "off" disable reasoning.
	Thinking ThinkingLevel
	// ThinkingBudgets overrides the token budgets of budget-based thinking
	// (anthropic-messages on pre-4.6 models, google-generative-ai on Gemini
	// 2.x). Zero fields keep pi's defaults (anthropic: minimal 1024, low
	// 2048, medium 8192, high 16384; Gemini: per model).
	ThinkingBudgets ThinkingBudgets
	// MaxTokens caps output tokens; 0 means the model's maxTokens. Either
	// is fitted into the room left in the context window, as in pi-ai 1.6.
	MaxTokens int
	// EstimateContext is the conversation that room is estimated on, as
	// pi-ai 1.6 estimates it: with its later system messages in place,
	// where the request replays them into one prompt for a model that
	// takes none. Nil: the request's context. Stream and Registry.Stream
	// set it to the context they were given when they replay it.
	EstimateContext *Context
	// Temperature, when set, is sent as is (anthropic drops it while thinking).
	Temperature *float64
	// ToolChoice is sent as tool_choice when set (a string such as "auto",
	// or a provider-specific object); google-generative-ai sends "none" and
	// "any" as toolConfig modes NONE and ANY, anything else as AUTO.
	ToolChoice any

	// SessionID enables session-keyed prompt caching where supported.
	SessionID string
	// CacheRetention is "none", "short" (default) or "long".
	CacheRetention string
	// DisableContinuation keeps the request out of the session's provider
	// thread (anthropic-messages message threads): a cache refresh
	// repeats the last request and must not take its reply's place.
	DisableContinuation bool
	// Metadata: anthropic-messages sends metadata.user_id from it.
	Metadata map[string]any
	// RequestMetadata is bedrock-converse-stream's requestMetadata (pi-ai's
	// option of that name): sent as is with the request when set.
	RequestMetadata map[string]any
	// Region is bedrock-converse-stream's AWS region (pi-ai's region
	// option), before AWS_REGION and AWS_DEFAULT_REGION.
	Region string
	// Transport is pi's transport setting for APIs that speak more than
	// one (openai-codex-responses): "" and "sse" for SSE only; "auto",
	// "websocket" and "websocket-cached" (and any other value, as in pi)
	// try a WebSocket first and fall back to SSE; "auto" and
	// "websocket-cached" also continue the previous response on a cached
	// connection. pi's default is "auto", which the agent session passes.
	Transport string

	// Retry configures HTTP-level retries and timeouts.
	Retry RetryPolicy

	// OnPayload may inspect or replace the request body before it is sent
	// (pi's onPayload, the before_provider_request hook). Returning nil keeps
	// the payload; an error fails the request.
	OnPayload func(ctx context.Context, payload map[string]any, model *Model) (map[string]any, error)
	// OnResponse is called once the HTTP response arrived, before its body is
	// read (pi's onResponse, the after_provider_response hook). Header names
	// are lower case.
	OnResponse func(ctx context.Context, status int, headers map[string]string, model *Model)

	// HTTPClient sends the requests; nil means http.DefaultClient.
	HTTPClient *http.Client
	// Now is the clock for message timestamps; nil means time.Now.
	Now func() time.Time
}

// ThinkingBudgets are token budgets per thinking level.
type ThinkingBudgets struct {
	Minimal int `json:"minimal,omitempty"`
	Low     int `json:"low,omitempty"`
	Medium  int `json:"medium,omitempty"`
	High    int `json:"high,omitempty"`
}

func (o *Options) now() time.Time {
	if o != nil && o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

func (o *Options) client() *http.Client {
	if o != nil && o.HTTPClient != nil {
		return o.HTTPClient
	}
	return http.DefaultClient
}

// reasoning returns the requested thinking level, "" when off.
func (o *Options) reasoning() ThinkingLevel {
	if o == nil || o.Thinking == ThinkingOff {
		return ""
	}
	return o.Thinking
}

// reasoningEffort is the requested level clamped to what model supports
// (pi-ai's clampThinkingLevel), "" when thinking is off.
func (o *Options) reasoningEffort(m *Model) ThinkingLevel {
	if r := o.reasoning(); r != "" {
		if cl := ClampThinkingLevel(m, r); cl != ThinkingOff {
			return cl
		}
	}
	return ""
}

// apiKey resolves the key as pi-ai does: explicit, else the environment.
func (o *Options) apiKey(provider string) (string, error) {
	if o != nil && o.APIKey != "" {
		return o.APIKey, nil
	}
	var env map[string]string
	if o != nil {
		env = o.Env
	}
	if k := EnvAPIKey(provider, env); k != "" {
		return k, nil
	}
	return "", &Error{Kind: ErrNoAPIKey, Message: "No API key for provider: " + provider}
}

// clientAPIKey is pi-ai's openai-completions getClientApiKey: without a
// key, an authorization header (a Kimi Code login's) stands in, and the
// SDK's key is the placeholder "unused", which the header overrides.
func (o *Options) clientAPIKey(provider string) (string, error) {
	key, err := o.apiKey(provider)
	if err == nil || o == nil {
		return key, err
	}
	for _, name := range []string{"authorization", "cf-aig-authorization"} {
		if v, _ := headerFold(o.Headers, name); strings.TrimSpace(v) != "" {
			return "unused", nil
		}
	}
	return "", err
}

// estimateContext is the conversation the output cap is estimated on:
// EstimateContext, else c.
func (o *Options) estimateContext(c *Context) *Context {
	if o != nil && o.EstimateContext != nil {
		return o.EstimateContext
	}
	return c
}

// baseMaxTokens is pi-ai 1.6's buildBaseOptions maxTokens: the cap asked
// for, else the model's maxTokens, fitted into the room the context
// leaves in the model's window (0: no cap, for a model without maxTokens).
func (o *Options) baseMaxTokens(m *Model, c *Context) int {
	limit := m.MaxTokens
	if o != nil && o.MaxTokens > 0 {
		limit = o.MaxTokens
	}
	if limit <= 0 {
		return 0
	}
	return clampMaxTokensToContext(m, o.estimateContext(c), limit)
}

// BuiltinAPIs returns the HTTP APIs this package implements, keyed by api
// name: openai-completions, openai-responses, azure-openai-responses,
// openai-codex-responses, anthropic-messages, google-generative-ai,
// google-vertex, mistral-conversations and bedrock-converse-stream.
func BuiltinAPIs() map[string]API {
	return map[string]API{
		APIOpenAICompletions:     APIFunc(streamOpenAICompletions),
		APIOpenAIResponses:       APIFunc(streamOpenAIResponses),
		APIAzureOpenAIResponses:  APIFunc(streamAzureOpenAIResponses),
		APIAnthropicMessages:     APIFunc(streamAnthropic),
		APIGoogleGenerativeAI:    APIFunc(streamGoogle),
		APIGoogleVertex:          APIFunc(streamGoogleVertex),
		APIMistralConversations:  APIFunc(streamMistral),
		APIBedrockConverseStream: APIFunc(streamBedrock),
		APIOpenAICodexResponses:  APIFunc(streamOpenAICodexResponses),
	}
}

// Stream starts one request to model with a built-in API and returns its
// event stream. Use a [Registry] for models.json/auth.json credentials and
// for other APIs (scripted, JS providers).
func Stream(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	api, ok := BuiltinAPIs()[model.API]
	if !ok {
		return nil, &Error{Kind: ErrUnknownAPI, Message: "No API provider registered for api: " + model.API}
	}
	resolved := resolveTranscript(model, c)
	if resolved != c && (opts == nil || opts.EstimateContext == nil) {
		o := Options{}
		if opts != nil {
			o = *opts
		}
		o.EstimateContext, opts = c, &o
	}
	return api.Stream(ctx, model, resolved, opts)
}

// Complete runs Stream and waits for the final message.
func Complete(ctx context.Context, model *Model, c *Context, opts *Options) (*AssistantMessage, error) {
	s, err := Stream(ctx, model, c, opts)
	if err != nil {
		return nil, err
	}
	return s.Result(), nil
}
