// Package provider is pigo's model provider layer: it streams one assistant
// reply from a model the way pi-ai 0.73.1 does, and knows which providers and
// models exist and how to authenticate them, the way pi's model registry does.
// It belongs to the engine layer: standard library only, and it never imports
// goja, esbuild or jsapi (nor engine, which builds the agent loop on top of
// it).
//
// # Streaming
//
// [Stream] (or [Registry.Stream]) starts a request and returns an
// [EventStream] carrying pi-ai's AssistantMessageEvent sequence: start, then
// text_*/thinking_*/toolcall_* start, delta and end events, and exactly one
// terminal done or error event. Every event marshals to pi-ai's JSON (field
// names and order), and every non-terminal event carries a snapshot of the
// partial [AssistantMessage], including pi-ai's streaming scratch fields
// (partialArgs, streamIndex, index, partialJson) where pi-ai has them.
//
//	s, err := provider.Stream(ctx, model, &provider.Context{
//		SystemPrompt: "Be brief.",
//		Messages:     []map[string]any{{"role": "user", "content": "hi", "timestamp": 0}},
//	}, &provider.Options{APIKey: key, Thinking: provider.ThinkingLow})
//	if err != nil { ... } // no key, unknown api: nothing was sent
//	for ev := range s.Events() {
//		if ev.Type == provider.EventTextDelta { fmt.Print(ev.Delta) }
//	}
//	msg := s.Result() // stopReason stop|length|toolUse|error|aborted
//
// Failures after the request was accepted never panic or hang: HTTP errors,
// broken or truncated streams, stalled streams (idle timeout), unknown stop
// reasons and provider error chunks end the stream with an error event whose
// message has stopReason "error" and pi's errorMessage text; a cancelled ctx
// ends it promptly with stopReason "aborted". Invalid tool-call JSON is
// parsed as far as possible (pi-ai's parseStreamingJson); the agent loop's
// schema validation reports what is missing.
//
// Built-in APIs: "openai-completions" (OpenAI, OpenRouter, Groq, xAI,
// DeepSeek, Ollama, vLLM, LM Studio and other compatible servers, with
// pi's compat switches), "openai-responses" (OpenAI's Responses API, with
// reasoning items replayed from thinking signatures) and its
// "azure-openai-responses" variant (AZURE_OPENAI_* settings from the
// environment map), "openai-codex-responses" (ChatGPT subscriptions through
// the Codex backend, over a WebSocket or SSE as Options.Transport says),
// "anthropic-messages" (API keys, Claude Pro/Max OAuth tokens sent the way
// Claude Code sends them, and Copilot's Claude models),
// "google-generative-ai" (the Gemini API as
// @google/genai calls it), "google-vertex" (Gemini on Vertex AI with an
// API key or Google Application Default Credentials),
// "mistral-conversations" (Mistral's chat API) and "bedrock-converse-stream"
// (Amazon Bedrock's ConverseStream through the AWS SDK, with AWS
// credentials or a Bedrock bearer token). Other api names are served by [API]
// implementations registered on a [Registry]: the [Scripted] provider, or
// JS providers adapted by the host.
//
// # Retries
//
// Each request retries connection failures, timeouts and HTTP 408/409/429/5xx
// before anything is emitted, honouring retry-after-ms and Retry-After, as the
// OpenAI and Anthropic SDKs pi-ai uses do ([RetryPolicy]; pi's settings
// retry.provider.*). pigo applies the same policy to google-generative-ai,
// whose SDK client in pi-ai does not retry. The
// turn-level retry of pi's agent (retry.enabled/maxRetries/baseDelayMs,
// auto_retry_* events) belongs to the agent loop; [IsRetryableError] and
// [RetrySettings.AgentDelay] give it pi's rules.
//
// # Registry
//
// [NewRegistry] combines the built-in catalog ([BuiltinModels]),
// <agentDir>/models.json (pi's format, comments and trailing commas allowed,
// overrides and custom providers), <agentDir>/auth.json, API keys from an
// explicit environment map (never os.Getenv), runtime keys and
// pi.registerProvider-style registrations. It resolves "provider/id",
// fuzzy and ":thinking" references like pi 1.6's --model, the credentials
// deciding between providers that offer the same model
// ([Registry.ResolveModel]), and applies what pi-ai's provider
// definitions wrap around their APIs (Cloudflare's baseUrl placeholders,
// OpenCode's session header, Azure's deployment names) per request.
//
// # OAuth logins
//
// auth.json OAuth entries written by pi's /login are used for the providers
// pi-ai has OAuth support for ([OAuthProviders]: anthropic, github-copilot,
// kimi-coding, meta, openai, openai-codex, openrouter, xai), with pi's precedence
// (runtime key, auth.json API key, auth.json OAuth login, environment,
// models.json); Kimi Code's login authorizes by header, the others' access
// token is the API key. An expired access token is refreshed at its
// provider's token endpoint ([OAuthEndpoints]) under pi's auth.json lock
// (a proper-lockfile lock directory, so pi and pigo processes never refresh
// the same login twice), and written back without disturbing the other
// entries. The logins themselves are pi's too (StartCopilotLogin,
// StartDeviceLogin, StartOpenRouterLogin, ...). A login pigo cannot use
// fails with [ErrOAuthUnsupported] or [ErrOAuthRefresh], naming the
// provider.
//
// # Stored catalogs
//
// [ReadStoredModels] and [WriteStoredModels] read and write pi 1.6's
// <agentDir>/models-store.json, where providers keep the model catalogs
// they fetched from the network (builtin:llama.cpp's router models), in
// pi's format and under pi's lock, so pi and pigo share it.
//
// The package holds no package-level mutable state; everything hangs off a
// Registry, a Scripted provider or the Options of one call.
package provider
