package tui

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// renderMarkdown draws markdown as pi-tui's Markdown component does:
// headings, lists, quotes, rules and fenced code keep their markers,
// inline code, emphasis and links are styled, and paragraphs wrap to
// width. It is run again on the whole text as a reply streams, which is
// also what pi does.
func renderMarkdown(t *Theme, src string, width int) []string {
	if width < 4 {
		width = 4
	}
	var out []string
	wrap := func(s string, indent string, w int) {
		for _, l := range strings.Split(ansi.Wrap(s, w, ""), "\n") {
			out = append(out, indent+l)
		}
	}
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	inCode := false
	var listIndents []int // the indents of the open lists, for nesting
	for li := 0; li < len(lines); li++ {
		l := lines[li]
		trimmed := strings.TrimSpace(l)
		if !inCode && isTableRow(trimmed) && li+1 < len(lines) && isTableSeparator(strings.TrimSpace(lines[li+1])) {
			rows := [][]string{tableCells(trimmed)}
			li += 2
			for li < len(lines) && isTableRow(strings.TrimSpace(lines[li])) {
				rows = append(rows, tableCells(strings.TrimSpace(lines[li])))
				li++
			}
			li--
			out = append(out, renderTable(t, rows, width)...)
			continue
		}
		if strings.HasPrefix(trimmed, "```") {
			inCode = !inCode
			out = append(out, t.Fg("mdCodeBlockBorder", trimmed))
			continue
		}
		if inCode {
			out = append(out, "  "+t.Fg("mdCodeBlock", ansi.Truncate(l, width-2, "")))
			continue
		}
		switch {
		case trimmed == "":
			out = append(out, "")
		case strings.HasPrefix(trimmed, "#"):
			level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
			text := strings.TrimSpace(trimmed[level:])
			if level >= 3 {
				text = strings.Repeat("#", level) + " " + text
			}
			wrap(t.Fg("mdHeading", Bold(inlineMarkdown(t, text))), "", width)
		case isRule(trimmed):
			out = append(out, t.Fg("mdHr", strings.Repeat("─", min(width, 80))))
		case strings.HasPrefix(trimmed, "> ") || trimmed == ">":
			body := strings.TrimSpace(strings.TrimPrefix(trimmed, ">"))
			for _, w := range strings.Split(ansi.Wrap(inlineMarkdown(t, body), width-2, ""), "\n") {
				out = append(out, t.Fg("mdQuoteBorder", "│ ")+t.Fg("mdQuote", Italic(w)))
			}
		default:
			indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
			if m := listItem.FindStringSubmatch(trimmed); m != nil {
				bullet := m[1]
				if bullet == "*" || bullet == "+" {
					bullet = "-"
				}
				// pi-tui indents a nested list by 4 cells per level.
				for len(listIndents) > 0 && listIndents[len(listIndents)-1] > len(indent) {
					listIndents = listIndents[:len(listIndents)-1]
				}
				if len(listIndents) == 0 || listIndents[len(listIndents)-1] < len(indent) {
					listIndents = append(listIndents, len(indent))
				}
				indent = strings.Repeat("    ", len(listIndents)-1)
				prefix := indent + t.Fg("mdListBullet", bullet) + " "
				pw := len(indent) + ansi.StringWidth(bullet) + 1
				for i, w := range strings.Split(ansi.Wrap(inlineMarkdown(t, m[2]), width-pw, ""), "\n") {
					if i == 0 {
						out = append(out, prefix+w)
					} else {
						out = append(out, strings.Repeat(" ", pw)+w)
					}
				}
				continue
			}
			listIndents = nil
			wrap(inlineMarkdown(t, trimmed), "", width)
		}
	}
	return out
}

func isTableRow(s string) bool { return strings.HasPrefix(s, "|") && strings.Count(s, "|") >= 2 }

func isTableSeparator(s string) bool {
	return isTableRow(s) && strings.Trim(s, "|-: ") == ""
}

