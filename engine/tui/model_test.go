package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestStartupChrome(t *testing.T) {
	h := newHarness(t, Options{Home: "/home/u", Cwd: "/home/u/proj"})
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "pick", "description": "pick one",
		"source": "extension", "sourceInfo": map[string]any{"path": "/home/u/proj/ext.ts", "scope": "temporary"}},
		map[string]any{"name": "llama", "description": "local models", "source": "extension",
			"sourceInfo": map[string]any{"path": "builtin:llama.cpp", "scope": "temporary"}}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	h.m.width = 90
	h.contains("▀▀█  v", "escape interrupt · ctrl+c/ctrl+d clear/exit · / commands · ! bash · ctrl+o more",
		"[Extensions]", "  ext.ts", "~/proj", "0.0%/128k (auto)", "mock-1")
	h.lacks("llama.cpp") // pi's built-in extensions are not listed
	lines := strings.Split(h.screen(), "\n")
	if len(lines) != 30 {
		t.Errorf("fullscreen frame has %d rows, want 30", len(lines))
	}
	if !strings.HasSuffix(strings.TrimRight(lines[29], " "), "mock-1") || !strings.HasPrefix(lines[29], "0.0%/128k (auto)") {
		t.Errorf("stats line %q", lines[29])
	}
}

func TestFooterStatsAndThinking(t *testing.T) {
	h := newHarness(t, Options{Cwd: "/w"})
	h.answer("get_state", map[string]any{"model": map[string]any{"id": "think-1", "provider": "p", "reasoning": true,
		"contextWindow": 200000.0}, "thinkingLevel": "high", "sessionName": "work"})
	h.answer("get_session_stats", map[string]any{"tokens": map[string]any{"input": 2500.0, "output": 112.0, "cacheRead": 12000.0},
		"cost": 0.0123, "contextUsage": map[string]any{"percent": 75.5, "contextWindow": 200000.0}})
	h.event(ev("agent_settled"))
	h.contains("/w • work", "↑2.5k ↓112 R12k $0.012 75.5%/200k (auto)", "think-1 • high")
}

// pi 1.6's footer shows the latest reply's cache-hit rate once the
// session used the cache, and marks a subscription's cost "(sub)" even at
// $0; /session reports prompt tokens billed again after cache misses.
func TestFooterCacheHitRateSubscriptionAndRebilled(t *testing.T) {
	h := newHarness(t, Options{Cwd: "/w"})
	h.answer("get_session_stats", map[string]any{"tokens": map[string]any{"input": 2500.0, "output": 112.0, "cacheRead": 12000.0},
		"cost": 0.0, "contextUsage": map[string]any{"percent": 5.0, "contextWindow": 200000.0}})
	h.answer("get_footer_usage", map[string]any{"cacheHitRate": 82.25, "subscription": true})
	h.event(ev("agent_settled"))
	h.contains("↑2.5k ↓112 R12k CH82.3% $0.000 (sub) 5.0%/200k (auto)")

	h.answer("get_session_stats", map[string]any{"tokens": map[string]any{"input": 2500.0, "output": 112.0}, "cost": 0.5})
	h.answer("get_footer_usage", map[string]any{"cacheHitRate": 0.0, "subscription": false})
	h.event(ev("agent_settled"))
	h.contains("↑2.5k ↓112 $0.500 0.0%")
	h.lacks("CH0.0%", "(sub)")

	h.answer("get_usage_breakdown", map[string]any{"selected": "mock/mock-1", "models": []any{
		map[string]any{"key": "mock/mock-1", "cost": 0.5, "tokens": 2612.0}},
		"cacheWaste": map[string]any{"missedTokens": 12345.0, "missedCost": 0.0321, "missCount": 2.0}})
	h.m.height = 50
	h.typ("/session")
	h.press("enter")
	h.contains("Total: $0.500", "Cache Re-billed: $0.032 (12,345 tokens, 2 misses)")

	h.answer("get_session_stats", map[string]any{"tokens": map[string]any{"input": 0.0, "output": 0.0}, "cost": 0.0})
	h.answer("get_usage_breakdown", map[string]any{"selected": "mock/mock-1", "models": []any{},
		"cacheWaste": map[string]any{"missedTokens": 2048.0, "missedCost": 0.0, "missCount": 1.0}})
	h.typ("/session")
	h.press("enter")
	h.contains("Total: $0.000", "Cache Re-billed: 2,048 tokens, 1 miss")
}

// With showCacheMissNotices on, a reply's cache miss of 20k tokens or more
// shows pi 1.6's notice, named after a model switch or a long idle gap.
func TestCacheMissNotices(t *testing.T) {
	h := newHarness(t, Options{ShowCacheMissNotices: true})
	reply := func(text string) {
		h.event(ev("message_start", "message", map[string]any{"role": "assistant", "content": []any{}}),
			ev("message_end", "message", map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}}}))
	}
	h.answer("get_cache_miss", map[string]any{"missedTokens": 5000.0, "missedCost": 0.001, "idleMs": 0.0, "modelChanged": false})
	reply("small miss")
	h.answer("get_cache_miss", map[string]any{"missedTokens": 40000.0, "missedCost": 0.125, "idleMs": 0.0, "modelChanged": false})
	reply("big miss")
	h.contains("Cache miss: 40k tokens re-billed (~$0.13)")
	h.lacks("5.0k tokens")
	h.answer("get_cache_miss", map[string]any{"missedTokens": 25000.0, "missedCost": 0.0, "idleMs": 450000.0, "modelChanged": false})
	reply("idle miss")
	h.contains("Cache miss after 8m idle: 25k tokens re-billed")
	h.answer("get_cache_miss", map[string]any{"missedTokens": 25000.0, "missedCost": 0.0, "idleMs": 450000.0, "modelChanged": true})
	reply("switch miss")
	h.contains("Cache miss after model switch: 25k tokens re-billed")
	// and a compaction's summary call says what it billed.
	h.event(ev("compaction_start", "reason", "manual"), ev("compaction_end", "reason", "manual", "result", map[string]any{
		"summary": "S", "tokensBefore": 1000.0, "usage": map[string]any{"input": 12000.0, "output": 800.0, "cacheRead": 0.0, "cacheWrite": 0.0,
			"cost": map[string]any{"total": 0.0456}}}))
	h.contains("Compaction: 13k tokens billed (~$0.05)")
}

