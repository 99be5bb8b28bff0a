package session

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// DefaultDir is pi's session directory for cwd:
// <agentDir>/sessions/--<cwd without its leading / or \, with / \ : as ->--.
func DefaultDir(agentDir, cwd string) string {
	safe := cwd
	if strings.HasPrefix(safe, "/") || strings.HasPrefix(safe, `\`) {
		safe = safe[1:]
	}
	safe = strings.NewReplacer("/", "-", `\`, "-", ":", "-").Replace(safe)
	return filepath.Join(agentDir, "sessions", "--"+safe+"--")
}

// DirConfig holds the places a session directory can come from.
type DirConfig struct {
	Flag     string // --session-dir
	Env      string // PI_CODING_AGENT_SESSION_DIR ("~" expanded)
	Settings string // settings.json sessionDir ("~" expanded)
	AgentDir string // for the default, DefaultDir(AgentDir, Cwd)
	Cwd      string
	Home     string // the home directory, for "~"
}

// ResolveDir picks the session directory as pi does: --session-dir, else
// PI_CODING_AGENT_SESSION_DIR, else settings' sessionDir, else
// DefaultDir. Empty values are unset.
func ResolveDir(c DirConfig) string {
	switch {
	case c.Flag != "":
		return c.Flag
	case c.Env != "":
		return expandTilde(c.Env, c.Home)
	case c.Settings != "":
		return expandTilde(c.Settings, c.Home)
	}
	return DefaultDir(c.AgentDir, c.Cwd)
}

func expandTilde(p, home string) string {
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return home + p[1:]
	}
	return p
}

// LooksLikePath reports whether a --session/--fork argument is a file path
// rather than a session id prefix (it holds / or \ or ends in .jsonl).
func LooksLikePath(arg string) bool {
	return strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".jsonl")
}

// MostRecent returns the most recently modified (by mtime) .jsonl file in
// dir whose first line is a session header with a string id, or "" when
// there is none (or dir does not exist). Unlike pi, which parses only the
// first 512 bytes, a header of any length is accepted.
func MostRecent(dir string) (string, error) {
	names, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("find recent session: %w", err)
	}
	type cand struct {
		path  string
		mtime time.Time
	}
	var cands []cand
	for _, d := range names {
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".jsonl") {
			continue
		}
		p := filepath.Join(dir, d.Name())
		if !hasValidHeader(p) {
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		cands = append(cands, cand{p, st.ModTime()})
	}
	if len(cands) == 0 {
		return "", nil
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if c := b.mtime.Compare(a.mtime); c != 0 {
			return c
		}
		return cmp.Compare(b.path, a.path)
	})
	return cands[0].path, nil
}

// hasValidHeader reports whether the file's first line is a session header
// with a string id.
func hasValidHeader(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return false
	}
	var h struct {
		Type string `json:"type"`
		ID   any    `json:"id"`
	}
	if json.Unmarshal(line, &h) != nil {
		return false
	}
	_, ok := h.ID.(string)
	return h.Type == "session" && ok
}

// Info describes a session file (pi's SessionInfo).
type Info struct {
	Path          string
	ID            string
	Cwd           string
	Name          string // latest session_info name, "" when none
	ParentSession string
	Created       time.Time // header timestamp
	// Modified is the time of the last user or assistant message, else
	// the header timestamp, else the file's mtime.
	Modified     time.Time
	MessageCount int    // message entries
	FirstMessage string // text of the first user message, "(no messages)" when none
}

// List returns the sessions in dir, most recently modified first. A
// missing dir has none; unreadable or invalid files are left out.
func List(dir string) ([]Info, error) {
	names, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	var out []Info
	for _, d := range names {
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".jsonl") {
			continue
		}
		if info, ok := readInfo(filepath.Join(dir, d.Name())); ok {
			out = append(out, info)
		}
	}
	slices.SortStableFunc(out, func(a, b Info) int { return b.Modified.Compare(a.Modified) })
	return out, nil
}

// FindByID is pi's SessionManager.findById: the session file in dir
// whose header has id and that keep accepts (nil: any), reading only
// headers. Unreadable files and directories are passed over, as in pi.
func FindByID(dir, id string, keep func(Header) bool) (string, bool) {
	names, _ := os.ReadDir(dir)
	for _, d := range names {
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".jsonl") {
			continue
		}
		path := filepath.Join(dir, d.Name())
		if h, ok := readHeader(path); ok && h.ID == id && (keep == nil || keep(h)) {
			return path, true
		}
	}
	return "", false
}

// readHeader decodes a session file's first line, its header.
func readHeader(path string) (Header, bool) {
	f, err := os.Open(path)
	if err != nil {
		return Header{}, false
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(f, 64<<10).ReadSlice('\n')
	if err != nil && len(line) == 0 {
		return Header{}, false
	}
	var h Header
	if json.Unmarshal(line, &h) != nil || h.Type != "session" {
		return Header{}, false
	}
	return h, true
}

// ProjectDirs returns the per-project session directories under
// <agentDir>/sessions (none when it does not exist).
func ProjectDirs(agentDir string) ([]string, error) {
	root := filepath.Join(agentDir, "sessions")
	names, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list session dirs: %w", err)
	}
	var out []string
	for _, d := range names {
		if d.IsDir() {
			out = append(out, filepath.Join(root, d.Name()))
		}
	}
	return out, nil
}

// Find returns the most recently modified session in dirs whose id starts
// with idPrefix, or ErrNotFound. pi's --session <prefix> searches the
// current project's directory first, then every project's: call Find with
// the project dir, then with ProjectDirs.
func Find(dirs []string, idPrefix string) (Info, error) {
	var matches []Info
	for _, d := range dirs {
		infos, err := List(d)
		if err != nil {
			return Info{}, fmt.Errorf("find session %q: %w", idPrefix, err)
		}
		for _, in := range infos {
			if strings.HasPrefix(in.ID, idPrefix) {
				matches = append(matches, in)
			}
		}
	}
	if len(matches) == 0 {
		return Info{}, fmt.Errorf("find session %q: %w", idPrefix, ErrNotFound)
	}
	slices.SortStableFunc(matches, func(a, b Info) int { return b.Modified.Compare(a.Modified) })
	return matches[0], nil
}

// readInfo is pi's buildSessionInfo.
func readInfo(path string) (Info, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Info{}, false
	}
	ld := parseSession(path, data)
	if !ld.valid {
		return Info{}, false
	}
	st, err := os.Stat(path)
	if err != nil {
		return Info{}, false
	}
	h := ld.header
	info := Info{Path: path, ID: h.ID, Cwd: h.Cwd, ParentSession: h.ParentSession, FirstMessage: "(no messages)"}
	info.Created, _ = parseISO(h.Timestamp)
	var last float64
	firstFound := false
	for _, r := range ld.recs {
		e := r.e
		if e["type"] == "session_info" {
			n, _ := e["name"].(string)
			info.Name = strings.TrimSpace(n)
		}
		if e["type"] != "message" {
			continue
		}
		info.MessageCount++
		m, _ := e["message"].(map[string]any)
		role, _ := m["role"].(string)
		if _, has := m["content"]; !has || (role != "user" && role != "assistant") {
			continue
		}
		if ts, ok := m["timestamp"].(float64); ok {
			last = math.Max(last, ts)
		} else if tm, ok := parseISO(e["timestamp"]); ok {
			last = math.Max(last, float64(tm.UnixMilli()))
		}
		if text := joinText(m["content"]); text != "" && !firstFound && role == "user" {
			info.FirstMessage, firstFound = text, true
		}
	}
	switch {
	case last > 0:
		info.Modified = time.UnixMilli(int64(last))
	case !info.Created.IsZero():
		info.Modified = info.Created
	default:
		info.Modified = st.ModTime()
	}
	return info, true
}

// joinText is pi's extractTextContent: text parts joined with spaces.
func joinText(content any) string {
	switch c := content.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, p := range c {
			if m, ok := p.(map[string]any); ok && m["type"] == "text" {
				s, _ := m["text"].(string)
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, " ")
	}
	return ""
}
