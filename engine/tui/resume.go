package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/session"
)

// resumePicker is pi 1.6's session selector (/resume): a header with the
// scope (this folder / all), name filter and sort order, search as you
// type, a threaded, recent or relevance ordered list, rename and delete
// with confirmation. Its layout follows pi's SessionSelectorComponent.
type resumePicker struct {
	dir      string // this folder's session directory
	agentDir string // "All" lists every project dir under <agentDir>/sessions
	custom   bool   // dir is a custom session directory: "All" lists just it
	current  string // the active session file
	cwd      string
	now      func() time.Time
	scope    string // "current" or "all"
	sort     string // "threaded", "recent" or "relevance"
	named    bool   // only named sessions
	showPath bool
	query    string
	index    int
	// touched: a key moved or searched since the last search; a new list
	// (scope, delete, rename) then keeps the selected session (pi's
	// selectionTouched), else selects the top row.
	touched bool
	lists   map[string][]session.Info // scope → sessions (nil until loaded)
	rows    []resumeRow
	// confirming is the session waiting for delete confirmation.
	confirming string
	// status is the header's status line (error or info), shown until
	// statusUntil, as pi's setStatusMessage with its auto-hide time.
	status      string
	statusErr   bool
	statusUntil time.Time
	// renaming is the session being renamed (rename mode), renameText its input.
	renaming, renameText string
	// startup is the picker of `pigo --resume` (pi's selectSession):
	// choosing calls onPick instead of switching, and there is no rename.
	startup bool
	onPick  func(path string)
}

type resumeRow struct {
	info      session.Info
	depth     int
	isLast    bool
	ancestors []bool // per ancestor level: its line continues
}

func (m *model) openResume() {
	dir := m.opts.SessionDir
	if m.sessionFile != "" {
		dir = filepath.Dir(m.sessionFile)
	}
	p := newResumePicker(dir, m.opts.AgentDir, m.cwd, m.sessionFile)
	if err := p.load(); err != nil {
		m.notice(err.Error(), "error")
		return
	}
	m.sel = p
}

// newResumePicker lists the sessions of dir (this folder's session
// directory; "" is the default one under agentDir) for cwd; current is
// the active session file, if any.
func newResumePicker(dir, agentDir, cwd, current string) *resumePicker {
	if dir == "" && agentDir != "" {
		dir = session.DefaultDir(agentDir, cwd)
	}
	p := &resumePicker{dir: dir, agentDir: agentDir, current: current, cwd: cwd, now: time.Now, scope: "current", sort: "threaded", lists: map[string][]session.Info{}}
	p.custom = agentDir == "" || filepath.Dir(dir) != filepath.Join(agentDir, "sessions")
	return p
}

// load reads the sessions of the scope (once) and refilters, keeping the
// selected session when the selection was touched.
func (p *resumePicker) load() error {
	var selected string
	if p.touched && len(p.rows) > 0 {
		selected = p.rows[p.index].info.Path
	}
	defer func() {
		if !p.touched {
			p.index = 0
			return
		}
		for i, r := range p.rows {
			if r.info.Path == selected {
				p.index = i
			}
		}
	}()
	if _, ok := p.lists[p.scope]; !ok {
		var infos []session.Info
		var err error
		if p.scope == "current" || p.custom {
			infos, err = session.List(p.dir)
			if p.custom && p.scope == "current" {
				// a custom directory holds every project's sessions
				infos = slices.DeleteFunc(infos, func(s session.Info) bool { return filepath.Clean(s.Cwd) != filepath.Clean(p.cwd) })
			}
		} else {
			infos, err = listAllSessions(p.agentDir)
		}
		if err != nil {
			return err
		}
		if infos == nil {
			infos = []session.Info{}
		}
		p.lists[p.scope] = infos
	}
	p.refilter()
	return nil
}

