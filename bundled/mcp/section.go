package mcp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/schema"
)

// The `mcp_servers` prompt section is pi 1.6's (extensions/mcp/index.js
// renderServersSection): its wording and limits, byte for byte, are what
// the model reads.
const (
	serversSectionName = "mcp_servers"
	// maxServerDescription is a server's summary at most, as Codex allows
	// for deferred namespaces.
	maxServerDescription = 250
	// maxServersSection is the whole section at most: summaries shrink to
	// fit, and when the server lines alone do not fit the last servers are
	// counted in a closing line.
	maxServersSection = 4096
)

// serversSection is every enabled server whose tools are reached through
// codemode or tool_search, with how and a one-line summary: the model
// learns of those servers from it, as neither lists them. "" when there
// are none.
func (p *plugin) serversSection() string {
	p.mu.Lock()
	servers := slices.Clone(p.servers)
	p.mu.Unlock()
	type listed struct{ name, reach, summary string }
	var list []listed
	for _, s := range servers {
		if !enabled(s.entry) {
			continue
		}
		exposures := configuredExposures(s.entry)
		reach := "tool_search"
		switch {
		case slices.Contains(exposures, "codemode"):
			reach = "codemode"
		case !slices.Contains(exposures, "deferred"):
			continue
		}
		description, _ := s.entry.Config["description"].(string)
		s.mu.Lock()
		instructions := ""
		if s.state == "connected" {
			instructions = s.instructions
		}
		s.mu.Unlock()
		list = append(list, listed{s.entry.Name, reach, serverSummary(description, instructions)})
	}
	if len(list) == 0 {
		return ""
	}
	slices.SortStableFunc(list, func(a, b listed) int { return locale.Compare(a.name, b.name) })
	intro := "MCP servers whose tools are not declared to you."
	if slices.ContainsFunc(list, func(l listed) bool { return l.reach == "codemode" }) {
		intro += " Call the tools of `codemode` servers from codemode scripts."
	}
	if slices.ContainsFunc(list, func(l listed) bool { return l.reach == "tool_search" }) {
		intro += " Load the tools of `tool_search` servers with `tool_search`."
	}
	heads := make([]string, len(list))
	for i, l := range list {
		heads[i] = fmt.Sprintf("- %s (%s)", Namespace(l.name), l.reach)
	}
	omitted := func(n int) []string {
		if n == 0 {
			return nil
		}
		plural := "s"
		if n == 1 {
			plural = ""
		}
		return []string{fmt.Sprintf("- … %d more server%s; find their tools with searchTools()", n, plural)}
	}
	size := func(kept int) int {
		lines := append(append([]string{intro}, heads[:kept]...), omitted(len(list)-kept)...)
		return engine.UTF16Len(strings.Join(lines, "\n"))
	}
	kept := len(list)
	for kept > 0 && size(kept) > maxServersSection {
		kept--
	}
	perServer := 0
	if kept > 0 {
		// Each summary also takes a ": " separator (JavaScript's
		// Math.floor of a possibly negative quotient).
		q := maxServersSection - size(kept)
		floor := q / kept
		if q%kept != 0 && q < 0 {
			floor--
		}
		perServer = min(maxServerDescription, floor-2)
	}
	lines := []string{intro}
	for i, l := range list[:kept] {
		summary := ""
		if perServer > 0 {
			summary = truncateSummary(l.summary, perServer)
		}
		if summary != "" {
			lines = append(lines, heads[i]+": "+summary)
		} else {
			lines = append(lines, heads[i])
		}
	}
	return strings.Join(append(lines, omitted(len(list)-kept)...), "\n")
}

// serverSummary is pi-mcp's mcpServerSummary: the first line of the
// configured description, else of the instructions the server sent.
func serverSummary(description, instructions string) string {
	text := strings.TrimFunc(description, schema.IsJSSpace)
	if text == "" {
		text = strings.TrimFunc(instructions, schema.IsJSSpace)
	}
	first, _, _ := strings.Cut(text, "\n")
	return strings.TrimFunc(first, schema.IsJSSpace)
}

// truncateSummary is pi's truncate: at most max UTF-16 units, an
// ellipsis marking a cut.
func truncateSummary(text string, max int) string {
	if engine.UTF16Len(text) <= max {
		return text
	}
	if max <= 1 {
		return ""
	}
	return strings.TrimRightFunc(engine.UTF16Prefix(text, max-1), schema.IsJSSpace) + "…"
}
