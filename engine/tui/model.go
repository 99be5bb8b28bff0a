package tui

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// Version is what the header shows after the logo.
var Version = "dev"

// Messages the program receives besides terminal input.
type (
	recordMsg struct {
		typ string
		rec map[string]any
	}
	hostClosedMsg struct{}
	tickMsg       time.Time
)

// model is the interactive UI's state: bubbletea's Model.
type model struct {
	c    *client
	opts Options
	// warmNotice is the last cache warming line, which back-to-back
	// refreshes with the same note add their cost to.
	warmNotice *warmNotice
	keys       keymap
	th         *Theme
	vc         viewCtx

	width, height int
	fullscreen    bool
	printed       int    // regular mode: items already printed above the live region
	headerPrinted bool   // regular mode
	clearPrinted  bool   // regular mode: what was printed is stale; the next flush clears it and prints all again
	printedHeader string // regular mode: the header as printed
	println       func(string) tea.Cmd
	exec          func(*exec.Cmd, tea.ExecCallback) tea.Cmd // tea.ExecProcess; tests run it in place

	ed    *editor
	items []*cached
	cur   *cached // the assistant message streaming now
	tools map[string]*cached
	bash  *cached // the running !cmd

	// session state from get_state / get_session_stats and events
	modelID, provider string
	reasoning         bool
	contextWindow     float64
	routedID          string // get_routed_model: the physical model, "" without one
	routedThinking    string
	thinking          string
	sessionName       string
	sessionFile       string
	cwd, branch       string
	streaming         bool
	compacting        bool
	summarizing       bool // a navigate_tree with a branch summary is running
	tokIn, tokOut     float64
	tokCR, tokCW      float64
	cost              float64
	cacheHitRate      *float64 // get_footer_usage: the latest reply's, nil without one
	subscription      bool     // get_footer_usage: the model's provider bills a subscription
	ctxPercent        *float64 // nil: 0.0 (no usage yet), or "?" when ctxUnknown
	ctxUnknown        bool
	steering, follows []string

	scope        []scopeEntry // the session's model scope (get_model_scope)
	defaultModel [2]string    // the settings' default provider and model id
	scopeKnown   bool         // get_model_scope answered (regular mode prints the scope first)
	providers    int          // the providers of the scope's models, or of every available model
	commands     []command
	extensions   []string
	// extInfo is each extension's sourceInfo (get_extensions) by path.
	extInfo map[string]map[string]any
	// resources are what the header lists (header.go); resourcesKnown:
	// get_loaded_resources answered (regular mode prints them with the
	// header).
	resources      loadedResources
	resourcesKnown bool
	statuses       map[string]string
	widgets        map[string]widget
	widgetKeys     []string
	uiOwner        map[string]string // "status:key", "widget:key", "title:", "working:message", ... → the plugin that set it
	shortcuts      map[string]string // key (bubbletea's string) → an extension's registerShortcut key
	// clipboard runs ctrl+v's clipboard commands (nil: the real ones).
	clipboard clipboardRunner
	// shortcutOwner is the plugin whose shortcut a key runs.
	shortcutOwner map[string]string
	// shortcutHelp is the extensions' shortcuts for /hotkeys, in order;
	// shortcutDiags their conflicts.
	shortcutHelp  []shortcutHelp
	shortcutDiags []resourceDiag
	// loadErrors are the extensions the last /reload could not load
	// (pi's resource loader errors, first under [Extension issues]).
	loadErrors []resourceDiag
	title      string
	working    workingState
	spin       int

	auto         *autocomplete
	dialogs      []*dialog
	localDialogs int               // the UI's own dialogs opened so far (their ids)
	loginBack    func(m *model)    // reopens what a /login was started from when it is cancelled (auth.go)
	authNames    map[string]string // the providers' names, from get_credentials (auth.go)
	views        map[string]*compView
	viewKeys     []string
	focus        string // the custom component view that has the keyboard
	sel          picker
	// lastArgErr is the last argument completer's error, shown once.
	lastArgErr string
	// the extensions' autocomplete providers (extcomplete.go): how many,
	// their trigger characters, the last error (shown once)
	acProviders     int
	acTriggers      []string
	lastCompleteErr string
	fileList        []string // the project's files, for @ completion

	// editorSent is the editor text the host was last told (for
	// ctx.ui.getEditorText), editorSeen the text at the last tick: the
	// text goes to the host once it stayed the same for a tick.
	editorSent, editorSeen string

	// the extensions' terminal input listeners (termlisteners.go)
	inputListeners int
	held           []heldInput // input waiting for the listeners' answer
	heldSeq        int
	inputStalled   bool   // an answer is overdue: input passes on unheld
	lastInputErr   string // the last listener error, shown once

	// diagnostics wait for the chat the session switch that produced
	// them redraws (runtime_diagnostic): kind and message.
	diagnostics [][2]string

	lastCtrlC time.Time
	retry     *retryState // an automatic retry waiting to run
	// compactReason is compaction_start's reason (manual, threshold,
	// overflow): what the indicator says.
	compactReason string
	lastEsc       time.Time
	exitCode      int
	quitting      bool
	scroll        int               // fullscreen: rows scrolled up from the bottom of the chat
	scrollTop     int               // fullscreen: the transcript row at the viewport's top (last frame)
	search        *transcriptSearch // the open transcript search (search.go)
	pendingCmd    tea.Cmd           // a command a handler wants run (clipboard); Update returns it

	// Fullscreen mouse (mouse.go): the wheel's line counts, where the last
	// frame drew the components, the press a component took, the clock.
	wheelLines *wheelScroll
	boxes      []mouseBox
	press      *mousePress
	autoPress  *autoPress
	edPress    *autoPress // a press on the editor's text, for a click
	selPress   *autoPress // a press on a selector's item, for a click
	now        func() time.Time
	// scrollbarUntil is when the "auto" scrollbar hides again.
	scrollbarUntil time.Time
	// Transcript selection (selection.go): its state, the transcript row
	// each screen row showed in the last frame and their width, and the
	// flashes ("Copied!") on screen.
	selection textSelection
	rows      []rowRef
	chatWidth int
	flashes   []flash
}

type command struct {
	name, description, hint, source string
	value                           string // an argument completion's value (name is its label)
	path                            string // an extension command's extension (sourceInfo.path)
}

type widget struct {
	lines     []string
	placement string
}

type workingState struct {
	message   string
	hidden    bool
	frames    []string
	interval  time.Duration
	hasFrames bool
}

var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// builtinCommands are pi's slash commands (core/slash-commands.js) that
// this UI implements.
var builtinCommands = []command{
	{name: "settings", description: "Open settings menu"},
	{name: "model", description: "Select model (opens selector UI)", hint: "<provider/model>"},
	{name: "tree", description: "Navigate session tree (switch branches)"},
	{name: "thinking", description: "Set thinking level", hint: "<level>"},
	{name: "scoped-models", description: "Enable/disable models for Ctrl+P cycling"},
	{name: "export", description: "Export session (HTML default, or specify path: .html/.jsonl)"},
	{name: "import", description: "Import a JSONL session, preserving its ID and working directory"},
	{name: "share", description: "Share session via a Radius artifact or a GitHub gist"},
	{name: "copy", description: "Copy last agent message to clipboard"},
	{name: "name", description: "Set session display name"},
	{name: "session", description: "Show session info and stats"},
	{name: "hotkeys", description: "Show all keyboard shortcuts"},
	{name: "fork", description: "Create a new fork from a previous user message"},
	{name: "clone", description: "Duplicate the current session at the current position"},
	{name: "trust", description: "Save project trust decision for future sessions"},
	{name: "login", description: "Configure provider authentication", hint: "<provider>"},
	{name: "logout", description: "Remove provider authentication"},
	{name: "new", description: "Start a new session"},
	{name: "compact", description: "Manually compact the session context"},
	{name: "resume", description: "Resume another session"},
	{name: "reload", description: "Reload keybindings, extensions, skills, prompts, themes, and context files"},
	{name: "quit", description: "Quit pi"},
}

func newModel(conn protocol.Conn, opts Options) *model {
	th, err := LoadTheme(opts.Theme, opts.themeDirs()...)
	if err != nil {
		th, _ = LoadTheme("dark") // "system" until the terminal says its background
	}
	m := &model{
		c: newClient(conn), opts: opts, keys: loadKeys(opts.AgentDir, envLookup(opts.Env)), th: th,
		fullscreen: opts.TUIMode != "regular", ed: newEditor(), tools: map[string]*cached{},
		statuses: map[string]string{}, extInfo: map[string]map[string]any{}, widgets: map[string]widget{}, uiOwner: map[string]string{}, views: map[string]*compView{},
		width: 80, height: 24, cwd: opts.Cwd, branch: gitBranch(opts.Cwd),
	}
	m.println = func(s string) tea.Cmd { return tea.Println(iterm2Cells(s)) }
	m.exec = tea.ExecProcess
	m.vc = viewCtx{th: th, hideThinking: opts.HideThinking, thinkingLabel: "Thinking...", expandKey: m.keys.label("app.tools.expand"),
		cancelKey: m.keys.label("tui.select.cancel"), showImages: !opts.HideImages, imageWidth: opts.ImageWidthCells,
		imageProto: imageProtocol(opts.ImagesSetting, m.getenv)}
	if m.vc.imageWidth <= 0 {
		m.vc.imageWidth = 60
	}
	if m.fullscreen && m.vc.imageProto == "iterm2" {
		// pi-tui's alternate screen turns iTerm2 images off (they would
		// not survive its repaints): the text fallback shows instead.
		m.vc.imageProto = ""
	}
	if opts.ModelsJSONError != "" {
		// pi's init: showError(`models.json error: ...`) after the history.
		m.diagnostics = append(m.diagnostics, [2]string{"error", "models.json error: " + opts.ModelsJSONError})
	}
	return m
}