// listAllSessions is pi's SessionManager.listAll: the sessions of every
// project directory under <agentDir>/sessions, most recent first.
func listAllSessions(agentDir string) ([]session.Info, error) {
	dirs, err := session.ProjectDirs(agentDir)
	if err != nil {
		return nil, err
	}
	var out []session.Info
	for _, d := range dirs {
		infos, err := session.List(d)
		if err != nil {
			return nil, err
		}
		out = append(out, infos...)
	}
	slices.SortStableFunc(out, func(a, b session.Info) int { return b.Modified.Compare(a.Modified) })
	return out, nil
}

// refilter is pi's SessionList.filterSessions: the tree when threaded
// and not searching, else a flat list filtered (and for relevance,
// ordered) by the query.
func (p *resumePicker) refilter() {
	var base []session.Info
	for _, s := range p.lists[p.scope] {
		if !p.named || strings.TrimSpace(s.Name) != "" {
			base = append(base, s)
		}
	}
	p.rows = p.rows[:0]
	if p.sort == "threaded" && strings.TrimSpace(p.query) == "" {
		p.rows = threadSessions(base)
	} else {
		for _, s := range filterSessions(base, p.query, p.sort) {
			p.rows = append(p.rows, resumeRow{info: s, isLast: true})
		}
	}
	p.index = min(p.index, max(0, len(p.rows)-1))
}

// threadSessions is pi's buildSessionTree + flattenSessionTree: forks
// under their parent session, siblings and roots by their subtree's
// latest activity.
func threadSessions(infos []session.Info) []resumeRow {
	type node struct {
		info     session.Info
		children []*node
		latest   time.Time
	}
	byPath := map[string]*node{}
	for _, s := range infos {
		byPath[filepath.Clean(s.Path)] = &node{info: s, latest: s.Modified}
	}
	var roots []*node
	for _, s := range infos {
		n := byPath[filepath.Clean(s.Path)]
		if parent, ok := byPath[filepath.Clean(s.ParentSession)]; s.ParentSession != "" && ok {
			parent.children = append(parent.children, n)
		} else {
			roots = append(roots, n)
		}
	}
	var latest func(n *node) time.Time
	latest = func(n *node) time.Time {
		for _, c := range n.children {
			if t := latest(c); t.After(n.latest) {
				n.latest = t
			}
		}
		return n.latest
	}
	var order func(ns []*node)
	order = func(ns []*node) {
		slices.SortStableFunc(ns, func(a, b *node) int { return b.latest.Compare(a.latest) })
		for _, n := range ns {
			order(n.children)
		}
	}
	for _, r := range roots {
		latest(r)
	}
	order(roots)
	var out []resumeRow
	var walk func(n *node, depth int, ancestors []bool, isLast bool)
	walk = func(n *node, depth int, ancestors []bool, isLast bool) {
		out = append(out, resumeRow{info: n.info, depth: depth, isLast: isLast, ancestors: ancestors})
		for i, c := range n.children {
			continues := depth > 0 && !isLast // only non-root ancestors draw a line
			walk(c, depth+1, append(slices.Clone(ancestors), continues), i == len(n.children)-1)
		}
	}
	for i, r := range roots {
		walk(r, 0, nil, i == len(roots)-1)
	}
	return out
}

// Status times, as pi's selector shows them.
const (
	resumeInfoTime  = 2 * time.Second
	resumeErrorTime = 3 * time.Second
	resumeLoadTime  = 4 * time.Second // a list that failed to load
)

// resumeStatusMsg redraws when a status line's time is up.
type resumeStatusMsg struct{}

// setStatus shows a status line for d.
func (p *resumePicker) setStatus(text string, isErr bool, d time.Duration) {
	p.status, p.statusErr, p.statusUntil = text, isErr, p.now().Add(d)
}

// statusShown reports whether the status line is up.
func (p *resumePicker) statusShown() bool {
	return p.status != "" && p.now().Before(p.statusUntil)
}

