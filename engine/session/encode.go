package session

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi writes every line with JSON.stringify, so the bytes depend on the
// order in which its code created the object's properties. Go maps have no
// order, so encodeEntry puts the keys of the objects pi builds itself in
// pi's order (the tables below, read from session-manager.js, pi-ai's
// providers and pi-agent-core's loop) and every other key after them in
// sorted order. Strings are escaped as JSON.stringify escapes them (no
// HTML escaping, U+2028/U+2029 kept raw). Values that JSON cannot hold are
// dropped as JSON.stringify drops functions: omitted from objects, null in
// arrays; NaN and ±Inf become null.
//
// Lines read from a file are never re-encoded unless a migration changed
// them: their original bytes are kept and written back verbatim.

// keyKind says which key-order table applies to an object.
type keyKind int

const (
	kindAny      keyKind = iota // sorted keys
	kindEntry                   // a session entry (by "type")
	kindMessage                 // an AgentMessage (by "role")
	kindContent                 // an array of content blocks
	kindBlock                   // a content block (by "type")
	kindUsage                   // assistant usage
	kindCost                    // usage.cost
	kindValue                   // data of a pigo.value / pigo.list entry
	kindSections                // a system message's sections
	kindDetails                 // an entry's details (a summary's file lists)
)

// entryKeyOrder is the property order of each entry type as pi creates it.
func entryKeyOrder(typ string) []string {
	switch typ {
	case "session":
		return []string{"type", "version", "id", "timestamp", "cwd", "parentSession"}
	case "message":
		return []string{"type", "id", "parentId", "timestamp", "message"}
	case "thinking_level_change":
		return []string{"type", "id", "parentId", "timestamp", "thinkingLevel"}
	case "model_change":
		return []string{"type", "id", "parentId", "timestamp", "provider", "modelId"}
	case "compaction":
		return []string{"type", "id", "parentId", "timestamp", "summary", "firstKeptEntryId", "tokensBefore", "details", "usage", "fromHook", "systemMessage"}
	case "branch_summary":
		return []string{"type", "id", "parentId", "timestamp", "fromId", "summary", "details", "usage", "fromHook"}
	case "custom":
		return []string{"type", "customType", "data", "id", "parentId", "timestamp"}
	case "custom_message":
		return []string{"type", "customType", "content", "display", "details", "id", "parentId", "timestamp"}
	case "label":
		return []string{"type", "id", "parentId", "timestamp", "targetId", "label"}
	case "session_info":
		return []string{"type", "id", "parentId", "timestamp", "name"}
	case "usage": // pi 1.6's appendUsage
		return []string{"type", "id", "parentId", "timestamp", "kind", "provider", "model", "usage", "note"}
	case "context_edit":
		return []string{"type", "id", "parentId", "timestamp", "targetId", "replacement"}
	}
	return []string{"type", "id", "parentId", "timestamp"}
}

// messageKeyOrder is the property order of each message role as pi-ai,
// pi-agent-core and the coding agent create it.
func messageKeyOrder(role string) []string {
	switch role {
	case "system": // pi-agent-core's withToolChanges spreads the tool fields last
		return []string{"role", "content", "sections", "timestamp", "toolsAdded", "toolsRemoved"}
	case "user":
		return []string{"role", "content", "timestamp"}
	case "assistant":
		// pi-ai's output object, then what the stream adds as it goes
		// (responseId, responseModel, rawStopReason, errorMessage), the
		// event stream's durationMs and the agent loop's thinkingLevel.
		// Anthropic's adds the reply's effort (providerThinkingLevel)
		// once the request is built (responsesAssistantKeys).
		return []string{"role", "content", "api", "provider", "model", "usage", "stopReason", "timestamp", "providerThinkingLevel",
			"responseId", "responseModel", "rawStopReason", "errorMessage", "diagnostics", "durationMs", "thinkingLevel"}
	case "toolResult":
		return []string{"role", "toolCallId", "toolName", "content", "details", "isError", "durationMs", "timestamp"}
	case "bashExecution":
		return []string{"role", "command", "output", "exitCode", "cancelled", "truncated", "fullOutputPath", "timestamp", "excludeFromContext"}
	case "custom":
		return []string{"role", "customType", "content", "display", "details", "timestamp"}
	case "branchSummary":
		return []string{"role", "summary", "fromId", "timestamp"}
	case "compactionSummary":
		return []string{"role", "summary", "tokensBefore", "timestamp"}
	}
	return []string{"role"}
}

