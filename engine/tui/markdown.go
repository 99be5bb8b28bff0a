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
	for _, l := range lines {
		trimmed := strings.TrimSpace(l)
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
			wrap(inlineMarkdown(t, trimmed), "", width)
		}
	}
	return out
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