// key handles a key; a status line it sets redraws away when its time is
// up.
func (p *resumePicker) key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd {
	before := p.statusUntil
	p.handleKey(m, ks, k)
	if p.statusUntil.Equal(before) {
		return nil
	}
	return tea.Tick(p.statusUntil.Sub(p.now()), func(time.Time) tea.Msg { return resumeStatusMsg{} })
}

func (p *resumePicker) handleKey(m *model, ks string, k tea.KeyPressMsg) {
	if p.renaming != "" {
		p.renameKey(m, ks, k)
		return
	}
	if p.confirming != "" {
		switch {
		case m.keys.is("tui.select.confirm", ks):
			path := p.confirming
			p.confirming = ""
			p.delete(path)
		case m.keys.is("tui.select.cancel", ks):
			p.confirming = ""
		}
		return // every other key waits for the answer
	}
	selected := func() (session.Info, bool) {
		if len(p.rows) == 0 {
			return session.Info{}, false
		}
		return p.rows[p.index].info, true
	}
	switch {
	case m.keys.is("tui.input.tab", ks):
		p.scope = map[string]string{"current": "all", "all": "current"}[p.scope]
		if err := p.load(); err != nil {
			p.setStatus("Failed to load sessions: "+err.Error(), true, resumeLoadTime)
		}
	case m.keys.is("app.session.toggleSort", ks):
		p.sort = map[string]string{"threaded": "recent", "recent": "relevance", "relevance": "threaded"}[p.sort]
		p.refilter()
	case m.keys.is("app.session.toggleNamedFilter", ks):
		p.named = !p.named
		p.refilter()
	case m.keys.is("app.session.togglePath", ks):
		p.showPath = !p.showPath
	case m.keys.is("app.session.delete", ks), m.keys.is("app.session.deleteNoninvasive", ks) && p.query == "":
		if s, ok := selected(); ok {
			if p.isCurrent(s.Path) {
				p.setStatus("Cannot delete the currently active session", true, resumeErrorTime)
			} else {
				p.confirming = s.Path
			}
		}
	case m.keys.is("app.session.rename", ks):
		if s, ok := selected(); ok && !p.startup {
			p.renaming, p.renameText = s.Path, s.Name
		}
	default:
		p.touched = true
		p.moveOrSearch(m, ks, k)
	}
}

// moveOrSearch handles the keys that touch the selection: moves,
// confirm, cancel, and typing into the search.
func (p *resumePicker) moveOrSearch(m *model, ks string, k tea.KeyPressMsg) {
	switch {
	case m.keys.is("tui.select.up", ks):
		p.index = max(0, p.index-1)
	case m.keys.is("tui.select.down", ks):
		p.index = max(0, min(len(p.rows)-1, p.index+1))
	case m.keys.is("tui.select.pageUp", ks):
		p.index = max(0, p.index-resumeRows)
	case m.keys.is("tui.select.pageDown", ks):
		p.index = max(0, min(len(p.rows)-1, p.index+resumeRows))
	case m.keys.is("tui.select.confirm", ks):
		if len(p.rows) > 0 {
			m.sel = nil
			if p.onPick != nil {
				p.onPick(p.rows[p.index].info.Path)
			} else {
				m.resumeSession(p.rows[p.index].info.Path, p.rows[p.index].info.Cwd)
			}
		}
	case m.keys.is("tui.select.cancel", ks):
		m.sel = nil
	default:
		before := p.query
		p.query = editLine(p.query, ks, k)
		if p.query != before {
			p.refilter()
			if strings.TrimSpace(p.query) != "" {
				p.index, p.touched = 0, false // the best match
			}
		}
	}
}

// editLine applies a typed character or backspace to a one-line input.
func editLine(s, ks string, k tea.KeyPressMsg) string {
	if ks == "backspace" {
		if r := []rune(s); len(r) > 0 {
			return string(r[:len(r)-1])
		}
		return s
	}
	if k.Text != "" && !strings.ContainsAny(k.Text, "\r\n\t") {
		return s + k.Text
	}
	return s
}

