package tui

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// writeSession writes a pi session file: a header, one user message per
// text (modified at the given time), and a session_info name when set.
func writeSession(t *testing.T, dir, id, cwd, parent, name string, modified time.Time, texts ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	header := map[string]any{"type": "session", "version": 3, "id": id, "timestamp": modified.UTC().Format(time.RFC3339), "cwd": cwd}
	if parent != "" {
		header["parentSession"] = parent
	}
	lines := []any{header}
	prev := any(nil)
	for i, text := range texts {
		eid := fmt.Sprintf("%s-%d", id, i)
		lines = append(lines, map[string]any{"type": "message", "id": eid, "parentId": prev, "timestamp": modified.UTC().Format(time.RFC3339),
			"message": map[string]any{"role": "user", "content": text, "timestamp": modified.UnixMilli()}})
		prev = eid
	}
	if name != "" {
		lines = append(lines, map[string]any{"type": "session_info", "id": id + "-n", "parentId": prev, "timestamp": modified.UTC().Format(time.RFC3339), "name": name})
	}
	var b strings.Builder
	for _, l := range lines {
		data, _ := json.Marshal(l)
		b.Write(data)
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, id+".jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// resumeFixture: three sessions in this project (one a fork of another,
// one named) and one in another project.
func resumeFixture(t *testing.T) (*harness, map[string]string) {
	agent := t.TempDir()
	cwd := filepath.Join(t.TempDir(), "proj")
	dir := filepath.Join(agent, "sessions", "--proj--")
	now := time.Now()
	paths := map[string]string{}
	paths["old"] = writeSession(t, dir, "aaa", cwd, "", "", now.Add(-3*time.Hour), "fix the parser", "and the tests")
	paths["fork"] = writeSession(t, dir, "bbb", cwd, paths["old"], "", now.Add(-2*time.Hour), "fork of parser work")
	paths["named"] = writeSession(t, dir, "ccc", cwd, "", "Release notes", now.Add(-10*24*time.Hour), "write the notes")
	paths["other"] = writeSession(t, filepath.Join(agent, "sessions", "--elsewhere--"), "ddd", "/elsewhere", "", "", now.Add(-5*time.Minute), "other project work")
	h := newHarness(t, Options{Cwd: cwd, AgentDir: agent, SessionDir: dir})
	h.m.width = 120 // the header's title is cut to the room its right side leaves
	return h, paths
}

func TestResumeSelectorLayoutAndThreads(t *testing.T) {
	h, _ := resumeFixture(t)
	h.typ("/resume")
	h.press("enter")
	h.contains("Resume Session (Current Folder)", "◉ Current Folder | ○ All  Name: All  Sort: Threaded",
		`tab scope · re:<pattern> regex · "phrase" exact`,
		"ctrl+s sort · ctrl+n named · ctrl+d delete · ctrl+p path (off) · ctrl+r rename")
	s := h.screen()
	// the fork sits under its parent; the parent's subtree is the most recent
	order := []string{"› fix the parser", "└─ fork of parser work", "Release notes"}
	last := -1
	for _, o := range order {
		i := strings.Index(s, o)
		if i < 0 || i < last {
			t.Fatalf("want %q after the previous rows:\n%s", o, s)
		}
		last = i
	}
	h.contains("2 3h", "1 2h", "1 1w")
	h.lacks("other project work")

	h.press("ctrl+s") // recent: flat, most recent first
	h.contains("Sort: Recent")
	s = h.screen()
	if strings.Contains(s, "└─") || strings.Index(s, "fork of parser work") > strings.Index(s, "fix the parser") {
		t.Fatalf("recent order:\n%s", s)
	}
	h.press("ctrl+s")
	h.contains("Sort: Fuzzy")
	h.press("ctrl+s")
	h.contains("Sort: Threaded")

	h.press("ctrl+n") // named only
	h.contains("Name: Named", "Release notes")
	h.lacks("fix the parser")
	h.press("ctrl+n")

	h.press("tab") // all projects, with their cwd
	h.contains("Resume Session (All)", "○ Current Folder | ◉ All", "other project work", "/elsewhere 1 5m")
	h.press("tab")
	h.lacks("other project work")

	h.press("ctrl+p")
	h.contains("path (on)", "aaa.jsonl 2 3h")
}

func TestResumeSelectorSearch(t *testing.T) {
	h, paths := resumeFixture(t)
	h.typ("/resume")
	h.press("enter")
	h.typ("notes")
	h.contains("> notes", "› Release notes")
	h.lacks("fix the parser", "└─")
	for range 5 {
		h.press("backspace")
	}
	h.typ(`"parser work"`)
	h.contains("› fork of parser work")
	h.lacks("fix the parser", "Release notes")
	for range len(`"parser work"`) {
		h.press("backspace")
	}
	h.typ("re:^fix")
	h.contains("› fix the parser")
	h.lacks("fork of parser work")
	for range len("re:^fix") {
		h.press("backspace")
	}
	h.typ("re:(")
	h.contains("No sessions in current folder. Press Tab to view all.")
	for range len("re:(") {
		h.press("backspace")
	}
	// relevance: a name match beats a message match
	h.press("ctrl+s", "ctrl+s")
	h.typ("re")
	h.contains("› Release notes")
	h.press("enter")
	c := h.cmd("switch_session")
	if c["sessionPath"] != paths["named"] {
		t.Fatalf("switch_session %v", c)
	}
	h.respond(c, true, map[string]any{"cancelled": false})
	h.contains("Resumed session")
	h.lacks("Resume Session (Current Folder)")
}

func TestResumeSelectorDeleteAndRename(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no trash command: the file is deleted
	h, paths := resumeFixture(t)
	h.typ("/resume")
	h.press("enter")
	h.press("down") // the fork
	h.press("ctrl+d")
	h.contains("Delete session? enter confirm · escape/ctrl+c cancel")
	h.press("x") // other keys wait for the answer
	h.contains("Delete session?")
	if q := h.m.sel.(*resumePicker).query; q != "" {
		t.Fatalf("query %q while confirming", q)
	}
	h.press("esc")
	h.lacks("Delete session?")
	if _, err := os.Stat(paths["fork"]); err != nil {
		t.Fatal("cancel deleted the file")
	}
	h.press("ctrl+d")
	t0 := time.Now()
	cmd := h.press("enter")
	t1 := time.Now()
	if cmd == nil {
		t.Error("no redraw is scheduled for when the status line's time is up")
	}
	h.contains("Session deleted")
	h.lacks("fork of parser work")
	if _, err := os.Stat(paths["fork"]); !os.IsNotExist(err) {
		t.Fatalf("file still there: %v", err)
	}
	// the status stays its time (pi's 2s for info), keys or not
	p := h.m.sel.(*resumePicker)
	if until := p.statusUntil; until.Before(t0.Add(2*time.Second)) || until.After(t1.Add(2*time.Second)) {
		t.Errorf("status shown for %v, want 2s", until.Sub(t0))
	}
	p.now = func() time.Time { return p.statusUntil.Add(-time.Millisecond) }
	h.press("down", "up")
	h.contains("Session deleted")
	p.now = func() time.Time { return p.statusUntil }
	h.press("down", "up")
	h.lacks("Session deleted")
	h.contains("ctrl+s sort")
	p.now = time.Now

	h.press("up") // the first session
	h.press("ctrl+r")
	h.contains("Rename Session", "enter to save · escape/ctrl+c to cancel")
	h.lacks("Resume Session")
	h.typ("Parser fix")
	h.press("enter")
	h.contains("Resume Session (Current Folder)", "Parser fix")
	data, _ := os.ReadFile(paths["old"])
	if !strings.Contains(string(data), `"type":"session_info"`) || !strings.Contains(string(data), `"name":"Parser fix"`) {
		t.Fatalf("no session_info appended:\n%s", data)
	}
	h.press("esc")
	h.lacks("Resume Session")
}

// fakeTrash puts a `trash` command on PATH running script (sh).
func fakeTrash(t *testing.T, script string) {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "trash"), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestResumeDeleteUsesTrash: with a trash command, /resume's delete
// moves the session there (pi's "Session moved to trash").
func TestResumeDeleteUsesTrash(t *testing.T) {
	can := t.TempDir()
	fakeTrash(t, `mv "$1" `+can+`/`)
	h, paths := resumeFixture(t)
	h.typ("/resume")
	h.press("enter")
	h.press("down") // the fork
	h.press("ctrl+d")
	h.press("enter")
	h.contains("Session moved to trash")
	h.lacks("fork of parser work")
	if _, err := os.Stat(filepath.Join(can, filepath.Base(paths["fork"]))); err != nil {
		t.Errorf("not in the trash: %v", err)
	}
}

// TestResumeDeleteFallsBackFromTrash: a trash that fails leaves the
// delete to unlink; when that fails too the error is pi's: Node's unlink
// error, then trash's complaint.
func TestResumeDeleteFallsBackFromTrash(t *testing.T) {
	fakeTrash(t, `echo "no trash can here" >&2; echo second line >&2; exit 1`)
	f := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(f, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	trashed, err := deleteSessionFile(f)
	if trashed || err != nil {
		t.Errorf("deleteSessionFile = %v, %v; want unlinked", trashed, err)
	}
	if _, err := os.Stat(f); !os.IsNotExist(err) {
		t.Errorf("file still there: %v", err)
	}
	dir := t.TempDir() // unlink(2) refuses a directory, empty or not
	_, err = deleteSessionFile(dir)
	if want := "EISDIR: illegal operation on a directory, unlink '" + dir + "' (trash: no trash can here)"; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("the directory went: %v", err)
	}
}

// TestResumeDeleteWithoutTrash: with no trash command the hint is Node's
// spawn error, as pi shows it.
func TestResumeDeleteWithoutTrash(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	f := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(f, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if trashed, err := deleteSessionFile(f); trashed || err != nil {
		t.Errorf("deleteSessionFile = %v, %v; want unlinked", trashed, err)
	}
	missing := filepath.Join(t.TempDir(), "gone.jsonl")
	// gone after trash "failed": pi's existsSync check counts it as trashed
	if trashed, err := deleteSessionFile(missing); !trashed || err != nil {
		t.Errorf("missing file: %v, %v; want trashed", trashed, err)
	}
	dir := t.TempDir()
	_, err := deleteSessionFile(dir)
	if want := "EISDIR: illegal operation on a directory, unlink '" + dir + "' (trash: spawnSync trash ENOENT)"; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
}

// TestResumeDeleteTrashArgs: trash gets the path alone, or after "--"
// when it starts with "-" (pi's trashArgs).
func TestResumeDeleteTrashArgs(t *testing.T) {
	log := filepath.Join(t.TempDir(), "args")
	fakeTrash(t, `for a in "$@"; do echo "[$a]" >> `+log+`; done; rm -- "$2" 2>/dev/null || rm -- "$1"`)
	dir := t.TempDir()
	t.Chdir(dir)
	for _, name := range []string{"plain.jsonl", "-dash.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if trashed, err := deleteSessionFile(name); !trashed || err != nil {
			t.Errorf("%s: %v, %v; want trashed", name, trashed, err)
		}
	}
	got, _ := os.ReadFile(log)
	if want := "[plain.jsonl]\n[--]\n[-dash.jsonl]\n"; string(got) != want {
		t.Errorf("trash args:\n%s\nwant\n%s", got, want)
	}
}

func TestResumeSelectorKeepsCurrentSession(t *testing.T) {
	h, paths := resumeFixture(t)
	h.answer("get_state", map[string]any{"model": map[string]any{"id": "mock-1", "provider": "mock"}, "sessionFile": paths["named"], "isStreaming": false})
	h.m.c.request(cmd("get_state"), (*model).onState)
	h.sync()
	h.typ("/resume")
	h.press("enter")
	h.contains("Release notes")
	h.press("down", "down", "ctrl+d")
	h.contains("Cannot delete the currently active session")
	if _, err := os.Stat(paths["named"]); err != nil {
		t.Fatal(err)
	}
}

func TestSessionAgeAndFuzzy(t *testing.T) {
	for d, want := range map[time.Duration]string{30 * time.Second: "now", 5 * time.Minute: "5m", 3 * time.Hour: "3h",
		2 * 24 * time.Hour: "2d", 10 * 24 * time.Hour: "1w", 40 * 24 * time.Hour: "1mo", 400 * 24 * time.Hour: "1y"} {
		if got := sessionAge(d); got != want {
			t.Errorf("sessionAge(%v) = %q, want %q", d, got, want)
		}
	}
	// pi-tui's fuzzyMatch scores, as real pi 1.6's gives them
	for _, c := range []struct {
		q, text string
		want    float64
	}{{"opus", "openrouter openrouter/anthropic/claude-opus", -23.8}, {"opus", "o p u s", -37.8}, {"gpt4", "4gpt", -154.4},
		{"rel", "Release notes", -39.7}, {"ab", "xaxb", 2.4}} {
		got, ok := fuzzyScore(c.q, c.text)
		if !ok || math.Abs(got-c.want) > 1e-9*max(1, math.Abs(c.want)) && math.Abs(got-c.want) > 1e-6 {
			t.Errorf("fuzzyScore(%q, %q) = %v %v, want %v", c.q, c.text, got, ok, c.want)
		}
	}
	if _, ok := fuzzyScore("zz", "abc"); ok {
		t.Error("zz matched abc")
	}
}

// TestStartupResumePicksOrCancels: `pigo --resume`'s selector lists this
// folder's sessions without the rename hint (ctrl+r does nothing), and
// ends with the chosen file, or with none on escape.
func TestStartupResumePicksOrCancels(t *testing.T) {
	h, paths := resumeFixture(t)
	o := h.m.opts
	s := newStartupResume(o)
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	view := func() string { return ansi.Strip(s.View().Content) }
	v := view()
	if !strings.Contains(v, "ctrl+s sort · ctrl+n named · ctrl+d delete · ctrl+p path (off)\n") || strings.Contains(v, "rename") {
		t.Errorf("hint line:\n%s", v)
	}
	if !strings.Contains(v, "› fix the parser") {
		t.Errorf("list:\n%s", v)
	}
	s.Update(parseKey("ctrl+r"))
	if strings.Contains(view(), "Rename Session") {
		t.Errorf("ctrl+r renames at startup:\n%s", view())
	}
	s.Update(parseKey("down"))
	if _, cmd := s.Update(parseKey("enter")); cmd == nil || s.path != paths["fork"] {
		t.Errorf("enter: path %q, want %q (quit %v)", s.path, paths["fork"], cmd != nil)
	}
	if s.View().Content != "" {
		t.Errorf("the selector stays drawn after the choice")
	}

	s = newStartupResume(o)
	if _, cmd := s.Update(parseKey("esc")); cmd == nil || s.path != "" {
		t.Errorf("escape: path %q, quit %v", s.path, cmd != nil)
	}
}

// TestResumeOtherProject: a session whose cwd is gone (the host's
// error) asks as pi: continue here (cwdOverride, "Resumed session in"),
// fork here (fork, the status naming the new id) or cancel; resuming
// another project's session moves the footer to its cwd.
func TestResumeOtherProject(t *testing.T) {
	h, paths := resumeFixture(t)
	here := h.m.cwd
	fail := func(c map[string]any) {
		h.event(map[string]any{"type": "response", "id": c["id"], "command": "switch_session", "success": false,
			"error": "Stored session working directory does not exist: /elsewhere\nSession file: " + paths["other"] + "\nCurrent working directory: " + here})
	}
	pick := func() map[string]any {
		h.typ("/resume")
		h.press("enter")
		h.press("tab") // all projects: "other project work" is the newest
		h.press("enter")
		c := h.cmd("switch_session")
		if c["sessionPath"] != paths["other"] || c["fork"] != nil || c["cwdOverride"] != nil {
			t.Fatalf("switch_session %v", c)
		}
		fail(c)
		return c
	}
	pick()
	h.contains("Session cwd does not exist: /elsewhere", "→ Continue in "+here+" (asks again next time)",
		"Fork into "+here+" (new session ID, original kept)", "Cancel")
	h.press("enter")
	c := h.cmd("switch_session")
	if c["sessionPath"] != paths["other"] || c["cwdOverride"] != here {
		t.Fatalf("continue asked %v", c)
	}
	h.respond(c, true, map[string]any{"cancelled": false})
	h.contains("Resumed session in " + here)

	pick()
	h.press("down", "enter")
	c = h.cmd("switch_session")
	if c["sessionPath"] != paths["other"] || c["fork"] != true {
		t.Fatalf("fork asked %v", c)
	}
	h.answer("get_state", map[string]any{"model": map[string]any{"id": "mock-1", "provider": "mock", "contextWindow": 128000.0},
		"thinkingLevel": "off", "isStreaming": false, "sessionId": "f0f0", "sessionFile": filepath.Join(filepath.Dir(paths["old"]), "f0f0.jsonl")})
	h.respond(c, true, map[string]any{"cancelled": false})
	h.contains("Forked into new session f0f0 in " + here)

	pick()
	h.press("down", "down", "enter")
	h.contains("Resume cancelled")

	// a project that is there: the footer moves to it
	other := filepath.Join(t.TempDir(), "other")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	h.m.resumeSession(paths["other"], other)
	h.respond(h.cmd("switch_session"), true, map[string]any{"cancelled": false})
	if h.m.cwd != other {
		t.Errorf("the footer's cwd is %q, want %q", h.m.cwd, other)
	}
	h.contains("Resumed session")
}

// TestMoveToAnotherProjectDropsGoneExtensionsUI: when /resume moves the
// run to another project, the host's extension_reload {moved} events
// take the UI of the old project's extensions away, quietly, and that of
// the ones started again (they set it anew at session_start); a new
// project's extension that just appeared keeps what it set.
func TestMoveToAnotherProjectDropsGoneExtensionsUI(t *testing.T) {
	h := newHarness(t, Options{})
	status := func(plugin, key, text string) map[string]any {
		return ev("ui_call", "plugin", plugin, "op", "setStatus", "key", "status", "sub", key, "value", text)
	}
	h.event(status("old", "o", "old project status"), status("mine", "u", "user status"), status("new", "n", "new project status"))
	h.contains("old project status", "user status", "new project status")
	h.event(ev("extension_reload", "plugin", "old", "ok", true, "generation", 0.0, "moved", true, "gone", "/p/.pi/extensions/old.ts"))
	h.lacks("old project status", "reload old")
	h.contains("user status")
	h.event(ev("extension_reload", "plugin", "new", "ok", true, "generation", 1.0, "moved", true, "appeared", "/q/.pi/extensions/new.ts"),
		ev("extension_reload", "plugin", "mine", "ok", true, "generation", 2.0, "moved", true))
	h.lacks("user status", "reload mine")
	h.contains("new project status")
	h.event(status("mine", "u", "user status again"))
	h.contains("user status again")
}

// TestMoveShowsRuntimeDiagnostics: what the host found in the project a
// session moved to (its settings' warnings) shows as pi's showWarning
// and showError lines once the chat is redrawn for the new session,
// before the switch's own status (pi's rebindSession order).
func TestMoveShowsRuntimeDiagnostics(t *testing.T) {
	h := newHarness(t, Options{})
	h.m.resumeSession("/s/other.jsonl", t.TempDir())
	c := h.cmd("switch_session")
	h.event(ev("runtime_diagnostic", "kind", "warning", "message", "Invalid settings file /q/.pi/settings.json: bad"),
		ev("runtime_diagnostic", "kind", "error", "message", "it broke"))
	h.respond(c, true, map[string]any{"cancelled": false})
	h.contains("Warning: Invalid settings file /q/.pi/settings.json: bad", "Error: it broke", "Resumed session")
	s := h.screen()
	if w, e, r := strings.Index(s, "Warning:"), strings.Index(s, "Error: it broke"), strings.Index(s, "Resumed session"); w > e || e > r {
		t.Errorf("order: warning at %d, error at %d, status at %d:\n%s", w, e, r, s)
	}
}

// TestSessionReplacementReadsCommandsAgain: after /new, /clone or a
// /resume in the same project the host has started every extension
// again, so the UI reads their commands again (what the new instances
// registered).
func TestSessionReplacementReadsCommandsAgain(t *testing.T) {
	h := newHarness(t, Options{})
	has := func(name string) bool {
		return slices.ContainsFunc(h.m.commands, func(c command) bool { return c.name == name })
	}
	for i, step := range []struct{ text, command string }{{"/new", "new_session"}, {"/clone", "clone"}} {
		name := fmt.Sprintf("cmd%d", i)
		h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": name, "description": "d", "source": "extension"}}})
		h.m.ed.SetText(step.text)
		h.press("enter")
		h.respond(h.cmd(step.command), true, map[string]any{"cancelled": false})
		h.sync()
		if !has(name) {
			t.Errorf("after %s the commands are %v, want %s", step.text, h.m.commands, name)
		}
	}
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "resumed", "description": "d", "source": "extension"}}})
	h.m.resumeSession("/s/other.jsonl", h.m.cwd)
	h.respond(h.cmd("switch_session"), true, map[string]any{"cancelled": false})
	h.sync()
	if !has("resumed") {
		t.Errorf("after /resume here the commands are %v", h.m.commands)
	}
}

