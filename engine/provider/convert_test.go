package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestConvertToLLM(t *testing.T) {
	t.Parallel()
	user := map[string]any{"role": "user", "content": "u", "timestamp": 1}
	in := []map[string]any{
		user,
		{"role": "bashExecution", "command": "make", "output": "", "exitCode": 2, "cancelled": false, "truncated": true, "fullOutputPath": "/tmp/o", "timestamp": 2},
		{"role": "bashExecution", "command": "secret", "output": "x", "excludeFromContext": true, "timestamp": 3},
		{"role": "bashExecution", "command": "sleep", "output": "z", "cancelled": true, "timestamp": 3},
		{"role": "custom", "customType": "x", "content": []any{map[string]any{"type": "text", "text": "blocks"}}, "display": false, "timestamp": 4},
		{"role": "branchSummary", "summary": "S", "fromId": "e1", "timestamp": 5},
		{"role": "somethingElse", "timestamp": 6},
	}
	out := provider.ConvertToLLM(in)
	text := func(i int) string {
		return out[i]["content"].([]any)[0].(map[string]any)["text"].(string)
	}
	if len(out) != 5 {
		t.Fatalf("got %d messages: %v", len(out), out)
	}
	if out[0]["content"] != "u" {
		t.Error("user message changed")
	}
	for i, want := range []string{
		"Ran `make`\n(no output)\n\nCommand exited with code 2\n\n[Output truncated. Full output: /tmp/o]",
		"Ran `sleep`\n```\nz\n```\n\n(command cancelled)",
		"blocks",
		"The following is a summary of a branch that this conversation came back from:\n\n<summary>\nS</summary>",
	} {
		if got := text(i + 1); got != want {
			t.Errorf("message %d = %q, want %q", i+1, got, want)
		}
		if out[i+1]["role"] != "user" {
			t.Errorf("message %d role = %v", i+1, out[i+1]["role"])
		}
	}
}
