package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

func TestNavigateTreeWithBranchSummary(t *testing.T) {
	r := newRecoveryRig(t, 100000, agent.DefaultSettings)
	r.script.Queue(provider.ReplyText("a1"), provider.ReplyText("a2"))
	r.prompt("first")
	r.prompt("second")
	tree := piapi.Of(r.h).Session()
	var secondUser string
	for _, e := range tree.Entries() {
		if m, _ := e["message"].(map[string]any); m["role"] == "user" && strings.Contains(userText(m), "second") {
			secondUser = e["id"].(string)
		}
	}
	var prompt string
	r.script.Queue(provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		prompt = c.Messages[0]["content"].([]any)[0].(map[string]any)["text"].(string)
		return provider.ReplyText("left the second question"), nil
	}})
	res, err := r.agent.NavigateTree(context.Background(), secondUser, agent.NavigateOptions{Summarize: true, Label: "back", CustomInstructions: "be short", HasCustom: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Cancelled || res.EditorText != "second" || res.SummaryEntry == nil {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(prompt, "<conversation>\n[Assistant]: a2\n</conversation>") || !strings.HasSuffix(prompt, "Additional focus: be short") {
		t.Errorf("summary prompt %q", prompt)
	}
	s, _ := res.SummaryEntry["summary"].(string)
	if !strings.HasPrefix(s, "The user explored a different conversation branch") || !strings.Contains(s, "left the second question") {
		t.Errorf("summary %q", s)
	}
	if label, ok := tree.Label(res.SummaryEntry["id"].(string)); !ok || label != "back" {
		t.Errorf("label %q %v", label, ok)
	}
	// The conversation is the first exchange plus the summary.
	if got := roles(r.agent.Messages()); got != "user,assistant,branchSummary" {
		t.Errorf("conversation %s", got)
	}
	// Navigating to where one is does nothing; an unknown entry fails.
	if res, err := r.agent.NavigateTree(context.Background(), tree.LeafID(), agent.NavigateOptions{}); err != nil || res.Cancelled {
		t.Errorf("same leaf: %+v %v", res, err)
	}
	if _, err := r.agent.NavigateTree(context.Background(), "nope", agent.NavigateOptions{}); err == nil || err.Error() != "Entry nope not found" {
		t.Errorf("unknown entry: %v", err)
	}
}

func TestNavigateTreeWithoutSummary(t *testing.T) {
	r := newRecoveryRig(t, 100000, agent.DefaultSettings)
	r.script.Queue(provider.ReplyText("a1"), provider.ReplyText("a2"))
	r.prompt("first")
	r.prompt("second")
	tree := piapi.Of(r.h).Session()
	before := len(tree.Entries())
	var firstReply string
	for _, e := range tree.Entries() {
		if m, _ := e["message"].(map[string]any); m["role"] == "assistant" && firstReply == "" {
			firstReply = e["id"].(string)
		}
	}
	res, err := r.agent.NavigateTree(context.Background(), firstReply, agent.NavigateOptions{})
	if err != nil || res.SummaryEntry != nil || res.EditorText != "" {
		t.Fatalf("%+v %v", res, err)
	}
	if tree.LeafID() != firstReply || len(tree.Entries()) != before {
		t.Errorf("leaf %s, %d entries (was %d)", tree.LeafID(), len(tree.Entries()), before)
	}
	if got := roles(r.agent.Messages()); got != "user,assistant" {
		t.Errorf("conversation %s", got)
	}
}

func userText(m map[string]any) string {
	var b strings.Builder
	for _, c := range m["content"].([]any) {
		if t, _ := c.(map[string]any)["text"].(string); t != "" {
			b.WriteString(t)
		}
	}
	return b.String()
}

// A branch summary is asked for at the session's thinking level when the
// model reasons, as pi 1.6 asks.
func TestBranchSummaryThinkingLevel(t *testing.T) {
	r := newRecoveryRig(t, 100000, agent.DefaultSettings)
	r.script.Queue(provider.ReplyText("a1"), provider.ReplyText("a2"))
	r.prompt("first")
	r.prompt("second")
	m := r.agent.Model()
	m["reasoning"] = true
	r.agent.SetModelValue(m)
	r.agent.SetThinking("high")
	var level provider.ThinkingLevel
	r.script.Queue(provider.ScriptStep{Func: func(_ context.Context, _ *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		level = o.Thinking
		return provider.ReplyText("sum"), nil
	}})
	target := piapi.Of(r.h).Session().Entries()[1]["id"].(string)
	if _, err := r.agent.NavigateTree(context.Background(), target, agent.NavigateOptions{Summarize: true}); err != nil {
		t.Fatal(err)
	}
	if level != "high" {
		t.Fatalf("summary asked at thinking level %q", level)
	}
}