// TestReplacedExtensionTitleAndWorkingStateReset: an extension started
// again (a session replacement's extension_reload {moved}) loses the
// terminal title, working message, visibility, indicator and hidden
// thinking label it set, as pi's resetExtensionUI; another extension's
// stay.
func TestReplacedExtensionTitleAndWorkingStateReset(t *testing.T) {
	h := newHarness(t, Options{})
	call := func(plugin, op string, value any) map[string]any {
		return ev("ui_call", "plugin", plugin, "op", op, "key", op, "sub", "", "value", value)
	}
	h.event(call("mine", "setTitle", "my title"), call("mine", "setWorkingMessage", "crunching"),
		call("mine", "setWorkingVisible", false), call("mine", "setWorkingIndicator", map[string]any{"frames": []any{"a", "b"}}),
		call("other", "setHiddenThinkingLabel", "Pondering"))
	if h.m.title != "my title" || h.m.working.message != "crunching" || !h.m.working.hidden || !h.m.working.hasFrames || h.m.vc.thinkingLabel != "Pondering" {
		t.Fatalf("set: title %q, working %+v, label %q", h.m.title, h.m.working, h.m.vc.thinkingLabel)
	}
	h.event(ev("extension_reload", "plugin", "mine", "ok", true, "generation", 2.0, "moved", true))
	if h.m.title != "" || h.m.working.message != "" || h.m.working.hidden || h.m.working.hasFrames {
		t.Errorf("after the restart: title %q, working %+v", h.m.title, h.m.working)
	}
	if h.m.vc.thinkingLabel != "Pondering" {
		t.Errorf("another extension's label went: %q", h.m.vc.thinkingLabel)
	}
	h.event(ev("extension_reload", "plugin", "other", "ok", true, "generation", 2.0, "moved", true))
	if h.m.vc.thinkingLabel != "Thinking..." {
		t.Errorf("label after its extension restarted: %q", h.m.vc.thinkingLabel)
	}
}

// TestStartupShowsModelsJSONError: what was wrong with models.json shows
// at startup as pi 1.6's showError(`models.json error: ...`), after the
// history.
func TestStartupShowsModelsJSONError(t *testing.T) {
	h := newHarness(t, Options{ModelsJSONError: "Invalid models.json schema:\n  - providers.x.authHeader: must be boolean\n\nFile: /a/models.json"})
	h.contains("Error: models.json error: Invalid models.json schema:", "- providers.x.authHeader: must be boolean", "File: /a/models.json")

	// /reload shows it again (pi keeps the models.json it loaded), before
	// the status.
	h.m.ed.SetText("/reload")
	h.press("enter")
	h.respond(h.cmd("reload"), true, map[string]any{"plugins": []any{}})
	h.sync()
	s := h.screen()
	if strings.Count(s, "models.json error") != 2 ||
		strings.LastIndex(s, "models.json error") > strings.Index(s, "Reloaded keybindings") {
		t.Errorf("after /reload:\n%s", s)
	}

	h = newHarness(t, Options{})
	h.lacks("models.json error")
}