func (p *resumePicker) renameKey(m *model, ks string, k tea.KeyPressMsg) {
	switch {
	case m.keys.is("tui.select.cancel", ks):
		p.renaming = ""
	case m.keys.is("tui.select.confirm", ks):
		name := strings.TrimSpace(p.renameText)
		if name == "" {
			return // pi keeps the input open for an empty name
		}
		if err := renameSessionFile(p.renaming, name); err != nil {
			p.setStatus(err.Error(), true, resumeErrorTime)
		}
		p.renaming = ""
		p.reload()
	default:
		p.renameText = editLine(p.renameText, ks, k)
	}
}

// renameSessionFile appends a session_info entry to a session file, as
// pi's selector does with SessionManager.open(path).appendSessionInfo.
func renameSessionFile(path, name string) error {
	t, _, err := session.Open(path, session.Options{})
	if err != nil {
		return err
	}
	defer t.Close()
	_, err = t.SetName(name)
	return err
}

// delete removes a session file as pi does: the `trash` command first
// (it keeps the file recoverable), then a plain unlink when trash is
// missing or fails; it drops the session from both scopes' lists.
func (p *resumePicker) delete(path string) {
	trashed, err := deleteSessionFile(path)
	if err != nil {
		p.setStatus("Failed to delete: "+err.Error(), true, resumeErrorTime)
		return
	}
	p.reload()
	if trashed {
		p.setStatus("Session moved to trash", false, resumeInfoTime)
	} else {
		p.setStatus("Session deleted", false, resumeInfoTime)
	}
}

// deleteSessionFile is pi's deleteSessionFile: `trash path` (`trash --
// path` for a path starting with "-"), trashed when it succeeds or the
// file is gone after it; otherwise unlink(2). An unlink failure is worded
// as Node's ("EISDIR: illegal operation on a directory, unlink '/p'"),
// with pi's hint after it: trash's spawn error as Node words it and the
// first line of its stderr, at most 200 characters.
func deleteSessionFile(path string) (trashed bool, err error) {
	args := []string{path}
	if strings.HasPrefix(path, "-") {
		args = []string{"--", path}
	}
	var stderr bytes.Buffer
	c := exec.Command("trash", args...)
	c.Stderr = &stderr
	runErr := c.Run()
	if runErr == nil {
		return true, nil
	}
	if _, statErr := os.Stat(path); os.IsNotExist(statErr) { // Node's existsSync follows links
		return true, nil
	}
	// unlink itself, not os.Remove: that would rmdir a directory and word
	// its failure as rmdir's.
	rmErr := syscall.Unlink(path)
	if rmErr == nil {
		return false, nil
	}
	var parts []string
	var exitErr *exec.ExitError
	if !errors.As(runErr, &exitErr) {
		parts = append(parts, spawnErrorText("trash", runErr))
	}
	if e := strings.TrimSpace(stderr.String()); e != "" {
		parts = append(parts, strings.SplitN(e, "\n", 2)[0])
	}
	msg := agentsession.NodeFSError(&fs.PathError{Op: "unlink", Path: path, Err: rmErr}, path)
	if len(parts) > 0 {
		hint := strings.Join(parts, " · ")
		if r := []rune(hint); len(r) > 200 {
			hint = string(r[:200])
		}
		msg += " (trash: " + hint + ")"
	}
	return false, errors.New(msg)
}

// spawnErrorText words a failure to start name as Node's spawnSync does
// ("spawnSync trash ENOENT" when it is not on PATH).
func spawnErrorText(name string, err error) string {
	var errno syscall.Errno
	switch {
	case errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist):
		return "spawnSync " + name + " ENOENT"
	case errors.As(err, &errno) && errno == syscall.EACCES:
		return "spawnSync " + name + " EACCES"
	}
	return err.Error()
}

