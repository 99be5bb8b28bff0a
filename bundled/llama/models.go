package llama

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// The models pi's llama.cpp provider makes of a router's catalog. They are
// written to models-store.json, which pi reads too, so they are built
// member by member in pi's key order (provider.js's toPiModel and
// toPiClassifierModel).

func zeroCost() *jsjson.Object {
	return &jsjson.Object{{Key: "input", Value: 0.0}, {Key: "output", Value: 0.0}, {Key: "cacheRead", Value: 0.0}, {Key: "cacheWrite", Value: 0.0}}
}

// modelSelectable is pi's modelIsSelectable: loaded and sleeping models,
// and unloaded presets when the router loads models on first use.
func modelSelectable(m ModelInfo, routerAutoload bool) bool {
	switch m.Status.Value {
	case "loaded", "sleeping":
		return true
	}
	return routerAutoload && m.Status.Value == "unloaded" && !m.Status.Failed && m.Source == "preset"
}

// configuredContextWindow reads --ctx-size/-c/-ctx from the model's args.
func configuredContextWindow(m ModelInfo) int {
	args := m.Status.Args
	for i := 0; i < len(args)-1; i++ {
		if args[i] != "--ctx-size" && args[i] != "-c" && args[i] != "-ctx" {
			continue
		}
		if n, err := strconv.ParseInt(args[i+1], 10, 64); err == nil && n > 0 && n <= 1<<53-1 {
			return int(n)
		}
	}
	return 0
}

// contextWindowOf: the running context, the configured one, the one last
// stored, the training context, else 128000.
func contextWindowOf(m ModelInfo, cached int) int {
	if m.Meta != nil && m.Meta.NCtx > 0 {
		return m.Meta.NCtx
	}
	if c := configuredContextWindow(m); c > 0 {
		return c
	}
	if cached > 0 {
		return cached
	}
	if m.Meta != nil && m.Meta.NCtxTrain > 0 {
		return m.Meta.NCtxTrain
	}
	return 128000
}

func (m ModelInfo) inputs() []string {
	if m.Architecture == nil {
		return nil
	}
	return m.Architecture.InputModalities
}

func (m ModelInfo) outputs() []string {
	if m.Architecture == nil {
		return nil
	}
	return m.Architecture.OutputModalities
}

// decisionModel: llama.cpp 0.6+ reports decision models with "decisions"
// among their output modalities.
func (m ModelInfo) decisionModel() bool { return slices.Contains(m.outputs(), "decisions") }

// chatModel: decision-only models cannot generate text.
func (m ModelInfo) chatModel() bool {
	return !m.decisionModel() || slices.Contains(m.outputs(), "text")
}

func textAndImage(image bool) []any {
	if image {
		return []any{"text", "image"}
	}
	return []any{"text"}
}

// chatModelOf is pi's toPiModel: an openai-completions model at the
// router's /v1; a chat template that knows enable_thinking makes it a
// reasoning model with the qwen chat-template switch.
func chatModelOf(m ModelInfo, serverURL string, props *Props, cached int) *jsjson.Object {
	contextWindow := float64(contextWindowOf(m, cached))
	reasoning := props != nil && strings.Contains(props.ChatTemplate, "enable_thinking")
	o := &jsjson.Object{
		{Key: "id", Value: m.ID}, {Key: "name", Value: m.ID}, {Key: "api", Value: "openai-completions"},
		{Key: "provider", Value: ProviderID}, {Key: "baseUrl", Value: InferenceURL(serverURL)}, {Key: "reasoning", Value: reasoning},
	}
	if reasoning {
		*o = append(*o, jsjson.Member{Key: "thinkingLevelMap", Value: &jsjson.Object{{Key: "off", Value: "off"}, {Key: "minimal", Value: nil},
			{Key: "low", Value: nil}, {Key: "medium", Value: "medium"}, {Key: "high", Value: nil}, {Key: "xhigh", Value: nil}}})
	}
	compat := &jsjson.Object{{Key: "supportsStore", Value: false}, {Key: "supportsReasoningEffort", Value: false},
		{Key: "supportsUsageInStreaming", Value: true}, {Key: "supportsStrictMode", Value: false}, {Key: "maxTokensField", Value: "max_tokens"}}
	if reasoning {
		*compat = append(*compat, jsjson.Member{Key: "thinkingFormat", Value: "qwen-chat-template"})
	}
	*o = append(*o, jsjson.Member{Key: "input", Value: textAndImage(slices.Contains(m.inputs(), "image"))},
		jsjson.Member{Key: "cost", Value: zeroCost()}, jsjson.Member{Key: "contextWindow", Value: contextWindow},
		jsjson.Member{Key: "maxTokens", Value: contextWindow}, jsjson.Member{Key: "compat", Value: compat})
	return o
}

// classifierModelOf is pi's toPiClassifierModel: ctx.modelRegistry lists
// these models and classify reaches them; they are stored so pi, sharing
// models-store.json, finds them as it wrote them.
func classifierModelOf(m ModelInfo, serverURL string, cached int) *jsjson.Object {
	decision := m.decisionModel()
	image := decision && slices.Contains(m.inputs(), "image")
	api, baseURL := "llama-cpp-classify", serverURL
	if decision {
		api, baseURL = "typesafe-system-one", InferenceURL(serverURL)
	}
	o := &jsjson.Object{{Key: "type", Value: "classifier"}, {Key: "id", Value: m.ID}, {Key: "name", Value: m.ID}, {Key: "api", Value: api},
		{Key: "provider", Value: ProviderID}, {Key: "baseUrl", Value: baseURL}, {Key: "input", Value: textAndImage(image)},
		{Key: "cost", Value: zeroCost()}, {Key: "contextWindow", Value: float64(contextWindowOf(m, cached))}}
	if image {
		*o = append(*o, jsjson.Member{Key: "compat", Value: &jsjson.Object{{Key: "imageInput", Value: "images"}, {Key: "sendImageOptInHeader", Value: false}}})
	}
	return o
}

func str(o *jsjson.Object, key string) string {
	v, _ := o.Get(key)
	s, _ := v.(string)
	return s
}

// storedChatModel is pi's filter of restored models: chat models (no type
// or "chat") of the openai-completions API.
func storedChatModel(o *jsjson.Object) bool {
	t := str(o, "type")
	return (t == "" || t == "chat") && str(o, "api") == "openai-completions"
}

// storedClassifier is pi's isLlamaClassifierModel.
func storedClassifier(o *jsjson.Object) bool {
	return str(o, "type") == "classifier" && (str(o, "api") == "llama-cpp-classify" || str(o, "api") == "typesafe-system-one")
}
