package tui

import (
	"strings"
	"unicode"
)

// importSession is pi's /import <path>: after a confirmation the JSONL
// session file replaces the current session, keeping its id and running
// in its working directory (the host copies it into the session
// directory); when that directory is gone pi asks, as for /resume,
// whether to continue here, fork it here or cancel. pi ends the process
// on an import error other than a missing file; this UI shows it.
func (m *model) importSession(args string) {
	path := pathArgument(args)
	if path == "" {
		m.notice("Usage: /import <path.jsonl>", "error")
		return
	}
	m.ask("confirm", "Import session\nReplace current session with "+path+"?", nil, func(m *model, a map[string]any) {
		if a["confirmed"] != true {
			m.status("Import cancelled")
			return
		}
		m.importFrom(path, "")
	})
}

// importFrom asks the host to import path (cwdOverride: run it there
// instead of its stored cwd).
func (m *model) importFrom(path, cwdOverride string) {
	req := cmd("import_session", "path", path)
	if cwdOverride != "" {
		req["cwdOverride"] = cwdOverride
	}
	m.c.request(req, func(m *model, r response) {
		if !r.ok {
			if gone, ok := strings.CutPrefix(r.err, missingCwd); ok && cwdOverride == "" {
				gone, _, _ = strings.Cut(gone, "\n")
				m.promptMissingCwd(gone, func(m *model, choice, here string) {
					switch choice {
					case "continue":
						m.importFrom(path, here)
					case "fork":
						m.switchTo(path, here, cmd("switch_session", "sessionPath", path, "fork", true), "")
					default:
						m.status("Import cancelled")
					}
				})
				return
			}
			m.notice("Failed to import session: "+r.err, "error")
			return
		}
		if r.data["cancelled"] == true {
			m.status("Import cancelled")
			return
		}
		if cwd, _ := r.data["cwd"].(string); cwd != "" && cwd != m.cwd {
			m.cwd, m.branch = cwd, gitBranch(cwd)
		}
		m.extensionsReplaced()
		m.reloadChat(func(m *model) { m.status("Session imported from: " + path) })
	})
}

// pathArgument is pi's getPathCommandArgument for the text after a
// command: the first word, or the text between a leading pair of quotes
// (none when the quote is not closed).
func pathArgument(args string) string {
	args = strings.TrimLeftFunc(args, unicode.IsSpace)
	if args == "" {
		return ""
	}
	if q := args[0]; q == '"' || q == '\'' {
		end := strings.IndexByte(args[1:], q)
		if end < 0 {
			return ""
		}
		return args[1 : 1+end]
	}
	if i := strings.IndexFunc(args, unicode.IsSpace); i >= 0 {
		return args[:i]
	}
	return args
}
