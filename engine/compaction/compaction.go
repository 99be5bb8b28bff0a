// Package compaction is pi's context compaction (coding-agent
// core/compaction): when a conversation grows close to the model's context
// window, the older part of the current branch is summarized by the model
// and replaced, in the context sent to the model, by that summary. The
// session keeps every entry; a compaction entry records the summary and the
// first entry still sent in full.
//
// The functions here are pure (entries and messages in, decisions and
// texts out) except [Compact], which asks a [Summarizer] for the summary
// texts. The agent owns the events, the hooks and the session writes.
package compaction

import (
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// Message is an AgentMessage as Go data.
type Message = map[string]any

// Settings are pi's compaction settings.
type Settings struct {
	Enabled bool
	// ReserveTokens is kept free for the reply: compaction triggers when the
	// context exceeds contextWindow - ReserveTokens. 80% of it caps the
	// summary's length.
	ReserveTokens int
	// KeepRecentTokens is roughly how much of the recent conversation stays
	// verbatim.
	KeepRecentTokens int
}

// DefaultSettings are pi's defaults.
var DefaultSettings = Settings{Enabled: true, ReserveTokens: 16384, KeepRecentTokens: 20000}

// jsLen is a string's length as JavaScript counts it.
var jsLen = jsjson.Len

// jsPrefix is pi's sliceHead: at most n UTF-16 code units of s, a
// surrogate pair the cut would split left out whole.
func jsPrefix(s string, n int) string {
	count := 0
	for i, r := range s {
		count += utf16.RuneLen(r)
		if count > n {
			return s[:i]
		}
	}
	return s
}

// jsonText is JSON.stringify(v) for tool arguments: no HTML escaping.
func jsonText(v any) string {
	b, err := jsjson.Marshal(v)
	if err != nil {
		return "undefined"
	}
	return string(b)
}

func str(v any) string { s, _ := v.(string); return s }

// num reads a JSON number held as float64 (decoded data) or int64/int
// (messages built in Go).
func num(v any) int { return int(Number(v)) }

// Number is a data value's number, 0 when it is none.
func Number(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case int64:
		return float64(n)
	case int:
		return float64(n)
	}
	return 0
}

