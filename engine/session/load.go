package session

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Warning is a problem found while reading a session file that did not
// stop it from opening: a skipped line, a migration, a file set aside.
type Warning struct {
	Path string
	Line int // 1-based line in the file; 0 when about the whole file
	Text string
}

func (w Warning) String() string {
	if w.Line == 0 {
		return w.Path + ": " + w.Text
	}
	return fmt.Sprintf("%s:%d: %s", w.Path, w.Line, w.Text)
}

// loaded is a parsed (and migrated) session file.
type loaded struct {
	valid    bool // line 1 (the first parseable line) is a header with a string id
	hdrRaw   []byte
	header   Header
	recs     []*record
	warnings []Warning
	migrated bool // a v1/v2 file was migrated: rewrite it
	tornTail bool // the file does not end with '\n'
}

// parsedLine is one line that parsed as a JSON object.
type parsedLine struct {
	n   int // 1-based line number
	raw []byte
	m   map[string]any
}

// parseSession reads a session file's content as pi's loadEntriesFromFile
// does: blank lines are ignored, lines that are not JSON objects are
// skipped with a warning (a torn last line is one), and the first
// remaining line must be a "session" header with a string id, otherwise
// the file counts as empty. Older versions are migrated to v3 in memory
// (loaded.migrated says so).
func parseSession(path string, data []byte) loaded {
	var ld loaded
	ld.tornTail = len(data) > 0 && data[len(data)-1] != '\n'
	var lines []*parsedLine
	n := 0
	for rest := data; len(rest) > 0; {
		n++
		var line []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			line, rest = rest, nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		m, err := decodeLine(line)
		if err != nil || m == nil {
			text := "skipped a line that is not a JSON object"
			if len(rest) == 0 && ld.tornTail {
				text = "skipped a torn last line (incomplete write)"
			}
			ld.warnings = append(ld.warnings, Warning{path, n, text})
			continue
		}
		lines = append(lines, &parsedLine{n: n, raw: line, m: m})
	}
	if len(lines) == 0 {
		return ld
	}
	if _, ok := lines[0].m["id"].(string); lines[0].m["type"] != "session" || !ok {
		ld.warnings = append(ld.warnings, Warning{path, lines[0].n, "no session header with a string id: the file counts as empty"})
		return ld
	}
	ld.valid = true
	if from, ok := migrate(lines); ok {
		ld.migrated = true
		ld.warnings = append(ld.warnings, Warning{path, 0, fmt.Sprintf("migrated from version %d to %d", from, CurrentVersion)})
	}
	h := lines[0]
	ld.hdrRaw = h.raw
	ld.header = headerFromMap(h.m)
	ids := map[string]bool{}
	for _, l := range lines[1:] {
		if l.m["type"] == "session" {
			ld.warnings = append(ld.warnings, Warning{path, l.n, "skipped a second session header"})
			continue
		}
		id, ok := l.m["id"].(string)
		if !ok {
			ld.warnings = append(ld.warnings, Warning{path, l.n, "skipped an entry without a string id"})
			continue
		}
		if ids[id] {
			ld.warnings = append(ld.warnings, Warning{path, l.n, fmt.Sprintf("entry id %q repeats an earlier one; the later entry wins", id)})
		}
		ids[id] = true
		ld.recs = append(ld.recs, &record{e: l.m, raw: l.raw})
	}
	return ld
}

func headerFromMap(m map[string]any) Header {
	h := Header{Type: "session"}
	h.ID, _ = m["id"].(string)
	h.Timestamp, _ = m["timestamp"].(string)
	h.Cwd, _ = m["cwd"].(string)
	h.ParentSession, _ = m["parentSession"].(string)
	if v, ok := m["version"].(float64); ok {
		h.Version = int(v)
	}
	return h
}

// migrate brings lines (header first) to CurrentVersion as pi's
// migrateToCurrentVersion does, editing each changed line in place with
// its key order kept (new keys last). It returns the original version and
// whether anything was migrated.
func migrate(lines []*parsedLine) (int, bool) {
	version := 1
	if v, ok := lines[0].m["version"].(float64); ok {
		version = int(v)
	}
	if version >= CurrentVersion {
		return version, false
	}
	if version < 2 {
		migrateV1ToV2(lines)
	}
	migrateV2ToV3(lines)
	return version, true
}

// migrateV1ToV2 gives the linear v1 entries ids and parentIds (each the
// previous entry) and turns compaction.firstKeptEntryIndex (an index into
// the file's parsed lines, header included) into firstKeptEntryId.
func migrateV1ToV2(lines []*parsedLine) {
	ids := map[string]bool{}
	assigned := make([]string, len(lines))
	prev := json.RawMessage("null")
	for i, l := range lines {
		if l.m["type"] == "session" {
			continue
		}
		id := newEntryID(func(s string) bool { return ids[s] })
		ids[id] = true
		assigned[i] = id
		edit(l, func(o *object) {
			o.set("id", quote(id))
			o.set("parentId", prev)
			if l.m["type"] != "compaction" {
				return
			}
			idx, isNum := l.m["firstKeptEntryIndex"].(float64)
			if !isNum {
				return
			}
			// JS: entries[idx].id, set only when that entry (already) has one.
			if k := int(idx); float64(k) == idx && k >= 0 && k < len(lines) &&
				lines[k].m["type"] != "session" && assigned[k] != "" {
				o.set("firstKeptEntryId", quote(assigned[k]))
			}
			o.del("firstKeptEntryIndex")
		})
		prev = quote(id)
	}
}

// migrateV2ToV3 renames message role "hookMessage" to "custom".
func migrateV2ToV3(lines []*parsedLine) {
	for _, l := range lines {
		if l.m["type"] == "session" {
			edit(l, func(o *object) { o.set("version", json.RawMessage("3")) })
			continue
		}
		if l.m["type"] != "message" || messageRole(l.m) != "hookMessage" {
			continue
		}
		edit(l, func(o *object) {
			raw, _ := o.get("message")
			msg, err := parseObject(raw)
			if err != nil {
				return
			}
			msg.set("role", quote("custom"))
			o.set("message", msg.bytes())
		})
	}
}

// edit changes a line through its ordered form and re-decodes it.
func edit(l *parsedLine, f func(*object)) {
	o, err := parseObject(l.raw)
	if err != nil {
		return
	}
	f(&o)
	raw := o.bytes()
	m, err := decodeLine(raw)
	if err != nil || m == nil {
		return
	}
	l.raw, l.m = raw, m
}
