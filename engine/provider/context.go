package provider

import (
	"errors"
	"fmt"
	"slices"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
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
//
// SystemPrompt and Tools are what the conversation declared first. Where
// the model takes system messages within the conversation
// ([MidConvoSystemMessages]), Messages may also hold the later role
// "system" messages that change them (pi 1.6's transcript: content added
// to the prompt, sections patched by name, toolsAdded / toolsRemoved);
// the caller replays them into SystemPrompt and Tools for other models.
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

// ToolFromDeclaration is a tool declaration held as data (pi's
// {name, description, parameters, constrainedSampling}) as a Tool; an
// ordered parameters object keeps its declared key order.
func ToolFromDeclaration(d map[string]any) Tool {
	params, _ := jsjson.AsMap(d["parameters"]) // an ordered object keeps its nested order
	name, _ := d["name"].(string)
	description, _ := d["description"].(string)
	tool := Tool{Name: name, Description: description, Parameters: params}
	if o, ok := d["parameters"].(*jsjson.Object); ok {
		tool.ParameterKeys = jsjson.ObjectKeys(*o)
	}
	if cs, ok := jsjson.Plain(d["constrainedSampling"]).(map[string]any); ok {
		tool.ConstrainedSampling = cs
	}
	return tool
}

// MidConvoSystemMessages reports whether requests for model carry later
// system messages in place (its API sends them and its compat
// supportsMidConvoSystemMessages says the endpoint takes them), as
// pi-ai's resolveTranscript decides. Otherwise they are replayed into
// the leading prompt and tool list.
func MidConvoSystemMessages(model *Model) bool {
	switch model.API {
	case APIAnthropicMessages, APIOpenAIResponses, APIAzureOpenAIResponses, APIOpenAICodexResponses, APIOpenAICompletions:
		return compatBool(model, func(c *Compat) *bool { return c.SupportsMidConvoSystemMessages }, false)
	}
	return false
}

// resolveTranscript is pi-ai's resolveTranscript for c: unchanged where
// the model takes later system messages in place, else with them
// replayed into the prompt (their content appended, their sections in
// render order) and the tool list.
func resolveTranscript(model *Model, c *Context) *Context {
	if c != nil && c.SystemPrompt == "" && len(c.Tools) == 0 && len(c.Messages) > 0 && session.IsSystemMessage(c.Messages[0]) {
		// A transcript that starts with its system message, as pi-ai's
		// callers may hand it over: that message leads.
		lead := c.Messages[0]
		lifted := &Context{SystemPrompt: session.SystemMessageText(lead), Messages: c.Messages[1:]}
		for _, d := range session.ToolList(lead["toolsAdded"]) {
			lifted.Tools = append(lifted.Tools, ToolFromDeclaration(d))
		}
		c = lifted
	}
	if c == nil || MidConvoSystemMessages(model) || !slices.ContainsFunc(c.Messages, session.IsSystemMessage) {
		return c
	}
	system := []map[string]any{{"role": "system", "content": c.SystemPrompt}}
	var messages []map[string]any
	for _, m := range c.Messages {
		if session.IsSystemMessage(m) {
			system = append(system, m)
		} else {
			messages = append(messages, m)
		}
	}
	return &Context{SystemPrompt: session.SystemMessageText(session.CurrentSystemMessage(system)), Messages: messages, Tools: c.currentTools()}
}

// currentTools is the tool list after the conversation's later system
// messages: pi-ai's getCurrentTools over the leading declaration and
// Messages.
func (c *Context) currentTools() []Tool { return c.toolsThrough(-1) }

// declaredTools is pi-ai's getDeclaredTools: every tool the conversation
// declares (its leading tools and each later system message's additions,
// removed or not), in first-declaration order with the latest definition.
func (c *Context) declaredTools() []Tool {
	tools := slices.Clone(c.Tools)
	for _, m := range c.Messages {
		if m["role"] != "system" {
			continue
		}
		for _, d := range session.ToolList(m["toolsAdded"]) {
			t := ToolFromDeclaration(d)
			if i := slices.IndexFunc(tools, func(x Tool) bool { return x.Name == t.Name }); i >= 0 {
				tools[i] = t
			} else {
				tools = append(tools, t)
			}
		}
	}
	return tools
}

// toolsThrough is the tool list after the first n later system messages
// (every one for n < 0).
func (c *Context) toolsThrough(n int) []Tool {
	tools := c.Tools
	changed := false
	for _, m := range c.Messages {
		if m["role"] != "system" {
			continue
		}
		if n == 0 {
			break
		}
		n--
		if !changed {
			tools, changed = slices.Clone(tools), true
		}
		for _, r := range session.ToolList(m["toolsRemoved"]) {
			tools = slices.DeleteFunc(tools, func(t Tool) bool { return t.Name == r["name"] })
		}
		for _, d := range session.ToolList(m["toolsAdded"]) {
			t := ToolFromDeclaration(d)
			if i := slices.IndexFunc(tools, func(x Tool) bool { return x.Name == t.Name }); i >= 0 {
				tools[i] = t // a Map set on an existing key keeps its place
			} else {
				tools = append(tools, t)
			}
		}
	}
	return tools
}

// foldedToolChanges is pi-ai's resolveTranscriptTools for an API whose
// system messages can only add tools in place ("additions"): the number
// of system messages, the leading one counted, whose tool changes the
// request's tool list holds (through the last that removes or redeclares
// a tool, which an addition cannot express: a name declared before
// counts as redeclared even after its removal), and that list.
func (c *Context) foldedToolChanges() (folded int, requestTools []Tool) {
	declared := map[string]bool{}
	for _, t := range c.Tools {
		declared[t.Name] = true
	}
	lead := 0
	if c.SystemPrompt != "" || len(c.Tools) > 0 {
		lead = 1
	}
	last := -1
	index := lead - 1
	for _, m := range c.Messages {
		if m["role"] != "system" {
			continue
		}
		index++
		if len(session.ToolList(m["toolsRemoved"])) > 0 {
			last = index
		}
		for _, d := range session.ToolList(m["toolsAdded"]) {
			name, _ := d["name"].(string)
			if declared[name] {
				last = index
			}
			declared[name] = true
		}
	}
	folded = max(last+1, lead)
	return folded, c.toolsThrough(folded - lead)
}

// declaredParameters is a copy of t's Parameters, in its declared key
// order when known.
func (t Tool) declaredParameters() any {
	if t.ParameterKeys == nil {
		return cloneMap(t.Parameters)
	}
	return jsjson.OrderedBy(cloneMap(t.Parameters), t.ParameterKeys)
}

// llmMessage is a decoded user, assistant or toolResult message, or (in
// a transcript) a later system message.
type llmMessage struct {
	Role string // "user", "assistant", "toolResult", "system"

	// system: the message as sent (content, sections, toolsAdded,
	// toolsRemoved)
	System map[string]any

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
// convertToLlm first (system messages are dropped).
func decodeMessages(msgs []map[string]any) ([]llmMessage, error) {
	return decodeConverted(ConvertToLLM(msgs))
}

// decodeTranscript is decodeMessages keeping system messages in place,
// for models that take them mid-conversation.
func decodeTranscript(msgs []map[string]any) ([]llmMessage, error) {
	return decodeConverted(session.ConvertToLlmTranscript(msgs))
}

func decodeConverted(conv []map[string]any) ([]llmMessage, error) {
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
	case "system":
		lm.System = m
		return lm, nil
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