// Under a virtual selection the footer shows where the latest response
// went (pi 1.6's routedModel), and /session lists each physical model's
// cost; a physical selection shows neither.
func TestFooterRoutedModelAndSessionCosts(t *testing.T) {
	h := newHarness(t, Options{Cwd: "/w"})
	h.answer("get_state", map[string]any{"model": map[string]any{"id": "auto", "provider": "router", "api": "pi-virtual", "reasoning": true,
		"contextWindow": 0.0}, "thinkingLevel": "high"})
	h.answer("get_session_stats", map[string]any{"tokens": map[string]any{"input": 30.0, "output": 4.0}, "cost": 0.0123,
		"contextUsage": map[string]any{"tokens": 30.0, "percent": 0.03, "contextWindow": 100000.0}})
	h.answer("get_routed_model", map[string]any{"model": map[string]any{"id": "gpt-5.6-luna", "provider": "mock"}, "thinkingLevel": "medium"})
	h.answer("get_usage_breakdown", map[string]any{"selected": "router/auto", "models": []any{
		map[string]any{"key": "mock/gpt-5.6-luna", "cost": 0.0123, "tokens": 34.0}}})
	h.event(ev("agent_settled"))
	h.contains("↑30 ↓4 $0.012 0.0%/100k (auto)", "auto • high → gpt-5.6-luna • medium")
	h.m.height = 50
	h.typ("/session")
	h.press("enter")
	h.contains("Total: $0.012", "  mock/gpt-5.6-luna: $0.012 (34 tokens)")

	h.answer("get_state", map[string]any{"model": map[string]any{"id": "gpt-5.6-luna", "provider": "mock", "contextWindow": 100000.0}})
	h.answer("get_routed_model", nil)
	h.answer("get_usage_breakdown", map[string]any{"selected": "mock/gpt-5.6-luna", "models": []any{
		map[string]any{"key": "mock/gpt-5.6-luna", "cost": 0.0123, "tokens": 34.0}}})
	h.event(ev("agent_settled"))
	h.lacks("→ gpt-5.6-luna")
	h.typ("/session")
	h.press("enter")
	if n := strings.Count(h.screen(), "mock/gpt-5.6-luna:"); n != 1 {
		t.Errorf("a single entry of the selected model repeats the total; %d lines name it:\n%s", n, h.screen())
	}
}

func TestStreamingReplyToolCallAndToggles(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("hello")
	h.press("enter")
	if c := h.cmd("prompt"); c["message"] != "hello" || c["streamingBehavior"] != nil {
		t.Fatalf("prompt %v", c)
	}
	h.event(ev("agent_start"),
		ev("message_start", "message", map[string]any{"role": "user", "content": "hello"}),
		ev("message_start", "message", map[string]any{"role": "assistant", "content": []any{}}),
		ev("message_update", "assistantMessageEvent", map[string]any{"type": "thinking_delta", "contentIndex": 0.0, "delta": "pondering deeply"}),
		ev("message_update", "assistantMessageEvent", map[string]any{"type": "text_delta", "contentIndex": 1.0, "delta": "Let me **check**"}),
		ev("message_update", "assistantMessageEvent", map[string]any{"type": "text_delta", "contentIndex": 1.0, "delta": " that."}))
	h.contains("hello", "pondering deeply", "Let me check that.", "── ⠋ Working ──")
	h.press("ctrl+t")
	h.contains("Thinking...")
	h.lacks("pondering deeply")
	h.press("ctrl+t")

	var out []string
	for i := 1; i <= 12; i++ {
		out = append(out, "line"+string(rune('a'+i)))
	}
	h.event(ev("message_update", "assistantMessageEvent", map[string]any{"type": "toolcall_start", "contentIndex": 2.0, "id": "c1", "toolName": "bash"}),
		ev("tool_execution_start", "toolCallId", "c1", "toolName", "bash", "args", map[string]any{"command": "seq 12"}),
		ev("tool_execution_end", "toolCallId", "c1", "toolName", "bash",
			"result", map[string]any{"content": []any{map[string]any{"type": "text", "text": strings.Join(out, "\n")}}, "durationMs": 4200.0}, "isError", false))
	h.contains("$ seq 12", "... (7 earlier lines, ctrl+o to expand)", "linem", "Took 4.2s")
	h.lacks("lineb")
	h.press("ctrl+o")
	h.contains("lineb", "linem")
	h.lacks("earlier lines")

	h.event(ev("message_end", "message", map[string]any{"role": "assistant", "stopReason": "aborted",
		"content": []any{map[string]any{"type": "text", "text": "Let me check that."}}}),
		ev("agent_end"), ev("agent_settled"))
	h.contains("Operation aborted")
	h.lacks("Working")
}

func TestSteerFollowUpAbortWhileStreaming(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("agent_start"))
	h.typ("go left")
	h.press("enter")
	if c := h.cmd("prompt"); c["streamingBehavior"] != "steer" {
		t.Errorf("enter while streaming steers: %v", c)
	}
	h.typ("then right")
	h.press("alt+enter")
	if c := h.cmd("prompt"); c["streamingBehavior"] != "followUp" || c["message"] != "then right" {
		t.Errorf("alt+enter queues a follow-up: %v", c)
	}
	h.event(ev("queue_update", "steering", []any{"go left"}, "followUp", []any{"then right"}))
	h.contains("\n\n Steering: go left\n Follow-up: then right\n ↳ Alt+Up to edit all queued messages")
	// Escape puts the queue back into the editor, then aborts (pi's
	// restoreQueuedMessagesToEditor).
	h.typ("typed")
	h.press("esc")
	h.respond(h.cmd("clear_queue"), true, map[string]any{"steering": []any{"go left"}, "followUp": []any{"then right"}})
	h.cmd("abort")
	if h.m.ed.Text() != "go left\n\nthen right\n\ntyped" {
		t.Errorf("editor %q", h.m.ed.Text())
	}
	h.lacks("Steering:")
	h.event(ev("agent_end"))
	h.press("esc")
	h.noCmd("abort")
}

func TestCtrlCClearsThenQuitsAndCtrlDExits(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("draft")
	if c := h.press("ctrl+c"); c != nil {
		t.Errorf("first ctrl+c quits")
	}
	if !h.m.ed.Empty() {
		t.Errorf("ctrl+c leaves %q", h.m.ed.Text())
	}
	if c := h.press("ctrl+c"); c == nil || !isQuit(c) {
		t.Errorf("second ctrl+c does not quit")
	}
	h2 := newHarness(t, Options{})
	h2.typ("x")
	if c := h2.press("ctrl+d"); c != nil && isQuit(c) {
		t.Errorf("ctrl+d quits with text in the editor")
	}
	h2.press("backspace")
	if c := h2.press("ctrl+d"); c == nil || !isQuit(c) {
		t.Errorf("ctrl+d on an empty editor does not quit")
	}
}

func isQuit(c tea.Cmd) bool {
	_, ok := c().(tea.QuitMsg)
	return ok
}

func TestMultilineEditorAndHistory(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("one")
	h.press("shift+enter")
	h.typ("two")
	h.contains("one\ntwo")
	h.press("enter")
	if c := h.cmd("prompt"); c["message"] != "one\ntwo" {
		t.Errorf("prompt %q", c["message"])
	}
	h.press("up")
	if h.m.ed.Text() != "one\ntwo" {
		t.Errorf("history: %q", h.m.ed.Text())
	}
}

