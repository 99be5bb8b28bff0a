package session

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi 1.6 keeps the system prompt and the tool loadout in the transcript:
// messages with role "system" whose content is appended to the prompt,
// whose sections patch named prompt sections (null removes one) and whose
// toolsAdded / toolsRemoved change the declared tools. Replaying them in
// order gives the current prompt and tools (pi-ai's utils/transcript.js,
// ported here).
//
// Go maps keep no insertion order, so sections render in SectionOrder
// (the order pi's buildSystemPromptSections creates them), other names
// after it sorted. pi keeps a section that appears only in a later patch
// after the earlier ones; pigo puts it at its place in SectionOrder.

// SectionOrder is the order of the sections pi's prompt builder creates.
var SectionOrder = []string{"preamble", "tools", "rules", "docs", "addendum", "project_context", "skills", "cwd"}

// SectionNames returns the names of sections in render order.
func SectionNames(sections map[string]any) []string {
	names := make([]string, 0, len(sections))
	for _, n := range SectionOrder {
		if _, ok := sections[n]; ok {
			names = append(names, n)
		}
	}
	rest := len(names)
	for n := range sections {
		if !slices.Contains(SectionOrder, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names[rest:])
	return names
}

// IsSystemMessage reports whether m is a system message.
func IsSystemMessage(m map[string]any) bool { return m["role"] == "system" }

// ContentText is pi-ai's contentText: a string, or the text blocks of a
// content array joined with newlines.
func ContentText(content any) string {
	switch c := content.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
				parts = append(parts, str(bm["text"]))
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

// SystemMessageText is pi-ai's getSystemMessageText: the content, then
// each section, joined by blank lines.
func SystemMessageText(m map[string]any) string {
	var parts []string
	if t := ContentText(m["content"]); t != "" {
		parts = append(parts, t)
	}
	sections, _ := m["sections"].(map[string]any)
	for _, n := range SectionNames(sections) {
		if t, ok := sections[n].(string); ok && t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n\n")
}

// SystemMessageUpdateText is pi-ai's renderSystemMessageUpdate: a later
// system message as the model sees it in place (APIs that accept system
// messages mid-conversation): its content, then each changed section
// framed by name so the model can relate it to the leading prompt.
// pi-ai's wording, byte for byte.
func SystemMessageUpdateText(m map[string]any) string {
	var parts []string
	if t := ContentText(m["content"]); t != "" {
		parts = append(parts, t)
	}
	sections, _ := m["sections"].(map[string]any)
	for _, n := range SectionNames(sections) {
		if t, ok := sections[n].(string); ok {
			parts = append(parts, "Updated system prompt section \""+n+"\":\n\n"+t)
		} else {
			parts = append(parts, "Removed system prompt section \""+n+"\".")
		}
	}
	return strings.Join(parts, "\n\n")
}

// CurrentTools is pi-ai's getCurrentTools: the tool declarations after
// replaying every system message, in first-declaration order (a
// redeclared tool moves to the end, as a JavaScript Map re-set after a
// delete does).
func CurrentTools(messages []map[string]any) []map[string]any {
	var tools []map[string]any
	for _, m := range messages {
		if !IsSystemMessage(m) {
			continue
		}
		for _, r := range ToolList(m["toolsRemoved"]) {
			tools = slices.DeleteFunc(tools, func(t map[string]any) bool { return t["name"] == r["name"] })
		}
		for _, t := range ToolList(m["toolsAdded"]) {
			if i := slices.IndexFunc(tools, func(x map[string]any) bool { return x["name"] == t["name"] }); i >= 0 {
				tools[i] = t // a Map set on an existing key keeps its place
				continue
			}
			tools = append(tools, t)
		}
	}
	return tools
}

// CurrentSystemMessage is pi-ai's getCurrentSystemMessage: every system
// message replayed into one (content joined, sections patched, current
// tools), or nil when there is none and no tools.
func CurrentSystemMessage(messages []map[string]any) map[string]any {
	var content []string
	sections := map[string]any{}
	var timestamp any
	for _, m := range messages {
		if !IsSystemMessage(m) {
			continue
		}
		if timestamp == nil {
			timestamp = m["timestamp"]
			if timestamp == nil {
				timestamp = 0.0
			}
		}
		if t := ContentText(m["content"]); t != "" {
			content = append(content, t)
		}
		patch, _ := m["sections"].(map[string]any)
		for n, v := range patch {
			if v == nil {
				delete(sections, n)
			} else {
				sections[n] = v
			}
		}
	}
	tools := CurrentTools(messages)
	if timestamp == nil && len(tools) == 0 {
		return nil
	}
	if timestamp == nil {
		timestamp = 0.0
	}
	out := map[string]any{"role": "system", "content": strings.Join(content, "\n\n"), "timestamp": timestamp}
	if len(sections) > 0 {
		out["sections"] = sections
	}
	if len(tools) > 0 {
		out["toolsAdded"] = toAnyList(tools)
	}
	return out
}

// ToolDeclaration is pi-ai's toToolDeclaration: what the model is told
// about a tool (name, description, parameters, constrainedSampling), the
// parameters as plain JSON data.
func ToolDeclaration(tool map[string]any) map[string]any {
	out := map[string]any{"name": tool["name"], "description": tool["description"], "parameters": jsonCopy(tool["parameters"])}
	if v, ok := tool["constrainedSampling"]; ok && v != nil {
		out["constrainedSampling"] = v
	}
	return out
}

// declarationsEqual is pi-ai's declarationsEqual: the same declaration
// once both are plain JSON (as Go maps, which marshal with sorted keys and
// 3 and 3.0 alike, so equal data gives equal bytes whichever side kept
// its key order).
func declarationsEqual(a, b map[string]any) bool {
	return declarationJSON(a) == declarationJSON(b)
}

func declarationJSON(t map[string]any) string {
	cs := t["constrainedSampling"]
	b, _ := json.Marshal([4]any{t["name"], t["description"], jsjson.Plain(t["parameters"]), jsjson.Plain(cs)})
	return string(b)
}

// ToolStateChanges is pi-ai's getToolStateChanges: the declarations of
// current that previous lacks or declares differently, and references
// ({name}) to the tools of previous that current lacks or changed.
func ToolStateChanges(previous, current []map[string]any) (added, removed []map[string]any) {
	find := func(list []map[string]any, name any) map[string]any {
		for _, t := range list {
			if t["name"] == name {
				return t
			}
		}
		return nil
	}
	changed := map[any]bool{} // names declared on both sides, differently
	for _, t := range current {
		p := find(previous, t["name"])
		if p != nil && !declarationsEqual(p, t) {
			changed[t["name"]] = true
		}
		if p == nil || changed[t["name"]] {
			added = append(added, ToolDeclaration(t))
		}
	}
	for _, t := range previous {
		if find(current, t["name"]) == nil || changed[t["name"]] {
			removed = append(removed, map[string]any{"name": t["name"]})
		}
	}
	return added, removed
}

// WithToolChanges is pi-agent-core's withToolChanges: a copy of the
// system message m with its tool fields replaced (empty lists omitted).
func WithToolChanges(m map[string]any, added, removed []map[string]any) map[string]any {
	out := make(map[string]any, len(m)+2)
	for k, v := range m {
		if k != "toolsAdded" && k != "toolsRemoved" {
			out[k] = v
		}
	}
	if len(added) > 0 {
		out["toolsAdded"] = toAnyList(added)
	}
	if len(removed) > 0 {
		out["toolsRemoved"] = toAnyList(removed)
	}
	return out
}

// DiffSections is pi's diffSystemPromptSections: the patch that turns the
// sections the model has into current (null for a removed section), or
// nil when nothing changed.
func DiffSections(previous, current map[string]any) map[string]any {
	patch := map[string]any{}
	for n, t := range current {
		if previous[n] != t {
			patch[n] = t
		}
	}
	for n := range previous {
		if _, ok := current[n]; !ok {
			patch[n] = nil
		}
	}
	if len(patch) == 0 {
		return nil
	}
	return patch
}

// ToolList reads a toolsAdded / toolsRemoved field as declarations.
func ToolList(v any) []map[string]any {
	var out []map[string]any
	switch l := v.(type) {
	case []any:
		for _, e := range l {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			}
		}
	case []map[string]any:
		out = l
	}
	return out
}

func toAnyList(l []map[string]any) []any {
	out := make([]any, len(l))
	for i, m := range l {
		out[i] = m
	}
	return out
}

// jsonCopy is JSON.parse(JSON.stringify(v)) for plain data.
func jsonCopy(v any) any {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	out, err := jsjson.Parse(b) // objects stay ordered: the model sees properties as declared
	if err != nil {
		return v
	}
	return out
}

// ISOTime is an entry timestamp as pi writes it (new Date().toISOString()).
func ISOTime(t time.Time) string { return isoTime(t) }
