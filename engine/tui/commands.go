package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/locale"
)

// builtin runs pi's built-in slash command name; done is false for names
// that are not built-ins (templates, skills, extension commands go to the
// host as prompts).
func (m *model) builtin(name, args string) (done bool, c tea.Cmd) {
	switch name {
	case "quit":
		return true, m.quit()
	case "model":
		m.openModelSelector(args)
	case "scoped-models":
		m.openScopedModels()
	case "thinking":
		if args == "" {
			m.c.request(cmd("get_available_thinking_levels"), func(m *model, r response) {
				var items []selItem
				for _, l := range engine.Strings(r.data["levels"]) {
					items = append(items, selItem{label: l, value: l, current: l == m.thinking})
				}
				m.sel = &selector{title: "Thinking level", items: items, wheel: true, choose: func(m *model, it selItem) { m.setThinking(it.value.(string)) }}
			})
		} else {
			m.setThinking(args)
		}
	case "new":
		m.c.request(cmd("new_session"), func(m *model, r response) {
			if r.ok && r.data["cancelled"] != true {
				m.resetChat()
				m.extensionsReplaced()
				m.notice("New session started", "muted")
			}
		})
	case "compact":
		c := cmd("compact")
		if args != "" {
			c["customInstructions"] = args
		}
		m.compacting = true
		m.c.request(c, func(m *model, r response) {
			m.compacting = false
			if !r.ok {
				m.notice(r.err, "error")
			}
		})
	case "name":
		if args == "" {
			if m.sessionName != "" {
				m.notice("Session name: "+m.sessionName, "muted")
			} else {
				m.notice("Usage: /name <name>", "warning")
			}
			break
		}
		m.c.request(cmd("set_session_name", "name", args), func(m *model, r response) {
			if !r.ok {
				m.notice(r.err, "error")
				return
			}
			m.sessionName = args
			m.notice("Session name set: "+args, "muted")
		})
	case "session":
		m.c.request(cmd("get_session_stats"), func(m *model, r response) {
			m.onStats(r)
			stats := r.data
			var warm map[string]any
			m.c.request(cmd("get_cache_warming"), func(m *model, w response) { warm = w.data })
			m.c.request(cmd("get_usage_breakdown"), func(m *model, u response) {
				m.add(&noticeItem{text: sessionInfo(m, stats, warm, u.data)})
			})
		})
	case "fork":
		m.openFork()
	case "clone":
		m.clone()
	case "tree":
		m.openTree("")
	case "resume":
		m.openResume()
	case "trust":
		m.openTrust()
	case "login":
		m.openLogin(args)
	case "logout":
		if args != "" { // pi's /logout takes no argument: the text is a prompt
			return false, nil
		}
		m.openLogout()
	case "export":
		c := cmd("export_html")
		if p := pathArgument(args); p != "" { // pi's getPathCommandArgument, as /import
			c["outputPath"] = p
		}
		m.c.request(c, func(m *model, r response) {
			if !r.ok {
				m.notice(r.err, "error")
				return
			}
			p, _ := r.data["path"].(string)
			m.notice("Session exported to: "+p, "muted")
		})
	case "import":
		m.importSession(args)
	case "share":
		return true, m.share()
	case "copy":
		m.copyLastAssistant()
	case "hotkeys":
		m.add(&panelItem{title: "Keyboard Shortcuts", markdown: hotkeysText(m.keys, m.shortcutHelp)})
	case "settings":
		m.openSettings()
	case "reload":
		m.reload()
	default:
		return false, nil
	}
	return true, nil
}