func TestSlashAutocomplete(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "pick", "description": "pick one", "source": "extension"}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	h.typ("/")
	h.contains("→ settings", "Open settings menu", "  model", "(1/23)")
	h.typ("pi")
	h.contains("→ pick", "pick one")
	h.lacks("model")
	h.press("tab")
	if h.m.ed.Text() != "/pick " || h.m.auto != nil {
		t.Errorf("tab completes: %q", h.m.ed.Text())
	}
	h.press("ctrl+c")
	h.typ("/pi")
	h.press("enter")
	if c := h.cmd("prompt"); c["message"] != "/pick" {
		t.Errorf("enter runs the selected command: %v", c)
	}
}

func TestModelSelectorAndCycling(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_available_models", map[string]any{"models": []any{
		map[string]any{"id": "mock-1", "provider": "mock"}, map[string]any{"id": "other-2", "provider": "mock"}}})
	h.press("ctrl+l")
	h.contains("Only showing models from configured providers.", "→ ✓ mock-1 [mock]", "    other-2 [mock]", "Enter to select · Ctrl+S to set as default · Escape/Ctrl+C to cancel")
	h.press("down", "enter")
	if c := h.cmd("set_model"); c["modelId"] != "other-2" || c["provider"] != "mock" {
		t.Errorf("set_model %v", c)
	}
	h.press("ctrl+p")
	c := h.cmd("cycle_model")
	h.respond(c, true, map[string]any{"model": map[string]any{"id": "other-2", "name": "Other Two", "reasoning": true}, "thinkingLevel": "low"})
	h.contains("Switched to Other Two (thinking: low)")
	h.answer("get_model_scope", map[string]any{"scoped": false, "scope": []any{}})
	h.press("ctrl+shift+p")
	if c := h.cmd("cycle_model"); c["direction"] != "backward" {
		t.Errorf("ctrl+shift+p: %v", c)
	} else {
		h.respond(c, true, nil) // nothing to cycle to
	}
	h.contains("Only one model available")
	h.press("shift+tab")
	c = h.cmd("cycle_thinking_level")
	h.respond(c, true, map[string]any{"level": "high"})
	if h.m.thinking != "high" {
		t.Errorf("thinking %q", h.m.thinking)
	}
	h.typ("/model other")
	h.press("enter")
	if c := h.cmd("set_model"); c["modelId"] != "other-2" {
		t.Errorf("/model other-2: %v", c)
	}
}

func TestBuiltinCommandsSendTheirCommands(t *testing.T) {
	h := newHarness(t, Options{})
	run := func(text string) {
		h.m.ed.SetText(text)
		h.press("enter")
	}
	run("/new")
	h.respond(h.cmd("new_session"), true, map[string]any{"cancelled": false})
	h.contains("New session started")
	run("/compact keep it short")
	if c := h.cmd("compact"); c["customInstructions"] != "keep it short" {
		t.Errorf("compact %v", c)
	}
	run("/name my work")
	h.respond(h.cmd("set_session_name"), true, nil)
	h.contains("• my work")
	run(`/export "/tmp/x.html" and words`) // pi's path argument
	if c := h.cmd("export_html"); c["outputPath"] != "/tmp/x.html" {
		t.Fatalf("export_html %v", c)
	} else {
		h.respond(c, true, map[string]any{"path": "/tmp/x.html"})
	}
	h.contains("Session exported to: /tmp/x.html")
	run("/clone")
	h.cmd("clone")
	h.answer("get_session_stats", map[string]any{"sessionId": "abc", "userMessages": 2.0, "assistantMessages": 2.0, "toolCalls": 1.0,
		"toolResults": 1.0, "totalMessages": 6.0, "tokens": map[string]any{"input": 1000.0, "output": 50.0, "cacheRead": 3000.0, "total": 4050.0}, "cost": 0.5})
	h.answer("get_cache_warming", map[string]any{"mode": "idle", "status": "Decision in 4m 30s (100% continuation probability while agent is running, expected savings $0.315 >= $0.050 -> warm)",
		"missCost": 0.345, "warmCost": 0.0300015})
	h.m.height = 50 // the whole notice on screen
	run("/session")
	h.contains("Session Info", "File: In-memory", "ID: abc", "Total: 6", "Tools: 1 calls, 1 results", "Input: 4,000",
		"  Cached: 3,000 (75.0%)", "Output: 50", "Total: 4,050", "Total: $0.500",
		"Cache Warming", "Mode: idle", "Status: Decision in 4m 30s (100% continuation", "Cache miss penalty: $0.345", "Refresh cost: $0.030")
	h.m.height = 150
	run("/hotkeys")
	h.contains("Keyboard Shortcuts", "Navigation", "Ctrl+]", "Jump forward to", "Ctrl+-", "Undo",
		"Ctrl+L", "Open model selector", "Run bash command (excluded from context)")
	h.m.height = 30
	h.event(ev("ui_call", "plugin", "p", "op", "setStatus", "key", "status", "sub", "k", "value", "old status"))
	h.contains("old status")
	run("/reload")
	h.lacks("old status") // the old generation's statuses go; the new one sets its own
	reload := h.cmd("reload")
	h.event(ev("extension_error", "extensionPath", "/w/broken.ts", "event", "reload", "error", "/w/broken.ts:3:1: Unexpected"))
	h.respond(reload, true, map[string]any{"plugins": []any{map[string]any{"plugin": "ext", "ok": true},
		map[string]any{"plugin": "broken", "ok": false, "error": "/w/broken.ts:3:1: Unexpected"}}})
	h.sync()
	h.contains("Reloaded keybindings, extensions, skills, prompts, themes, and context files")
	h.lacks("Extension error")
	if l := ansi.Strip(strings.Join(h.m.resourceListing(), "\n")); !strings.Contains(l, "[Extension issues]\n  /w/broken.ts\n    Failed to load extension: /w/broken.ts:3:1: Unexpected\n") {
		t.Errorf("the loaded resources after a failed reload:\n%s", l)
	}
	// The new generations' commands reach autocomplete.
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "fresh", "description": "new", "source": "extension"}}})
	run("/reload")
	h.respond(h.cmd("reload"), true, map[string]any{"plugins": []any{}})
	h.contains("Reloaded keybindings, extensions, skills, prompts, themes, and context files")
	h.sync()
	if !slices.ContainsFunc(h.m.commands, func(c command) bool { return c.name == "fresh" }) {
		t.Errorf("commands after reload: %+v", h.m.commands)
	}
	run("!ls -la")
	c := h.cmd("bash")
	if c["command"] != "ls -la" || c["excludeFromContext"] != nil {
		t.Errorf("bash %v", c)
	}
	h.event(ev("bash_execution_update", "id", c["id"], "delta", "streamed-so-far\n"))
	h.contains("$ ls -la", "streamed-so-far", "Running...")
	h.respond(c, true, map[string]any{"output": "total 0\n", "exitCode": 0.0})
	h.contains("$ ls -la", "total 0")
	run("!!secret")
	if c := h.cmd("bash"); c["excludeFromContext"] != true {
		t.Errorf("!! excludes: %v", c)
	}
	run("/fork")
	h.respond(h.cmd("get_fork_messages"), true, map[string]any{"messages": []any{map[string]any{"entryId": "e1", "text": "first"}}})
	h.contains("Fork from Message", "› first", "Message 1 of 1")
	h.press("enter")
	if c := h.cmd("fork"); c["entryId"] != "e1" {
		t.Errorf("fork %v", c)
	}
	if c := h.press("ctrl+c"); c != nil {
		t.Errorf("ctrl+c after fork")
	}
	run("/quit")
}