func blockKeyOrder(typ string) []string {
	switch typ {
	case "text":
		return []string{"type", "text", "textSignature"}
	case "thinking":
		return []string{"type", "thinking", "thinkingSignature", "redacted"}
	case "image":
		return []string{"type", "data", "mimeType"}
	case "toolCall":
		return []string{"type", "id", "name", "arguments", "thoughtSignature"}
	}
	return []string{"type"}
}

// childKind is the table for the value under key in an object of kind k.
func childKind(k keyKind, key string) keyKind {
	switch {
	case k == kindEntry && (key == "message" || key == "systemMessage"):
		return kindMessage
	case k == kindMessage && key == "sections":
		return kindSections
	case (k == kindEntry || k == kindMessage) && key == "content":
		return kindContent
	case (k == kindMessage || k == kindEntry) && key == "usage": // a summary entry's usage is a reply's
		return kindUsage
	case k == kindEntry && key == "details":
		return kindDetails
	case k == kindUsage && key == "cost":
		return kindCost
	}
	return kindAny
}

// keyTable is the property order of the objects of kind k as pi creates
// them (m is the object); other keys follow, sorted.
func (k keyKind) keyTable(m map[string]any) []string {
	switch k {
	case kindEntry:
		typ, _ := m["type"].(string)
		return entryKeyOrder(typ)
	case kindMessage:
		role, _ := m["role"].(string)
		api, _ := m["api"].(string)
		return MessageKeys(role, api)
	case kindBlock:
		typ, _ := m["type"].(string)
		return blockKeyOrder(typ)
	case kindUsage:
		return []string{"input", "output", "cacheRead", "cacheWrite", "reasoning", "totalTokens", "cost", "cacheWrite1h"}
	case kindCost:
		return []string{"input", "output", "cacheRead", "cacheWrite", "total", "totalFromProvider"}
	case kindValue:
		return []string{"namespace", "key", "value"}
	case kindSections:
		return SectionOrder
	case kindDetails:
		return []string{"readFiles", "modifiedFiles"}
	}
	return nil
}

// Keys implements jsjson.KeyOrder: the table's keys m has, then the rest
// sorted.
func (k keyKind) Keys(keys []string, m map[string]any) []string {
	order := k.keyTable(m)
	for _, key := range order {
		if _, ok := m[key]; ok {
			keys = append(keys, key)
		}
	}
	rest := len(keys)
	for key := range m {
		if !slices.Contains(order, key) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys[rest:])
	return keys
}

// Member implements jsjson.KeyOrder.
func (k keyKind) Member(m map[string]any, key string) jsjson.KeyOrder {
	if k == kindEntry && key == "data" && isReservedCustomType(m["customType"]) {
		return kindValue
	}
	return childKind(k, key)
}

// Element implements jsjson.KeyOrder: a content array holds blocks.
func (k keyKind) Element() jsjson.KeyOrder {
	if k == kindContent {
		return kindBlock
	}
	return kindAny
}

// lineJSON writes JSON.stringify's text with pi's key order. Invalid UTF-8
// becomes \ufffd; nil maps and slices are null.
var lineJSON = jsjson.Encoder{Order: kindEntry, NilNull: true, EscapeInvalid: true}

// encodeEntry returns e as pi would write it, without the newline.
func encodeEntry(e map[string]any) []byte {
	b, err := lineJSON.Append(nil, e)
	if err != nil {
		return []byte("null")
	}
	return b
}

// quote returns s as a JSON string literal.
func quote(s string) json.RawMessage { return lineJSON.AppendString(nil, s) }