// openSettings is pi's /settings for what the session host lets a
// client change (auto-compaction, queue modes, thinking level) and this
// UI's own (theme, thinking blocks, tool output): choosing a row moves
// it to its next value.
func (m *model) openSettings() {
	warming := cachewarm.ModeIdle
	m.c.request(cmd("get_cache_warming"), func(m *model, r response) {
		if mode, _ := r.data["mode"].(string); mode != "" {
			warming = mode
		}
	})
	transport := "auto"
	m.c.request(cmd("get_transport"), func(m *model, r response) {
		if t, _ := r.data["transport"].(string); t != "" {
			transport = t
		}
	})
	m.c.request(cmd("get_state"), func(m *model, r response) {
		m.onState(r)
		onOff := func(b bool) string {
			if b {
				return "true"
			}
			return "false"
		}
		auto, _ := r.data["autoCompactionEnabled"].(bool)
		steer, _ := r.data["steeringMode"].(string)
		follow, _ := r.data["followUpMode"].(string)
		other := func(mode string) string {
			if mode == "all" {
				return "one-at-a-time"
			}
			return "all"
		}
		theme := "light"
		if m.th.Name == "light" {
			theme = "dark"
		}
		items := []selItem{
			{label: "Auto-compact", detail: onOff(auto), value: cmd("set_auto_compaction", "enabled", !auto)},
			{label: "Steering mode", detail: steer, value: cmd("set_steering_mode", "mode", other(steer))},
			{label: "Follow-up mode", detail: follow, value: cmd("set_follow_up_mode", "mode", other(follow))},
			{label: "Transport", detail: transport, value: cmd("set_transport", "transport", nextTransport(transport))},
			{label: "Thinking level", detail: m.thinking, value: "thinking"},
			{label: "Theme", detail: m.th.Name, value: "theme:" + theme},
			{label: "Cache warming", detail: warming, value: cmd("set_cache_warming", "mode", nextCacheWarmingMode(warming))},
			{label: "Hide thinking blocks", detail: onOff(m.vc.hideThinking), value: "app.thinking.toggle"},
			{label: "Expand tool output", detail: onOff(m.vc.toolsExpanded), value: "app.tools.expand"},
		}
		m.sel = &selector{title: "Settings", items: items, wheel: true, choose: func(m *model, it selItem) {
			switch v := it.value.(type) {
			case map[string]any:
				m.c.request(v, func(m *model, r response) {
					if !r.ok {
						m.notice(r.err, "error")
					} else if v["type"] == "set_cache_warming" {
						m.notice("Cache warming: "+v["mode"].(string), "muted") // pi 1.6's status line
					}
					m.openSettings()
				})
			case string:
				switch {
				case v == "thinking":
					m.builtin("thinking", "")
				case strings.HasPrefix(v, "theme:"):
					m.setTheme(strings.TrimPrefix(v, "theme:"))
					m.openSettings()
				default:
					m.action(v)
					m.openSettings()
				}
			}
		}}
	})
}

// transports are pi 1.6's transport values in its selector's order.
var transports = []string{"sse", "websocket", "websocket-cached", "auto"}

// nextTransport is the transport after t in that order, wrapping around
// (an unknown one moves to the first).
func nextTransport(t string) string {
	return transports[(slices.Index(transports, t)+1)%len(transports)]
}

// nextCacheWarmingMode is the mode after mode in pi 1.6's order (off,
// streaming, idle), wrapping around.
func nextCacheWarmingMode(mode string) string {
	i := slices.Index(cachewarm.Modes, mode)
	return cachewarm.Modes[(i+1)%len(cachewarm.Modes)]
}

// setTheme switches the theme (settings, /settings, ctx.ui.setTheme).
func (m *model) setTheme(name string) {
	th, err := LoadTheme(name, m.opts.themeDirs()...)
	if err != nil {
		m.notice(err.Error(), "error")
		return
	}
	m.th, m.vc.th = th, th
	m.vc.gen++
}

func (m *model) setThinking(level string) {
	m.c.request(cmd("set_thinking_level", "level", level), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		m.thinking = level
		m.notice("Thinking level: "+level, "muted")
	})
}

// openModelSelector is pi's /model selector: the available models (the
// current first, then by provider), or with a model scope (--models,
// enabledModels, /scoped-models) the scope in its order, tab switching
// between the two; the save key makes the selection the default model.
func (m *model) openModelSelector(search string) {
	m.c.request(cmd("get_model_scope"), func(m *model, r response) {
		m.onModelScope(r)
		m.c.request(cmd("get_available_models"), func(m *model, r response) { m.modelSelector(search, r) })
	})
}

