package agent

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
)

// RegistryProvider streams model calls through a provider.Registry (built-in
// APIs, models.json, extension providers, the scripted provider).
type RegistryProvider struct {
	Registry *provider.Registry
	// Options is the base of every request's options (API keys env, retry
	// policy, HTTP client); per-request fields are filled in.
	Options provider.Options
	// Transport, when set, is read for every request: pi's transport
	// setting, which /settings changes while the session runs.
	Transport func() string
}

// ModelMap renders a model as the JSON data events and extensions see.
func ModelMap(m *provider.Model) Message {
	if m == nil {
		return nil
	}
	b, _ := json.Marshal(m)
	var out Message
	_ = json.Unmarshal(b, &out)
	return out
}

// Stream implements Provider.
func (p RegistryProvider) Stream(ctx context.Context, req Request) (Message, error) {
	model, ok := p.Registry.Find(str(req.Model["provider"]), str(req.Model["id"]))
	if !ok {
		// A model object the registry does not list (extension code may
		// build one, as pi-ai allows): used as given.
		b, _ := json.Marshal(req.Model)
		if json.Unmarshal(b, &model) != nil || model == nil || model.API == "" {
			return nil, errors.New("Model not found: " + str(req.Model["provider"]) + "/" + str(req.Model["id"]))
		}
	}
	c := requestContext(model, req)
	opts := p.Options
	if p.Transport != nil {
		opts.Transport = p.Transport()
	}
	opts.Thinking = provider.ThinkingLevel(req.Thinking)
	if req.Transcript != nil && !provider.MidConvoSystemMessages(model) {
		// The replayed view goes; pi-ai 1.6 estimates the output cap on
		// the transcript.
		opts.EstimateContext = &provider.Context{Messages: req.Transcript}
	}
	if req.MaxTokens > 0 {
		opts.MaxTokens = req.MaxTokens
	}
	if req.NoRetries {
		opts.Retry.MaxRetries = -1
	}
	opts.DisableContinuation = req.DisableContinuation
	if req.APIKey != "" {
		opts.APIKey = req.APIKey
	}
	opts.SessionID = req.SessionID
	if req.CacheRetention != "" {
		opts.CacheRetention = req.CacheRetention
	}
	if req.RequestMetadata != nil {
		opts.RequestMetadata = req.RequestMetadata
	}
	if req.Region != "" {
		opts.Region = req.Region
	}
	if len(req.Headers) > 0 {
		hs := map[string]string{}
		for k, v := range opts.Headers {
			hs[k] = v
		}
		for k, v := range req.Headers {
			hs[k] = v
		}
		opts.Headers = hs
	}
	if req.OnHeaders != nil {
		opts.OnHeaders = func(_ context.Context, headers map[string]any) map[string]any { return req.OnHeaders(headers) }
	}
	if req.Temperature != nil {
		opts.Temperature = req.Temperature
	}
	if req.OnPayload != nil {
		opts.OnPayload = func(_ context.Context, payload map[string]any, _ *provider.Model) (map[string]any, error) {
			if r, ok := req.OnPayload(payload).(map[string]any); ok {
				return r, nil
			}
			return nil, nil
		}
	}
	if req.OnResponse != nil {
		opts.OnResponse = func(_ context.Context, status int, headers map[string]string, _ *provider.Model) {
			req.OnResponse(status, headers)
		}
	}
	stream, err := p.Registry.Stream(ctx, model, c, &opts)
	if err != nil {
		return nil, err
	}
	for ev := range stream.Events() {
		if req.OnEvent != nil {
			req.OnEvent(ev.Map())
		}
	}
	return stream.Result().Map(), nil
}

var _ Provider = RegistryProvider{}

// requestContext is what the provider is asked to send: the transcript
// with its system messages in place where the model takes them (the
// leading one as the prompt and tools), else the replayed prompt, tools
// and conversation.
func requestContext(model *provider.Model, req Request) *provider.Context {
	system, tools, messages := req.SystemPrompt, req.Tools, req.Messages
	if req.Transcript != nil && provider.MidConvoSystemMessages(model) {
		system, tools, messages = "", nil, req.Transcript
		if len(messages) > 0 && session.IsSystemMessage(messages[0]) {
			system, tools, messages = session.SystemMessageText(messages[0]), session.ToolList(messages[0]["toolsAdded"]), messages[1:]
		}
	}
	c := &provider.Context{SystemPrompt: system, Messages: messages}
	for _, t := range tools {
		c.Tools = append(c.Tools, provider.ToolFromDeclaration(t))
	}
	return c
}