// reload rereads the sessions after a rename or delete.
func (p *resumePicker) reload() {
	p.lists = map[string][]session.Info{}
	if err := p.load(); err != nil {
		p.setStatus("Failed to load sessions: "+err.Error(), true, resumeLoadTime)
	}
}

func (p *resumePicker) isCurrent(path string) bool {
	return p.current != "" && filepath.Clean(path) == filepath.Clean(p.current)
}

// resumeSession switches to a session through the host, as pi's
// handleResumeSession, and redraws the chat from it. The run moves to
// the session's cwd (the host moves too); when that directory is gone
// pi asks whether to continue here, fork the session here or cancel.
func (m *model) resumeSession(path, cwd string) {
	m.switchTo(path, cwd, cmd("switch_session", "sessionPath", path), "Resumed session")
}

// missingCwd is the start of the host's error for a session whose
// stored cwd is gone (pi's MissingSessionCwdError).
const missingCwd = "Stored session working directory does not exist: "

func (m *model) switchTo(path, cwd string, req map[string]any, done string) {
	m.c.request(req, func(m *model, r response) {
		if !r.ok {
			if gone, ok := strings.CutPrefix(r.err, missingCwd); ok {
				gone, _, _ = strings.Cut(gone, "\n")
				m.askMissingCwd(path, gone)
				return
			}
			m.notice(r.err, "error")
			return
		}
		if r.data["cancelled"] == true {
			return
		}
		if cwd != "" && cwd != m.cwd {
			m.cwd, m.branch = cwd, gitBranch(cwd)
		}
		m.extensionsReplaced()
		if done != "" {
			m.reloadChat(func(m *model) { m.status(done) })
			return
		}
		m.c.request(cmd("get_state"), func(m *model, r response) { // a fork's status names its new id
			m.onState(r)
			id, _ := r.data["sessionId"].(string)
			m.reloadChat(func(m *model) { m.status("Forked into new session " + id + " in " + m.cwd) })
		})
	})
}

// extensionsReplaced reads again what a session replacement changed:
// the host started every extension again (in another project, or this
// one), so their list, commands, shortcuts, input listeners and
// autocomplete providers are new (the UI of the old instances went with
// their extension_reload {moved} events).
func (m *model) extensionsReplaced() {
	m.c.request(cmd("get_commands"), (*model).onCommands)
	m.c.request(cmd("get_extensions"), (*model).onExtensions)
	m.c.request(cmd("get_loaded_resources"), (*model).onLoadedResources)
	m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
	m.c.request(cmd("get_input_listeners"), (*model).onInputListeners)
	m.c.request(cmd("get_autocomplete_providers"), (*model).onAutocompleteProviders)
}

// askMissingCwd is pi's prompt for a session whose cwd is gone, from
// /resume.
func (m *model) askMissingCwd(path, gone string) {
	m.promptMissingCwd(gone, func(m *model, choice, here string) {
		switch choice {
		case "continue":
			m.switchTo(path, here, cmd("switch_session", "sessionPath", path, "cwdOverride", here), "Resumed session in "+here)
		case "fork":
			m.switchTo(path, here, cmd("switch_session", "sessionPath", path, "fork", true), "")
		default:
			m.status("Resume cancelled")
		}
	})
}

// promptMissingCwd asks pi's question for a session whose cwd gone is
// missing: continue in the current directory here, fork the session
// into it, or cancel (choice "continue", "fork" or "").
func (m *model) promptMissingCwd(gone string, chose func(m *model, choice, here string)) {
	here := m.cwd
	m.ask("select", "Session cwd does not exist: "+gone, []string{"Continue in " + here + " (asks again next time)",
		"Fork into " + here + " (new session ID, original kept)", "Cancel"}, func(m *model, a map[string]any) {
		switch v, _ := a["value"].(string); {
		case strings.HasPrefix(v, "Continue in "):
			chose(m, "continue", here)
		case strings.HasPrefix(v, "Fork into "):
			chose(m, "fork", here)
		default:
			chose(m, "", here)
		}
	})
}