func tableCells(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "|"), "|")
	cells := strings.Split(s, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// renderTable draws a table with box-drawing borders, a bold header and
// a rule between rows, as pi-tui does; columns wider than the screen
// share what is left and their cells wrap.
func renderTable(t *Theme, rows [][]string, width int) []string {
	n := len(rows[0])
	cells := make([][]string, len(rows))
	natural := make([]int, n)
	for r, row := range rows {
		cells[r] = make([]string, n)
		for c := 0; c < n && c < len(row); c++ {
			cells[r][c] = inlineMarkdown(t, row[c])
			natural[c] = max(natural[c], ansi.StringWidth(cells[r][c]))
		}
	}
	avail := width - (3*n + 1)
	widths := append([]int(nil), natural...)
	total := 0
	for _, w := range natural {
		total += w
	}
	if avail < n {
		var raw []string
		for _, row := range rows {
			raw = append(raw, "| "+strings.Join(row, " | ")+" |")
		}
		return raw
	}
	if total > avail {
		for c := range widths {
			widths[c] = max(1, natural[c]*avail/max(1, total))
		}
	}
	border := func(l, mid, r string) string {
		parts := make([]string, n)
		for c, w := range widths {
			parts[c] = strings.Repeat("─", w)
		}
		return l + "─" + strings.Join(parts, "─"+mid+"─") + "─" + r
	}
	out := []string{border("┌", "┬", "┐")}
	for r, row := range cells {
		wrapped := make([][]string, n)
		height := 1
		for c := range n {
			wrapped[c] = strings.Split(ansi.Wrap(row[c], widths[c], ""), "\n")
			height = max(height, len(wrapped[c]))
		}
		for i := range height {
			parts := make([]string, n)
			for c := range n {
				text := ""
				if i < len(wrapped[c]) {
					text = wrapped[c][i]
				}
				text += strings.Repeat(" ", max(0, widths[c]-ansi.StringWidth(text)))
				if r == 0 {
					text = Bold(text)
				}
				parts[c] = text
			}
			out = append(out, "│ "+strings.Join(parts, " │ ")+" │")
		}
		if r < len(cells)-1 {
			out = append(out, border("├", "┼", "┤"))
		}
	}
	return append(out, border("└", "┴", "┘"))
}

var (
	listItem   = regexp.MustCompile(`^([-*+]|\d+[.)])\s+(.*)$`)
	inlineCode = regexp.MustCompile("`([^`]+)`")
	boldRe     = regexp.MustCompile(`\*\*([^*]+)\*\*|__([^_]+)__`)
	italicRe   = regexp.MustCompile(`(^|[^*\w])\*([^*\s][^*]*)\*|(^|\W)_([^_\s][^_]*)_`)
	linkRe     = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
)

func isRule(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	return len(s) >= 3 && (strings.Trim(s, "-") == "" || strings.Trim(s, "*") == "" || strings.Trim(s, "_") == "")
}

// inlineMarkdown styles code spans, bold, italics and links; code spans
// are cut out first so their contents stay literal.
func inlineMarkdown(t *Theme, s string) string {
	var codes []string
	s = inlineCode.ReplaceAllStringFunc(s, func(m string) string {
		codes = append(codes, t.Fg("mdCode", m[1:len(m)-1]))
		return "\x00" + string(rune('A'+len(codes)-1)) + "\x00"
	})
	s = linkRe.ReplaceAllStringFunc(s, func(m string) string {
		p := linkRe.FindStringSubmatch(m)
		if p[1] == p[2] {
			return t.Fg("mdLink", p[1])
		}
		return t.Fg("mdLink", p[1]) + t.Fg("mdLinkUrl", " ("+p[2]+")")
	})
	s = boldRe.ReplaceAllStringFunc(s, func(m string) string { return Bold(m[2 : len(m)-2]) })
	s = italicRe.ReplaceAllStringFunc(s, func(m string) string {
		p := italicRe.FindStringSubmatch(m)
		if p[2] != "" {
			return p[1] + Italic(p[2])
		}
		return p[3] + Italic(p[4])
	})
	for i, c := range codes {
		s = strings.Replace(s, "\x00"+string(rune('A'+i))+"\x00", c, 1)
	}
	return s
}
