package resources

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Frontmatter is the parsed YAML between a file's leading "---" lines:
// keys to nil, bool, float64, string, []any or map[string]any values.
type Frontmatter map[string]any

// ParseFrontmatter is pi's parseFrontmatter: content's line endings are
// normalized to "\n"; when it starts with "---" and has a later "\n---",
// the text between is YAML and the body is what follows, trimmed;
// otherwise the frontmatter is empty and the body is the whole
// (normalized, untrimmed) content. A YAML document that is not a mapping
// counts as empty. Invalid YAML is an error (pi's loaders turn it into a
// warning or skip the file).
func ParseFrontmatter(content string) (Frontmatter, string, error) {
	v, body, err := FrontmatterValue(content)
	if err != nil {
		return nil, body, err
	}
	m, _ := jsjson.Plain(v).(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return Frontmatter(m), body, nil
}

// FrontmatterValue is ParseFrontmatter with the frontmatter as pi's
// parseFrontmatter returns it to JavaScript: whatever the YAML holds (a
// list or a string too), an empty *jsjson.Object where there is none,
// mappings as *jsjson.Object in the order they are written.
func FrontmatterValue(content string) (any, string, error) {
	normalized := strings.ReplaceAll(strings.ReplaceAll(content, "\r\n", "\n"), "\r", "\n")
	if !strings.HasPrefix(normalized, "---") {
		return &jsjson.Object{}, normalized, nil
	}
	end := strings.Index(normalized[3:], "\n---")
	if end < 0 {
		return &jsjson.Object{}, normalized, nil
	}
	end += 3
	yamlText := ""
	if end > 4 {
		yamlText = normalized[4:end]
	}
	body := jsTrim(normalized[end+4:])
	if yamlText == "" {
		return &jsjson.Object{}, body, nil
	}
	v, err := parseYAML(yamlText)
	if err != nil {
		return nil, body, err
	}
	if v == nil {
		v = &jsjson.Object{} // pi: parsed ?? {}
	}
	return v, body, nil
}

// StripFrontmatter returns the body ParseFrontmatter finds.
func StripFrontmatter(content string) (string, error) {
	_, body, err := ParseFrontmatter(content)
	return body, err
}

// jsTrim is JavaScript's String.prototype.trim.
func jsTrim(s string) string { return jsjson.Trim(s) }

// jsLen is a string's JavaScript length (UTF-16 code units).

// jsSlice is s.slice(0, n) in UTF-16 code units.
func jsSlice(s string, n int) string {
	u := utf16.Encode([]rune(s))
	if len(u) <= n {
		return s
	}
	return string(utf16.Decode(u[:n]))
}

// nodeError words a file-system error the way Node does
// ("ENOENT: no such file or directory, open '/x'"), which is what pi
// reports.
func nodeError(err error, syscallName, path string) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		code, text := "", ""
		switch errno {
		case syscall.ENOENT:
			code, text = "ENOENT", "no such file or directory"
		case syscall.EACCES:
			code, text = "EACCES", "permission denied"
		case syscall.EISDIR:
			return "EISDIR: illegal operation on a directory, read"
		case syscall.ENOTDIR:
			code, text = "ENOTDIR", "not a directory"
		}
		if code != "" {
			return code + ": " + text + ", " + syscallName + " '" + path + "'"
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
