package tui

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// scopedModels is pi 1.6's /scoped-models selector: which models ctrl+p
// cycles through, in what order. Every change sets the session's scope
// on the host at once; the save key writes it to settings
// (enabledModels).
type scopedModels struct {
	models  map[string]scopedModel // "provider/id" → model
	all     []string               // the available models' ids, in the host's order
	enabled []string               // nil: all enabled
	items   []scopedItem           // the list as shown (filtered)
	index   int
	input   *editor // the search
	dirty   bool    // changed since the last save
}

type scopedModel struct{ provider, id, name string }

type scopedItem struct {
	fullID  string
	model   *scopedModel // nil: an enabled id no available model has
	enabled bool
}

const scopedVisible = 8

func (m *model) openScopedModels() {
	m.c.request(cmd("get_model_scope"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		s := &scopedModels{models: map[string]scopedModel{}, input: newEditor()}
		list, _ := r.data["models"].([]any)
		for _, x := range list {
			o, _ := x.(map[string]any)
			var sm scopedModel
			sm.provider, _ = o["provider"].(string)
			sm.id, _ = o["id"].(string)
			sm.name, _ = o["name"].(string)
			full := sm.provider + "/" + sm.id
			s.models[full] = sm
			s.all = append(s.all, full)
		}
		if ids, ok := r.data["enabledIds"].([]any); ok {
			s.enabled = []string{}
			for _, x := range ids {
				if id, ok := x.(string); ok {
					s.enabled = append(s.enabled, id)
				}
			}
		}
		s.refresh()
		m.sel = s
	})
}

func (s *scopedModels) isEnabled(id string) bool {
	return s.enabled == nil || slices.Contains(s.enabled, id)
}

// normalize is pi's normalizeEnabled: a list of every available model is
// null (all enabled).
func (s *scopedModels) normalize(ids []string) []string {
	if len(ids) == len(s.all) && !slices.ContainsFunc(ids, func(id string) bool { return !slices.Contains(s.all, id) }) {
		return nil
	}
	return ids
}

func (s *scopedModels) toggle(id string) {
	switch i := slices.Index(s.enabled, id); {
	case s.enabled == nil:
		s.enabled = slices.DeleteFunc(slices.Clone(s.all), func(x string) bool { return x == id })
	case i >= 0:
		s.enabled = slices.Delete(slices.Clone(s.enabled), i, i+1)
	default:
		s.enabled = s.normalize(append(slices.Clone(s.enabled), id))
	}
}

// enableAll and clearAll act on targets (nil: every model).
func (s *scopedModels) enableAll(targets []string) {
	if s.enabled == nil {
		return
	}
	if targets == nil {
		targets = s.all
	}
	out := slices.Clone(s.enabled)
	for _, id := range targets {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	s.enabled = s.normalize(out)
}

func (s *scopedModels) clearAll(targets []string) {
	if s.enabled == nil {
		if targets == nil {
			s.enabled = []string{}
			return
		}
		s.enabled = slices.DeleteFunc(slices.Clone(s.all), func(id string) bool { return slices.Contains(targets, id) })
		return
	}
	if targets == nil {
		targets = s.enabled
	}
	s.enabled = slices.DeleteFunc(slices.Clone(s.enabled), func(id string) bool { return slices.Contains(targets, id) })
}

// refresh rebuilds the list: the enabled models in their cycle order,
// then the others; a search filters it as pi's (fuzzy over id, provider
// and name).
func (s *scopedModels) refresh() {
	ids := s.all
	if s.enabled != nil {
		ids = append(slices.Clone(s.enabled), slices.DeleteFunc(slices.Clone(s.all), func(id string) bool { return slices.Contains(s.enabled, id) })...)
	}
	items := make([]scopedItem, 0, len(ids))
	for _, id := range ids {
		it := scopedItem{fullID: id, enabled: s.isEnabled(id)}
		if sm, ok := s.models[id]; ok {
			it.model = &sm
		}
		items = append(items, it)
	}
	s.items = fuzzyFilter(items, s.input.Text(), func(it scopedItem) string {
		if it.model == nil {
			return it.fullID
		}
		return modelSearchText(it.model.provider, it.model.id, it.model.name)
	})
	s.index = min(s.index, max(0, len(s.items)-1))
}

// modelSearchText is pi's getModelSearchText.
func modelSearchText(provider, id, name string) string {
	if name != "" {
		name = " " + name
	}
	return id + " " + provider + " " + provider + "/" + id + " " + provider + " " + id + name
}

// changed sends the new selection to the host (pi's onChange: the
// session's scope follows every change).
func (s *scopedModels) changed(m *model) {
	s.dirty = true
	s.refresh()
	m.c.request(cmd("set_model_scope", "enabledIds", s.idsValue()), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		m.c.request(cmd("get_model_scope"), (*model).onModelScope)
	})
}

func (s *scopedModels) idsValue() any {
	if s.enabled == nil {
		return nil
	}
	return slices.Clone(s.enabled)
}

