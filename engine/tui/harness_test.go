package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// harness drives a model against a fake session host: the host end of a
// protocol pipe answers the UI's queries from canned data and records
// every other command; the test sends events as the host would.
type harness struct {
	t    *testing.T
	m    *model
	host protocol.Conn
	ui   protocol.Conn
	enc  *protocol.Encoder
	cmds chan map[string]any
	mu   sync.Mutex
	// answers are the data of responses to queries, by command type.
	answers map[string]map[string]any
	// later are the commands the model returned while records were
	// applied (bubbletea would run them).
	later []tea.Cmd
}

// answer sets the data the host answers a query with.
func (h *harness) answer(typ string, data map[string]any) {
	h.mu.Lock()
	h.answers[typ] = data
	h.mu.Unlock()
}

func newHarness(t *testing.T, opts Options) *harness {
	t.Helper()
	host, ui := protocol.Pipe()
	h := &harness{t: t, host: host, ui: ui, enc: protocol.NewEncoder(nil), cmds: make(chan map[string]any, 100),
		answers: map[string]map[string]any{
			"get_state": {"model": map[string]any{"id": "mock-1", "provider": "mock", "contextWindow": 128000.0},
				"thinkingLevel": "off", "isStreaming": false},
			"get_commands":               {"commands": []any{}},
			"get_extensions":             {"extensions": []any{}},
			"get_loaded_resources":       {"contextFiles": []any{}, "skills": []any{}, "prompts": []any{}},
			"get_shortcuts":              {"shortcuts": []any{}},
			"get_input_listeners":        {"count": 0.0},
			"get_autocomplete_providers": {"count": 0.0, "triggers": []any{}},
			"get_messages":               {"messages": []any{}},
			"get_entries":                {"entries": []any{}, "leafId": nil},
			"get_session_stats":          {"tokens": map[string]any{"input": 0.0, "output": 0.0}, "cost": 0.0},
			"get_model_scope":            {"models": []any{}, "enabledIds": nil, "scoped": false, "scope": []any{}, "defaultModel": nil},
			"get_routed_model":           nil,
			"get_footer_usage":           {"subscription": false},
			"get_usage_breakdown":        {"models": []any{}, "selected": "mock/mock-1"},
		}}
	if opts.Cwd == "" {
		opts.Cwd = t.TempDir()
	}
	h.m = newModel(ui, opts)
	h.m.width, h.m.height = 80, 30
	t.Cleanup(func() { _ = ui.Close(); _ = host.Close() })
	go h.serve()
	h.m.Init() // its queries are answered by serve; its commands (ticks) are not run
	h.sync()
	return h
}

// serve is the fake host: it answers queries and _sync markers in the
// order the UI sent them.
func (h *harness) serve() {
	for {
		msg, err := h.host.Recv()
		if err != nil {
			close(h.cmds)
			return
		}
		rec, _ := msg.Object()
		typ, _ := rec["type"].(string)
		if typ == "_sync" {
			_ = h.enc.Send(h.host, map[string]any{"type": "_synced"})
			continue
		}
		h.mu.Lock()
		data, ok := h.answers[typ]
		h.mu.Unlock()
		if ok {
			_ = h.enc.Send(h.host, map[string]any{"type": "response", "id": rec["id"], "command": typ, "success": true, "data": data})
			continue
		}
		h.cmds <- rec
	}
}

// send sends a record from the host.
func (h *harness) send(v map[string]any) {
	h.t.Helper()
	if err := h.enc.Send(h.host, v); err != nil {
		h.t.Fatal(err)
	}
}

// sync applies every record the host sent, answers included, until a
// round brings nothing new (handling a record may send more queries).
func (h *harness) sync() {
	h.t.Helper()
	for h.round() > 0 {
	}
}

