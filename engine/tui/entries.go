package tui

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/pigo-dev/pigo/engine/cachewarm"
)

// entryItem is an extension's custom session entry (pi.appendEntry, told
// by the host's entry_appended), drawn as pi's CustomEntryComponent: a
// blank row and the lines of the extension's entry renderer
// (registerEntryRenderer, asked through the host's render_entry at the
// chat's width), nothing when no extension renders the entry's type, or
// pi's "renderer failed" line when it throws.
type entryItem struct {
	customType string
	entry      map[string]any
	rend       rendered
	errText    string
}

func (e *entryItem) render(v *viewCtx, width int) []string {
	if lines, ok := e.rend.get(renderKey(width, v.toolsExpanded)); ok {
		return append([]string{""}, lines...)
	}
	if e.errText != "" {
		line := v.th.Fg("error", fmt.Sprintf("[%s] renderer failed: %s", e.customType, e.errText))
		return append([]string{""}, padBlock(v, wrapStyled(v, "", line, width-2), width, 1, "customMessageBg")...)
	}
	return []string{}
}

// entryAppended adds a custom entry to the chat; while a reply streams,
// it goes above the reply, as pi inserts it before its streaming message.
func (m *model) entryAppended(rec map[string]any) {
	var entry map[string]any
	switch e := rec["entry"].(type) {
	case map[string]any:
		entry = e
	case json.RawMessage:
		_ = json.Unmarshal(e, &entry)
	}
	if entry["type"] == "custom_message" {
		// pi 1.6: one an actionable boundary added shows when displayed.
		if d, _ := entry["display"].(bool); d {
			msg := map[string]any{"role": "custom", "customType": entry["customType"], "content": entry["content"], "display": true}
			if det, ok := entry["details"]; ok {
				msg["details"] = det
			}
			m.addMessage(msg, false)
		}
		return
	}
	if entry["type"] == "usage" && entry["kind"] == "cache_warm" {
		m.cacheWarmed(entry)
		return
	}
	if entry["type"] != "custom" {
		return
	}
	it := &entryItem{entry: entry}
	it.customType, _ = entry["customType"].(string)
	c := &cached{item: it}
	if i := slices.Index(m.items, m.cur); m.cur != nil && i >= m.printed {
		m.items = slices.Insert(m.items, i, c)
		return
	}
	m.items = append(m.items, c)
}

// requestEntryRender asks for an entry's lines at the current width and
// expansion, once per (width, expansion).
func (m *model) requestEntryRender(c *cached, it *entryItem, w int) {
	key := renderKey(w, m.vc.toolsExpanded)
	if it.rend.none || it.rend.asked == key {
		return
	}
	it.rend.asked = key
	m.c.request(cmd("render_entry", "customType", it.customType, "entry", it.entry, "expanded", m.vc.toolsExpanded, "width", w),
		func(m *model, r response) {
			if !r.ok && key == it.rend.asked {
				it.errText = r.err
			}
			it.rend.answer(r, key)
			c.dirty++
		})
}

type warmNotice struct {
	c     *cached
	total float64
	note  string
}

// cacheWarmed shows a cache warming refresh's cost (pi's
// addCacheWarmingUsage) when showCacheMissNotices is on; back-to-back
// refreshes with the same note collapse into one line with their total.
func (m *model) cacheWarmed(entry map[string]any) {
	if !m.opts.ShowCacheMissNotices {
		return
	}
	u, _ := entry["usage"].(map[string]any)
	c, _ := u["cost"].(map[string]any)
	cost, _ := c["total"].(float64)
	note, _ := entry["note"].(string)
	if w := m.warmNotice; w != nil && len(m.items) > 0 && m.items[len(m.items)-1] == w.c && len(m.items) > m.printed && w.note == note {
		w.total += cost
		w.c.item.(*noticeItem).text = cachewarm.FormatUsage(w.total, note)
		w.c.dirty++
		return
	}
	m.warmNotice = &warmNotice{c: m.add(&noticeItem{text: cachewarm.FormatUsage(cost, note), token: "dim"}), total: cost, note: note}
}

// onCacheMiss shows get_cache_miss's answer as pi 1.6's transcript notice
// (addCacheMissNotice): only misses of 20k tokens or $0.10 and more, named
// after a model switch or an idle gap past the cache's 5 minutes.
func (m *model) onCacheMiss(r response) {
	tokens, ok := r.data["missedTokens"].(float64)
	cost, _ := r.data["missedCost"].(float64)
	if !ok || tokens < 20_000 && cost < 0.1 {
		return
	}
	text := formatTokens(tokens) + " tokens re-billed"
	if cost >= 0.01 {
		text += " (~$" + cachewarm.ToFixed(cost, 2) + ")"
	}
	label := "Cache miss"
	idle, _ := r.data["idleMs"].(float64)
	switch {
	case r.data["modelChanged"] == true:
		label = "Cache miss after model switch"
	case idle >= 5*60*1000:
		label = fmt.Sprintf("Cache miss after %dm idle", int(math.Floor(idle/60_000+0.5)))
	}
	m.notice(label+": "+text, "warning")
}

// summaryCost is pi 1.6's addCompactionCostNotice: what a summary's model
// call billed, shown when showCacheMissNotices is on.
func (m *model) summaryCost(label string, u map[string]any) {
	num := func(k string) float64 { f, _ := u[k].(float64); return f }
	c, _ := u["cost"].(map[string]any)
	total, _ := c["total"].(float64)
	text := label + ": " + formatTokens(num("input")+num("output")+num("cacheRead")+num("cacheWrite")) + " tokens billed"
	if total >= 0.01 {
		text += " (~$" + cachewarm.ToFixed(total, 2) + ")"
	}
	m.notice(text, "warning")
}