// member is one property of an object whose key order is kept.
type member struct {
	key string
	val json.RawMessage
}

// object is a JSON object with its key order kept, as a JavaScript object
// keeps it; migrations edit lines through it so that rewritten lines keep
// pi's order (new keys go last, changed keys stay in place).
type object []member

// parseObject reads one JSON object, keeping key order (a repeated key
// keeps its first position and its last value, as JSON.parse does).
func parseObject(b []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errNotObject
	}
	var o object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		o.set(key, raw)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return o, nil
}

func (o object) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// set replaces key's value in place, or appends key.
func (o *object) set(key string, val json.RawMessage) {
	for i := range *o {
		if (*o)[i].key == key {
			(*o)[i].val = val
			return
		}
	}
	*o = append(*o, member{key, val})
}

func (o *object) del(key string) {
	*o = slices.DeleteFunc(*o, func(m member) bool { return m.key == key })
}

func (o object) bytes() []byte {
	b := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			b = append(b, ',')
		}
		b = lineJSON.AppendString(b, m.key)
		b = append(b, ':')
		b = append(b, m.val...)
	}
	return append(b, '}')
}

// decodeLine reads one line into an Entry. The values pi writes as an
// extension built them (a custom entry's data, the details of a
// custom_message entry and of a message) are read as *jsjson.Object in
// their key order, so that writing them again (get_messages, events, a
// provider request) gives the same bytes; the rest is plain data.
func decodeLine(raw []byte) (map[string]any, error) {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return m, err
	}
	switch m["type"] {
	case "custom":
		if !isReservedCustomType(m["customType"]) {
			keepOrder(m, raw, "data")
		}
	case "custom_message":
		keepOrder(m, raw, "details")
	case "message":
		msg, ok := m["message"].(map[string]any)
		if !ok {
			break
		}
		details, args, sections := hasObject(msg, "details"), toolCallsWithOrder(msg), hasSections(msg)
		if !details && !args && !sections {
			break
		}
		o, err := parseObject(raw)
		if err != nil {
			break
		}
		mraw, _ := o.get("message")
		if details {
			keepOrder(msg, mraw, "details")
		}
		if args {
			keepArgumentsOrder(msg, mraw)
		}
		if sections {
			keepSectionsOrder(msg, mraw)
		}
	case "compaction":
		if sm, ok := m["systemMessage"].(map[string]any); ok && hasSections(sm) {
			if o, err := parseObject(raw); err == nil {
				smraw, _ := o.get("systemMessage")
				keepSectionsOrder(sm, smraw)
			}
		}
	}
	return m, nil
}

// hasSections reports whether msg is a system message with sections (the
// prompt renders them in their order, so they are always read ordered).
func hasSections(msg map[string]any) bool {
	s, ok := msg["sections"].(map[string]any)
	return ok && len(s) > 0 && IsSystemMessage(msg)
}

// keepSectionsOrder replaces a system message's sections with their
// ordered form read from mraw, the message's JSON text. Only the section
// object is ordered: its values are strings or null.
func keepSectionsOrder(msg map[string]any, mraw []byte) {
	o, err := parseObject(mraw)
	if err != nil {
		return
	}
	sraw, ok := o.get("sections")
	if !ok {
		return
	}
	so, err := parseObject(sraw)
	if err != nil {
		return
	}
	sections, _ := msg["sections"].(map[string]any)
	ordered := make(jsjson.Object, 0, len(so))
	for _, mem := range so {
		ordered.Set(mem.key, sections[mem.key]) // JSON.parse's order: index-like keys first
	}
	msg["sections"] = &ordered
}

// toolCallsWithOrder reports whether an assistant message has a tool
// call whose arguments have an order to keep.
func toolCallsWithOrder(msg map[string]any) bool {
	content, _ := msg["content"].([]any)
	for _, b := range content {
		if bm, ok := b.(map[string]any); ok && bm["type"] == "toolCall" && hasObject(bm, "arguments") {
			return true
		}
	}
	return false
}

