package agent

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
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
	c := &provider.Context{SystemPrompt: req.SystemPrompt, Messages: req.Messages}
	for _, t := range req.Tools {
		params, _ := jsjson.AsMap(t["parameters"]) // an ordered object keeps its nested order
		tool := provider.Tool{Name: str(t["name"]), Description: str(t["description"]), Parameters: params}
		if o, ok := t["parameters"].(*jsjson.Object); ok {
			tool.ParameterKeys = jsjson.ObjectKeys(*o)
		}
		if cs, ok := jsjson.Plain(t["constrainedSampling"]).(map[string]any); ok {
			tool.ConstrainedSampling = cs
		}
		c.Tools = append(c.Tools, tool)
	}
	opts := p.Options
	if p.Transport != nil {
		opts.Transport = p.Transport()
	}
	opts.Thinking = provider.ThinkingLevel(req.Thinking)
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
