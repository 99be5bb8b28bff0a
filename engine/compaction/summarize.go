package compaction

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"

	"github.com/pigo-dev/pigo/engine/session"
)

// toolResultMaxChars caps each tool result in the serialized conversation.
const toolResultMaxChars = 2000

// truncateForSummary keeps the start of a long text and says how much was cut.
func truncateForSummary(text string, max int) string {
	n := jsLen(text)
	if n <= max {
		return text
	}
	return jsPrefix(text, max) + "\n\n[... " + strconv.Itoa(n-max) + " more characters truncated]"
}

func textOf(content any, sep string) string {
	if s, ok := content.(string); ok {
		return s
	}
	var parts []string
	for _, b := range blocks(content) {
		if b["type"] == "text" {
			parts = append(parts, str(b["text"]))
		}
	}
	return strings.Join(parts, sep)
}

// SerializeConversation is pi's serializeConversation: LLM messages as a
// plain transcript, so the summarizing model does not continue the
// conversation. Tool results are cut to 2000 characters.
func SerializeConversation(ms []Message) string {
	var parts []string
	for _, m := range ms {
		switch m["role"] {
		case "user":
			if c := textOf(m["content"], ""); c != "" {
				parts = append(parts, "[User]: "+c)
			}
		case "assistant":
			// Thinking is left out, as pi 1.6 does.
			var texts, calls []string
			for _, b := range blocks(m["content"]) {
				switch b["type"] {
				case "text":
					texts = append(texts, str(b["text"]))
				case "toolCall":
					calls = append(calls, str(b["name"])+"("+argsText(b["arguments"])+")")
				}
			}
			if len(texts) > 0 {
				parts = append(parts, "[Assistant]: "+strings.Join(texts, "\n"))
			}
			if len(calls) > 0 {
				parts = append(parts, "[Assistant tool calls]: "+strings.Join(calls, "; "))
			}
		case "toolResult":
			if c := textOf(m["content"], ""); c != "" {
				parts = append(parts, "[Tool result]: "+truncateForSummary(c, toolResultMaxChars))
			}
		}
	}
	return strings.Join(parts, "\n\n")
}

// argsText renders tool call arguments as k=JSON pairs, in the model's
// key order as pi does; arguments held as a Go map (no order) sorted.
func argsText(v any) string {
	var parts []string
	if o, ok := v.(*jsjson.Object); ok { // pi's Object.entries: the model's order
		for _, m := range *o {
			parts = append(parts, m.Key+"="+jsonText(m.Value))
		}
		return strings.Join(parts, ", ")
	}
	args, _ := v.(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(args)) {
		parts = append(parts, k+"="+jsonText(args[k]))
	}
	return strings.Join(parts, ", ")
}

// SummaryRequest is one summarization call: a system prompt, one user
// message, an output cap (0: the model's own output limit).
type SummaryRequest struct {
	SystemPrompt string
	Prompt       string
	MaxTokens    int
}

// Summarizer asks the model for a completion and returns its assistant
// message (pi's completeSimple). A reply with stopReason "error" fails the
// compaction with its errorMessage.
type Summarizer func(ctx context.Context, req SummaryRequest) (Message, error)

// Result is pi's CompactionResult.
type Result struct {
	Summary          string
	FirstKeptEntryID string
	TokensBefore     int
	// EstimatedTokensAfter estimates the context the compaction left (set
	// once the compaction entry is stored; nil: absent).
	EstimatedTokensAfter *int
	// Usage is what the summary calls cost (pi's Usage; nil: absent, as
	// when an extension supplied the summary without one).
	Usage any
	// Details is {readFiles, modifiedFiles} for pi-made summaries, whatever
	// an extension returned otherwise (nil: absent).
	Details any
}

// Data is the result as JSON data (the RPC compact response, compaction_end).
func (r Result) Data() map[string]any {
	out := map[string]any{"summary": r.Summary, "firstKeptEntryId": r.FirstKeptEntryID, "tokensBefore": float64(r.TokensBefore)}
	if r.EstimatedTokensAfter != nil {
		out["estimatedTokensAfter"] = float64(*r.EstimatedTokensAfter)
	}
	if r.Usage != nil {
		out["usage"] = r.Usage
	}
	if r.Details != nil {
		out["details"] = r.Details
	}
	return out
}

// ResultFromData reads a CompactionResult an extension returned.
func ResultFromData(m map[string]any) Result {
	return Result{Summary: str(m["summary"]), FirstKeptEntryID: str(m["firstKeptEntryId"]),
		TokensBefore: num(m["tokensBefore"]), Usage: m["usage"], Details: m["details"]}
}

// EstimateMessages is the sum of the messages' token estimates (pi's
// estimatedTokensAfter).
func EstimateMessages(ms []Message) int {
	n := 0
	for _, m := range ms {
		n += EstimateTokens(m)
	}
	return n
}

