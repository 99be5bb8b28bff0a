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
// Sections keep JavaScript's insertion order, which is what the model
// reads: pigo builds them, replays them and reads them from session files
// as *jsjson.Object (Sections). A section that first appears in a later
// patch comes after the earlier ones, as in pi.

// SectionOrder is the order of the sections pi's prompt builder creates.
var SectionOrder = []string{"preamble", "tools", "rules", "docs", "addendum", "project_context", "skills", "cwd"}

// SectionNames returns the names of sections held in a Go map, which has
// no order of its own: SectionOrder's, then the others sorted.
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

// Sections returns a sections value (a system message's sections, a
// patch, or prompt options' custom sections) in its order: an ordered
// object as it is, a Go map in SectionNames' order; nil for anything
// else. The result may share v's storage: copy it before changing it.
func Sections(v any) jsjson.Object {
	switch x := v.(type) {
	case *jsjson.Object:
		if x != nil {
			return *x
		}
	case jsjson.Object:
		return x
	case map[string]any:
		o := make(jsjson.Object, 0, len(x))
		for _, n := range SectionNames(x) {
			o = append(o, jsjson.Member{Key: n, Value: x[n]})
		}
		return o
	}
	return nil
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
	for _, sec := range Sections(m["sections"]) {
		if t, ok := sec.Value.(string); ok && t != "" {
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
	for _, sec := range Sections(m["sections"]) {
		if t, ok := sec.Value.(string); ok {
			parts = append(parts, "Updated system prompt section \""+sec.Key+"\":\n\n"+t)
		} else {
			parts = append(parts, "Removed system prompt section \""+sec.Key+"\".")
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
	var sections jsjson.Object
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
		for _, sec := range Sections(m["sections"]) {
			if sec.Value == nil {
				sections.Delete(sec.Key)
			} else {
				sections.Set(sec.Key, sec.Value) // a patched section keeps its place
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
		out["sections"] = &sections
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
// nil when nothing changed; changed sections in current's order, then the
// removed ones in previous's.
func DiffSections(previous, current any) *jsjson.Object {
	prev, cur := Sections(previous), Sections(current)
	var patch jsjson.Object
	for _, sec := range cur {
		if p, ok := prev.Get(sec.Key); !ok || !sameText(p, sec.Value) {
			patch = append(patch, sec)
		}
	}
	for _, sec := range prev {
		if _, ok := cur.Get(sec.Key); !ok {
			patch = append(patch, jsjson.Member{Key: sec.Key})
		}
	}
	if len(patch) == 0 {
		return nil
	}
	return &patch
}

// sameText reports whether two section values are the same text (a value
// that is not a string, from a hand-edited file, never is; comparing it
// could panic).
func sameText(a, b any) bool {
	as, ok := a.(string)
	bs, ok2 := b.(string)
	return ok && ok2 && as == bs
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