func TestSelectDialogByArrows(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("view_state", "viewId", "d1", "component", "pi.dialog",
		"state", map[string]any{"method": "select", "title": "Pick one", "options": []any{"alpha", "beta", "gamma"}}))
	h.contains("──\n\n Pick one\n\n → alpha\n   beta\n   gamma\n\n ↑↓ navigate")
	h.press("down", "down", "up", "enter")
	c := h.cmd("view_message")
	if msg, _ := c["message"].(map[string]any); c["viewId"] != "d1" || msg["value"] != "beta" {
		t.Errorf("answer %v", c)
	}
	h.lacks("Pick one")
}

func TestConfirmInputEditorDialogs(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("view_state", "viewId", "c", "component", "pi.dialog", "state", map[string]any{"method": "confirm", "title": "Sure?", "message": "really", "timeout": 5000.0}))
	h.contains("Sure?\n really (5s)", "→ Yes", "   No", "↑↓ navigate  enter select  escape/ctrl+c cancel")
	h.press("down", "enter")
	if msg, _ := h.cmd("view_message")["message"].(map[string]any); msg["confirmed"] != false {
		t.Errorf("confirm No %v", msg)
	}
	h.event(ev("view_state", "viewId", "c2", "component", "pi.dialog", "state", map[string]any{"method": "confirm", "title": "Again?"}))
	h.press("enter")
	if msg, _ := h.cmd("view_message")["message"].(map[string]any); msg["confirmed"] != true {
		t.Errorf("confirm %v", msg)
	}
	h.event(ev("view_state", "viewId", "i", "component", "pi.dialog", "state", map[string]any{"method": "input", "title": "Name?", "placeholder": "your name"}))
	h.lacks("your name") // pi's input dialog does not show it
	h.typ("Ada")
	h.press("enter")
	if msg, _ := h.cmd("view_message")["message"].(map[string]any); msg["value"] != "Ada" {
		t.Errorf("input %v", msg)
	}
	h.event(ev("view_state", "viewId", "e", "component", "pi.dialog", "state", map[string]any{"method": "editor", "title": "Edit", "prefill": "a"}))
	h.press("shift+enter")
	h.typ("b")
	h.press("enter")
	if msg, _ := h.cmd("view_message")["message"].(map[string]any); msg["value"] != "a\nb" {
		t.Errorf("editor %v", msg)
	}
	h.event(ev("view_state", "viewId", "x", "component", "pi.dialog", "state", map[string]any{"method": "select", "title": "T", "options": []any{"a"}}))
	h.press("esc")
	if msg, _ := h.cmd("view_message")["message"].(map[string]any); msg["cancelled"] != true {
		t.Errorf("escape cancels: %v", msg)
	}
	// A dialog the host closes (timeout) goes away.
	h.event(ev("view_state", "viewId", "y", "component", "pi.dialog", "state", map[string]any{"method": "confirm", "title": "Gone soon"}),
		ev("view_closed", "viewId", "y"))
	h.lacks("Gone soon")
}

func TestExtensionUICalls(t *testing.T) {
	h := newHarness(t, Options{})
	call := func(op, sub string, v any) map[string]any {
		return ev("ui_call", "plugin", "ext", "op", op, "key", "", "sub", sub, "value", v)
	}
	h.event(call("notify", "", map[string]any{"message": "hello note"}),
		call("notify", "", map[string]any{"message": "bad thing", "type": "error"}),
		call("setStatus", "b", "STATUS-B"), call("setStatus", "a", "status\nA"),
		call("setWidget", "w1", map[string]any{"lines": []any{"ABOVE-1", "ABOVE-2"}}),
		call("setWidget", "w2", map[string]any{"lines": []any{"BELOW"}, "placement": "belowEditor"}),
		call("setTitle", "", "my title"), call("setEditorText", "", "prefilled"),
		call("setWorkingMessage", "", "Crunching"))
	h.contains("hello note", "Error: bad thing", "status A STATUS-B", "\n\n ABOVE-1\n ABOVE-2\n───", "prefilled")
	// pi's widgets keep the order they were first set in, at most 10 lines.
	h.event(call("setWidget", "a0", map[string]any{"lines": []any{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}}),
		call("setWidget", "w1", map[string]any{"lines": []any{"ABOVE-1", "ABOVE-2"}}))
	h.contains(" ABOVE-2\n 1\n", " 10\n ... (widget truncated)")
	h.lacks(" 11")
	h.event(call("setWidget", "a0", nil))
	s := h.screen()
	if strings.Index(s, "ABOVE-2") > strings.Index(s, "prefilled") || strings.Index(s, "BELOW") < strings.Index(s, "prefilled") {
		t.Errorf("widget placement:\n%s", s)
	}
	if v := h.m.View(); v.WindowTitle != "my title" {
		t.Errorf("title %q", v.WindowTitle)
	}
	h.event(ev("agent_start"))
	h.contains("Crunching")
	h.event(call("setWorkingVisible", "", false))
	h.lacks("Crunching")
	h.event(call("pasteToEditor", "", " more"), call("setStatus", "b", nil), call("setWidget", "w1", nil))
	h.contains("prefilled more")
	h.lacks("STATUS-B", "ABOVE-1")
	h.event(call("setTheme", "", "light"))
	if h.m.th.Name != "light" {
		t.Errorf("theme %q", h.m.th.Name)
	}
}

