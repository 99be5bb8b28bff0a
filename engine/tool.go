package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Tool is a tool definition in pi's shape, so one definition serves both the
// v2 and the pi API. The registry id is the tool name.
type Tool struct {
	Label       string
	Description string
	// Parameters is the JSON Schema (type "object"). Its nested objects
	// may be *jsjson.Object, in the order the extension wrote them: the
	// model is shown the properties in that order, as pi shows them.
	Parameters map[string]any
	// ParameterKeys lists Parameters' own keys in the extension's order
	// (nil: unknown), which the declaration shown to handlers and the
	// model keeps (DeclaredParameters).
	ParameterKeys []string
	Execute       ExecuteFunc
	// ExecuteID identifies the code behind Execute (jsapi: a hash of the JS
	// function's source), so a rebuild diff sees an edited body as a change.
	ExecuteID string
	Extra     map[string]any // every other field (promptSnippet, executionMode, renderers, ...)

	schema      *jsonschema.Schema // set by build
	plainSchema map[string]any     // Parameters as plain maps, for coercion and messages; set by build
}

// checkSchema is Parameters as plain maps: what coercion and the
// validation messages read.
func (t Tool) checkSchema() map[string]any {
	if t.plainSchema != nil {
		return t.plainSchema
	}
	m, _ := jsjson.Plain(t.Parameters).(map[string]any)
	return m
}

// DeclaredParameters is a copy of Parameters as the extension wrote
// them: a *jsjson.Object in ParameterKeys' order when it is known (keys
// it lacks follow, sorted), else a map.
func (t Tool) DeclaredParameters() any {
	if t.ParameterKeys == nil || t.Parameters == nil {
		return Clone(t.Parameters)
	}
	return Clone(jsjson.OrderedBy(t.Parameters, t.ParameterKeys))
}

// ExecuteFunc runs a tool call. ctx carries the call's cancellation (the
// AbortSignal in JS) and the tool budget.
type ExecuteFunc func(ctx context.Context, call ToolCall) (ToolResult, error)

// ToolCall is one invocation.
type ToolCall struct {
	ID     string
	Params any
	// ArgumentsError is why the model's argument text did not parse (the
	// tool call block's argumentsError); the call then fails validation.
	ArgumentsError string
	OnUpdate       func(partial ToolResult) // may be nil; called on the tool's own thread (a plugin loop): must not block
	Context        map[string]any           // the ctx object handed to JS (cwd, ...), data only
	// ParentID is the id of the tool call that made this one through
	// ctx.executeTool ("" for a model-issued call); the tool_call and
	// tool_result hooks carry it as parentToolCallId.
	ParentID string
}

