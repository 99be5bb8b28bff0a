package provider

import (
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Context is what one request sends: a system prompt, the conversation and
// the tools the model may call.
//
// Messages are pi messages held as data (map[string]any, as the engine, the
// session files and JS hand them around): user, assistant and toolResult, and
// also the coding agent's custom, bashExecution, branchSummary and
// compactionSummary messages, which are converted as pi's convertToLlm does
// (see [ConvertToLLM]). Messages of other roles are dropped. Providers never
// modify the maps.
type Context struct {
	SystemPrompt string
	Messages     []map[string]any
	Tools        []Tool
}

// Tool is a tool the model may call. Parameters is a JSON Schema object.
type Tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  map[string]any `json:"parameters"`
	// ParameterKeys is Parameters' key order as declared (nil: unknown):
	// requests carry the schema in it, as pi's do.
	ParameterKeys []string `json:"-"`
	// ConstrainedSampling is the tool's constrainedSampling declaration
	// (pi 1.6): {type: "json_schema", strict: "prefer"|"require"} asks
	// for strict tool calls where the model takes them.
	ConstrainedSampling map[string]any `json:"constrainedSampling,omitempty"`
}

// declaredParameters is a copy of t's Parameters, in its declared key
// order when known.
func (t Tool) declaredParameters() any {
	if t.ParameterKeys == nil {
		return cloneMap(t.Parameters)
	}
	return jsjson.OrderedBy(cloneMap(t.Parameters), t.ParameterKeys)
}

// llmMessage is a decoded user, assistant or toolResult message.
type llmMessage struct {
	Role string // "user", "assistant", "toolResult"

	// user: either a plain string or blocks (text, image)
	IsString bool
	Text     string

	// user blocks, assistant content, toolResult content
	Content []ContentBlock

	// assistant
	API, Provider, Model  string
	StopReason            StopReason
	ProviderThinkingLevel string

	// toolResult
	ToolCallID, ToolName string
	IsError              bool
}

// decodeMessages converts data messages to typed LLM messages, applying
// convertToLlm first.
func decodeMessages(msgs []map[string]any) ([]llmMessage, error) {
	conv := ConvertToLLM(msgs)
	out := make([]llmMessage, 0, len(conv))
	for i, m := range conv {
		lm, err := decodeMessage(m)
		if err != nil {
			return nil, fmt.Errorf("decode message %d: %w", i, err)
		}
		out = append(out, lm)
	}
	return out, nil
}

func decodeMessage(m map[string]any) (llmMessage, error) {
	role := str(m, "role")
	lm := llmMessage{Role: role}
	switch role {
	case "user":
		if s, ok := m["content"].(string); ok {
			lm.IsString, lm.Text = true, s
			return lm, nil
		}
		blocks, err := decodeBlocks(list(m, "content"))
		lm.Content = blocks
		return lm, err
	case "assistant":
		am, err := assistantFromMap(m, true)
		if err != nil {
			return lm, err
		}
		lm.Content, lm.API, lm.Provider, lm.Model, lm.StopReason = am.Content, am.API, am.Provider, am.Model, am.StopReason
		lm.ProviderThinkingLevel = am.ProviderThinkingLevel
		return lm, nil
	case "toolResult":
		lm.ToolCallID, lm.ToolName = str(m, "toolCallId"), str(m, "toolName")
		lm.IsError, _ = m["isError"].(bool)
		if s, ok := m["content"].(string); ok { // tolerated: pi always writes blocks
			lm.Content = []ContentBlock{TextBlock(s)}
			return lm, nil
		}
		blocks, err := decodeBlocks(list(m, "content"))
		lm.Content = blocks
		return lm, err
	}
	return lm, fmt.Errorf("unsupported role %q", role)
}

func decodeBlocks(items []any) ([]ContentBlock, error) {
	out := make([]ContentBlock, 0, len(items))
	for i, it := range items {
		bm, ok := it.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("content[%d] is not an object", i)
		}
		b, err := blockFromMap(bm)
		if errors.Is(err, errUnknownBlock) {
			continue // converters skip what they do not know
		}
		if err != nil {
			return nil, fmt.Errorf("content[%d]: %w", i, err)
		}
		out = append(out, b)
	}
	return out, nil
}