// CombineUsage adds two usages (pi's combineUsage): the optional
// cacheWrite1h and reasoning splits are kept when either side has them;
// the cost is provider-reported only when both are.
func CombineUsage(a, b any) any {
	x, _ := a.(map[string]any)
	y, _ := b.(map[string]any)
	if x == nil {
		return b
	}
	if y == nil {
		return a
	}
	out := map[string]any{}
	for _, k := range []string{"input", "output", "cacheRead", "cacheWrite", "totalTokens"} {
		out[k] = Number(x[k]) + Number(y[k])
	}
	for _, k := range []string{"cacheWrite1h", "reasoning"} {
		_, inX := x[k]
		_, inY := y[k]
		if inX || inY {
			out[k] = Number(x[k]) + Number(y[k])
		}
	}
	xc, _ := x["cost"].(map[string]any)
	yc, _ := y["cost"].(map[string]any)
	cost := map[string]any{}
	for _, k := range []string{"input", "output", "cacheRead", "cacheWrite", "total"} {
		cost[k] = Number(xc[k]) + Number(yc[k])
	}
	cost["totalFromProvider"] = xc["totalFromProvider"] == true && yc["totalFromProvider"] == true
	out["cost"] = cost
	return out
}

// summarize runs one summarization at the model's own output limit and
// returns the reply's text blocks joined by newlines, and its usage. An
// error reply, one cut at the token cap or one calling a tool fails with
// pi's text (failure names the call).
func summarize(ctx context.Context, s Summarizer, prompt string, failure string) (string, any, error) {
	reply, err := s(ctx, SummaryRequest{SystemPrompt: SystemPrompt, Prompt: prompt})
	if err != nil {
		return "", nil, err
	}
	if err := summaryFailure(reply, failure); err != nil {
		return "", nil, err
	}
	return textOf(reply["content"], "\n"), reply["usage"], nil
}

// summaryFailure is why a summary reply cannot be kept (pi's
// getSummarizationFailure and its tool call check), label naming the call:
// an error reply, one cut at the token cap, one calling a tool.
func summaryFailure(reply Message, label string) error {
	switch reply["stopReason"] {
	case "error":
		msg := str(reply["errorMessage"])
		if msg == "" {
			msg = "Unknown error"
		}
		return errors.New(label + " failed: " + msg)
	case "length":
		return errors.New(label + " failed: generation hit the token cap and the summary is incomplete")
	}
	if blocks, _ := reply["content"].([]any); slices.ContainsFunc(blocks, func(b any) bool {
		m, _ := b.(map[string]any)
		return m["type"] == "toolCall"
	}) {
		return errors.New(label + " attempted to call a tool")
	}
	return nil
}

// historyPrompt is pi's generateSummary prompt for messages (with the
// previous summary to update, if any).
func historyPrompt(ms []Message, previous string, hasPrevious bool, custom string) string {
	base := summarizationPrompt
	if hasPrevious {
		base = updateSummarizationPrompt
	}
	if custom != "" {
		base += "\n\nAdditional focus: " + custom
	}
	text := "<conversation>\n" + SerializeConversation(session.ConvertToLlm(ms)) + "\n</conversation>\n\n"
	if hasPrevious {
		text += "<previous-summary>\n" + previous + "\n</previous-summary>\n\n"
	}
	return text + base
}

// Compact is pi's compact: it summarizes the preparation's history (and,
// for a split turn, then the turn's prefix), appends the file lists and
// adds up the calls' usage.
func Compact(ctx context.Context, p *Preparation, s Summarizer, customInstructions string) (Result, error) {
	var (
		summary string
		usage   any
	)
	if p.IsSplitTurn && len(p.TurnPrefixMessages) > 0 {
		history := "No prior history."
		if p.HasPrevious {
			history = p.PreviousSummary
		}
		if len(p.MessagesToSummarize) > 0 {
			var err error
			history, usage, err = summarize(ctx, s, historyPrompt(p.MessagesToSummarize, p.PreviousSummary, p.HasPrevious, customInstructions),
				"Summarization")
			if err != nil {
				return Result{}, err
			}
		}
		prefixText := "# Conversation\n" + SerializeConversation(session.ConvertToLlm(p.TurnPrefixMessages)) + "\n\n# Instructions\n" + turnPrefixPrompt
		if customInstructions != "" {
			prefixText += "\n\nAdditional focus: " + customInstructions
		}
		prefix, prefixUsage, err := summarize(ctx, s, prefixText, "Turn prefix summarization")
		if err != nil {
			return Result{}, err
		}
		summary = history + "\n\n---\n\n**Turn Context (split turn):**\n\n" + prefix
		usage = CombineUsage(usage, prefixUsage)
	} else {
		var err error
		summary, usage, err = summarize(ctx, s, historyPrompt(p.MessagesToSummarize, p.PreviousSummary, p.HasPrevious, customInstructions),
			"Summarization")
		if err != nil {
			return Result{}, err
		}
	}
	readFiles, modifiedFiles := p.FileOps.Lists()
	summary += formatFileOperations(readFiles, modifiedFiles)
	if p.FirstKeptEntryID == "" {
		return Result{}, errors.New("First kept entry has no UUID - session may need migration")
	}
	return Result{Summary: summary, FirstKeptEntryID: p.FirstKeptEntryID, TokensBefore: p.TokensBefore, Usage: usage,
		Details: map[string]any{"readFiles": toAny(readFiles), "modifiedFiles": toAny(modifiedFiles)}}, nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