// Content is one block of a tool result.
type Content struct {
	Type     string `json:"type"` // "text" or "image"
	Text     string `json:"text,omitempty"`
	Data     string `json:"data,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
}

// ToolResult is what execute returns.
type ToolResult struct {
	Content []Content `json:"content"`
	Details any       `json:"details,omitempty"`
	// StructuredContent is the result for programmatic callers (pi 1.6's
	// bash: exit_code, output, ...); nil when the tool gave none.
	StructuredContent any  `json:"structuredContent,omitempty"`
	IsError           bool `json:"isError,omitempty"`
	Terminate         bool `json:"terminate,omitempty"`
}

// Text returns the concatenated text blocks.
func (r ToolResult) Text() string {
	var b strings.Builder
	for _, c := range r.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// ErrorResult is the result a failing tool call becomes.
func ErrorResult(err error) ToolResult {
	return ToolResult{Content: []Content{{Type: "text", Text: err.Error()}}, IsError: true}
}

// CloneTool copies a tool deeply enough that a wrapper can replace any field.
func CloneTool(t Tool) Tool {
	t.Parameters, _ = Clone(t.Parameters).(map[string]any)
	t.Extra, _ = Clone(t.Extra).(map[string]any)
	return t
}

// ValidateParams checks args against the tool's compiled parameter schema.
func (t Tool) ValidateParams(args any) error {
	if t.schema == nil {
		return nil
	}
	// The validator wants JSON-decoded values (json.Number or float64).
	b, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	if err != nil {
		return err
	}
	if err := t.schema.Validate(v); err != nil {
		return errors.New(validationLines(t.Parameters, args, err))
	}
	return nil
}

// formatValidation renders the validator's own errors, one "  - path:
// message" line per failing leaf: the fallback of validationLines.
func formatValidation(err error) string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return "  - " + err.Error()
	}
	var lines []string
	var walk func(u jsonschema.OutputUnit)
	walk = func(u jsonschema.OutputUnit) {
		if len(u.Errors) == 0 && u.Error != nil {
			loc := u.InstanceLocation
			if loc == "" {
				loc = "root"
			}
			lines = append(lines, fmt.Sprintf("  - %s: %s", loc, u.Error.String()))
		}
		for _, c := range u.Errors {
			walk(c)
		}
	}
	walk(*ve.BasicOutput())
	if len(lines) == 0 {
		return "  - " + ve.Error()
	}
	return strings.Join(lines, "\n")
}

var toolNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func newToolRegistry(h *Host) *Registry[*Draft[Tool], State[Tool]] {
	return NewRegistry(h, RegistrySpec[*Draft[Tool], State[Tool]]{
		Name:     "tools",
		NewDraft: func() *Draft[Tool] { return NewDraft(CloneTool) },
		Build:    buildTools,
		Keys:     State[Tool].Keys,
	})
}

// buildTools validates names and compiles parameter schemas; an invalid
// tool is dropped and reported against its owner.
func buildTools(d *Draft[Tool]) (State[Tool], []Diagnostic) {
	var probs []Diagnostic
	var out []Entry[Tool]
	for _, e := range d.Entries() {
		bad := func(format string, a ...any) {
			probs = append(probs, Diagnostic{Plugin: e.Owner, Severity: SeverityError, Where: "tools build",
				Text: fmt.Sprintf("tool %q: "+format, append([]any{e.ID}, a...)...)})
		}
		if !toolNamePattern.MatchString(e.ID) {
			bad("invalid name (want 1-64 of [a-zA-Z0-9_-])")
			continue
		}
		if e.Value.Execute == nil {
			bad("no execute function")
			continue
		}
		params := e.Value.Parameters
		if params == nil {
			params = map[string]any{"type": "object", "properties": map[string]any{}}
			e.Value.Parameters = params
		}
		plain, _ := jsjson.Plain(params).(map[string]any)
		sch, err := compileSchema(plain)
		if err != nil {
			bad("invalid parameters schema: %v", err)
			continue
		}
		if t, _ := params["type"].(string); t != "object" {
			bad(`parameters schema must have type "object"`)
			continue
		}
		e.Value.schema, e.Value.plainSchema = sch, plain
		out = append(out, e)
	}
	return NewState(out), probs
}

// compileSchema compiles a JSON Schema given as data. A reload rebuilds
// every tool of the plugin, and most schemas are unchanged by an edit, so
// compiled schemas are shared by content (json.Marshal sorts keys) for as
// long as some tool still holds them.
func compileSchema(schema map[string]any) (*jsonschema.Schema, error) {
	b, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	return compiledSchemas.get(string(b))
}

// schemaCache maps a schema's JSON to its compiled form without keeping
// it alive: an entry goes when the last tool using it is collected.
type schemaCache struct {
	mu sync.Mutex
	m  map[string]weak.Pointer[jsonschema.Schema]
}

var compiledSchemas = &schemaCache{m: map[string]weak.Pointer[jsonschema.Schema]{}}

func (c *schemaCache) get(text string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	if sch := c.m[text].Value(); sch != nil {
		c.mu.Unlock()
		return sch, nil
	}
	c.mu.Unlock()
	sch, err := compileSchemaText(text)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[text].Value(); old != nil {
		return old, nil
	}
	wp := weak.Make(sch)
	c.m[text] = wp
	runtime.AddCleanup(sch, func(text string) {
		c.mu.Lock()
		if c.m[text] == wp {
			delete(c.m, text)
		}
		c.mu.Unlock()
	}, text)
	return sch, nil
}

func compileSchemaText(text string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource("mem://schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("mem://schema.json")
}

// RunTool prepares and executes one tool call (PrepareTool then Execute).
// Failures become error results (IsError) with pi's texts, plus a non-nil
// error describing them: unknown tool, validation failure, block, throw.
func (h *Host) RunTool(ctx context.Context, name string, call ToolCall) (ToolResult, error) {
	p, res, err := h.PrepareTool(ctx, name, call)
	if p == nil {
		return res, err
	}
	return p.Execute(ctx)
}

// PreparedCall is a tool call that passed preparation and may execute.
type PreparedCall struct {
	h       *Host
	name    string
	tool    Tool
	call    ToolCall
	elapsed time.Duration
	// returnedError: the tool itself returned an error result (not a
	// throw, not a tool_result handler).
	returnedError bool
}

// Elapsed is how long the tool itself ran in Execute (without the
// tool_result hook): pi 1.6's durationMs.
func (p *PreparedCall) Elapsed() time.Duration { return p.elapsed }

// ReturnedError reports whether the tool's own result said isError (pi
// 1.6 keeps that flag on the result tool_execution_end carries).
func (p *PreparedCall) ReturnedError() bool { return p.returnedError }

// Call returns the call as it will execute (arguments after prepareArguments
// and tool_call handlers).
func (p *PreparedCall) Call() ToolCall { return p.call }

// PrepareTool is the preflight of a tool call, in pi's order: look the tool
// up, run its prepareArguments, validate the arguments against its schema,
// run the tool_call hook (which may block or change the input). When the
// call cannot run it returns a nil PreparedCall, the error result the model
// sees, and an error.
func (h *Host) PrepareTool(ctx context.Context, name string, call ToolCall) (*PreparedCall, ToolResult, error) {
	e, ok := h.tools.Current().Get(name)
	if !ok {
		err := fmt.Errorf("Tool %s not found", name)
		return nil, ErrorResult(err), err
	}
	if prep, ok := e.Value.Extra["prepareArguments"].(Callable); ok {
		v, err := prep.Call(ctx, call.Params)
		if err != nil {
			return nil, ErrorResult(errors.New(ScriptText(err))), fmt.Errorf("tool %s: prepareArguments: %w", name, err)
		}
		call.Params = v
	}
	if call.ArgumentsError != "" {
		err := argumentsError(name, call.ArgumentsError)
		return nil, ErrorResult(err), err
	}
	params, err := validateArgs(e.Value, name, call.Params)
	if err != nil {
		return nil, ErrorResult(err), err
	}
	call.Params = params
	ev := map[string]any{"type": "tool_call", "toolName": name, "toolCallId": call.ID, "input": call.Params}
	if call.ParentID != "" {
		ev["parentToolCallId"] = call.ParentID
	}
	hook := h.RunHook(ctx, "tool_call", ev)
	if hook.Err != nil {
		return nil, ErrorResult(errors.New(ScriptText(hook.Err))), fmt.Errorf("tool %s blocked: %w", name, hook.Err)
	}
	if r, ok := hook.Result.(map[string]any); ok {
		if b, _ := r["block"].(bool); b {
			reason, _ := r["reason"].(string)
			if reason == "" {
				reason = "Tool execution was blocked"
			}
			return nil, ErrorResult(errors.New(reason)), fmt.Errorf("tool %s blocked by %s: %s", name, hook.StoppedBy, reason)
		}
	}
	if m, ok := hook.Value.(map[string]any); ok {
		if in, ok := m["input"]; ok {
			call.Params = in
		}
	}
	return &PreparedCall{h: h, name: name, tool: e.Value, call: call}, ToolResult{}, nil
}

// Execute runs the prepared call under the tool budget, then the
// tool_result hook. A throw becomes an error result with its message.
func (p *PreparedCall) Execute(ctx context.Context) (ToolResult, error) {
	h, name, call := p.h, p.name, p.call
	tctx, cancel := context.WithTimeout(ctx, h.opts.Budgets.Tool)
	defer cancel()
	start := time.Now()
	res, err := p.tool.Execute(tctx, call)
	p.elapsed = time.Since(start)
	p.returnedError = err == nil && res.IsError
	if err == nil && tctx.Err() == context.DeadlineExceeded {
		err = ErrBudget
	}
	if err != nil {
		res = ToolResult{Content: []Content{{Type: "text", Text: ScriptText(err)}}, Details: map[string]any{}, IsError: true}
	}
	ev := map[string]any{"type": "tool_result", "toolName": name, "toolCallId": call.ID, "input": call.Params,
		"content": contentData(res.Content), "details": res.Details, "isError": res.IsError}
	if res.StructuredContent != nil {
		ev["structuredContent"] = res.StructuredContent
	}
	if call.ParentID != "" {
		ev["parentToolCallId"] = call.ParentID
	}
	patched := h.RunHook(ctx, "tool_result", ev)
	if m, ok := patched.Value.(map[string]any); ok {
		res = applyResultPatch(res, m)
	}
	// After the hook, so images handlers added or replaced are prepared too.
	if f := h.resultImages.Load(); f != nil {
		res.Content = (*f)(res.Content)
	}
	if err != nil {
		return res, fmt.Errorf("tool %s: %w", name, err)
	}
	return res, nil
}

// SetToolResultImages sets how the images of every tool result are
// prepared for the model once the tool_result hook ran (pi 1.6 converts
// and resizes them: engine/images); f returns the content to keep. nil
// leaves results as tools give them.
func (h *Host) SetToolResultImages(f func([]Content) []Content) {
	if f == nil {
		h.resultImages.Store(nil)
		return
	}
	h.resultImages.Store(&f)
}

// ScriptText is an error's message as pi shows it in a tool result: the
// thrown error's message, without its name or location.
func ScriptText(err error) string {
	var se *ScriptError
	if errors.As(err, &se) {
		if se.Message != "" {
			return se.Message
		}
		return se.Text
	}
	return err.Error()
}

// Data renders the result as JSON-shaped data, the shape plugins see:
// {content, details, structuredContent?, isError?, terminate?}.
func (r ToolResult) Data() map[string]any {
	out := map[string]any{"content": contentData(r.Content), "details": r.Details}
	if r.StructuredContent != nil {
		out["structuredContent"] = r.StructuredContent
	}
	if r.IsError {
		out["isError"] = true
	}
	if r.Terminate {
		out["terminate"] = true
	}
	return out
}

func contentData(cs []Content) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		m := map[string]any{"type": c.Type}
		if c.Type == "image" {
			m["data"], m["mimeType"] = c.Data, c.MimeType
		} else {
			m["text"] = c.Text
		}
		out[i] = m
	}
	return out
}

// applyResultPatch applies a tool_result hook's final payload to res. The
// payload carries structuredContent exactly when the result keeps one (the
// fold drops it with content replaced without it).
func applyResultPatch(res ToolResult, m map[string]any) ToolResult {
	if m == nil {
		return res
	}
	res.StructuredContent = m["structuredContent"]
	if c, ok := m["content"]; ok {
		if cs, err := ContentFromData(c); err == nil {
			res.Content = cs
		}
	}
	if d, ok := m["details"]; ok {
		res.Details = d
	}
	if e, ok := m["isError"].(bool); ok {
		res.IsError = e
	}
	return res
}

// ContentFromData converts a JSON-shaped content array into Content blocks;
// a string becomes one text block.
func ContentFromData(v any) ([]Content, error) {
	switch x := v.(type) {
	case string:
		return []Content{{Type: "text", Text: x}}, nil
	case []any:
		out := make([]Content, 0, len(x))
		for i, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("content[%d] is not an object", i)
			}
			typ, _ := m["type"].(string)
			switch typ {
			case "text":
				s, _ := m["text"].(string)
				out = append(out, Content{Type: "text", Text: s})
			case "image":
				data, _ := m["data"].(string)
				mt, _ := m["mimeType"].(string)
				out = append(out, Content{Type: "image", Data: data, MimeType: mt})
			default:
				return nil, fmt.Errorf("content[%d] has unknown type %q", i, typ)
			}
		}
		return out, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("content must be an array, got %T", v)
}