const resumeRows = 10 // pi's maxVisible

// render is pi's SessionSelectorComponent layout: spacer, accent border,
// spacer, header (3 lines), spacer, search input, blank, list, spacer,
// accent border. Rename mode replaces the header and list with a panel.
func (p *resumePicker) render(m *model, w int) []string {
	th := m.th
	border := th.Fg("accent", strings.Repeat("─", w))
	out := []string{"", border, ""}
	if p.renaming != "" {
		hint := fmt.Sprintf("%s to save · %s to cancel", m.keys.text("tui.select.confirm", false), m.keys.text("tui.select.cancel", false))
		out = append(out, " "+Bold("Rename Session"), "", "> "+p.renameText+"\x1b[7m \x1b[27m", "", " "+th.Fg("muted", hint))
		return append(out, "", border)
	}
	out = append(out, p.header(m, w)...)
	out = append(out, "", "> "+p.query+"\x1b[7m \x1b[27m", "")
	out = append(out, p.listLines(m, w)...)
	return append(out, "", border)
}

func (p *resumePicker) header(m *model, w int) []string {
	th := m.th
	title := "Resume Session (Current Folder)"
	scopeText := th.Fg("accent", "◉ Current Folder") + th.Fg("muted", " | ○ All")
	if p.scope == "all" {
		title = "Resume Session (All)"
		scopeText = th.Fg("muted", "○ Current Folder | ") + th.Fg("accent", "◉ All")
	}
	sortLabel := map[string]string{"threaded": "Threaded", "recent": "Recent", "relevance": "Fuzzy"}[p.sort]
	nameLabel := "All"
	if p.named {
		nameLabel = "Named"
	}
	right := ansi.Truncate(scopeText+"  "+th.Fg("muted", "Name: ")+th.Fg("accent", nameLabel)+"  "+th.Fg("muted", "Sort: ")+th.Fg("accent", sortLabel), w, "")
	left := ansi.Truncate(Bold(title), max(0, w-ansi.StringWidth(right)-1), "")
	line1 := left + strings.Repeat(" ", max(0, w-ansi.StringWidth(left)-ansi.StringWidth(right))) + right
	hint := func(action, desc string) string {
		return th.Fg("dim", m.keys.text(action, false)) + th.Fg("muted", " "+desc)
	}
	switch {
	case p.confirming != "":
		confirm := "Delete session? " + hint("tui.select.confirm", "confirm") + " · " + hint("tui.select.cancel", "cancel")
		return []string{line1, th.Fg("error", ansi.Truncate(confirm, w, "…")), ""}
	case p.statusShown():
		token := "accent"
		if p.statusErr {
			token = "error"
		}
		return []string{line1, th.Fg(token, ansi.Truncate(p.status, w, "…")), ""}
	}
	sep := th.Fg("muted", " · ")
	pathState := "(off)"
	if p.showPath {
		pathState = "(on)"
	}
	hint1 := hint("tui.input.tab", "scope") + sep + th.Fg("muted", `re:<pattern> regex · "phrase" exact`)
	hint2 := strings.Join([]string{hint("app.session.toggleSort", "sort"), hint("app.session.toggleNamedFilter", "named"),
		hint("app.session.delete", "delete"), hint("app.session.togglePath", "path "+pathState)}, sep)
	if !p.startup {
		hint2 += sep + hint("app.session.rename", "rename")
	}
	return []string{line1, ansi.Truncate(hint1, w, "…"), ansi.Truncate(hint2, w, "…")}
}