// keepArgumentsOrder replaces the arguments of msg's tool calls with
// their ordered form read from mraw, msg's JSON text (the model's order:
// a provider request replays them so).
func keepArgumentsOrder(msg map[string]any, mraw []byte) {
	o, err := parseObject(mraw)
	if err != nil {
		return
	}
	craw, _ := o.get("content")
	v, err := jsjson.Parse(craw)
	if err != nil {
		return
	}
	ordered, _ := v.([]any)
	content, _ := msg["content"].([]any)
	for i, b := range content {
		bm, ok := b.(map[string]any)
		if !ok || i >= len(ordered) || bm["type"] != "toolCall" || !hasObject(bm, "arguments") {
			continue
		}
		if ob, ok := ordered[i].(*jsjson.Object); ok {
			if args, ok := ob.Get("arguments"); ok {
				bm["arguments"] = args
			}
		}
	}
}

// hasObject reports whether m[key] is an object with an order to keep.
func hasObject(m map[string]any, key string) bool {
	d, ok := m[key].(map[string]any)
	return ok && hasOrder(d)
}

// hasOrder reports whether v holds an object of two or more members
// (reading a value ordered costs a second parse; most are small).
func hasOrder(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		if len(x) > 1 {
			return true
		}
		for _, e := range x {
			return hasOrder(e)
		}
	case []any:
		for _, e := range x {
			if hasOrder(e) {
				return true
			}
		}
	}
	return false
}

// keepOrder replaces the object m[key] with its ordered form read from
// raw, m's line.
func keepOrder(m map[string]any, raw []byte, key string) {
	if !hasObject(m, key) {
		return
	}
	o, err := parseObject(raw)
	if err != nil {
		return
	}
	if vraw, ok := o.get(key); ok {
		if v, err := jsjson.Parse(vraw); err == nil {
			m[key] = v
		}
	}
}

// EntryKeys is the property order of an entry of type typ as pi creates
// it. The slice is shared: do not modify it.
func EntryKeys(typ string) []string {
	if k, ok := entryKeyTable[typ]; ok {
		return k
	}
	return entryKeyTable[""]
}

// MessageKeys is the property order of a message of role (an assistant
// message's of api) as pi-ai,
// pi-agent-core and the coding agent create it. The slice is shared: do
// not modify it.
func MessageKeys(role, api string) []string {
	if role == "assistant" && (api == "openai-responses" || api == "openai-codex-responses") {
		return responsesAssistantKeys
	}
	if k, ok := messageKeyTable[role]; ok {
		return k
	}
	return messageKeyTable[""]
}

// responsesAssistantKeys is the order of an assistant message of the
// Responses APIs, which create their output with the reply's effort
// (providerThinkingLevel) after model.
var responsesAssistantKeys = []string{"role", "content", "api", "provider", "model", "providerThinkingLevel", "usage", "stopReason",
	"timestamp", "responseId", "responseModel", "rawStopReason", "errorMessage", "diagnostics", "durationMs", "thinkingLevel"}

// BlockKeys is the property order of a content block of type typ, or nil
// when typ is no block type. The slice is shared: do not modify it.
func BlockKeys(typ string) []string { return blockKeyTable[typ] }

// The key orders by type and role, built once (the functions above build
// a new slice per call).
var (
	entryKeyTable = keyTable(entryKeyOrder, "", "session", "message", "thinking_level_change", "model_change", "compaction",
		"branch_summary", "custom", "custom_message", "label", "session_info", "context_edit")
	messageKeyTable = keyTable(messageKeyOrder, "", "system", "user", "assistant", "toolResult", "bashExecution", "custom",
		"branchSummary", "compactionSummary")
	blockKeyTable = keyTable(blockKeyOrder, "text", "thinking", "image", "toolCall")
)

func keyTable(order func(string) []string, names ...string) map[string][]string {
	m := make(map[string][]string, len(names))
	for _, n := range names {
		m[n] = order(n)
	}
	return m
}