func (h *harness) round() (n int) {
	h.t.Helper()
	_ = h.enc.Send(h.ui, map[string]any{"type": "_sync"})
	deadline := time.After(5 * time.Second)
	for {
		got := make(chan protocol.Message, 1)
		go func() {
			m, err := h.ui.Recv()
			if err == nil {
				got <- m
			}
		}()
		select {
		case msg := <-got:
			if msg.Type == "_synced" {
				return n
			}
			n++
			rec, _ := msg.Object()
			if _, c := h.m.Update(recordMsg{typ: msg.Type, rec: rec}); c != nil {
				h.later = append(h.later, c)
			}
		case <-deadline:
			h.t.Fatal("the host did not answer")
			return n
		}
	}
}

// event sends host records, then syncs.
func (h *harness) event(recs ...map[string]any) {
	h.t.Helper()
	for _, r := range recs {
		h.send(r)
	}
	h.sync()
}

// press types keys: "ctrl+c", "enter", "up", or text.
func (h *harness) press(keys ...string) tea.Cmd {
	h.t.Helper()
	var last tea.Cmd
	for _, k := range keys {
		_, last = h.m.Update(parseKey(k))
	}
	h.sync()
	return last
}

func (h *harness) typ(s string) {
	h.t.Helper()
	for _, r := range s {
		h.m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	h.sync()
}

// viewMsg returns the next view message to viewID.
func (h *harness) viewMsg(viewID string) map[string]any {
	h.t.Helper()
	for {
		c := h.cmd("view_message")
		if c["viewId"] == viewID {
			m, _ := c["message"].(map[string]any)
			return m
		}
	}
}

// cmd returns the next command the UI sent that is not a query.
func (h *harness) cmd(typ string) map[string]any {
	h.t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case c := <-h.cmds:
			if c["type"] == typ {
				return c
			}
		case <-timeout:
			h.t.Fatalf("the UI sent no %s", typ)
		}
	}
}

// noCmd checks that no command of a type is pending.
func (h *harness) noCmd(typ string) {
	h.t.Helper()
	h.sync()
	for {
		select {
		case c := <-h.cmds:
			if c["type"] == typ {
				h.t.Fatalf("unexpected %s: %v", typ, c)
			}
		default:
			return
		}
	}
}

// respond answers a recorded command.
func (h *harness) respond(c map[string]any, ok bool, data map[string]any) {
	h.t.Helper()
	r := map[string]any{"type": "response", "id": c["id"], "command": c["type"], "success": ok}
	if data != nil {
		r["data"] = data
	}
	h.event(r)
}

// screen is the frame as plain text.
func (h *harness) screen() string {
	return ansi.Strip(h.m.render())
}

func (h *harness) contains(want ...string) {
	h.t.Helper()
	s := h.screen()
	for _, w := range want {
		if !strings.Contains(s, w) {
			h.t.Fatalf("screen lacks %q:\n%s", w, s)
		}
	}
}

func (h *harness) lacks(want ...string) {
	h.t.Helper()
	s := h.screen()
	for _, w := range want {
		if strings.Contains(s, w) {
			h.t.Fatalf("screen has %q:\n%s", w, s)
		}
	}
}

func parseKey(k string) tea.KeyPressMsg {
	parts := strings.Split(k, "+")
	var mod tea.KeyMod
	for _, p := range parts[:len(parts)-1] {
		switch p {
		case "ctrl":
			mod |= tea.ModCtrl
		case "alt":
			mod |= tea.ModAlt
		case "shift":
			mod |= tea.ModShift
		}
	}
	names := map[string]rune{"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "tab": tea.KeyTab, "backspace": tea.KeyBackspace, "space": tea.KeySpace,
		"home": tea.KeyHome, "end": tea.KeyEnd}
	last := parts[len(parts)-1]
	if r, ok := names[last]; ok {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	r := []rune(last)[0]
	if mod == 0 {
		return tea.KeyPressMsg{Code: r, Text: last}
	}
	return tea.KeyPressMsg{Code: r, Mod: mod}
}

func ev(typ string, kv ...any) map[string]any { return cmd(typ, kv...) }