// modelSelector opens the selector on get_available_models' answer.
func (m *model) modelSelector(search string, r response) {
	models, _ := r.data["models"].([]any)
	var items []selItem
	for _, x := range models {
		o, _ := x.(map[string]any)
		id, _ := o["id"].(string)
		prov, _ := o["provider"].(string)
		name, _ := o["name"].(string)
		items = append(items, selItem{label: id, detail: "[" + prov + "]", value: [2]string{prov, id}, name: name,
			current: id == m.modelID && prov == m.provider})
	}
	isDefault := func(it selItem) bool { return it.value.([2]string) == m.defaultModel }
	first := func(a, b bool) int {
		switch {
		case a && !b:
			return -1
		case b && !a:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(items, func(a, b selItem) int {
		if c := first(a.current, b.current); c != 0 {
			return c
		}
		if c := first(isDefault(a), isDefault(b)); c != 0 {
			return c
		}
		return locale.Compare(a.value.([2]string)[0], b.value.([2]string)[0])
	})
	var scoped []selItem
	for _, e := range m.scope {
		if i := slices.IndexFunc(items, func(it selItem) bool { return it.value.([2]string) == [2]string{e.provider, e.id} }); i >= 0 {
			scoped = append(scoped, items[i])
		}
	}
	all := items
	sel := &selector{items: items, filter: search, choose: (*model).pickModel,
		search: func(it selItem) string {
			if isDefault(it) {
				return modelSelectorText(it) + " default"
			}
			return modelSelectorText(it)
		},
		// pi's "default" search (or a prefix of it) lists the default first
		first: func(q string, it selItem) bool {
			q = strings.ToLower(strings.TrimSpace(q))
			return q != "" && strings.HasPrefix("default", q) && isDefault(it)
		},
		intro: "Only showing models from configured providers. Use /login to add providers.",
		line: func(m *model, it selItem, selected bool) string {
			cursor, mark, id := "  ", "  ", it.label
			if selected {
				cursor, id = m.th.Fg("accent", "→ "), m.th.Fg("accent", it.label)
			}
			if it.current {
				mark = m.th.Fg("accent", "✓ ")
			}
			name := ""
			if d := distinctModelName(it.label, it.name); d != "" {
				name = m.th.Fg("muted", " ("+d+")")
			}
			def := ""
			if isDefault(it) {
				def = m.th.Fg("muted", " · default")
			}
			return cursor + mark + id + name + " " + m.th.Fg("muted", it.detail) + def
		},
		about: func(it selItem) string { return "Model Name: " + it.name },
		save:  func(m *model, it selItem) { m.setModel(it, true) },
	}
	selectCurrent := func() {
		sel.index = 0
		for i, it := range sel.items {
			if it.current {
				sel.index = i
			}
		}
	}
	if len(scoped) > 0 {
		showScoped := true
		sel.items = scoped
		sel.heading = func(m *model) []string {
			th := m.th
			pick := func(name string, on bool) string {
				if on {
					return th.Fg("accent", name)
				}
				return th.Fg("muted", name)
			}
			return []string{th.Fg("muted", "Scope: ") + pick("all", !showScoped) + th.Fg("muted", " | ") + pick("scoped", showScoped),
				th.Fg("dim", m.keys.label("tui.input.tab")) + th.Fg("muted", " scope") + th.Fg("muted", " (all/scoped)")}
		}
		sel.tab = func(m *model, s *selector) {
			showScoped = !showScoped
			s.items = all
			if showScoped {
				s.items = scoped
			}
			selectCurrent()
			if s.filter != "" {
				s.index = 0
			}
		}
	}
	if search == "" {
		selectCurrent()
	}
	// pi's /model <search> switches at once when one model matches.
	if vis := sel.visible(); search != "" && len(vis) == 1 {
		m.pickModel(vis[0])
		return
	}
	for _, it := range items {
		if v := it.value.([2]string); search != "" && (v[0]+"/"+v[1] == search || v[1] == search) {
			m.pickModel(it)
			return
		}
	}
	m.sel = sel
}

// modelSelectorText is pi's getModelSelectorSearchText: the bare id
// is kept out of the lead so "provider/id" queries rank the provider's
// own models before proxies of them.
func modelSelectorText(it selItem) string {
	v := it.value.([2]string)
	name := ""
	if it.name != "" {
		name = " " + it.name
	}
	return v[0] + " " + v[0] + "/" + v[1] + " " + v[0] + " " + v[1] + name
}

func (m *model) pickModel(it selItem) { m.setModel(it, false) }

// setModel switches to the item's model; persist also makes it the
// default model in settings (pi's "set as default").
func (m *model) setModel(it selItem, persist bool) {
	v := it.value.([2]string)
	c := cmd("set_model", "provider", v[0], "modelId", v[1])
	if persist {
		c["persist"] = true
	}
	m.c.request(c, func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		m.c.request(cmd("get_state"), (*model).onState)
		if persist {
			m.c.request(cmd("get_model_scope"), (*model).onModelScope) // a default joins a scope
			m.notice("Default model: "+v[0]+"/"+v[1], "muted")
			return
		}
		m.notice("Model: "+v[1], "muted")
	})
}

func (m *model) resetChat() {
	m.items, m.cur, m.tools, m.bash = nil, nil, map[string]*cached{}, nil
	m.printed, m.scroll = 0, 0
	m.c.request(cmd("get_state"), (*model).onState) // and the stats
}

// reloadChat redraws the chat from the session's messages (after a
// switch, fork or clone).
// then runs once the history is drawn (a status line goes under it).
func (m *model) reloadChat(then ...func(m *model)) {
	m.resetChat()
	m.loadHistory(then...)
}

// sessionInfo is pi's /session text; warm is get_cache_warming's answer,
// usage get_usage_breakdown's (each nil when the server gave none).
func sessionInfo(m *model, d, warm, usage map[string]any) string {
	th := m.th
	num := func(k string) int { f, _ := d[k].(float64); return int(f) }
	tok := func(k string) float64 { t, _ := d["tokens"].(map[string]any); f, _ := t[k].(float64); return f }
	dim := func(s string) string { return th.Fg("dim", s) }
	file, _ := d["sessionFile"].(string)
	if file == "" {
		file = "In-memory"
	}
	id, _ := d["sessionId"].(string)
	var b strings.Builder
	b.WriteString(Bold("Session Info") + "\n\n")
	if m.sessionName != "" {
		fmt.Fprintf(&b, "%s %s\n", dim("Name:"), m.sessionName)
	}
	fmt.Fprintf(&b, "%s %s\n%s %s\n\n", dim("File:"), file, dim("ID:"), id)
	fmt.Fprintf(&b, "%s\n%s %d\n%s %d\n%s %d\n%s %d calls, %d results\n\n", Bold("Messages"), dim("Total:"), num("totalMessages"),
		dim("User:"), num("userMessages"), dim("Assistant:"), num("assistantMessages"), dim("Tools:"), num("toolCalls"), num("toolResults"))
	in, cr, cw := tok("input"), tok("cacheRead"), tok("cacheWrite")
	prompt := in + cr + cw
	fmt.Fprintf(&b, "%s\n%s %s\n", Bold("Tokens"), dim("Input:"), formatCount(prompt))
	if prompt > 0 && (cr > 0 || cw > 0) {
		fmt.Fprintf(&b, "  %s %s %s\n", dim("Cached:"), formatCount(cr), dim(fmt.Sprintf("(%.1f%%)", cr/prompt*100)))
		written := ""
		if cw > 0 {
			written = " " + dim("("+formatCount(cw)+" written to cache)")
		}
		fmt.Fprintf(&b, "  %s %s%s\n", dim("Uncached:"), formatCount(in+cw), written)
	}
	fmt.Fprintf(&b, "%s %s\n%s %s\n", dim("Output:"), formatCount(tok("output")), dim("Total:"), formatCount(tok("total")))
	mode, _ := warm["mode"].(string)
	status, _ := warm["status"].(string)
	if status == "" {
		mode, status = "idle", "Inactive (cache warming unavailable)"
	}
	fmt.Fprintf(&b, "\n%s\n%s %s\n%s %s", Bold("Cache Warming"), dim("Mode:"), mode, dim("Status:"), status)
	if miss, ok := warm["missCost"].(float64); ok {
		warmCost, _ := warm["warmCost"].(float64)
		fmt.Fprintf(&b, "\n%s $%s\n%s $%s", dim("Cache miss penalty:"), cachewarm.ToFixed(miss, 3), dim("Refresh cost:"), cachewarm.ToFixed(warmCost, 3))
	}
	waste, _ := usage["cacheWaste"].(map[string]any)
	missedTokens, _ := waste["missedTokens"].(float64)
	if cost, _ := d["cost"].(float64); cost > 0 || missedTokens > 0 {
		fmt.Fprintf(&b, "\n\n%s\n%s $%.3f", Bold("Cost"), dim("Total:"), cost)
		// One entry repeats the total, unless it names a model other than
		// the selected one (a virtual selection's physical model).
		models, _ := usage["models"].([]any)
		if first, _ := firstOf(models)["key"].(string); len(models) > 1 || first != usage["selected"] {
			for _, x := range models {
				e, _ := x.(map[string]any)
				key, _ := e["key"].(string)
				c, _ := e["cost"].(float64)
				t, _ := e["tokens"].(float64)
				fmt.Fprintf(&b, "\n  %s $%s %s", dim(key+":"), cachewarm.ToFixed(c, 3), dim("("+formatTokens(t)+" tokens)"))
			}
		}
		if missedTokens > 0 {
			// pi 1.6's prompt tokens billed again after a cache miss.
			missCost, _ := waste["missedCost"].(float64)
			count, _ := waste["missCount"].(float64)
			misses := fmt.Sprintf("%d misses", int(count))
			if count == 1 {
				misses = "1 miss"
			}
			detail := formatCount(missedTokens) + " tokens, " + misses
			if missCost >= 0.0001 {
				fmt.Fprintf(&b, "\n%s $%s %s", dim("Cache Re-billed:"), cachewarm.ToFixed(missCost, 3), dim("("+detail+")"))
			} else {
				fmt.Fprintf(&b, "\n%s %s", dim("Cache Re-billed:"), detail)
			}
		}
	}
	return b.String()
}

// firstOf is list's first object, nil when there is none.
func firstOf(list []any) map[string]any {
	if len(list) == 0 {
		return nil
	}
	m, _ := list[0].(map[string]any)
	return m
}

// hotkeysText is pi's /hotkeys text (handleHotkeysCommand): the editor's
// and the app's keys as tables, then the extensions' shortcuts.
func hotkeysText(km keymap, shortcuts []shortcutHelp) string {
	k := func(action string) string { return "`" + km.text(action, true) + "`" }
	var b strings.Builder
	fmt.Fprintf(&b, `**Navigation**
| Key | Action |
|-----|--------|
| %s / %s / %s / %s | Move cursor / browse history |
| %s / %s | Move by word |
| %s | Start of line |
| %s | End of line |
| %s | Jump forward to character |
| %s | Jump backward to character |
| %s / %s | Scroll by page |

**Editing**
| Key | Action |
|-----|--------|
| %s | Send message |
| %s | New line |
| %s | Delete word backwards |
| %s | Delete word forwards |
| %s | Delete to start of line |
| %s | Delete to end of line |
| %s | Paste the most-recently-deleted text |
| %s | Cycle through the deleted text after pasting |
| %s | Undo |

**Other**
| Key | Action |
|-----|--------|
| %s | Path completion / accept autocomplete |
| %s | Cancel autocomplete / abort streaming |
| %s | Clear editor (first) / exit (second) |
| %s | Exit (when editor is empty) |
| %s | Suspend to background |
| %s | Cycle thinking level |
| %s / %s | Cycle models |
| %s | Open model selector |
| %s | Toggle tool output expansion |
| %s | Toggle thinking block visibility |
| %s | Edit message in external editor |
| %s | Copy selection or last assistant message |
| %s | Queue follow-up message |
| %s | Restore queued messages |
| %s | Paste files on macOS, images, or text from clipboard |
| `+"`/`"+` | Slash commands |
| `+"`!`"+` | Run bash command |
| `+"`!!`"+` | Run bash command (excluded from context) |`,
		k("tui.editor.cursorUp"), k("tui.editor.cursorDown"), k("tui.editor.cursorLeft"), k("tui.editor.cursorRight"),
		k("tui.editor.cursorWordLeft"), k("tui.editor.cursorWordRight"), k("tui.editor.cursorLineStart"), k("tui.editor.cursorLineEnd"),
		k("tui.editor.jumpForward"), k("tui.editor.jumpBackward"), k("tui.altScreen.pageUp"), k("tui.altScreen.pageDown"),
		k("tui.input.submit"), k("tui.input.newLine"), k("tui.editor.deleteWordBackward"), k("tui.editor.deleteWordForward"),
		k("tui.editor.deleteToLineStart"), k("tui.editor.deleteToLineEnd"), k("tui.editor.yank"), k("tui.editor.yankPop"),
		k("tui.editor.undo"), k("tui.input.tab"), k("app.interrupt"), k("app.clear"), k("app.exit"), k("app.suspend"),
		k("app.thinking.cycle"), k("app.model.cycleForward"), k("app.model.cycleBackward"), k("app.model.select"),
		k("app.tools.expand"), k("app.thinking.toggle"), k("app.editor.external"), k("app.message.copy"),
		k("app.message.followUp"), k("app.message.dequeue"), k("app.clipboard.pasteImage"))
	if len(shortcuts) > 0 {
		b.WriteString("\n\n**Extensions**\n| Key | Action |\n|-----|--------|")
		for _, sc := range shortcuts {
			fmt.Fprintf(&b, "\n| `%s` | %s |", keyName(normalizeKey(sc.key), true), sc.description)
		}
	}
	return b.String()
}

// shortcutHelp is an extension's shortcut as /hotkeys lists it.
type shortcutHelp struct{ key, description string }

// panelItem is pi's bordered chat panel (/hotkeys): a rule, a bold accent
// title, markdown, a rule.
type panelItem struct{ title, markdown string }

func (p *panelItem) render(v *viewCtx, width int) []string {
	rule := v.th.Fg("border", strings.Repeat("─", width))
	out := []string{"", rule, " " + Bold(v.th.Fg("accent", p.title)), "", ""}
	for _, l := range renderMarkdown(v.th, p.markdown, width-2) {
		out = append(out, " "+l)
	}
	return append(out, "", rule)
}

// reload is pi's /reload through the host's reload command: the
// extensions' string widgets and statuses are cleared first (their new
// generations set them again; component views close on the host), then
// the command and extension lists are fetched again (for autocomplete
// and the header). As in pi, the extensions that fail to load (the
// host's extension_error events of the reload, before its answer) are
// listed under [Extension issues] in the loaded resources, and the
// status says everything was reloaded. (pigo keeps serving a failed
// extension's previous generation; pi drops it.)
func (m *model) reload() {
	m.loadErrors = nil
	m.c.request(cmd("reload"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "warning")
			return
		}
		// The reload ran discovery again: the extension list is read
		// anew (a deleted file's entry goes, a new one's comes).
		m.extensions = nil
		m.c.request(cmd("get_commands"), (*model).onCommands)
		m.c.request(cmd("get_extensions"), (*model).onExtensions)
		m.c.request(cmd("get_loaded_resources"), (*model).onLoadedResources)
		m.c.request(cmd("get_shortcuts"), func(m *model, r response) {
			m.onShortcuts(r)
			m.reprintChangedHeader() // regular mode: the loaded resources above the chat may have changed
		})
		if m.opts.ModelsJSONError != "" {
			// pi's /reload keeps the models.json it loaded at startup and
			// shows its error again, before the status.
			m.show("error", "models.json error: "+m.opts.ModelsJSONError)
		}
		m.notice("Reloaded keybindings, extensions, skills, prompts, themes, and context files", "muted")
	})
	m.dropPluginUI("")
}

// copyLastAssistant is pi's /copy: the last assistant message's text to
// the clipboard (OSC 52).
func (m *model) copyLastAssistant() {
	m.c.request(cmd("get_last_assistant_text"), func(m *model, r response) {
		text, _ := r.data["text"].(string)
		if text == "" {
			m.notice("No agent messages to copy yet.", "warning")
			return
		}
		m.notice("Copied last agent message to clipboard", "muted")
		m.pendingCmd = tea.SetClipboard(text)
	})
}
