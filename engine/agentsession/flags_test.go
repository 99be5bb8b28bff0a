package agentsession

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestParsePiFlags(t *testing.T) {
	t.Parallel()
	str := func(s string) *string { return &s }
	f := parsePiFlags([]string{"-p", "hello", "--model", "mock/m:high", "-e", "a.ts", "--extension", "b.ts",
		"--tools", "read, bash,,", "--append-system-prompt", "x", "--append-system-prompt", "y", "--plan",
		"--who", "Ada", "--n=3", "second", "@file.md", "--thinking", "bogus", "-x", "--mode", "json", "--mode", "nope"})
	if !f.print || f.mode != "json" || f.model != "mock/m:high" {
		t.Errorf("print/mode/model: %v %q %q", f.print, f.mode, f.model)
	}
	if want := []string{"hello", "second"}; !reflect.DeepEqual(f.messages, want) {
		t.Errorf("messages %q, want %q", f.messages, want)
	}
	if want := []string{"a.ts", "b.ts"}; !reflect.DeepEqual(f.Extensions, want) {
		t.Errorf("extensions %q", f.Extensions)
	}
	if want := []string{"read", "bash"}; !reflect.DeepEqual(f.tools, want) {
		t.Errorf("tools %q", f.tools)
	}
	if want := []string{"x", "y"}; !reflect.DeepEqual(f.appendSystemPrompt, want) {
		t.Errorf("append %q", f.appendSystemPrompt)
	}
	// pi's quirk: an unknown flag takes the next argument as its value
	// unless it starts with "-" or "@".
	if want := []unknownFlag{{"plan", nil}, {"who", str("Ada")}, {"n", str("3")}}; !reflect.DeepEqual(f.unknown, want) {
		t.Errorf("unknown flags %+v", f.unknown)
	}
	if want := []string{"file.md"}; !reflect.DeepEqual(f.fileArgs, want) {
		t.Errorf("file args %q", f.fileArgs)
	}
	if want := []diagnostic{
		{"warning", `Invalid thinking level "bogus". Valid values: off, minimal, low, medium, high, xhigh, max`},
		{"error", "Unknown option: -x"},
		{"error", `Invalid mode "nope". Valid values: text, json, rpc`}, // pi 1.6 reports it (0.73.1 ignored it)
	}; !reflect.DeepEqual(f.diagnostics, want) {
		t.Errorf("diagnostics %+v", f.diagnostics)
	}
	// -p does not take a flag or an @file as its message.
	if f := parsePiFlags([]string{"-p", "--no-session"}); len(f.messages) != 0 || !f.noSession {
		t.Errorf("-p --no-session: %+v", f)
	}
	// pi 1.6's "max" level.
	if f := parsePiFlags([]string{"--thinking", "max"}); f.thinking != "max" || len(f.diagnostics) != 0 {
		t.Errorf("--thinking max: %+v", f)
	}
	if f := parsePiFlags([]string{"--tui-mode", "regular"}); f.tuiMode != "regular" || len(f.diagnostics) != 0 {
		t.Errorf("--tui-mode regular: %+v", f)
	}
	if f := parsePiFlags([]string{"--tui-mode", "big"}); f.tuiMode != "" || len(f.diagnostics) != 1 || f.diagnostics[0].message != "--tui-mode requires regular or fullscreen" {
		t.Errorf("--tui-mode big: %+v", f.diagnostics)
	}
	if f := parsePiFlags([]string{"--tools"}); f.tools != nil {
		t.Errorf("--tools without a value is ignored, as in pi: %q", f.tools)
	}
}

func TestIsAgentModeArgs(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]bool{"-p hi": true, "--mode rpc": true, "hi --mode json": true, "check -e x": false,
		"--help": false, "hi": false} {
		if got := IsAgentModeArgs(strings.Fields(args)); got != want {
			t.Errorf("IsAgentModeArgs(%q) = %v", args, got)
		}
	}
}

// TestApproveFlags: -a/--approve and -na/--no-approve set the run's trust
// decision; the last one wins, as in pi's parseArgs.
func TestApproveFlags(t *testing.T) {
	t.Parallel()
	for args, want := range map[string]string{"": "nil", "-a": "true", "--approve": "true", "-na": "false",
		"--no-approve": "false", "-a -na": "false", "--no-approve --approve": "true"} {
		f := parsePiFlags(append(strings.Fields(args), "-p", "hi"))
		got := "nil"
		if f.approve != nil {
			got = fmt.Sprint(*f.approve)
		}
		if got != want || len(f.diagnostics) != 0 || len(f.unknown) != 0 {
			t.Errorf("%q: approve %s %v %v, want %s", args, got, f.diagnostics, f.unknown, want)
		}
	}
}