func TestComponentViews(t *testing.T) {
	h := newHarness(t, Options{})
	comp := func(id string, st map[string]any) map[string]any {
		return ev("view_state", "viewId", id, "component", "pi.component", "state", st)
	}
	h.event(comp("g1", map[string]any{"kind": "custom", "plugin": "snake"}))
	if c := h.viewMsg("g1"); c["type"] != "render" || c["width"] != 80.0 || c["rows"] != 30.0 {
		t.Errorf("render request %v", c)
	}
	// The host names the component only in a view's first state.
	h.event(ev("view_state", "viewId", "g1", "state", map[string]any{"kind": "custom", "lines": []any{"SNAKE FRAME 1"}}))
	h.contains("SNAKE FRAME 1")
	h.press("up")
	if c := h.viewMsg("g1"); c["type"] != "input" || c["data"] != "\x1b[A" {
		t.Errorf("input %v", c)
	}
	h.press("ctrl+c")
	if c := h.viewMsg("g1"); c["data"] != "\x03" {
		t.Errorf("ctrl+c goes to the component: %v", c)
	}
	h.event(comp("g1", map[string]any{"kind": "custom", "lines": []any{"SNAKE FRAME 2"}, "error": "render threw"}))
	h.contains("SNAKE FRAME 2", "render threw")
	h.event(ev("view_closed", "viewId", "g1"))
	h.lacks("SNAKE")
	h.typ("x")
	if h.m.ed.Text() != "x" {
		t.Errorf("focus returns to the editor: %q", h.m.ed.Text())
	}

	h.event(comp("w", map[string]any{"kind": "widget", "placement": "belowEditor", "lines": []any{"COMP WIDGET"}}),
		comp("f", map[string]any{"kind": "footer", "lines": []any{"MY FOOTER"}}),
		comp("hd", map[string]any{"kind": "header", "lines": []any{"MY HEADER"}}))
	h.contains("COMP WIDGET", "MY FOOTER", "MY HEADER")
	h.lacks("0.0%/128k", "escape interrupt")

	h.event(comp("o", map[string]any{"kind": "custom", "overlay": true, "overlayOptions": map[string]any{"width": 20.0},
		"lines": []any{"+--OVERLAY--+"}}))
	if c := h.viewMsg("o"); c["width"] != 20.0 {
		t.Errorf("overlay render width %v", c)
	}
	h.contains("+--OVERLAY--+", "MY FOOTER")

	h.m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.sync()
	if c := h.viewMsg("w"); c["type"] != "render" || c["width"] != 100.0 {
		t.Errorf("resize asks for frames: %v", c)
	}
}

func TestHistoryFromGetMessages(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_messages", map[string]any{"messages": []any{
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "old question"}}},
		map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "old answer"},
			map[string]any{"type": "toolCall", "id": "t1", "name": "custom_tool", "arguments": map[string]any{"x": 1.0}}}},
		map[string]any{"role": "toolResult", "toolCallId": "t1", "content": []any{map[string]any{"type": "text", "text": "tool said"}}},
	}})
	h.m.reloadChat()
	h.sync()
	h.contains("old question", "old answer", "custom_tool", `"x": 1`, "tool said")
}

func TestRegularModeIsNotAltScreen(t *testing.T) {
	h := newHarness(t, Options{TUIMode: "regular"})
	if h.m.View().AltScreen {
		t.Errorf("regular mode uses the alt screen")
	}
	var scrollback strings.Builder
	h.m.println = func(s string) tea.Cmd { scrollback.WriteString(s + "\n"); return nil }
	// Finished items go to the scrollback; the streaming reply stays live.
	h.event(ev("message_start", "message", map[string]any{"role": "user", "content": "the question"}),
		ev("message_start", "message", map[string]any{"role": "assistant"}),
		ev("message_update", "assistantMessageEvent", map[string]any{"type": "text_delta", "contentIndex": 0.0, "delta": "live answer"}))
	if s := scrollback.String(); !strings.Contains(s, "the question") || strings.Contains(s, "live answer") || !h.m.headerPrinted {
		t.Errorf("printed %q", s)
	}
	h.contains("live answer")
	h.lacks("the question", "escape interrupt")
	h.event(ev("message_end", "message", map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "live answer"}}}))
	if !strings.Contains(scrollback.String(), "live answer") {
		t.Errorf("the finished reply is not printed")
	}
	h.lacks("live answer")
	h2 := newHarness(t, Options{})
	if !h2.m.View().AltScreen {
		t.Errorf("fullscreen is not on the alt screen")
	}
}

func TestEditorComponentSubmitsAndReportsActions(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_available_models", map[string]any{"models": []any{map[string]any{"id": "mock-1", "provider": "mock"}}})
	comp := func(st map[string]any) map[string]any {
		st["kind"] = "editor"
		return ev("view_state", "viewId", "ed", "component", "pi.component", "state", st)
	}
	h.event(comp(map[string]any{"lines": []any{"── MODAL EDITOR ──", "NORMAL"}}))
	if c := h.viewMsg("ed"); c["type"] != "commands" {
		t.Errorf("the editor's first message is the slash commands: %v", c)
	}
	h.viewMsg("ed") // its first frame is asked for
	h.contains("MODAL EDITOR", "NORMAL")
	h.press("i")
	if c := h.viewMsg("ed"); c["type"] != "input" || c["data"] != "i" {
		t.Errorf("keys go to the editor component: %v", c)
	}
	h.event(comp(map[string]any{"lines": []any{"x"}, "submitted": map[string]any{"text": "from the editor", "count": 1.0}}))
	if c := h.cmd("prompt"); c["message"] != "from the editor" {
		t.Errorf("submitted text is a prompt: %v", c)
	}
	// The same state again is not a second submission.
	h.event(comp(map[string]any{"lines": []any{"y"}, "submitted": map[string]any{"text": "from the editor", "count": 1.0}}))
	h.noCmd("prompt")
	h.event(comp(map[string]any{"lines": []any{"y"}, "action": map[string]any{"name": "app.model.select", "count": 1.0}}))
	h.contains("Only showing models from configured providers.")
}

// TestEditorComponentGetsSlashCommands: an extension's editor gets the
// slash commands (pi sets its autocomplete provider on a custom editor),
// built-in and extension ones, and again when they change.
func TestEditorComponentGetsSlashCommands(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("view_state", "viewId", "w", "component", "pi.component", "state", map[string]any{"kind": "widget", "lines": []any{"w"}}),
		ev("view_state", "viewId", "ed", "component", "pi.component", "state", map[string]any{"kind": "editor", "lines": []any{"E"}}))
	if c := h.viewMsg("w"); c["type"] != "render" {
		t.Errorf("a widget gets no commands: %v", c)
	}
	names := func(c map[string]any) []string {
		if c["type"] != "commands" {
			t.Fatalf("not a commands message: %v", c)
		}
		var out []string
		for _, x := range c["commands"].([]any) {
			out = append(out, x.(map[string]any)["name"].(string))
		}
		return out
	}
	first := names(h.viewMsg("ed"))
	if !slices.Contains(first, "model") || !slices.Contains(first, "resume") || slices.Contains(first, "deploy") {
		t.Errorf("built-in commands: %v", first)
	}
	h.viewMsg("ed") // the first frame
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "deploy", "description": "Ship it", "source": "extension"}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	c := h.viewMsg("ed")
	if got := names(c); !slices.Contains(got, "deploy") || len(got) != len(first)+1 {
		t.Errorf("after get_commands: %v", got)
	}
	for _, x := range c["commands"].([]any) {
		if o := x.(map[string]any); o["name"] == "deploy" && o["description"] != "Ship it" {
			t.Errorf("deploy: %v", o)
		}
	}
}