func blocks(content any) []map[string]any {
	list, _ := content.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, b := range list {
		if m, ok := b.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func ceilQuarter(chars int) int { return int(math.Ceil(float64(chars) / 4)) }

// EstimateTokens is pi's estimateTokens: characters / 4, rounded up (an
// overestimate); images count 1200 tokens.
func EstimateTokens(m Message) int {
	chars := 0
	switch m["role"] {
	case "user": // pi 1.6 counts its images too
		if s, ok := m["content"].(string); ok {
			return ceilQuarter(jsLen(s))
		}
		for _, b := range blocks(m["content"]) {
			switch b["type"] {
			case "text":
				chars += jsLen(str(b["text"]))
			case "image":
				chars += 4800
			}
		}
	case "assistant":
		for _, b := range blocks(m["content"]) {
			switch b["type"] {
			case "text":
				chars += jsLen(str(b["text"]))
			case "thinking":
				chars += jsLen(str(b["thinking"]))
			case "toolCall":
				chars += jsLen(str(b["name"])) + jsLen(jsonText(b["arguments"]))
			}
		}
	case "custom", "toolResult":
		if s, ok := m["content"].(string); ok {
			return ceilQuarter(jsLen(s))
		}
		for _, b := range blocks(m["content"]) {
			switch b["type"] {
			case "text":
				chars += jsLen(str(b["text"]))
			case "image":
				chars += 4800
			}
		}
	case "system": // pi 1.6: its text, sections and tool declarations
		if s, ok := m["content"].(string); ok {
			chars = jsLen(s)
		}
		for _, b := range blocks(m["content"]) {
			if b["type"] == "text" {
				chars += jsLen(str(b["text"]))
			}
		}
		for _, sec := range session.Sections(m["sections"]) {
			chars += jsLen(str(sec.Value))
		}
		if added, ok := m["toolsAdded"]; ok && added != nil {
			chars += jsLen(jsonText(added))
		}
	case "bashExecution":
		chars = jsLen(str(m["command"])) + jsLen(str(m["output"]))
	case "branchSummary", "compactionSummary":
		chars = jsLen(str(m["summary"]))
	default:
		return 0
	}
	return ceilQuarter(chars)
}

// ContextTokens is pi's calculateContextTokens: the usage's totalTokens,
// else the sum of its parts.
func ContextTokens(usage map[string]any) int {
	if t := num(usage["totalTokens"]); t != 0 {
		return t
	}
	return num(usage["input"]) + num(usage["output"]) + num(usage["cacheRead"]) + num(usage["cacheWrite"])
}

// usageOf is the usage of an assistant message that completed (aborted and
// failed replies carry none worth counting).
func usageOf(m Message) (map[string]any, bool) {
	if m["role"] != "assistant" || m["stopReason"] == "aborted" || m["stopReason"] == "error" {
		return nil, false
	}
	u, ok := m["usage"].(map[string]any)
	return u, ok
}

// Estimate is pi's context token estimate.
type Estimate struct {
	Tokens         int
	UsageTokens    int
	TrailingTokens int
	// LastUsageIndex is the index of the message whose usage was taken, -1
	// when no message reported usage.
	LastUsageIndex int
}

// EstimateContext is pi's estimateContextTokens: the last reported usage
// plus an estimate of the messages after it.
func EstimateContext(ms []Message) Estimate {
	last := -1
	var usage map[string]any
	for i := len(ms) - 1; i >= 0; i-- {
		if u, ok := usageOf(ms[i]); ok {
			last, usage = i, u
			break
		}
	}
	e := Estimate{LastUsageIndex: last}
	if last >= 0 {
		e.UsageTokens = ContextTokens(usage)
	}
	for _, m := range ms[last+1:] {
		e.TrailingTokens += EstimateTokens(m)
	}
	e.Tokens = e.UsageTokens + e.TrailingTokens
	return e
}

// EstimateProjected is pi 1.6's estimateProjectedContextTokens: the
// estimate of a branch's projected context (session.PathProjection), whose
// reported usage counts only when no compaction or context edit came after
// the reply that reported it; otherwise every message is estimated, the
// system messages as the one they replay into.
func EstimateProjected(proj []session.ProjectedEntry, branch []session.Entry) Estimate {
	var msgs []Message
	for _, p := range proj {
		msgs = append(msgs, p.Messages...)
	}
	e := EstimateContext(msgs)
	if e.LastUsageIndex >= 0 {
		usageEntry, seen := "", 0
		for _, p := range proj {
			if e.LastUsageIndex < seen+len(p.Messages) {
				usageEntry, _ = p.Entry["id"].(string)
				break
			}
			seen += len(p.Messages)
		}
		usageAt, invalidatedAt := -1, -1
		for i, b := range branch {
			if id, _ := b["id"].(string); usageEntry != "" && id == usageEntry && usageAt < 0 {
				usageAt = i
			}
			if b["type"] == "context_edit" || b["type"] == "compaction" {
				invalidatedAt = i
			}
		}
		if usageAt > invalidatedAt {
			return e
		}
	}
	tokens := 0
	if sm := session.CurrentSystemMessage(msgs); sm != nil {
		tokens = EstimateTokens(sm)
	}
	for _, m := range msgs {
		if !session.IsSystemMessage(m) {
			tokens += EstimateTokens(m)
		}
	}
	return Estimate{Tokens: tokens, TrailingTokens: tokens, LastUsageIndex: -1}
}

// ShouldCompact is pi's shouldCompact.
func ShouldCompact(contextTokens, contextWindow int, s Settings) bool {
	return s.Enabled && contextTokens > contextWindow-s.ReserveTokens
}

func entryRole(e session.Entry) string {
	m, _ := e["message"].(map[string]any)
	return str(m["role"])
}

// isCutPoint: the conversation may start at user-side and assistant
// messages, never at a tool result (it must follow its call).
func isCutPoint(e session.Entry) bool {
	switch e["type"] {
	case "branch_summary", "custom_message":
		return true
	case "message":
		return entryRole(e) != "toolResult"
	}
	return false
}

// TurnStart is pi's findTurnStartIndex: the entry (user message, bash
// execution, custom message or branch summary) that started the turn
// containing entries[index]; -1 when there is none at or after start.
func TurnStart(entries []session.Entry, index, start int) int {
	for i := index; i >= start; i-- {
		e := entries[i]
		if e["type"] == "branch_summary" || e["type"] == "custom_message" {
			return i
		}
		if r := entryRole(e); e["type"] == "message" && (r == "user" || r == "bashExecution") {
			return i
		}
	}
	return -1
}

// CutPoint is where a compaction splits the branch.
type CutPoint struct {
	// FirstKeptEntryIndex is the first entry kept verbatim.
	FirstKeptEntryIndex int
	// TurnStartIndex is the start of the turn being cut when the cut falls
	// inside a turn, else -1.
	TurnStartIndex int
	IsSplitTurn    bool
}

// FindCutPoint is pi's findCutPoint over entries[start:end]: walking back
// from the newest message until keepRecentTokens are accumulated, the cut
// is the next valid cut point at or after that message, widened backwards
// over non-message entries (settings changes, labels...) before it.
func FindCutPoint(entries []session.Entry, start, end, keepRecentTokens int) CutPoint {
	var cuts []int
	for i := start; i < end; i++ {
		if isCutPoint(entries[i]) {
			cuts = append(cuts, i)
		}
	}
	if len(cuts) == 0 {
		return CutPoint{FirstKeptEntryIndex: start, TurnStartIndex: -1}
	}
	cut := cuts[0]
	acc := 0
	for i := end - 1; i >= start; i-- {
		if entries[i]["type"] != "message" {
			continue
		}
		m, _ := entries[i]["message"].(map[string]any)
		acc += EstimateTokens(m)
		if acc >= keepRecentTokens {
			for _, c := range cuts {
				if c >= i {
					cut = c
					break
				}
			}
			break
		}
	}
	for cut > start {
		prev := entries[cut-1]["type"]
		if prev == "compaction" || prev == "message" {
			break
		}
		cut--
	}
	if entries[cut]["type"] == "message" && entryRole(entries[cut]) == "user" {
		return CutPoint{FirstKeptEntryIndex: cut, TurnStartIndex: -1}
	}
	ts := TurnStart(entries, cut, start)
	return CutPoint{FirstKeptEntryIndex: cut, TurnStartIndex: ts, IsSplitTurn: ts != -1}
}

// FileOps are the files the summarized conversation touched (pi's
// read/written/edited sets).
type FileOps struct {
	Read, Written, Edited map[string]bool
}

func newFileOps() FileOps {
	return FileOps{Read: map[string]bool{}, Written: map[string]bool{}, Edited: map[string]bool{}}
}

// add records the paths of an assistant message's read/write/edit calls.
func (f FileOps) add(m Message) {
	if m["role"] != "assistant" {
		return
	}
	for _, b := range blocks(m["content"]) {
		if b["type"] != "toolCall" {
			continue
		}
		args, _ := jsjson.AsMap(b["arguments"])
		path := str(args["path"])
		if path == "" {
			continue
		}
		switch b["name"] {
		case "read":
			f.Read[path] = true
		case "write":
			f.Written[path] = true
		case "edit":
			f.Edited[path] = true
		}
	}
}

// Lists are pi's computeFileLists: files only read, and files modified,
// each sorted.
func (f FileOps) Lists() (readFiles, modifiedFiles []string) {
	modified := map[string]bool{}
	for p := range f.Edited {
		modified[p] = true
	}
	for p := range f.Written {
		modified[p] = true
	}
	readFiles, modifiedFiles = []string{}, []string{}
	for p := range f.Read {
		if !modified[p] {
			readFiles = append(readFiles, p)
		}
	}
	for p := range modified {
		modifiedFiles = append(modifiedFiles, p)
	}
	slices.Sort(readFiles)
	slices.Sort(modifiedFiles)
	return readFiles, modifiedFiles
}

// data renders the sets as arrays (pi hands extensions Set objects, which
// do not cross into pigo's runtimes as data).
func (f FileOps) data() map[string]any {
	list := func(s map[string]bool) []any {
		keys := slices.Sorted(maps.Keys(s))
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out
	}
	return map[string]any{"read": list(f.Read), "written": list(f.Written), "edited": list(f.Edited)}
}

// formatFileOperations is pi's: the file lists as tags after the summary.
func formatFileOperations(readFiles, modifiedFiles []string) string {
	var sections []string
	if len(readFiles) > 0 {
		sections = append(sections, "<read-files>\n"+strings.Join(readFiles, "\n")+"\n</read-files>")
	}
	if len(modifiedFiles) > 0 {
		sections = append(sections, "<modified-files>\n"+strings.Join(modifiedFiles, "\n")+"\n</modified-files>")
	}
	if len(sections) == 0 {
		return ""
	}
	return "\n\n" + strings.Join(sections, "\n\n")
}

// Preparation is pi's CompactionPreparation: what a compaction of the
// branch would summarize and keep. Extensions see it in
// session_before_compact.
type Preparation struct {
	FirstKeptEntryID    string
	MessagesToSummarize []Message
	TurnPrefixMessages  []Message
	IsSplitTurn         bool
	TokensBefore        int
	// PreviousSummary is the summary of the compaction this one extends
	// ("" with HasPrevious false when there is none).
	PreviousSummary string
	HasPrevious     bool
	FileOps         FileOps
	Settings        Settings
}

// Data is the preparation as the JSON data extensions receive.
func (p *Preparation) Data() map[string]any {
	out := map[string]any{
		"firstKeptEntryId":    p.FirstKeptEntryID,
		"messagesToSummarize": anySlice(p.MessagesToSummarize),
		"turnPrefixMessages":  anySlice(p.TurnPrefixMessages),
		"isSplitTurn":         p.IsSplitTurn,
		"tokensBefore":        float64(p.TokensBefore),
		"fileOps":             p.FileOps.data(),
		"settings": map[string]any{"enabled": p.Settings.Enabled, "reserveTokens": float64(p.Settings.ReserveTokens),
			"keepRecentTokens": float64(p.Settings.KeepRecentTokens)},
	}
	if p.HasPrevious {
		out["previousSummary"] = p.PreviousSummary
	}
	return out
}

func anySlice(ms []Message) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// messageForCompaction is pi's getMessageFromEntryForCompaction: the
// message an entry contributes, compaction summaries excluded (the
// previous summary is passed separately).
// System messages are prompt state, not conversation (pi 1.6): the
// compaction entry carries their replay.
func messageForCompaction(e session.Entry) Message {
	if e["type"] == "compaction" {
		return nil
	}
	if m := session.EntryMessage(e); !session.IsSystemMessage(m) {
		return m
	}
	return nil
}

// Prepare is pi's prepareCompaction over the branch (root → leaf). It
// returns false when there is nothing to do: the branch ends with a
// compaction, its first kept entry has no id, or everything is kept (pi
// 1.6: a session within keepRecentTokens is too small to compact).
func Prepare(path []session.Entry, s Settings) (*Preparation, bool) {
	if len(path) > 0 && path[len(path)-1]["type"] == "compaction" {
		return nil, false
	}
	prev := -1
	for i := len(path) - 1; i >= 0; i-- {
		if path[i]["type"] == "compaction" {
			prev = i
			break
		}
	}
	p := &Preparation{Settings: s, FileOps: newFileOps()}
	boundary := 0
	if prev >= 0 {
		c := path[prev]
		p.PreviousSummary, p.HasPrevious = str(c["summary"]), true
		boundary = prev + 1
		for i, e := range path {
			if e["id"] == c["firstKeptEntryId"] {
				boundary = i
				break
			}
		}
		// pi-made compactions carry their file lists forward.
		if hook, _ := c["fromHook"].(bool); !hook {
			if d, ok := c["details"].(map[string]any); ok {
				for _, f := range engine.Strings(d["readFiles"]) {
					p.FileOps.Read[f] = true
				}
				for _, f := range engine.Strings(d["modifiedFiles"]) {
					p.FileOps.Edited[f] = true
				}
			}
		}
	}
	p.TokensBefore = EstimateContext(session.PathContext(path).Messages).Tokens
	cut := FindCutPoint(path, boundary, len(path), s.KeepRecentTokens)
	if cut.FirstKeptEntryIndex >= len(path) {
		return nil, false
	}
	id := str(path[cut.FirstKeptEntryIndex]["id"])
	if id == "" {
		return nil, false // an unmigrated session
	}
	p.FirstKeptEntryID = id
	p.IsSplitTurn = cut.IsSplitTurn
	historyEnd := cut.FirstKeptEntryIndex
	if cut.IsSplitTurn {
		historyEnd = cut.TurnStartIndex
	}
	for i := boundary; i < historyEnd; i++ {
		if m := messageForCompaction(path[i]); m != nil {
			p.MessagesToSummarize = append(p.MessagesToSummarize, m)
			p.FileOps.add(m)
		}
	}
	if cut.IsSplitTurn {
		for i := cut.TurnStartIndex; i < cut.FirstKeptEntryIndex; i++ {
			if m := messageForCompaction(path[i]); m != nil {
				p.TurnPrefixMessages = append(p.TurnPrefixMessages, m)
				p.FileOps.add(m)
			}
		}
	}
	if len(p.MessagesToSummarize) == 0 && len(p.TurnPrefixMessages) == 0 {
		return nil, false
	}
	return p, true
}
