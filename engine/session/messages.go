package session

import (
	"fmt"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// pi's message wrappers (coding-agent messages.js), also served to pigo's
// TypeScript compaction module as COMPACTION_SUMMARY_PREFIX and so on.
const (
	CompactionSummaryPrefix = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n"
	CompactionSummarySuffix = "\n</summary>"
	BranchSummaryPrefix     = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n"
	BranchSummarySuffix     = "</summary>"
)

// ConvertToLlm is pi's convertToLlm without the system messages, for
// what takes the prompt and tools outside the message list.
func ConvertToLlm(ms []map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range ConvertToLlmTranscript(ms) {
		if !IsSystemMessage(m) {
			out = append(out, m)
		}
	}
	return out
}

// ConvertToLlmTranscript is pi's convertToLlm: agent messages to the
// messages a model sees (custom, bash executions and summaries become
// user messages; system messages stay in place; unknown roles are
// dropped).
func ConvertToLlmTranscript(ms []map[string]any) []map[string]any {
	var out []map[string]any
	text := func(s string, ts any) map[string]any {
		return map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": s}}, "timestamp": ts}
	}
	for _, m := range ms {
		switch m["role"] {
		case "system", "user", "assistant", "toolResult":
			out = append(out, m)
		case "custom":
			content := m["content"]
			if s, ok := content.(string); ok {
				content = []any{map[string]any{"type": "text", "text": s}}
			}
			out = append(out, map[string]any{"role": "user", "content": content, "timestamp": m["timestamp"]})
		case "bashExecution":
			if ex, _ := m["excludeFromContext"].(bool); ex {
				continue
			}
			out = append(out, text(BashExecutionText(m), m["timestamp"]))
		case "branchSummary":
			out = append(out, text(BranchSummaryPrefix+str(m["summary"])+BranchSummarySuffix, m["timestamp"]))
		case "compactionSummary":
			out = append(out, text(CompactionSummaryPrefix+str(m["summary"])+CompactionSummarySuffix, m["timestamp"]))
		}
	}
	return out
}

// BashExecutionText is pi's bashExecutionToText.
func BashExecutionText(m map[string]any) string {
	s := fmt.Sprintf("Ran `%s`\n", str(m["command"]))
	if out := str(m["output"]); out != "" {
		s += "```\n" + out + "\n```"
	} else {
		s += "(no output)"
	}
	if c, _ := m["cancelled"].(bool); c {
		s += "\n\n(command cancelled)"
	} else if code, ok := jsjson.Float64(m["exitCode"]); ok && code != 0 {
		s += fmt.Sprintf("\n\nCommand exited with code %v", code)
	}
	if t, _ := m["truncated"].(bool); t && str(m["fullOutputPath"]) != "" {
		s += "\n\n[Output truncated. Full output: " + str(m["fullOutputPath"]) + "]"
	}
	return s
}

// str is v as a string, "" when it is not one.
func str(v any) string { s, _ := v.(string); return s }