func TestCustomComponentsStackAndHide(t *testing.T) {
	h := newHarness(t, Options{})
	comp := func(id string, st map[string]any) map[string]any {
		st["kind"] = "custom"
		return ev("view_state", "viewId", id, "component", "pi.component", "state", st)
	}
	h.event(comp("a", map[string]any{"lines": []any{"GAME A"}}),
		comp("b", map[string]any{"overlay": true, "lines": []any{"OVERLAY B"}}))
	h.viewMsg("a") // render requests
	h.viewMsg("b")
	h.press("x")
	if c := h.viewMsg("b"); c["data"] != "x" {
		t.Errorf("the newest custom component has the keys: %v", c)
	}
	h.event(comp("b", map[string]any{"overlay": true, "hidden": true, "lines": []any{"OVERLAY B"}}))
	h.lacks("OVERLAY B")
	h.press("y")
	if c := h.viewMsg("a"); c["data"] != "y" {
		t.Errorf("a hidden overlay gives the keys back: %v", c)
	}
	h.event(ev("view_closed", "viewId", "a"), ev("view_closed", "viewId", "b"))
	h.typ("z")
	if h.m.ed.Text() != "z" {
		t.Errorf("the editor has the keys again: %q", h.m.ed.Text())
	}
}

func TestExternalEditor(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "ed.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf 'edited: ' > \"$2\".tmp; cat \"$2\" >> \"$2\".tmp; mv \"$2\".tmp \"$2\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{Env: []string{"EDITOR=" + script + " --wait", "PATH=/usr/bin:/bin"}})
	h.m.exec = func(c *exec.Cmd, done tea.ExecCallback) tea.Cmd {
		return func() tea.Msg { return done(c.Run()) }
	}
	h.typ("draft")
	c := h.press("ctrl+g")
	if c == nil {
		t.Fatal("ctrl+g runs no editor")
	}
	h.m.Update(c())
	if h.m.ed.Text() != "edited: draft" {
		t.Errorf("editor text %q", h.m.ed.Text())
	}
}

func TestSettingsMenu(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_state", map[string]any{"model": map[string]any{"id": "mock-1"}, "autoCompactionEnabled": true,
		"steeringMode": "one-at-a-time", "followUpMode": "one-at-a-time"})
	h.m.ed.SetText("/settings")
	h.press("enter")
	h.contains("Settings", "→ Auto-compact  true", "Steering mode  one-at-a-time", "Theme  dark")
	h.press("enter")
	if c := h.cmd("set_auto_compaction"); c["enabled"] != false {
		t.Errorf("toggle %v", c)
	}
	h.m.sel = nil
	h.m.openSettings()
	h.sync()
	h.press("down", "down", "down", "down", "down", "enter")
	if h.m.th.Name != "light" {
		t.Errorf("theme %q", h.m.th.Name)
	}
	// pi 1.6's "Cache warming" entry moves to the next mode.
	h.m.sel = nil
	h.answer("get_cache_warming", map[string]any{"mode": "idle", "status": "Inactive (waiting for first request)"})
	h.m.openSettings()
	h.sync()
	h.contains("Cache warming  idle")
	h.press("down", "down", "down", "down", "down", "down", "enter")
	c := h.cmd("set_cache_warming")
	if c["mode"] != "off" {
		t.Errorf("cache warming %v", c)
	}
	h.answer("get_cache_warming", map[string]any{"mode": "off", "status": "Inactive (cache warming disabled)"})
	h.respond(c, true, nil)
	h.contains("Cache warming: off", "Cache warming  off")
	// pi 1.6's "Transport" entry, after the follow-up mode, moves to the
	// next transport in its selector's order.
	h.m.sel = nil
	h.answer("get_transport", map[string]any{"transport": "websocket-cached"})
	h.m.openSettings()
	h.sync()
	h.contains("Transport  websocket-cached")
	h.press("down", "down", "down", "enter")
	if c := h.cmd("set_transport"); c["transport"] != "auto" {
		t.Errorf("transport %v", c)
	}
}

func TestFileCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"src/main.go", "src/util.go", "README.md", "node_modules/x/index.js"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, Options{Cwd: dir})
	h.typ("look at @mai")
	h.contains("→ src/main.go")
	h.lacks("util.go")
	h.press("tab")
	if h.m.ed.Text() != "look at @src/main.go " {
		t.Errorf("@ completion: %q", h.m.ed.Text())
	}
	h.typ("@")
	h.lacks("index.js")
	h.press("ctrl+c")
	h.typ("cat src/u")
	h.press("tab")
	if h.m.ed.Text() != "cat src/util.go " {
		t.Errorf("tab completion: %q", h.m.ed.Text())
	}
	h.typ("src/")
	h.press("tab")
	h.contains("→ main.go", "  util.go") // pi's labels: the entries' names
	h.press("down", "enter")
	if h.m.ed.Text() != "cat src/util.go src/util.go " {
		t.Errorf("tab list: %q", h.m.ed.Text())
	}
}

// TestTabOnEmptyWordListsFolder: Tab after a space (or in an empty
// editor) lists the working directory as pi does, directories first,
// hidden entries too, instead of inserting a tab.
func TestTabOnEmptyWordListsFolder(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txt", "A.md", ".env", "zdir/x", "adir/y"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, Options{Cwd: dir})
	h.typ("see ")
	h.press("tab")
	if h.m.ed.Text() != "see " {
		t.Fatalf("tab changed the text: %q", h.m.ed.Text())
	}
	var got []string
	if h.m.auto != nil {
		for _, c := range h.m.auto.items {
			got = append(got, c.name)
		}
	}
	if want := "adir/ zdir/ .env A.md b.txt"; strings.Join(got, " ") != want {
		t.Errorf("list %q, want %q", strings.Join(got, " "), want)
	}
	h.press("down", "tab")
	if h.m.ed.Text() != "see zdir/" {
		t.Errorf("accepting a folder: %q", h.m.ed.Text())
	}
	h.press("ctrl+c")
	h.press("tab") // an empty editor lists it too
	if h.m.auto == nil || len(h.m.auto.items) != 5 {
		t.Errorf("tab in an empty editor: %+v", h.m.auto)
	}
	h.press("esc")
	h.typ("/mod")
	h.press("tab") // a command's name completes from the command list
	if h.m.ed.Text() != "/model " {
		t.Errorf("tab on a command name: %q", h.m.ed.Text())
	}
}

func TestCompactionSummaryAndCustomMessage(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("compaction_start", "reason", "manual"))
	h.contains("Compacting context... (escape to cancel)")
	h.event(ev("compaction_end", "reason", "manual", "result", map[string]any{"summary": "We did things.", "tokensBefore": 12345.0}),
		ev("message_start", "message", map[string]any{"role": "custom", "customType": "note", "content": "custom body", "display": true}),
		ev("message_start", "message", map[string]any{"role": "custom", "customType": "hidden", "content": "secret", "display": false}))
	h.contains("[compaction]", "Compacted from 12,345 tokens (ctrl+o to expand)", "[note]", "custom body")
	h.lacks("We did things.", "secret", "Compacting")
	h.press("ctrl+o")
	h.contains("Compacted from 12,345 tokens", "We did things.")
	h.lacks("to expand)")
}

