package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// lineWith is the screen's last line holding text, "(no text)" without one.
func lineWith(screen, text string) string {
	lines := strings.Split(screen, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], text) {
			return lines[i]
		}
	}
	return "(no " + text + ")"
}

// TestTUIDifferentialCacheStats16: the footer's cache-hit rate follows
// the latest reply (CH80.0% after a hit, CH0.0% after a miss) and
// /session's Cost section reports the prompt tokens billed again after
// the miss ("Cache Re-billed"), as in real pi 1.6.
func TestTUIDifferentialCacheStats16(t *testing.T) {
	node, cli := pi16Command(t)
	steps := []mockStep{
		{Text: "first", PromptTokens: 3000},
		{Text: "second", PromptTokens: 5000, CachedTokens: 4000},
		{Text: "third", PromptTokens: 6000},
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTY(t, side, steps, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		tt.keys("one", "\r")
		tt.waitFor("first", "↑")
		tt.keys("two", "\r")
		tt.waitFor("second", "CH")
		time.Sleep(300 * time.Millisecond)
		add(lineWith(tt.screen(), "↑"))
		tt.keys("three", "\r")
		tt.waitFor("third", "CH0.0%")
		time.Sleep(300 * time.Millisecond)
		add(lineWith(tt.screen(), "↑"))
		tt.keys("/session")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Cache Re-billed")
		time.Sleep(300 * time.Millisecond)
		s := tt.screen()
		if i := strings.LastIndex(s, " Cost\n"); i >= 0 {
			s = s[i:]
		}
		add(s[:strings.Index(s, "──")])
		tt.keys("\x04")
		tt.exit()
	})
	compareScreens(t, screens, nil)
}

// TestTUIDifferentialSubscriptionMark16: with an OAuth login to a
// subscription (Anthropic's), the footer marks the cost "(sub)" from the
// start, as real pi 1.6 does.
func TestTUIDifferentialSubscriptionMark16(t *testing.T) {
	node, cli := pi16Command(t)
	login := func(_, agentDir string) {
		must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"),
			[]byte(`{"anthropic": {"type": "oauth", "access": "sk-ant-oat01-x", "refresh": "r", "expires": 4102444800000}}`), 0o600))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, login, side, nil, "--model", "anthropic/claude-sonnet-4-5", "--no-session")
		tt.waitFor("claude-sonnet-4-5")
		time.Sleep(500 * time.Millisecond)
		add(lineWith(tt.screen(), "(auto)"))
		tt.keys("\x04")
		tt.exit()
	})
	compareScreens(t, screens, nil)
}

// TestTUIDifferentialCacheMissNotice16: with showCacheMissNotices on, a
// reply that billed 20k or more cached tokens again gets pi 1.6's notice
// below it; a smaller miss gets none.
func TestTUIDifferentialCacheMissNotice16(t *testing.T) {
	node, cli := pi16Command(t)
	steps := []mockStep{
		{Text: "first", PromptTokens: 30000},
		{Text: "second", PromptTokens: 40000, CachedTokens: 30000},
		{Text: "third", PromptTokens: 50000},
		{Text: "fourth", PromptTokens: 52000, CachedTokens: 49000},
	}
	notices := func(_, agentDir string) {
		must(t, os.WriteFile(filepath.Join(agentDir, "settings.json"), []byte(`{"showCacheMissNotices": true}`), 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, notices, side, steps, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		for _, p := range []struct{ prompt, reply string }{{"one", "first"}, {"two", "second"}, {"three", "third"}, {"four", "fourth"}} {
			tt.keys(p.prompt, "\r")
			tt.waitFor(p.reply, "↑")
			time.Sleep(300 * time.Millisecond)
		}
		s := tt.screen()
		if i := strings.Index(s, " second"); i >= 0 {
			s = s[i:]
		}
		add(s[:strings.Index(s, "──")])
		tt.keys("\x04")
		tt.exit()
	})
	compareScreens(t, screens, nil)
	if len(screens["pi"]) == 0 || strings.Count(screens["pi"][0], "Cache miss: 40k tokens re-billed") != 1 {
		t.Errorf("pi showed no single notice: the scenario tests nothing\n%v", screens["pi"])
	}
}
