package compaction

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"sync"

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
			var texts, thinking, calls []string
			for _, b := range blocks(m["content"]) {
				switch b["type"] {
				case "text":
					texts = append(texts, str(b["text"]))
				case "thinking":
					thinking = append(thinking, str(b["thinking"]))
				case "toolCall":
					calls = append(calls, str(b["name"])+"("+argsText(b["arguments"])+")")
				}
			}
			if len(thinking) > 0 {
				parts = append(parts, "[Assistant thinking]: "+strings.Join(thinking, "\n"))
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
// message, an output cap.
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
	// Details is {readFiles, modifiedFiles} for pi-made summaries, whatever
	// an extension returned otherwise (nil: absent).
	Details any
}

// Data is the result as JSON data (the RPC compact response, compaction_end).
func (r Result) Data() map[string]any {
	out := map[string]any{"summary": r.Summary, "firstKeptEntryId": r.FirstKeptEntryID, "tokensBefore": float64(r.TokensBefore)}
	if r.Details != nil {
		out["details"] = r.Details
	}
	return out
}

// ResultFromData reads a CompactionResult an extension returned.
func ResultFromData(m map[string]any) Result {
	return Result{Summary: str(m["summary"]), FirstKeptEntryID: str(m["firstKeptEntryId"]),
		TokensBefore: num(m["tokensBefore"]), Details: m["details"]}
}

// summarize runs one summarization and returns the reply's text blocks
// joined by newlines.
func summarize(ctx context.Context, s Summarizer, prompt string, maxTokens int, failure string) (string, error) {
	reply, err := s(ctx, SummaryRequest{SystemPrompt: SystemPrompt, Prompt: prompt, MaxTokens: maxTokens})
	if err != nil {
		return "", err
	}
	if reply["stopReason"] == "error" {
		msg := str(reply["errorMessage"])
		if msg == "" {
			msg = "Unknown error"
		}
		return "", errors.New(failure + ": " + msg)
	}
	return textOf(reply["content"], "\n"), nil
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
// for a split turn, the turn's prefix, concurrently) and appends the file
// lists.
func Compact(ctx context.Context, p *Preparation, s Summarizer, customInstructions string) (Result, error) {
	historyMax := int(0.8 * float64(p.Settings.ReserveTokens))
	var summary string
	if p.IsSplitTurn && len(p.TurnPrefixMessages) > 0 {
		var (
			wg                 sync.WaitGroup
			history, prefix    string
			historyErr, preErr error
		)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if len(p.MessagesToSummarize) == 0 {
				history = "No prior history."
				return
			}
			history, historyErr = summarize(ctx, s, historyPrompt(p.MessagesToSummarize, p.PreviousSummary, p.HasPrevious, customInstructions),
				historyMax, "Summarization failed")
		}()
		prefixText := "<conversation>\n" + SerializeConversation(session.ConvertToLlm(p.TurnPrefixMessages)) + "\n</conversation>\n\n" + turnPrefixPrompt
		prefix, preErr = summarize(ctx, s, prefixText, int(0.5*float64(p.Settings.ReserveTokens)), "Turn prefix summarization failed")
		wg.Wait()
		if historyErr != nil {
			return Result{}, historyErr
		}
		if preErr != nil {
			return Result{}, preErr
		}
		summary = history + "\n\n---\n\n**Turn Context (split turn):**\n\n" + prefix
	} else {
		var err error
		summary, err = summarize(ctx, s, historyPrompt(p.MessagesToSummarize, p.PreviousSummary, p.HasPrevious, customInstructions),
			historyMax, "Summarization failed")
		if err != nil {
			return Result{}, err
		}
	}
	readFiles, modifiedFiles := p.FileOps.Lists()
	summary += formatFileOperations(readFiles, modifiedFiles)
	if p.FirstKeptEntryID == "" {
		return Result{}, errors.New("First kept entry has no UUID - session may need migration")
	}
	return Result{Summary: summary, FirstKeptEntryID: p.FirstKeptEntryID, TokensBefore: p.TokensBefore,
		Details: map[string]any{"readFiles": toAny(readFiles), "modifiedFiles": toAny(modifiedFiles)}}, nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