func TestBuiltinToolPreviews(t *testing.T) {
	h := newHarness(t, Options{})
	h.m.height = 100
	tool := func(id, name string, args map[string]any, result map[string]any) {
		h.event(ev("tool_execution_start", "toolCallId", id, "toolName", name, "args", args),
			ev("tool_execution_end", "toolCallId", id, "toolName", name, "result", result, "isError", false))
	}
	text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
	tool("r", "read", map[string]any{"path": "main.go", "offset": 5.0, "limit": 10.0}, map[string]any{"content": text("FILE CONTENT")})
	tool("w", "write", map[string]any{"path": "new.txt", "content": strings.Repeat("row\n", 12)}, map[string]any{"content": text("Successfully wrote")})
	tool("e", "edit", map[string]any{"path": "new.txt"}, map[string]any{"content": text("Successfully replaced"),
		"details": map[string]any{"diff": "  1 one\n-2 two\n+2 2"}})
	tool("g", "grep", map[string]any{"pattern": "foo", "glob": "*.go"}, map[string]any{"content": text("a.go:1: foo")})
	h.contains("read main.go:5-14", "write new.txt", "... (2 more lines, 12 total, ctrl+o to expand)",
		"edit new.txt", "  1 one", " -2 two", " +2 2", "grep /foo/ in . (*.go)", "a.go:1: foo")
	h.lacks("FILE CONTENT", "Successfully")
	h.press("ctrl+o")
	h.contains("FILE CONTENT")
}

func TestCompactExtensionLabels(t *testing.T) {
	got := compactLabelsOf([]string{"/a/x/index.ts", "/b/y/index.js", "~/c/snake.ts", "/d/x/index.ts", "~/index.ts"})
	if strings.Join(got, ", ") != "a/x, y, snake.ts, d/x, index.ts" {
		t.Errorf("labels %q", got)
	}
}

func TestOverlayPlacement(t *testing.T) {
	h := newHarness(t, Options{})
	open := func(id string, opts map[string]any, lines ...any) {
		h.event(ev("view_state", "viewId", id, "component", "pi.component",
			"state", map[string]any{"kind": "custom", "overlay": true, "overlayOptions": opts, "lines": lines}))
	}
	open("tl", map[string]any{"anchor": "top-left", "margin": 1.0, "width": 6.0}, "\x1b_pi:c\x07TOPLFT")
	rows := strings.Split(h.screen(), "\n")
	if !strings.HasPrefix(rows[1], " TOPLFT") {
		t.Errorf("top-left with margin 1: %q", rows[1])
	}
	if c := h.viewMsg("tl"); c["width"] != 6.0 || c["columns"] != 80.0 {
		t.Errorf("render request %v", c)
	}
	h.event(ev("view_closed", "viewId", "tl"))
	open("br", map[string]any{"anchor": "bottom-right", "width": 5.0, "offsetY": -1.0}, "BOTRT")
	rows = strings.Split(h.screen(), "\n")
	if !strings.HasSuffix(rows[28], "BOTRT") {
		t.Errorf("bottom-right, one row up: %q", rows[28])
	}
	h.event(ev("view_closed", "viewId", "br"))
	open("c", map[string]any{"width": "50%", "maxHeight": 2.0}, "CENTER1", "CENTER2", "CENTER3")
	rows = strings.Split(h.screen(), "\n")
	if !strings.HasPrefix(rows[14], strings.Repeat(" ", 20)+"CENTER1") || strings.Contains(h.screen(), "CENTER3") {
		t.Errorf("centred, 2 rows at most:\n%s", h.screen())
	}
}

func TestExtensionRenderers(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("message_start", "message", map[string]any{"role": "custom", "customType": "status-report", "content": "raw", "display": true}))
	c := h.cmd("render_message")
	if c["customType"] != "status-report" || c["width"] != 80.0 || c["expanded"] != false {
		t.Errorf("render_message %v", c)
	}
	h.contains("[status-report]", "raw") // its own rendering until the lines arrive
	h.respond(c, true, map[string]any{"lines": []any{"RENDERED BY THE EXTENSION"}})
	h.contains("RENDERED BY THE EXTENSION")
	h.lacks("[status-report]")
	h.press("ctrl+o")
	if c := h.cmd("render_message"); c["expanded"] != true {
		t.Errorf("expanding asks again: %v", c)
	}

	h.event(ev("tool_execution_start", "toolCallId", "t1", "toolName", "weather", "args", map[string]any{"city": "Oslo"}))
	call := h.cmd("render_tool")
	if call["phase"] != "call" || call["toolName"] != "weather" || call["isPartial"] != true || call["width"] != 78.0 {
		t.Errorf("render_tool call %v", call)
	}
	h.respond(call, true, map[string]any{"lines": []any{"☁ weather in Oslo"}})
	h.contains("☁ weather in Oslo")
	h.event(ev("tool_execution_end", "toolCallId", "t1", "toolName", "weather",
		"result", map[string]any{"content": []any{map[string]any{"type": "text", "text": "12°C"}}}, "isError", false))
	for range 2 {
		r := h.cmd("render_tool")
		switch r["phase"] {
		case "call":
			h.respond(r, true, map[string]any{"lines": []any{"☁ weather in Oslo (done)"}})
		case "result":
			if res, _ := r["result"].(map[string]any); res == nil || r["isPartial"] != false {
				t.Errorf("render_tool result %v", r)
			}
			h.respond(r, true, map[string]any{"lines": nil})
		}
	}
	h.contains("☁ weather in Oslo (done)", "12°C") // no result renderer: the output as pi shows it
}

func TestAutoRetryIndicator(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("agent_start"), ev("auto_retry_start", "attempt", 1.0, "maxAttempts", 3.0, "delayMs", 2000.0, "errorMessage", "overloaded"))
	h.contains("Retrying (1/3) in 2s... (escape to cancel)")
	h.press("esc")
	h.cmd("abort_retry")
	h.event(ev("auto_retry_end", "success", false, "attempt", 1.0, "finalError", "Retry cancelled"))
	h.contains("Error: Retry failed after 1 attempts: Retry cancelled")
	h.lacks("Retrying (")
}

// A compaction's failed summary call shows its error and the retry's
// wait, then the compaction again (pi 1.6's summarization_retry_*).
func TestSummarizationRetryIndicator(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("compaction_start", "reason", "manual"),
		ev("summarization_retry_scheduled", "attempt", 1.0, "maxAttempts", 3.0, "delayMs", 2000.0, "errorMessage", "503 overloaded"))
	h.contains("Error: 503 overloaded", "Retrying (1/3) in 2s...")
	h.event(ev("summarization_retry_attempt_start", "source", "compaction", "reason", "manual"))
	h.lacks("Retrying (")
	h.contains("Compacting context...")
	h.event(ev("summarization_retry_scheduled", "attempt", 2.0, "maxAttempts", 3.0, "delayMs", 4000.0, "errorMessage", "503 overloaded"),
		ev("summarization_retry_finished"))
	h.lacks("Retrying (")
}