func (p *resumePicker) listLines(m *model, w int) []string {
	th := m.th
	if len(p.rows) == 0 {
		msg := "  No sessions in current folder. Press Tab to view all."
		switch {
		case p.named && p.scope == "all":
			msg = "  No named sessions found. Press " + m.keys.text("app.session.toggleNamedFilter", false) + " to show all."
		case p.named:
			msg = "  No named sessions in current folder. Press " + m.keys.text("app.session.toggleNamedFilter", false) + " to show all, or Tab to view all."
		case p.scope == "all":
			msg = "  No sessions found"
		}
		return []string{th.Fg("muted", ansi.Truncate(msg, w, "…"))}
	}
	var out []string
	start := max(0, min(p.index-resumeRows/2, len(p.rows)-resumeRows))
	end := min(start+resumeRows, len(p.rows))
	for i := start; i < end; i++ {
		r := p.rows[i]
		s := r.info
		selected := i == p.index
		prefix := ""
		if r.depth > 0 {
			for _, c := range r.ancestors {
				prefix += map[bool]string{true: "│  ", false: "   "}[c]
			}
			prefix += map[bool]string{true: "└─ ", false: "├─ "}[r.isLast]
		}
		text := s.Name
		if text == "" {
			text = s.FirstMessage
		}
		text = strings.TrimSpace(controlChars.ReplaceAllString(text, " "))
		right := fmt.Sprintf("%d %s", s.MessageCount, sessionAge(p.now().Sub(s.Modified)))
		if p.scope == "all" && s.Cwd != "" {
			right = shortenHome(s.Cwd) + " " + right
		}
		if p.showPath {
			right = shortenHome(s.Path) + " " + right
		}
		cursor := "  "
		if selected {
			cursor = th.Fg("accent", "› ")
		}
		avail := w - 2 - ansi.StringWidth(prefix) - ansi.StringWidth(right) - 2
		msg := ansi.Truncate(text, max(10, avail), "…")
		color := ""
		switch {
		case s.Path == p.confirming:
			color = "error"
		case p.isCurrent(s.Path):
			color = "accent"
		case s.Name != "":
			color = "warning"
		}
		if color != "" {
			msg = th.Fg(color, msg)
		}
		if selected {
			msg = Bold(msg)
		}
		left := cursor + th.Fg("dim", prefix) + msg
		rightColor := "dim"
		if s.Path == p.confirming {
			rightColor = "error"
		}
		line := left + strings.Repeat(" ", max(1, w-ansi.StringWidth(left)-ansi.StringWidth(right))) + th.Fg(rightColor, right)
		if selected {
			line = th.Bg("selectedBg", line)
		}
		out = append(out, ansi.Truncate(line, w, "...")) // pi's truncateToWidth default
	}
	if start > 0 || end < len(p.rows) {
		out = append(out, th.Fg("muted", ansi.Truncate(fmt.Sprintf("  (%d/%d)", p.index+1, len(p.rows)), w, "")))
	}
	return out
}

var controlChars = regexp.MustCompile(`[\x00-\x1f\x7f]`)

// sessionAge is pi's formatSessionDate: "now", minutes, hours, days,
// weeks, months or years.
func sessionAge(d time.Duration) string {
	mins, hours, days := int(d.Minutes()), int(d.Hours()), int(d.Hours()/24)
	switch {
	case mins < 1:
		return "now"
	case mins < 60:
		return fmt.Sprintf("%dm", mins)
	case hours < 24:
		return fmt.Sprintf("%dh", hours)
	case days < 7:
		return fmt.Sprintf("%dd", days)
	case days < 30:
		return fmt.Sprintf("%dw", days/7)
	case days < 365:
		return fmt.Sprintf("%dmo", days/30)
	}
	return fmt.Sprintf("%dy", days/365)
}

// shortenHome writes a path under the home directory as ~/….
func shortenHome(path string) string {
	home, err := os.UserHomeDir()
	if err != nil {
		return path
	}
	return shortenHomeIn(home, path)
}

// shortenHomeIn is shortenHome with home given.
func shortenHomeIn(home, path string) string {
	if home == "" {
		return path
	}
	if path == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok {
		return "~/" + rest
	}
	return path
}