// filteredIDs are the listed ids while a search is typed (nil without
// one): enable all and clear all act on them.
func (s *scopedModels) filteredIDs() []string {
	if s.input.Empty() {
		return nil
	}
	ids := []string{}
	for _, it := range s.items {
		ids = append(ids, it.fullID)
	}
	return ids
}

func (s *scopedModels) key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd {
	n := len(s.items)
	kb := m.keys
	switch {
	case kb.is("tui.select.up", ks):
		if n > 0 {
			s.index = (s.index - 1 + n) % n
		}
	case kb.is("tui.select.down", ks):
		if n > 0 {
			s.index = (s.index + 1) % n
		}
	case kb.is("tui.select.pageUp", ks), kb.is("tui.select.pageDown", ks):
		if n > 0 {
			dir := 1
			if kb.is("tui.select.pageUp", ks) {
				dir = -1
			}
			s.index = max(0, min(n-1, s.index+dir*scopedVisible))
		}
	case kb.is("app.models.reorderUp", ks), kb.is("app.models.reorderDown", ks):
		if s.enabled == nil || n == 0 || !s.items[s.index].enabled {
			return nil
		}
		delta := 1
		if kb.is("app.models.reorderUp", ks) {
			delta = -1
		}
		i := slices.Index(s.enabled, s.items[s.index].fullID)
		if j := i + delta; i >= 0 && j >= 0 && j < len(s.enabled) {
			s.enabled = slices.Clone(s.enabled)
			s.enabled[i], s.enabled[j] = s.enabled[j], s.enabled[i]
			s.index += delta
			s.changed(m)
		}
	case kb.is("tui.select.confirm", ks):
		if n > 0 {
			s.toggle(s.items[s.index].fullID)
			s.changed(m)
		}
	case kb.is("app.models.enableAll", ks):
		s.enableAll(s.filteredIDs())
		s.changed(m)
	case kb.is("app.models.clearAll", ks):
		s.clearAll(s.filteredIDs())
		s.changed(m)
	case kb.is("app.models.toggleProvider", ks):
		if n == 0 || s.items[s.index].model == nil {
			return nil
		}
		prov := s.items[s.index].model.provider
		var ids []string
		for _, id := range s.all {
			if s.models[id].provider == prov {
				ids = append(ids, id)
			}
		}
		if !slices.ContainsFunc(ids, func(id string) bool { return !s.isEnabled(id) }) {
			s.clearAll(ids)
		} else {
			s.enableAll(ids)
		}
		s.changed(m)
	case kb.is("app.models.save", ks):
		m.c.request(cmd("save_model_scope", "enabledIds", s.idsValue()), func(m *model, r response) {
			if !r.ok {
				m.notice(r.err, "error")
				return
			}
			m.status("Model selection saved to settings")
		})
		s.dirty = false
	case ks == "ctrl+c":
		if s.input.Empty() {
			m.sel = nil
		} else {
			s.input.SetText("")
			s.refresh()
		}
	case ks == "esc":
		m.sel = nil
	case ks != "tab":
		// the search input; a new query selects the top row, the best
		// match (cursor keys leave the selection)
		prev := s.input.Text()
		m.editKeyOn(s.input, ks, k)
		if q := s.input.Text(); q != prev {
			if q != "" {
				s.index = 0
			}
			s.refresh()
		}
	}
	return nil
}