// systemTheme: pi's "system" theme follows the terminal's background.
func (m *model) systemTheme() bool { return m.opts.Theme == "" || m.opts.Theme == "system" }

func (m *model) Init() tea.Cmd {
	m.c.request(cmd("get_state"), (*model).onState)
	m.c.request(cmd("get_commands"), (*model).onCommands)
	m.c.request(cmd("get_extensions"), (*model).onExtensions)
	m.c.request(cmd("get_loaded_resources"), (*model).onLoadedResources)
	m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
	m.c.request(cmd("get_model_scope"), (*model).onModelScope)
	m.c.request(cmd("get_input_listeners"), (*model).onInputListeners)
	m.c.request(cmd("get_autocomplete_providers"), (*model).onAutocompleteProviders)
	m.loadHistory()
	m.c.request(cmd("get_project_trust"), (*model).onProjectTrust)
	for i, msg := range m.opts.Messages {
		c := cmd("prompt", "message", msg)
		if i == 0 && len(m.opts.Images) > 0 {
			c["images"] = m.opts.Images
		}
		m.c.request(c, (*model).onPromptResponse)
	}
	if m.systemTheme() {
		return tea.Batch(tick(), tea.RequestBackgroundColor)
	}
	return tick()
}

func tick() tea.Cmd {
	return tea.Tick(80*time.Millisecond, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// refreshStats asks for the footer's usage totals and context use, and
// for the model a virtual selection routed the latest response to.
func (m *model) refreshStats() {
	m.c.request(cmd("get_session_stats"), (*model).onStats)
	m.c.request(cmd("get_routed_model"), (*model).onRouted)
	m.c.request(cmd("get_footer_usage"), (*model).onFooterUsage)
}

// onFooterUsage keeps get_footer_usage's answer: the latest reply's
// cache-hit rate and whether the model is used through a subscription.
func (m *model) onFooterUsage(r response) {
	m.cacheHitRate = nil
	if rate, ok := r.data["cacheHitRate"].(float64); ok {
		m.cacheHitRate = &rate
	}
	m.subscription, _ = r.data["subscription"].(bool)
}

// onRouted keeps get_routed_model's answer: the physical model's id and
// the reply's thinking level, both empty without a virtual selection.
func (m *model) onRouted(r response) {
	mod, _ := r.data["model"].(map[string]any)
	m.routedID, _ = mod["id"].(string)
	m.routedThinking, _ = r.data["thinkingLevel"].(string)
}

func (m *model) onState(r response) {
	if !r.ok {
		return
	}
	d := r.data
	if mod, _ := d["model"].(map[string]any); mod != nil {
		m.modelID, _ = mod["id"].(string)
		m.provider, _ = mod["provider"].(string)
		m.reasoning, _ = mod["reasoning"].(bool)
		m.contextWindow, _ = mod["contextWindow"].(float64)
	} else {
		m.modelID = ""
	}
	m.thinking, _ = d["thinkingLevel"].(string)
	m.sessionName, _ = d["sessionName"].(string)
	m.sessionFile, _ = d["sessionFile"].(string)
	m.streaming, _ = d["isStreaming"].(bool)
	// The selection decides whether a route shows and whose limits apply.
	m.refreshStats()
}

func (m *model) onStats(r response) {
	if !r.ok {
		return
	}
	t, _ := r.data["tokens"].(map[string]any)
	m.tokIn, _ = t["input"].(float64)
	m.tokOut, _ = t["output"].(float64)
	m.tokCR, _ = t["cacheRead"].(float64)
	m.tokCW, _ = t["cacheWrite"].(float64)
	m.cost, _ = r.data["cost"].(float64)
	m.ctxPercent, m.ctxUnknown = nil, false
	if cu, _ := r.data["contextUsage"].(map[string]any); cu != nil {
		if p, ok := cu["percent"].(float64); ok {
			m.ctxPercent = &p
		} else {
			m.ctxUnknown = cu["percent"] == nil // after compaction, until the next reply
		}
		if w, ok := cu["contextWindow"].(float64); ok {
			m.contextWindow = w
		}
	}
}

func (m *model) onCommands(r response) {
	cmds, _ := r.data["commands"].([]any)
	m.commands = m.commands[:0]
	seen := map[string]bool{}
	for _, p := range m.extensions {
		seen[p] = true
	}
	for _, c := range cmds {
		o, _ := c.(map[string]any)
		cm := command{}
		cm.name, _ = o["name"].(string)
		cm.description, _ = o["description"].(string)
		cm.source, _ = o["source"].(string)
		si, _ := o["sourceInfo"].(map[string]any)
		cm.path, _ = si["path"].(string)
		if tag := sourceTag(si); tag != "" {
			cm.hint = "[" + tag + "]"
		}
		if si != nil && cm.source == "extension" {
			// pi's built-in extensions (builtin:NAME) are hidden from the header
			if p, _ := si["path"].(string); p != "" && !seen[p] && !strings.HasPrefix(p, "builtin:") {
				seen[p] = true
				m.extensions = append(m.extensions, p)
				if m.extInfo[p] == nil {
					m.extInfo[p] = si
				}
			}
		}
		m.commands = append(m.commands, cm)
	}
	m.sendEditorCommands(nil)
}

// sourceTag is pi's getAutocompleteSourceTag: where a command, template
// or skill comes from, before its description ("[p] ..."): its scope
// (u user, p project, t temporary), then an npm or git package source;
// none for pi's built-ins.
func sourceTag(si map[string]any) string {
	source, _ := si["source"].(string)
	if si == nil || source == "builtin" {
		return ""
	}
	prefix := "t"
	switch si["scope"] {
	case "user":
		prefix = "u"
	case "project":
		prefix = "p"
	}
	source = strings.TrimSpace(source)
	switch {
	case source == "auto" || source == "local" || source == "cli":
		return prefix
	case strings.HasPrefix(source, "npm:"):
		return prefix + ":" + source
	}
	if g, err := pkgmgr.Parse(source); err == nil && g.Kind == pkgmgr.Git {
		tag := prefix + ":git:" + g.Host + "/" + g.Path
		if g.Ref != "" {
			tag += "@" + g.Ref
		}
		return tag
	}
	return prefix
}

// onShortcuts binds the extensions' registerShortcut keys as pi's
// getShortcuts: a key of one of the app's reserved actions stays the
// app's; any other built-in key goes to the extension, with a warning.
func (m *model) onShortcuts(r response) {
	m.shortcuts, m.shortcutOwner, m.shortcutHelp, m.shortcutDiags = map[string]string{}, map[string]string{}, nil, nil
	list, _ := r.data["shortcuts"].([]any)
	// pi lists the conflicts under [Extension issues] (header.go), naming
	// each extension by its path
	warn := func(msg, path string) {
		m.shortcutDiags = append(m.shortcutDiags, resourceDiag{typ: "warning", message: msg, path: path})
	}
	for _, x := range list {
		o, _ := x.(map[string]any)
		sc, _ := o["shortcut"].(string)
		owner, _ := o["plugin"].(string)
		path, _ := o["path"].(string)
		if path != "" {
			owner = path
		}
		key := normalizeKey(sc)
		if action := m.keys.reservedActionOf(key); action != "" {
			warn(fmt.Sprintf("Extension shortcut '%s' from %s conflicts with built-in shortcut. Skipping.", sc, owner), path)
			continue
		}
		if action := m.keys.actionOf(key); action != "" {
			warn(fmt.Sprintf("Extension shortcut conflict: '%s' is built-in shortcut for %s and %s. Using %s.", sc, action, owner, owner), path)
		}
		if prev, ok := m.shortcutOwner[key]; ok {
			warn(fmt.Sprintf("Extension shortcut conflict: '%s' registered by both %s and %s. Using %s.", sc, prev, owner, owner), path)
		}
		m.shortcuts[key] = sc
		m.shortcutOwner[key] = owner
		desc, _ := o["description"].(string)
		if desc == "" {
			desc = owner // pi: the extension's path
		}
		m.shortcutHelp = append(m.shortcutHelp, shortcutHelp{sc, desc})
	}
}

// onExtensions lists the loaded extension files in the header, also those
// that register no command (get_commands only knows those that do).
func (m *model) onExtensions(r response) {
	if !r.ok {
		return // a host without get_extensions: the commands' paths stand
	}
	exts, _ := r.data["extensions"].([]any)
	var paths []string
	for _, e := range exts {
		o, _ := e.(map[string]any)
		if p, _ := o["path"].(string); p != "" && o["status"] == "loaded" {
			paths = append(paths, p)
			if si, ok := o["sourceInfo"].(map[string]any); ok {
				m.extInfo[p] = si
			}
		}
	}
	for _, p := range m.extensions { // from commands already answered
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	m.extensions = paths
}

func (m *model) onPromptResponse(r response) {
	if !r.ok && r.err != "" {
		m.notice(r.err, "error")
	}
}

// add appends a chat item.
func (m *model) add(it item) *cached {
	c := &cached{item: it}
	m.items = append(m.items, c)
	return c
}

func (m *model) notice(text, token string) { m.add(&noticeItem{text: text, token: token}) }

// addMessage shows a finished message (from history or message_end).
func (m *model) addMessage(msg map[string]any, history bool) {
	switch msg["role"] {
	case "user":
		// pi puts a blank row before a user message unless it is the
		// first thing in the chat
		m.add(&userItem{text: messageText(msg), first: len(m.items) == 0})
	case "assistant":
		a := &assistantItem{}
		a.setFinal(msg)
		m.add(a)
		if history {
			content, _ := msg["content"].([]any)
			for _, c := range content {
				b, _ := c.(map[string]any)
				if b["type"] == "toolCall" {
					id, _ := b["id"].(string)
					name, _ := b["name"].(string)
					args, _ := b["arguments"].(map[string]any)
					m.tools[id] = m.add(&toolItem{id: id, name: name, args: args})
				}
			}
		}
	case "toolResult":
		id, _ := msg["toolCallId"].(string)
		if c := m.tools[id]; c != nil {
			t := c.item.(*toolItem)
			t.output, t.done = messageText(msg), true
			t.isError, _ = msg["isError"].(bool)
			c.dirty++
		}
	case "custom":
		if d, ok := msg["display"].(bool); ok && !d {
			return
		}
		label, _ := msg["customType"].(string)
		m.add(&customItem{label: label, text: messageText(msg), msg: msg})
	case "bashExecution":
		b := &bashItem{done: true}
		b.command, _ = msg["command"].(string)
		b.output, _ = msg["output"].(string)
		if ec, ok := msg["exitCode"].(float64); ok {
			b.exitCode = int(ec)
		}
		b.excluded, _ = msg["excludeFromContext"].(bool)
		b.cancelled, _ = msg["cancelled"].(bool)
		m.add(b)
	case "compactionSummary", "branchSummary":
		s := &summaryItem{branch: msg["role"] == "branchSummary"}
		s.summary, _ = msg["summary"].(string)
		s.tokensBefore, _ = msg["tokensBefore"].(float64)
		m.add(s)
	}
}

// messageText joins a message's text content.
func messageText(msg map[string]any) string {
	switch c := msg["content"].(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, x := range c {
			if b, _ := x.(map[string]any); b["type"] == "text" {
				s, _ := b["text"].(string)
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	scrolled := m.scroll
	_, c := m.update(msg)
	if m.pendingCmd != nil { // set by a handler that cannot return one (a dialog's answer)
		c, m.pendingCmd = tea.Batch(c, m.pendingCmd), nil
	}
	if m.scroll != scrolled && m.fullscreen {
		c = tea.Batch(c, m.scrollbarActivity())
	}
	if _, tick := msg.(tickMsg); !tick {
		m.requestRenders()
	}
	if !m.fullscreen && !m.quitting {
		if p := m.flush(); p != nil {
			c = tea.Sequence(p, c)
		}
	}
	return m, c
}

// flush is pi's regular mode: the header and the chat items that can no
// longer change go to the terminal's scrollback, above the live region.
func (m *model) flush() tea.Cmd {
	w := max(m.width, 10)
	var lines []string
	if !m.headerPrinted {
		if !m.scopeKnown || !m.resourcesKnown {
			return nil // the model scope line goes first, the resources with the header
		}
		m.headerPrinted = true
		// pi prints the model scope before its regular mode starts
		if n := m.scopeNotice(); n != "" && m.showStartupDetails() {
			lines = append(lines, ansi.Truncate(n, w, ""))
		}
		header := m.header(w)
		m.printedHeader = strings.Join(header, "\n")
		lines = append(lines, header...)
	}
	for m.printed < len(m.items) && m.settled(m.items[m.printed]) {
		lines = append(lines, m.items[m.printed].lines_(&m.vc, w)...)
		m.printed++
	}
	if len(lines) == 0 {
		return nil
	}
	if m.clearPrinted {
		// pi-tui's full redraw: clear the screen, home, clear the scrollback
		m.clearPrinted = false
		lines[0] = "\x1b[2J\x1b[H\x1b[3J" + lines[0]
		// the live region is drawn again in full below what is printed
		return tea.Sequence(m.println(strings.Join(lines, "\n")), tea.ClearScreen)
	}
	return m.println(strings.Join(lines, "\n"))
}

// addLoadError lists an extension a reload could not load under
// [Extension issues] as pi's "Failed to load extension: ..." (one entry
// a file: a later reload's error replaces an earlier one). The error
// starts with the file's location, shortened as the path above it.
func (m *model) addLoadError(path, message string) {
	if rest, ok := strings.CutPrefix(message, path); ok && path != "" {
		message = m.displayPath(path) + rest
	}
	d := resourceDiag{typ: "error", path: path, message: "Failed to load extension: " + message}
	if i := slices.IndexFunc(m.loadErrors, func(e resourceDiag) bool { return e.path == path }); i >= 0 {
		m.loadErrors[i] = d
		return
	}
	m.loadErrors = append(m.loadErrors, d)
}

// setToolsExpanded is pi's setToolsExpanded (ctrl+o, or an extension's
// ctx.ui.setToolsExpanded): the tools, the header and the loaded
// resources expand or collapse, and a status line says which.
func (m *model) setToolsExpanded(expanded bool) {
	if expanded == m.vc.toolsExpanded {
		return
	}
	m.vc.toolsExpanded = expanded
	m.vc.gen++
	m.reprint()
	if expanded {
		m.status("Tool output: expanded")
	} else {
		m.status("Tool output: collapsed")
	}
}

// reprint is pi's regular mode redrawing what it already printed once it
// changed (the header and the chat expanded or collapsed by
// app.tools.expand): pi-tui redraws from the top, clearing the terminal's
// scrollback when the change is above the screen, so the next flush
// prints the header and the settled chat again on a cleared terminal.
func (m *model) reprint() {
	if m.fullscreen || !m.headerPrinted {
		return
	}
	m.headerPrinted, m.printed, m.clearPrinted = false, 0, true
}

// reprintChangedHeader is reprint when the header printed differs from
// what it is now (the loaded resources after a /reload).
func (m *model) reprintChangedHeader() {
	if m.headerPrinted && strings.Join(m.header(max(m.width, 10)), "\n") != m.printedHeader {
		m.reprint()
	}
}

// transcript is the chat as printed when fullscreen mode exits.
func (m *model) transcript() string {
	lines := m.chatLines(max(m.width, 10))
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\r\n") + "\r\n"
}

// settled reports whether an item is final.
func (m *model) settled(c *cached) bool {
	switch it := c.item.(type) {
	case *assistantItem:
		return c != m.cur
	case *toolItem:
		return it.done
	case *bashItem:
		return it.done
	case *noticeItem:
		// a status line is replaced by the next one while nothing follows it
		return !it.status || m.quitting || c != m.items[len(m.items)-1]
	}
	return true
}

func (m *model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if m.width != 0 && (msg.Width != m.width || msg.Height != m.height) {
			m.reprint() // regular mode: pi-tui redraws all on a new size (rewrapped to the new width)
		}
		m.width, m.height = msg.Width, msg.Height
		m.renderViews()
	case tea.MouseWheelMsg:
		if m.fullscreen {
			m.wheel(msg)
		}
	case tea.MouseClickMsg, tea.MouseReleaseMsg, tea.MouseMotionMsg:
		if m.fullscreen {
			m.mouse(msg.(tea.MouseMsg))
		}
	case tickMsg:
		m.spin++
		m.selectionTick()
		m.reportEditorText(false)
		// pi re-applies a theme file when it is saved.
		if m.spin%12 == 0 && m.th.Changed() {
			if th, err := LoadTheme(strings.TrimSuffix(filepath.Base(m.th.path), ".json"), filepath.Dir(m.th.path)); err == nil {
				m.th, m.vc.th = th, th
				m.vc.gen++
			}
		}
		return m, tick()
	case tea.BackgroundColorMsg:
		if m.systemTheme() {
			if msg.IsDark() {
				m.setTheme("dark")
			} else {
				m.setTheme("light")
			}
		}
	case hostClosedMsg:
		m.quitting = true
		return m, tea.Quit
	case recordMsg:
		return m, m.record(msg)
	case tea.PasteMsg:
		if m.holdsInput() {
			return m, m.holdInput(msg)
		}
		m.paste(msg.Content)
	case tea.KeyPressMsg:
		if m.holdsInput() {
			return m, m.holdInput(msg)
		}
		return m, m.key(msg)
	case heldInputTimeoutMsg:
		return m, m.heldTimeout(msg.seq)
	case shareMsg:
		return m, m.onShare(msg)
	case clipboardPasteMsg:
		m.onClipboardPaste(msg)
	case editedMsg:
		if msg.err != nil {
			m.notice("External editor failed: "+msg.err.Error(), "warning")
		} else {
			m.ed.SetText(strings.TrimSuffix(msg.text, "\n"))
			m.updateAutocomplete()
		}
	}
	return m, nil
}

// record handles one record from the host.
func (m *model) record(r recordMsg) tea.Cmd {
	rec := r.rec
	switch r.typ {
	case protocol.TypeResponse:
		if h, resp, ok := m.c.take(rec); ok {
			h(m, resp)
		}
	case protocol.TypeViewSnapshot, protocol.TypeViewState, protocol.TypeViewClosed:
		return m.viewRecord(rec)
	case protocol.TypeUICall:
		return m.uiCall(rec)
	case "agent_start":
		m.streaming = true
	case "agent_end":
		m.streaming = false
		m.cur = nil
	case "agent_settled":
		m.streaming = false
		m.c.request(cmd("get_state"), (*model).onState) // and the stats
	case "message_start":
		msg, _ := rec["message"].(map[string]any)
		switch msg["role"] {
		case "assistant":
			m.cur = m.add(&assistantItem{})
		case "toolResult":
		default:
			m.addMessage(msg, false)
		}
	case "message_update":
		m.delta(rec)
	case "message_end":
		msg, _ := rec["message"].(map[string]any)
		if msg["role"] == "assistant" && m.cur != nil {
			m.cur.item.(*assistantItem).setFinal(msg)
			m.cur.dirty++
			m.cur = nil
			m.refreshStats()
			if m.opts.ShowCacheMissNotices {
				m.c.request(cmd("get_cache_miss"), (*model).onCacheMiss)
			}
		}
	case "tool_execution_start", "tool_execution_update", "tool_execution_end":
		// Nested calls (a codemode script's) show in their caller's row.
		if rec["parentToolCallId"] == nil {
			m.toolEvent(r.typ, rec)
		}
	case "queue_update":
		m.steering = engine.Strings(rec["steering"])
		m.follows = engine.Strings(rec["followUp"])
	case "compaction_start":
		m.compacting = true
		m.compactReason, _ = rec["reason"].(string)
	case "compaction_end":
		m.compacting = false
		if errMsg, _ := rec["errorMessage"].(string); errMsg != "" {
			m.notice(errMsg, "error")
		} else if res, _ := rec["result"].(map[string]any); res != nil {
			s := &summaryItem{}
			s.summary, _ = res["summary"].(string)
			s.tokensBefore, _ = res["tokensBefore"].(float64)
			m.add(s)
			if u, _ := res["usage"].(map[string]any); u != nil && m.opts.ShowCacheMissNotices {
				m.summaryCost("Compaction", u)
			}
		}
		m.refreshStats()
	case "auto_retry_start":
		attempt, _ := rec["attempt"].(float64)
		maxA, _ := rec["maxAttempts"].(float64)
		delay, _ := rec["delayMs"].(float64)
		m.retry = &retryState{attempt: int(attempt), max: int(maxA), until: time.Now().Add(time.Duration(delay) * time.Millisecond)}
	case "summarization_retry_scheduled":
		// pi 1.6: a failed summary call is retried; its error shows, then
		// the wait (what the summary is for resumes at the next attempt).
		attempt, _ := rec["attempt"].(float64)
		maxA, _ := rec["maxAttempts"].(float64)
		delay, _ := rec["delayMs"].(float64)
		msg, _ := rec["errorMessage"].(string)
		m.notice("Error: "+msg, "error")
		m.retry = &retryState{attempt: int(attempt), max: int(maxA), until: time.Now().Add(time.Duration(delay) * time.Millisecond), summary: true}
	case "summarization_retry_attempt_start", "summarization_retry_finished":
		if m.retry != nil && m.retry.summary {
			m.retry = nil
		}
	case "auto_retry_end":
		m.retry = nil
		if ok, _ := rec["success"].(bool); !ok {
			attempt, _ := rec["attempt"].(float64)
			final, _ := rec["finalError"].(string)
			if final == "" {
				final = "Unknown error"
			}
			m.notice(fmt.Sprintf("Error: Retry failed after %d attempts: %s", int(attempt), final), "error")
		}
	case "session_info_changed":
		m.sessionName, _ = rec["name"].(string)
	case "entry_appended":
		m.entryAppended(rec)
	case "extension_reload":
		m.extensionReload(rec)
	case "session_replaced": // an extension's ctx.newSession, fork or switchSession
		if cwd, _ := rec["cwd"].(string); cwd != "" && cwd != m.cwd {
			m.cwd, m.branch = cwd, gitBranch(cwd)
		}
		m.extensionsReplaced()
		m.reloadChat()
	case "login_progress": // a login's progress ("Enabling models...")
		if msg, _ := rec["message"].(string); msg != "" {
			m.notice(msg, "muted")
		}
	case "runtime_diagnostic": // what a move to another project found (its settings' warnings)
		kind, _ := rec["kind"].(string)
		msg, _ := rec["message"].(string)
		m.diagnostics = append(m.diagnostics, [2]string{kind, msg})
	case "extension_error":
		path, _ := rec["extensionPath"].(string)
		errMsg, _ := rec["error"].(string)
		if rec["event"] == "reload" {
			m.addLoadError(path, errMsg)
			return nil
		}
		m.notice(fmt.Sprintf("Extension error (%s): %s", filepath.Base(path), errMsg), "error")
	case "bash_execution_update":
		if m.bash != nil {
			chunk, _ := rec["delta"].(string)
			m.bash.item.(*bashItem).output += chunk
			m.bash.dirty++
		}
	}
	return nil
}

// delta applies a message_update's delta to the streaming reply.
func (m *model) delta(rec map[string]any) {
	if m.cur == nil {
		m.cur = m.add(&assistantItem{})
	}
	a := m.cur.item.(*assistantItem)
	d, _ := rec["assistantMessageEvent"].(map[string]any)
	i := 0
	if f, ok := d["contentIndex"].(float64); ok {
		i = int(f)
	}
	s, _ := d["delta"].(string)
	switch d["type"] {
	case "text_start", "text_delta":
		a.at(i, "text").text += s
	case "thinking_start", "thinking_delta":
		a.at(i, "thinking").text += s
	case "toolcall_start":
		a.at(i, "toolCall")
		id, _ := d["id"].(string)
		name, _ := d["toolName"].(string)
		if id != "" && m.tools[id] == nil {
			m.tools[id] = m.add(&toolItem{id: id, name: name})
		}
	case "toolcall_delta":
		b := a.at(i, "toolCall")
		b.text += s
		for _, c := range m.tools {
			if t := c.item.(*toolItem); !t.started && t.args == nil && c == m.lastTool() {
				t.argsRaw = b.text
				c.dirty++
			}
		}
	case "toolcall_end":
		if tc, _ := d["toolCall"].(map[string]any); tc != nil {
			id, _ := tc["id"].(string)
			if c := m.tools[id]; c != nil {
				t := c.item.(*toolItem)
				t.args, _ = tc["arguments"].(map[string]any)
				t.version++ // an extension's renderCall is asked again, with the arguments
				c.dirty++
			}
		}
	}
	m.cur.dirty++
}

func (m *model) lastTool() *cached {
	for i := len(m.items) - 1; i >= 0; i-- {
		if _, ok := m.items[i].item.(*toolItem); ok {
			return m.items[i]
		}
	}
	return nil
}

func (m *model) toolEvent(typ string, rec map[string]any) {
	id, _ := rec["toolCallId"].(string)
	c := m.tools[id]
	if c == nil {
		name, _ := rec["toolName"].(string)
		c = m.add(&toolItem{id: id, name: name})
		m.tools[id] = c
	}
	t := c.item.(*toolItem)
	if !t.started {
		t.started, t.start = true, time.Now()
	}
	if args, ok := rec["args"].(map[string]any); ok {
		if t.args == nil {
			t.version++ // the first arguments: renderCall is asked again
		}
		t.args = args
	}
	switch typ {
	case "tool_execution_update":
		if pr, _ := rec["partialResult"].(map[string]any); pr != nil {
			t.output, t.result_ = messageText(pr), pr
			t.images = resultImages(pr, t.images)
			t.version++
		}
	case "tool_execution_end":
		t.took = time.Since(t.start)
		if res, _ := rec["result"].(map[string]any); res != nil {
			t.output, t.result_ = messageText(res), res
			t.images = resultImages(res, t.images)
			t.version++
			if ms, ok := res["durationMs"].(float64); ok {
				t.took = time.Duration(ms * float64(time.Millisecond))
			}
			if d, _ := res["details"].(map[string]any); d != nil {
				t.diff, _ = d["diff"].(string)
			}
		}
		t.isError, _ = rec["isError"].(bool)
		t.done = true
	}
	c.dirty++
}

// key handles a key press: the focused component, a dialog or selector,
// autocomplete, then the app's and the editor's bindings.
// paste gives pasted text to the focused component, the top dialog or
// the editor.
func (m *model) paste(content string) {
	if v := m.focusedView(); v != nil {
		v.input(m, "\x1b[200~"+content+"\x1b[201~")
		return
	}
	if d := m.topDialog(); d != nil {
		d.paste(content)
		return
	}
	m.ed.Paste(content)
	m.updateAutocomplete()
}

func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	ks := keyString(k)
	// pi's alt-screen search takes its keys before any component.
	if m.fullscreen && m.keys.is("tui.altScreen.search", ks) {
		m.toggleSearch()
		return nil
	}
	if m.search != nil {
		return m.searchKey(ks, k)
	}
	if v := m.focusedView(); v != nil {
		v.input(m, keyBytes(k))
		return nil
	}
	if d := m.topDialog(); d != nil {
		d.key(m, ks, k)
		return nil
	}
	if m.sel != nil {
		return m.sel.key(m, ks, k)
	}
	// An extension's editor component takes every key: it reports the
	// app actions it leaves to the app in its state (see compView). One
	// that failed gives the keys back, so the app can still be quit.
	if vs := m.viewsOf("editor"); len(vs) > 0 && vs[len(vs)-1].errText == "" {
		vs[len(vs)-1].input(m, keyBytes(k))
		return nil
	}
	if sc, ok := m.shortcuts[ks]; ok {
		m.reportEditorText(true) // the shortcut may read it: the host handles records in order
		m.c.request(cmd("run_shortcut", "shortcut", sc), func(m *model, r response) {
			if !r.ok {
				m.notice(r.err, "error")
			}
		})
		return nil
	}
	if m.auto != nil && len(m.auto.items) > 0 {
		switch {
		case m.keys.is("tui.select.up", ks):
			m.auto.move(-1)
			return nil
		case m.keys.is("tui.select.down", ks):
			m.auto.move(1)
			return nil
		case (m.keys.is("tui.input.tab", ks) || m.keys.is("tui.input.submit", ks)) && m.auto.ext:
			// Enter on a command name runs it, as pi's editor: read the
			// context before the completion adds its space.
			_, name := m.slashContext()
			m.acceptExtension(m.keys.is("tui.input.submit", ks) && name && strings.HasPrefix(m.auto.prefix, "/"))
			return nil
		case (m.keys.is("tui.input.tab", ks) || m.keys.is("tui.input.submit", ks)) && m.auto.args:
			m.acceptArgument()
			return nil
		case m.keys.is("tui.input.tab", ks) && m.auto.files:
			m.acceptFile()
			return nil
		case m.keys.is("tui.input.submit", ks) && m.auto.files:
			m.acceptFile()
			return nil
		case m.keys.is("tui.input.tab", ks):
			m.ed.SetText("/" + m.auto.selected().name + " ")
			m.auto = nil
			return nil
		case m.keys.is("tui.input.submit", ks):
			m.ed.SetText("/" + m.auto.selected().name)
			m.auto = nil
			return m.submit(false)
		case ks == "esc":
			m.auto = nil
			return nil
		}
	}
	if m.keys.is("app.clipboard.pasteImage", ks) {
		return m.clipboardPaste()
	}
	for _, a := range appActions {
		// the alternate screen's scroll keys shadow the editor's page
		// keys in fullscreen mode only, as in pi-tui
		if strings.HasPrefix(a, "tui.altScreen.") && !m.fullscreen {
			continue
		}
		if m.keys.is(a, ks) && (a != "app.exit" || m.ed.Empty()) {
			return m.action(a)
		}
	}
	switch {
	case m.keys.is("tui.input.tab", ks) && m.acProviders > 0:
		m.extensionTab((*model).tabComplete)
		return nil
	case m.keys.is("tui.input.tab", ks):
		m.tabComplete()
		return nil
	case m.keys.is("tui.input.newLine", ks):
		m.ed.Newline()
	case m.keys.is("tui.input.submit", ks):
		return m.submit(false)
	default:
		m.editKey(ks, k)
	}
	m.updateAutocomplete()
	return nil
}

// tabComplete is the built-in Tab with no list open (pi's
// handleTabCompletion): in a slash command's name the command list,
// otherwise the word before the cursor completes as a path (an empty
// word lists the working directory), a single match at once.
func (m *model) tabComplete() {
	if _, name := m.slashContext(); name {
		m.updateAutocomplete()
		return
	}
	m.fileComplete(m.ed.Word(), false)
	if m.auto != nil && len(m.auto.items) == 1 {
		m.acceptFile()
	}
}

// reportEditorText tells the host what the editor holds (pasted text
// expanded, as pi's getEditorText) when it changed: debounced (now is
// false: only once the text stayed the same for a tick, so typing does
// not send a record per key), or at once before something that may read
// it runs. The host does not echo it back.
func (m *model) reportEditorText(now bool) {
	text := m.ed.Expanded()
	seen := m.editorSeen
	m.editorSeen = text
	if text == m.editorSent || !now && text != seen {
		return
	}
	m.editorSent = text
	m.c.request(cmd("set_editor_text", "text", text), nil)
}

// restoreQueue is pi's restoreQueuedMessagesToEditor: the queued
// steering and follow-up messages go back into the editor, before what
// is typed there; with abort, the run is aborted after that.
func (m *model) restoreQueue(abort bool) {
	m.c.request(cmd("clear_queue"), func(m *model, r response) {
		queued := append(engine.Strings(r.data["steering"]), engine.Strings(r.data["followUp"])...)
		if len(queued) > 0 {
			var parts []string
			for _, t := range []string{strings.Join(queued, "\n\n"), m.ed.Expanded()} {
				if strings.TrimSpace(t) != "" {
					parts = append(parts, t)
				}
			}
			m.ed.SetText(strings.Join(parts, "\n\n"))
		}
		m.steering, m.follows = nil, nil
	})
	if abort {
		m.c.request(cmd("abort"), nil)
	}
}

// appActions are the app's actions in the order their keys are matched.
var appActions = []string{"app.clear", "app.exit", "app.interrupt", "app.editor.external", "app.model.select", "app.model.cycleForward", "app.model.cycleBackward",
	"app.thinking.cycle", "app.thinking.toggle", "app.tools.expand", "app.message.copy", "app.message.followUp", "app.message.dequeue",
	"app.suspend", "tui.altScreen.pageUp", "tui.altScreen.pageDown", "tui.altScreen.top", "tui.altScreen.bottom",
	"app.session.new", "app.session.tree", "app.session.fork", "app.session.resume"}

// action performs an app action (from its key, or reported by an
// extension's editor component that leaves it to the app).
func (m *model) action(name string) tea.Cmd {
	switch name {
	case "app.clear":
		if time.Since(m.lastCtrlC) < 500*time.Millisecond {
			return m.quit()
		}
		m.lastCtrlC = time.Now()
		m.ed.SetText("")
		m.auto = nil
		return nil
	case "app.exit":
		return m.quit()
	case "app.interrupt":
		switch {
		case m.retry != nil && !m.retry.summary:
			m.c.request(cmd("abort_retry"), nil)
		case m.bash != nil:
			m.c.request(cmd("abort_bash"), nil)
		case m.summarizing:
			m.c.request(cmd("abort_branch_summary"), nil)
		case m.streaming || m.compacting:
			m.restoreQueue(true)
		case m.ed.Empty():
			// pi's doubleEscapeAction: escape twice on an idle, empty
			// editor opens the tree (or the fork picker).
			if time.Since(m.lastEsc) < 500*time.Millisecond {
				m.lastEsc = time.Time{}
				switch m.opts.DoubleEscape {
				case "none":
				case "fork":
					m.builtin("fork", "")
				default:
					m.builtin("tree", "")
				}
				return nil
			}
			m.lastEsc = time.Now()
		}
		return nil
	case "app.model.select":
		m.openModelSelector("")
		return nil
	case "app.model.cycleForward":
		m.c.request(cmd("cycle_model"), (*model).onCycleModel)
		return nil
	case "app.model.cycleBackward":
		m.c.request(cmd("cycle_model", "direction", "backward"), (*model).onCycleModel)
		return nil
	case "app.thinking.cycle":
		m.c.request(cmd("cycle_thinking_level"), func(m *model, r response) {
			if lvl, ok := r.data["level"].(string); ok {
				m.thinking = lvl
			} else if !r.ok || r.data == nil {
				m.notice("Current model does not support thinking", "muted")
			}
		})
		return nil
	case "app.thinking.toggle":
		m.vc.hideThinking = !m.vc.hideThinking
		m.vc.gen++
		return nil
	case "app.tools.expand":
		m.setToolsExpanded(!m.vc.toolsExpanded)
		m.c.request(cmd("set_tools_expanded", "expanded", m.vc.toolsExpanded), nil) // ctx.ui.getToolsExpanded
		return nil
	case "app.message.copy":
		// pi: the fullscreen selection when it is not copied on release,
		// else the last assistant message (/copy)
		if !(m.fullscreen && m.opts.NoCopyOnSelect && m.copySelection()) {
			m.copyLastAssistant()
		}
		return nil
	case "app.message.followUp":
		return m.submit(true)
	case "app.message.dequeue":
		m.restoreQueue(false)
		return nil
	case "app.suspend":
		return tea.Suspend
	case "app.editor.external":
		return m.externalEditor()
	case "app.session.new", "app.session.tree", "app.session.fork", "app.session.resume":
		// Unbound by default; keybindings.json can give them keys.
		_, c := m.builtin(strings.TrimPrefix(name, "app.session."), "")
		return c
	case "tui.altScreen.pageUp":
		m.scroll += max(1, m.height/2)
		return nil
	case "tui.altScreen.pageDown":
		m.scroll = max(0, m.scroll-max(1, m.height/2))
		return nil
	case "tui.altScreen.top":
		if m.fullscreen {
			m.scroll = math.MaxInt32 // render stops it at the top
		}
		return nil
	case "tui.altScreen.bottom":
		m.scroll = 0
		return nil
	}
	return nil
}

// editKey applies pi-tui's editor bindings (tui.editor.*, which
// keybindings.json can change), in pi-tui's order.
func (m *model) editKey(ks string, k tea.KeyPressMsg) {
	e := m.ed
	is := func(action string) bool { return m.keys.is(action, ks) }
	printable := k.Text != "" && k.Mod&^tea.ModShift == 0 // shift allowed
	if dir := e.jump; dir != 0 {
		// The character after a jump key is where to jump; the jump key
		// again cancels; another key cancels and does its own work.
		e.jump = 0
		if is("tui.editor.jumpForward") || is("tui.editor.jumpBackward") {
			return
		}
		if printable {
			e.JumpTo(k.Text, dir)
			return
		}
	}
	switch {
	case is("tui.editor.undo"):
		e.Undo()
	case is("tui.editor.deleteToLineEnd"):
		e.DeleteToLineEnd()
	case is("tui.editor.deleteToLineStart"):
		e.DeleteToLineStart()
	case is("tui.editor.deleteWordBackward"):
		e.DeleteWordBackward()
	case is("tui.editor.deleteWordForward"):
		e.DeleteWordForward()
	case is("tui.editor.deleteCharBackward") || ks == "shift+backspace" || ks == "ctrl+h":
		e.Backspace()
	case is("tui.editor.deleteCharForward") || ks == "shift+delete":
		e.Delete()
	case is("tui.editor.yank"):
		e.Yank()
	case is("tui.editor.yankPop"):
		e.YankPop()
	case is("tui.editor.cursorLineStart"):
		e.Home()
	case is("tui.editor.cursorLineEnd"):
		e.End()
	case is("tui.editor.cursorWordLeft"):
		e.WordLeft()
	case is("tui.editor.cursorWordRight"):
		e.WordRight()
	case is("tui.editor.pageUp"):
		e.PageScroll(-1, m.editorPage(), max(m.width, 10))
	case is("tui.editor.pageDown"):
		e.PageScroll(1, m.editorPage(), max(m.width, 10))
	case is("tui.editor.cursorUp"):
		e.Up()
	case is("tui.editor.cursorDown"):
		e.Down()
	case is("tui.editor.cursorRight"):
		e.Right()
	case is("tui.editor.cursorLeft"):
		e.Left()
	case is("tui.editor.jumpForward"):
		e.jump = 1
	case is("tui.editor.jumpBackward"):
		e.jump = -1
	case ks == "tab":
		e.Type("\t")
	case ks == "shift+space":
		e.Type(" ")
	case printable:
		e.Type(k.Text)
	}
}

// editorPage is pi-tui's editor page: 30% of the terminal's rows, at
// least 5.
func (m *model) editorPage() int { return max(5, m.height*3/10) }

// editedMsg is the external editor's result.
type editedMsg struct {
	text string
	err  error
}

// externalEditor is ctrl+g: the editor's text in $VISUAL or $EDITOR (pi:
// nano when neither is set), the terminal handed over until it exits.
func (m *model) externalEditor() tea.Cmd {
	editor := m.getenv("VISUAL")
	if editor == "" {
		editor = m.getenv("EDITOR")
	}
	if editor == "" {
		editor = "nano"
	}
	f, err := os.CreateTemp("", "pi-editor-*.md")
	if err != nil {
		m.notice(err.Error(), "error")
		return nil
	}
	path := f.Name()
	_, _ = f.WriteString(m.ed.Expanded())
	_ = f.Close()
	fields := strings.Fields(editor)
	c := exec.Command(fields[0], append(fields[1:], path)...)
	c.Dir = m.cwd
	if m.opts.Env != nil {
		c.Env = m.opts.Env
	}
	return m.exec(c, func(err error) tea.Msg {
		defer os.Remove(path)
		if err != nil {
			return editedMsg{err: err}
		}
		data, err := os.ReadFile(path)
		return editedMsg{text: string(data), err: err}
	})
}

func (m *model) getenv(k string) string { return envLookup(m.opts.Env)(k) }

// envLookup looks names up in a KEY=VALUE environment.
func envLookup(env []string) func(string) string {
	return func(k string) string {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, k+"="); ok {
				return v
			}
		}
		return ""
	}
}

func (m *model) quit() tea.Cmd {
	m.quitting = true
	m.exitCode = 0
	if !m.fullscreen {
		if last := m.flush(); last != nil { // a status line still in the live region stays on the terminal
			return tea.Sequence(last, tea.Quit)
		}
	}
	return tea.Quit
}

// submit sends the editor's text: a built-in command, `!cmd`, or a
// prompt (a steer while the agent runs, a follow-up with followUp).
func (m *model) submit(followUp bool) tea.Cmd {
	text := strings.TrimSpace(m.ed.Expanded())
	if text == "" {
		return nil
	}
	m.ed.Remember(text)
	m.ed.Clear()
	m.auto = nil
	m.reportEditorText(true) // pi clears the editor before the command or prompt runs
	return m.sendText(text, followUp)
}

// sendText runs typed input: a built-in command, `!cmd`, or a prompt.
func (m *model) sendText(text string, followUp bool) tea.Cmd {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	if strings.HasPrefix(text, "/") {
		name, args, _ := strings.Cut(text[1:], " ")
		if done, c := m.builtin(name, strings.TrimSpace(args)); done {
			return c
		}
	}
	if strings.HasPrefix(text, "!") {
		m.runBash(text)
		return nil
	}
	c := cmd("prompt", "message", text)
	if m.streaming {
		if followUp {
			c["streamingBehavior"] = "followUp"
		} else {
			c["streamingBehavior"] = "steer"
		}
	}
	m.c.request(c, (*model).onPromptResponse)
	return nil
}

// runBash runs `!cmd` (`!!cmd`: output kept out of the model's context).
func (m *model) runBash(text string) {
	exclude := strings.HasPrefix(text, "!!")
	command := strings.TrimSpace(strings.TrimLeft(text, "!"))
	if command == "" {
		return
	}
	b := &bashItem{command: command, excluded: exclude}
	m.bash = m.add(b)
	c := cmd("bash", "command", command)
	if exclude {
		c["excludeFromContext"] = true
	}
	m.c.request(c, func(m *model, r response) {
		b.done = true
		if !r.ok {
			b.errText = r.err
		} else {
			b.output, _ = r.data["output"].(string)
			if ec, ok := r.data["exitCode"].(float64); ok {
				b.exitCode = int(ec)
			}
			b.cancelled, _ = r.data["cancelled"].(bool)
		}
		if m.bash != nil {
			m.bash.dirty++
		}
		m.bash = nil
	})
}

func gitBranch(cwd string) string {
	for dir := cwd; dir != ""; {
		data, err := os.ReadFile(filepath.Join(dir, ".git", "HEAD"))
		if err == nil {
			s := strings.TrimSpace(string(data))
			if ref, ok := strings.CutPrefix(s, "ref: refs/heads/"); ok {
				return ref
			}
			return "detached"
		}
		if fi, err := os.Stat(filepath.Join(dir, ".git")); err == nil && !fi.IsDir() {
			return "" // a worktree's .git file; pi reads it, pigo does not yet
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

// autocomplete is the list under the editor: `/` commands, or files
// for an `@` word or a Tab path completion.
type autocomplete struct {
	items []command
	index int
	files bool
	at    bool // an @ file search
	args  bool // a command's argument completions (argcomplete.go)
	// ext: an extension provider's items (extcomplete.go), from
	// provider, for the text prefix before the cursor.
	ext      bool
	provider float64
	prefix   string
}

func (a *autocomplete) move(d int) {
	a.index = (a.index + d + len(a.items)) % len(a.items)
}

func (a *autocomplete) selected() command { return a.items[a.index] }

// window is the items the list shows: 5 around the selection.
func (a *autocomplete) window() (start, end int) {
	const visible = 5
	start = max(0, min(a.index-visible/2, len(a.items)-visible))
	return start, min(len(a.items), start+visible)
}

// updateAutocomplete refreshes the list for the editor's text: the
// extensions' providers are asked about a trigger token before the
// cursor (extcomplete.go), else the built-in completion runs.
func (m *model) updateAutocomplete() {
	if m.acProviders > 0 && m.extensionTrigger() {
		m.extensionComplete()
		return
	}
	if m.auto != nil && m.auto.ext {
		m.auto = nil
	}
	m.builtinAutocomplete()
}

// builtinAutocomplete is pi's built-in provider: "/name" without a space
// lists commands, "/name " a command's arguments, "@" files.
func (m *model) builtinAutocomplete() {
	text := m.ed.Text()
	if w := m.ed.Word(); strings.HasPrefix(w, "@") {
		m.fileComplete(w[1:], true)
		return
	}
	if m.auto != nil && m.auto.files {
		m.auto = nil
	}
	if _, _, ok := argContext(text); ok {
		m.argumentComplete(text)
		return
	}
	if !strings.HasPrefix(text, "/") || strings.ContainsAny(text, " \n") {
		m.auto = nil
		return
	}
	items := matchCommands(m.allCommands(), text[1:])
	if len(items) == 0 {
		m.auto = nil
		return
	}
	// pi makes a new list, its first item selected, when the text changed.
	idx := 0
	if a := m.auto; a != nil && !a.files && !a.args && !a.ext && a.prefix == text && a.index < len(items) {
		idx = a.index
	}
	m.auto = &autocomplete{items: items, index: idx, prefix: text}
}

// matchCommands is pi-tui's slash command filter: fuzzy over the names
// (a skill's without its "skill:"), best first; then the skills that
// only match with "skill:".
func matchCommands(cmds []command, query string) []command {
	bare := fuzzyFilter(cmds, query, func(c command) string { return strings.TrimPrefix(c.name, "skill:") })
	in := map[string]bool{}
	for _, c := range bare {
		in[c.name] = true
	}
	var skills []command
	for _, c := range cmds {
		if strings.HasPrefix(c.name, "skill:") && !in[c.name] {
			skills = append(skills, c)
		}
	}
	return append(bare, fuzzyFilter(skills, query, func(c command) string { return c.name })...)
}

// allCommands is pi's order: built-ins, then templates, skills and
// extension commands as the host lists them.
func (m *model) allCommands() []command {
	// pi's createBaseAutocompleteProvider order: built-ins, templates,
	// extension commands (not those named as a built-in), skills
	group := func(c command) int {
		switch c.source {
		case "prompt":
			return 0
		case "skill":
			return 2
		}
		return 1
	}
	out := append([]command(nil), builtinCommands...)
	for g := range 3 {
		for _, c := range m.commands {
			if group(c) == g && !(c.source == "extension" && isBuiltinCommand(c.name)) {
				out = append(out, c)
			}
		}
	}
	return out
}

// isBuiltinCommand reports whether name is one of pi's built-in slash
// commands.
func isBuiltinCommand(name string) bool {
	return slices.ContainsFunc(builtinCommands, func(b command) bool { return b.name == name })
}

// View draws the screen.
func (m *model) View() tea.View {
	var v tea.View
	if m.quitting {
		return v
	}
	v.AltScreen = m.fullscreen
	v.MouseMode = m.mouseMode()
	v.WindowTitle = m.title
	if v.WindowTitle == "" {
		v.WindowTitle = "pi - " + filepath.Base(m.cwd)
	}
	v.Content = iterm2Cells(m.render())
	return v
}

// render composes the frame: header and chat (scrolled in fullscreen),
// then the fixed bottom: pending messages, working line, widgets,
// editor (or a dialog or selector), autocomplete, footer.
func (m *model) render() string {
	w := max(m.width, 10)
	bottom := m.bottom(w)
	var top []string
	if !m.headerPrinted {
		top = m.header(w)
	}
	if !m.fullscreen {
		bottom = m.overlays(bottom, w, len(bottom))
		return strings.Join(append(append(top, m.chatLines(w)...), bottom...), "\n")
	}
	for i := range m.boxes {
		m.boxes[i].y += m.height - len(bottom) // the bottom ends at the last row
	}
	room := max(0, m.height-len(bottom))
	bw := w // the bottom's width; the transcript leaves the "always" scrollbar its column
	if m.opts.Scrollbar == "always" && w > 1 {
		w--
		if !m.headerPrinted {
			top = m.header(w)
		}
	}
	// Only the items that reach the screen are drawn: from the newest
	// back until the rows (and the scroll offset) are filled; the others
	// keep their cached lines until they scroll into view.
	need := room + m.scroll
	if m.search != nil {
		need = math.MaxInt // the search reads the whole transcript
	}
	var chunks [][]string
	var chunkItems []int
	n := 0
	i := len(m.items) - 1
	for ; i >= m.printed && n < need; i-- {
		l := m.items[i].lines_(&m.vc, w)
		chunks, chunkItems = append(chunks, l), append(chunkItems, i)
		n += len(l)
	}
	if i < m.printed {
		chunks, chunkItems = append(chunks, top), append(chunkItems, -1)
		n += len(top)
		m.scroll = min(m.scroll, max(0, n-room)) // at the top
	}
	all := make([]string, 0, n)
	refs := make([]rowRef, 0, n)
	for j := len(chunks) - 1; j >= 0; j-- {
		all = append(all, chunks[j]...)
		for line := range chunks[j] {
			refs = append(refs, rowRef{chunkItems[j], line})
		}
	}
	if m.search.active() {
		top := max(0, len(all)-room-m.scroll)
		if t, ok := m.search.refresh(all, top, room); ok {
			if s := max(0, len(all)-room-max(0, min(t, len(all)-room))); s != m.scroll {
				m.scroll = s
				m.scrollbarUntil = m.clock().Add(scrollbarShow) // the frame ticks hide it again
			}
		}
	}
	end := len(all) - m.scroll
	m.scrollTop = max(0, end-room) // with the search open, all is the whole transcript
	shown := all[max(0, end-room):end]
	m.rows, m.chatWidth = refs[max(0, end-room):end], w
	out := make([]string, 0, m.height)
	out = append(out, shown...)
	if m.search != nil {
		m.search.highlight(out, m.scrollTop, w)
	}
	m.highlightSelection(out)
	for len(out) < room {
		out = append(out, "")
	}
	m.scrollbar(out[:room], func() int { // the whole transcript's rows
		total := n
		if i >= m.printed {
			total += len(top)
			for _, c := range m.items[m.printed : i+1] {
				total += len(c.lines_(&m.vc, w))
			}
		}
		return total
	}, bw)
	if m.scroll > 0 && room > 0 {
		out[room-1] = m.jumpIndicator(out[room-1], bw, room-1)
	}
	out = append(out, bottom...)
	if len(out) > m.height && m.height > 0 {
		out = out[len(out)-m.height:]
	}
	out = m.overlays(out, bw, m.height)
	if m.search != nil {
		out = m.drawSearch(out, bw)
	}
	m.compositeFlashes(out, bw)
	return strings.Join(out, "\n")
}

func (m *model) chatLines(w int) []string {
	var out []string
	for _, c := range m.items[m.printed:] {
		out = append(out, c.lines_(&m.vc, w)...)
	}
	return out
}

// header is pi's document above the chat: the header container (the
// built-in header or an extension's (setHeader) between blank rows, and
// in fullscreen mode the model scope), then the loaded resources
// (header.go).
func (m *model) header(w int) []string {
	custom := m.headerView(w)
	var lines []string
	if !m.showStartupHeader() {
		lines = custom
	} else {
		body := custom
		if body == nil {
			// pi's Text with one column of padding on each side
			body = wrapPadded(m.builtInHeader(), w, 1)
		}
		lines = append(append([]string{""}, body...), "")
		// pi's fullscreen header says the model scope (regular mode
		// prints it before the interactive mode starts).
		if n := m.scopeNotice(); n != "" && m.fullscreen && m.showStartupDetails() {
			lines = append(append(lines, wrapPadded(n, w, 1)...), "")
		}
	}
	for _, l := range m.resourceListing() {
		lines = append(lines, wrapPadded(l, w, 0)...)
	}
	return lines
}

// bottom is everything under the chat.
func (m *model) bottom(w int) []string {
	m.boxes = m.boxes[:0] // the rows are the bottom's until render places them
	th := m.th
	var out []string
	if len(m.steering)+len(m.follows) > 0 {
		out = append(out, "")
	}
	for _, s := range m.steering {
		out = append(out, ansi.Truncate(th.Fg("dim", " Steering: "+s), w, "…"))
	}
	for _, s := range m.follows {
		out = append(out, ansi.Truncate(th.Fg("dim", " Follow-up: "+s), w, "…"))
	}
	if len(m.steering)+len(m.follows) > 0 {
		out = append(out, ansi.Truncate(th.Fg("dim", " ↳ "+m.keys.text("app.message.dequeue", true)+" to edit all queued messages"), w, ""))
	}
	// pi keeps one blank row above the widgets, or above the editor
	// when there are none.
	out = append(out, "")
	out = append(out, m.widgetLines("aboveEditor", w)...)
	out = append(out, m.viewWidgets("aboveEditor", w, len(out))...)
	switch {
	case m.topDialog() != nil:
		out = append(out, m.topDialog().render(m, w)...)
	case m.sel != nil:
		at := len(out)
		out = append(out, m.sel.render(m, w)...)
		if s, ok := m.sel.(*selector); ok && s.wheel {
			m.box(selectorListBox, 0, at+s.listTop, w, s.listRows)
		}
	case m.focusedCustom(w) != nil:
		lines := m.focusedCustom(w)
		m.box(m.focusedView().id, 0, len(out), w, len(lines))
		out = append(out, lines...)
	default:
		if ed := m.editorView(w); ed != nil {
			vs := m.viewsOf("editor")
			m.box(vs[len(vs)-1].id, 0, len(out), w, len(ed))
			out = append(out, ed...)
		} else {
			rule := th.Fg("borderMuted", strings.Repeat("─", w))
			out = append(out, m.editorTop(w))
			text := m.ed.Render(w, true)
			m.box(editorBox, 0, len(out), w, len(text))
			out = append(out, text...)
			out = append(out, rule)
		}
		if m.auto != nil {
			lines := m.autocompleteLines(w)
			m.box(autocompleteBox, 0, len(out), w, len(lines))
			out = append(out, lines...)
		}
	}
	out = append(out, m.widgetLines("belowEditor", w)...)
	out = append(out, m.viewWidgets("belowEditor", w, len(out))...)
	if f := m.footerView(w); f != nil {
		vs := m.viewsOf("footer")
		m.box(vs[len(vs)-1].id, 0, len(out), w, len(f))
		out = append(out, f...)
	} else {
		out = append(out, m.footer(w)...)
	}
	return out
}

// editorTop is the editor's top border with pi's working indicator in
// it while the agent runs: "── ⠋ Working ────".
func (m *model) editorTop(w int) string {
	border := func(s string) string { return m.th.Fg("borderMuted", s) }
	status := m.workingStatus()
	sw := ansi.StringWidth(status)
	if status == "" || w < sw+5 {
		return border(strings.Repeat("─", w))
	}
	return border("── ") + status + border(" "+strings.Repeat("─", w-sw-4))
}

// retryState is a pending automatic retry (pi's RetryStatusIndicator).
type retryState struct {
	attempt, max int
	until        time.Time
	// summary: a compaction's or branch summary's call is retried (the
	// interrupt key cancels that work, not an agent retry).
	summary bool
}

func (m *model) workingStatus() string {
	cancel := "(" + m.keys.label("app.interrupt") + " to cancel)"
	if r := m.retry; r != nil {
		secs := max(0, int(time.Until(r.until).Seconds()+0.999))
		return m.th.Fg("warning", spinnerFrames[m.spin%len(spinnerFrames)]) + " " +
			m.th.Fg("muted", fmt.Sprintf("Retrying (%d/%d) in %ds... %s", r.attempt, r.max, secs, cancel))
	}
	if m.working.hidden && !m.compacting {
		return ""
	}
	label := ""
	switch {
	case m.summarizing:
		frame := m.th.Fg("accent", spinnerFrames[m.spin%len(spinnerFrames)]) + " "
		return frame + m.th.Fg("muted", "Summarizing branch... "+cancel)
	case m.compacting:
		switch m.compactReason {
		case "manual", "":
			label = "Compacting context... " + cancel
		case "overflow":
			label = "Context overflow detected, Auto-compacting... " + cancel
		default:
			label = "Auto-compacting... " + cancel
		}
		frame := m.th.Fg("accent", spinnerFrames[m.spin%len(spinnerFrames)]) + " "
		return frame + m.th.Fg("muted", label)
	case m.streaming:
		label = m.working.message
		if label == "" {
			label = "Working"
		}
	default:
		return ""
	}
	frames := spinnerFrames
	if m.working.hasFrames {
		frames = m.working.frames
	}
	frame := ""
	if len(frames) > 0 {
		i := m.spin // one frame a tick (80 ms, pi's loader)
		if iv := m.working.interval; iv > 0 {
			i = int(time.Now().UnixMilli() / iv.Milliseconds())
		}
		frame = m.th.Fg("accent", frames[i%len(frames)]) + " "
	}
	return frame + m.th.Fg("muted", label)
}

// maxWidgetLines is pi's MAX_WIDGET_LINES.
const maxWidgetLines = 10

// widgetLines are the string widgets at a placement, in the order they
// were first set, each line padded by one cell as pi's Text(line, 1, 0).
func (m *model) widgetLines(placement string, w int) []string {
	var out []string
	for _, k := range m.widgetKeys {
		wd := m.widgets[k]
		if wd.placement == placement || (placement == "aboveEditor" && wd.placement == "") {
			for i, l := range wd.lines {
				if i == maxWidgetLines {
					out = append(out, " "+m.th.Fg("muted", "... (widget truncated)"))
					break
				}
				out = append(out, ansi.Truncate(" "+l, w, ""))
			}
		}
	}
	return out
}

// autocompleteLines is pi-tui's SelectList: 5 rows centred on the
// selection, a name column as wide as the widest name plus 2 (12 to 32
// cells; 32 for an extension's items not completing a slash command),
// the selected row in the accent colour, descriptions muted.
func (m *model) autocompleteLines(w int) []string {
	a := m.auto
	start, end := a.window()
	col := 0
	for _, c := range a.items {
		col = max(col, ansi.StringWidth(c.name)+2)
	}
	col = min(max(col, 12), 32)
	if a.args || a.ext && !strings.HasPrefix(a.prefix, "/") {
		col = 32 // pi's list without the slash command layout (arguments, provider items)
	}
	var out []string
	for i := start; i < end; i++ {
		c := a.items[i]
		desc := c.description
		if c.hint != "" {
			if strings.HasPrefix(c.hint, "[") {
				desc = c.hint + " " + desc
			} else {
				desc = c.hint + " — " + desc
			}
		}
		prefix := "  "
		if i == a.index {
			prefix = "→ "
		}
		name := ansi.Truncate(c.name, col-2, "")
		line := prefix + name
		if desc != "" && w > 40 {
			spacing := strings.Repeat(" ", max(1, col-ansi.StringWidth(name)))
			if rest := w - 2 - ansi.StringWidth(prefix+name+spacing); rest > 10 {
				desc = ansi.Truncate(strings.Join(strings.Fields(desc), " "), rest, "")
				if i == a.index {
					out = append(out, m.th.Fg("accent", line+spacing+desc))
				} else {
					out = append(out, line+m.th.Fg("muted", spacing+desc))
				}
				continue
			}
		}
		if i == a.index {
			line = m.th.Fg("accent", line)
		}
		out = append(out, line)
	}
	if start > 0 || end < len(a.items) {
		out = append(out, m.th.Fg("dim", ansi.Truncate(fmt.Sprintf("  (%d/%d)", a.index+1, len(a.items)), w-2, "")))
	}
	return out
}

// footer is pi's FooterComponent: cwd (branch) • session name; token
// stats, cost and context use, model and thinking level on the right;
// extension statuses sorted by key.
func (m *model) footer(w int) []string {
	th := m.th
	pwd := m.cwd
	if home := m.opts.Home; home != "" {
		if pwd == home {
			pwd = "~"
		} else if strings.HasPrefix(pwd, home+"/") {
			pwd = "~" + pwd[len(home):]
		}
	}
	if m.branch != "" {
		pwd += " (" + m.branch + ")"
	}
	if m.sessionName != "" {
		pwd += " • " + m.sessionName
	}
	var stats []string
	if m.tokIn > 0 {
		stats = append(stats, "↑"+formatTokens(m.tokIn))
	}
	if m.tokOut > 0 {
		stats = append(stats, "↓"+formatTokens(m.tokOut))
	}
	if m.tokCR > 0 {
		stats = append(stats, "R"+formatTokens(m.tokCR))
	}
	if m.tokCW > 0 {
		stats = append(stats, "W"+formatTokens(m.tokCW))
	}
	if (m.tokCR > 0 || m.tokCW > 0) && m.cacheHitRate != nil {
		stats = append(stats, "CH"+cachewarm.ToFixed(*m.cacheHitRate, 1)+"%")
	}
	if m.cost > 0 || m.subscription {
		cost := "$" + cachewarm.ToFixed(m.cost, 3)
		if m.subscription {
			cost += " (sub)"
		}
		stats = append(stats, cost)
	}
	pct := 0.0
	if m.ctxPercent != nil {
		pct = *m.ctxPercent
	}
	ctx := fmt.Sprintf("%.1f%%", pct)
	if m.ctxUnknown {
		ctx = "?"
	}
	ctx += "/" + formatTokens(m.contextWindow) + " (auto)"
	switch {
	case pct > 90:
		ctx = th.Fg("error", ctx)
	case pct > 70:
		ctx = th.Fg("warning", ctx)
	}
	stats = append(stats, ctx)
	left := strings.Join(stats, " ")
	right := m.modelID
	if right == "" {
		right = "no-model"
	}
	if m.reasoning {
		lvl := m.thinking
		if lvl == "" || lvl == "off" {
			right += " • thinking off"
		} else {
			right += " • " + lvl
		}
	}
	// A virtual selection shows where the latest response went.
	if m.routedID != "" {
		right += " → " + m.routedID
		if m.routedThinking != "" {
			right += " • " + m.routedThinking
		}
	}
	// pi names the provider when the models to pick from (the scope, or
	// every available one) come from more than one, and it fits.
	if m.providers > 1 && m.modelID != "" {
		if p := "(" + m.provider + ") " + right; ansi.StringWidth(left)+2+ansi.StringWidth(p) <= w {
			right = p
		}
	}
	lw, rw := ansi.StringWidth(left), ansi.StringWidth(right)
	line := left
	if lw+2+rw <= w {
		line = th.Fg("dim", left) + th.Fg("dim", strings.Repeat(" ", w-lw-rw)+right)
	} else if avail := w - lw - 2; avail > 0 {
		line = th.Fg("dim", left) + th.Fg("dim", "  "+ansi.Truncate(right, avail, ""))
	} else {
		line = th.Fg("dim", ansi.Truncate(left, w, "..."))
	}
	out := []string{ansi.Truncate(th.Fg("dim", pwd), w, th.Fg("dim", "...")), line}
	if len(m.statuses) > 0 {
		keys := make([]string, 0, len(m.statuses))
		for k := range m.statuses {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, sanitizeStatus(m.statuses[k]))
		}
		out = append(out, ansi.Truncate(strings.Join(parts, " "), w, th.Fg("dim", "...")))
	}
	return out
}

func sanitizeStatus(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ", "\t", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// formatTokens is pi's footer formatTokens.
func formatTokens(n float64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d", int(n))
	case n < 10000:
		return fmt.Sprintf("%.1fk", n/1000)
	case n < 1000000:
		return fmt.Sprintf("%dk", int(n/1000+0.5))
	case n < 10000000:
		return fmt.Sprintf("%.1fM", n/1000000)
	}
	return fmt.Sprintf("%dM", int(n/1000000+0.5))
}