func TestWorkingIndicatorFrames(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("agent_start"), ev("ui_call", "plugin", "x", "op", "setWorkingIndicator", "key", "", "sub", "",
		"value", map[string]any{"frames": []any{"◐", "◑"}, "intervalMs": 500.0}))
	if s := h.screen(); !strings.Contains(s, "── ◐ Working") && !strings.Contains(s, "── ◑ Working") {
		t.Errorf("custom frames:\n%s", s)
	}
	h.event(ev("ui_call", "plugin", "x", "op", "setWorkingIndicator", "key", "", "sub", "", "value", nil))
	h.contains("── ⠋ Working")
}

func TestFullscreenScrolling(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 40 {
		h.m.add(&noticeItem{text: fmt.Sprintf("line-%02d", i), token: "muted"})
	}
	h.contains("line-39")
	h.lacks("line-05")
	h.press("pgup", "pgup", "pgup", "pgup", "pgup", "pgup")
	h.contains("line-05", "escape interrupt") // at the top: the header
	h.lacks("line-39")
	h.press("pgdown", "pgdown", "pgdown", "pgdown", "pgdown", "pgdown")
	h.contains("line-39")
}

// TestExtensionReloadLine: a save's reload shows as one line with its
// diff; the reloaded plugin's statuses and widgets go (its new generation
// sets its own), another plugin's stay; a broken save shows its error.
func TestExtensionReloadLine(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("ui_call", "plugin", "ext", "op", "setStatus", "key", "status", "sub", "mine", "value", "ext status"),
		ev("ui_call", "plugin", "other", "op", "setStatus", "key", "status", "sub", "theirs", "value", "other status"))
	h.contains("ext status", "other status")
	h.event(ev("extension_reload", "plugin", "ext", "ok", true, "generation", 2.0, "ms", 12.0,
		"added", []any{"command:two"}, "removed", []any{"command:one"}, "changed", []any{"tool:greet"}))
	h.contains("reload ext gen 2 ok 12ms +command:two -command:one ~tool:greet", "other status")
	h.lacks("ext status")
	h.event(ev("extension_reload", "plugin", "ext", "ok", false, "generation", 2.0, "error", "ext.ts:3:5: bundle: Unexpected \";\""))
	h.contains(`reload ext FAILED, keeping generation 2: ext.ts:3:5: bundle: Unexpected ";"`)
}

// TestHeaderListsExtensionsWithoutCommands: the header's extension list
// comes from get_extensions, so an extension with no command is there too;
// one that failed to load is not.
func TestHeaderListsExtensionsWithoutCommands(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_extensions", map[string]any{"extensions": []any{
		map[string]any{"id": "quiet", "path": "/x/quiet-hooks.ts", "origin": "cli", "status": "loaded"},
		map[string]any{"id": "broken", "path": "/x/broken-one.ts", "origin": "cli", "status": "failed"}}})
	h.m.c.request(cmd("get_extensions"), (*model).onExtensions)
	h.sync()
	h.contains("quiet-hooks")
	h.lacks("broken-one")
}

// TestExtensionShortcuts: a registerShortcut key runs its handler on the
// host; one of the app's reserved keys stays the app's, another built-in
// key goes to the extension, each with pi's warning.
func TestExtensionShortcuts(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_shortcuts", map[string]any{"shortcuts": []any{
		map[string]any{"shortcut": "ctrl+shift+k", "description": "do it", "plugin": "ext"},
		map[string]any{"shortcut": "ctrl+c", "description": "steal", "plugin": "ext"},
		map[string]any{"shortcut": "ctrl+y", "description": "take yank", "plugin": "ext"}}})
	h.m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
	h.sync()
	h.contains("Extension shortcut 'ctrl+c' from ext conflicts with built-in shortcut.", "Skipping.",
		"Extension shortcut conflict: 'ctrl+y' is built-in shortcut for tui.editor.yank", "and ext. Using ext.")
	h.press("ctrl+shift+k")
	if c := h.cmd("run_shortcut"); c["shortcut"] != "ctrl+shift+k" {
		t.Errorf("run_shortcut %v", c)
	}
	h.press("ctrl+y")
	if c := h.cmd("run_shortcut"); c["shortcut"] != "ctrl+y" {
		t.Errorf("run_shortcut %v", c)
	}
}

// A codemode script's nested calls show in the script's row, as pi's
// interactive mode does, not as rows of their own.
func TestNestedToolCallsHaveNoRows(t *testing.T) {
	h := newHarness(t, Options{})
	text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
	h.event(ev("tool_execution_start", "toolCallId", "c", "toolName", "bash", "args", map[string]any{"command": "outer-cmd"}),
		ev("tool_execution_start", "toolCallId", "c/1", "toolName", "bash", "args", map[string]any{"command": "nested-cmd"}, "parentToolCallId", "c"),
		ev("tool_execution_end", "toolCallId", "c/1", "toolName", "bash", "result", map[string]any{"content": text("NESTED OUT")}, "isError", false, "parentToolCallId", "c"),
		ev("tool_execution_end", "toolCallId", "c", "toolName", "bash", "result", map[string]any{"content": text("OUTER OUT")}, "isError", false))
	h.contains("outer-cmd", "OUTER OUT")
	h.lacks("nested-cmd", "NESTED OUT")
}

// In regular mode a status line stays in the live region while it is the
// last item (the next status replaces it, as pi's showStatus), is printed
// once something follows it or pigo quits; ctrl+o prints the header and
// chat again, expanded, on a cleared terminal (pi-tui's full redraw).
func TestRegularModeStatusAndExpandReprint(t *testing.T) {
	h := newHarness(t, Options{TUIMode: "regular"})
	var scrollback strings.Builder
	h.m.println = func(s string) tea.Cmd { scrollback.WriteString(s + "\n"); return nil }
	h.event(ev("message_start", "message", map[string]any{"role": "user", "content": "the question"}))
	if !strings.Contains(scrollback.String(), "the question") {
		t.Fatalf("printed %q", scrollback.String())
	}
	scrollback.Reset()
	h.press("ctrl+o")
	h.sync()
	printed := scrollback.String()
	if !strings.HasPrefix(printed, "\x1b[2J\x1b[H\x1b[3J") || !strings.Contains(printed, "the question") ||
		!strings.Contains(printed, "to run bash (no context)") || strings.Contains(printed, "Tool output") {
		t.Errorf("ctrl+o printed %q", printed)
	}
	h.contains("Tool output: expanded")
	scrollback.Reset()
	h.press("ctrl+o")
	h.sync()
	if s := scrollback.String(); !strings.HasPrefix(s, "\x1b[2J\x1b[H\x1b[3J") || strings.Contains(s, "Tool output") || strings.Contains(s, "to run bash (no context)") {
		t.Errorf("the second ctrl+o printed %q", s)
	}
	h.contains("Tool output: collapsed")
	h.lacks("Tool output: expanded")
	scrollback.Reset()
	h.m.quit()
	if s := scrollback.String(); !strings.Contains(s, "Tool output: collapsed") {
		t.Errorf("quitting printed %q", s)
	}
}