func (s *scopedModels) render(m *model, w int) []string {
	th, kb := m.th, m.keys
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{rule, "",
		th.Fg("accent", Bold("Model Configuration")),
		th.Fg("muted", "Session-only. "+kb.text("app.models.save", true)+" to save to settings."), "",
		"> " + inputLine(s.input, max(1, w-2)), ""}
	if len(s.items) == 0 {
		out = append(out, th.Fg("muted", "  No matching models"))
	} else {
		start := max(0, min(s.index-scopedVisible/2, len(s.items)-scopedVisible))
		end := min(start+scopedVisible, len(s.items))
		for i := start; i < end; i++ {
			it := s.items[i]
			prefix := "  "
			if i == s.index {
				prefix = th.Fg("accent", "→ ")
			}
			// an enabled id no available model has: struck through
			styled, name, badge := "\x1b[9m"+it.fullID+"\x1b[29m", "", th.Fg("muted", " [unavailable]")
			if it.model != nil {
				styled = it.model.id
				if d := distinctModelName(it.model.id, it.model.name); d != "" {
					name = th.Fg("muted", " ("+d+")")
				}
				badge = th.Fg("muted", " ["+it.model.provider+"]")
			}
			if i == s.index {
				styled = th.Fg("accent", styled)
			}
			status := "  "
			if it.model != nil && it.enabled {
				status = th.Fg("accent", "✓ ")
			}
			out = append(out, ansi.Truncate(prefix+status+styled+name+badge, w, ""))
		}
		if start > 0 || end < len(s.items) {
			out = append(out, th.Fg("muted", fmt.Sprintf("  (%d/%d)", s.index+1, len(s.items))))
		}
		about := "Model unavailable"
		if sel := s.items[s.index]; sel.model != nil {
			about = "Model Name: " + sel.model.name
		}
		out = append(out, "", th.Fg("muted", "  "+about))
	}
	count := "all enabled"
	if s.enabled != nil {
		on, gone := 0, 0
		for _, id := range s.enabled {
			if _, ok := s.models[id]; ok {
				on++
			} else {
				gone++
			}
		}
		count = fmt.Sprintf("%d/%d enabled", on, len(s.all))
		if gone > 0 {
			count += fmt.Sprintf(" · %d unavailable", gone)
		}
	}
	parts := strings.Join([]string{
		kb.text("tui.select.confirm", true) + " toggle",
		kb.text("app.models.enableAll", true) + " all",
		kb.text("app.models.clearAll", true) + " clear",
		kb.text("app.models.toggleProvider", true) + " provider",
		kb.text("app.models.reorderUp", true) + "/" + kb.text("app.models.reorderDown", true) + " reorder",
		kb.text("app.models.save", true) + " save",
		count,
	}, " · ")
	text := "  " + parts
	if s.dirty {
		text += " (unsaved)"
	}
	out = append(out, "")
	for _, l := range wrapText(text, w) { // pi's Text wraps the long hint
		if before, ok := strings.CutSuffix(l, "(unsaved)"); ok && s.dirty {
			l = th.Fg("dim", before) + th.Fg("warning", "(unsaved)")
		} else {
			l = th.Fg("dim", l)
		}
		out = append(out, l)
	}
	return append(out, rule)
}

// distinctModelName is pi's getDistinctModelName: the name when it has
// words the id does not, "" when it only restates the id.
func distinctModelName(id, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	split := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
	}
	idWords := split(id)
	compact := strings.Join(idWords, "")
	for _, w := range split(name) {
		if !slices.Contains(idWords, w) && (len([]rune(w)) <= 1 || !strings.Contains(compact, w)) {
			return name
		}
	}
	return ""
}

// onCycleModel is pi's cycleModel status: the model switched to, or
// why there is nothing to cycle to (a scope from /scoped-models, --models
// or enabledModels, or one available model).
func (m *model) onCycleModel(r response) {
	if !r.ok {
		m.notice(r.err, "error")
		return
	}
	mod, _ := r.data["model"].(map[string]any)
	if mod == nil {
		m.c.request(cmd("get_model_scope"), func(m *model, s response) {
			if s.data["scoped"] == true {
				m.status("Only one model in scope")
			} else {
				m.status("Only one model available")
			}
		})
		return
	}
	m.c.request(cmd("get_state"), (*model).onState)
	name, _ := mod["name"].(string)
	if name == "" {
		name, _ = mod["id"].(string)
	}
	if level, _ := r.data["thinkingLevel"].(string); mod["reasoning"] == true && level != "off" {
		name += " (thinking: " + level + ")"
	}
	m.status("Switched to " + name)
}

// scopeEntry is one model of the session's scope.
type scopeEntry struct{ provider, id, thinking string }

func (m *model) onModelScope(r response) {
	m.scopeKnown = true
	if !r.ok {
		return // a host without model scopes
	}
	m.defaultModel = [2]string{}
	if d, _ := r.data["defaultModel"].(map[string]any); d != nil {
		p, _ := d["provider"].(string)
		id, _ := d["id"].(string)
		m.defaultModel = [2]string{p, id}
	}
	m.scope = m.scope[:0]
	providers := map[string]bool{}
	list, _ := r.data["scope"].([]any)
	for _, x := range list {
		o, _ := x.(map[string]any)
		var e scopeEntry
		e.provider, _ = o["provider"].(string)
		e.id, _ = o["id"].(string)
		e.thinking, _ = o["thinkingLevel"].(string)
		m.scope = append(m.scope, e)
		providers[e.provider] = true
	}
	if len(m.scope) == 0 { // pi's updateAvailableProviderCount
		models, _ := r.data["models"].([]any)
		for _, x := range models {
			o, _ := x.(map[string]any)
			p, _ := o["provider"].(string)
			providers[p] = true
		}
	}
	m.providers = len(providers)
}

// scopeNotice is pi's getModelScopeNotice: "Model scope: a, b:high
// (Ctrl+P to cycle)", or "" without a scope.
func (m *model) scopeNotice() string {
	if len(m.scope) == 0 {
		return ""
	}
	var ids []string
	for _, e := range m.scope {
		if e.thinking != "" {
			ids = append(ids, e.id+":"+e.thinking)
		} else {
			ids = append(ids, e.id)
		}
	}
	hint := ""
	if k := m.keys.text("app.model.cycleForward", true); k != "" {
		hint = m.th.Fg("muted", " ("+k+" to cycle)")
	}
	return m.th.Fg("dim", "Model scope: "+strings.Join(ids, ", ")) + hint
}
