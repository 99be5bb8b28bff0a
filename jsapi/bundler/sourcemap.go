package bundler

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// sourceMap is the subset of a v3 source map the bundler rewrites; unknown
// fields are dropped (esbuild emits none beyond these).
type sourceMap struct {
	Version        int      `json:"version"`
	Sources        []string `json:"sources"`
	SourcesContent []string `json:"sourcesContent,omitempty"`
	Mappings       string   `json:"mappings"`
	Names          []string `json:"names"`
}

// fixSourceMap makes esbuild's map self-contained for goja: sources become
// absolute paths (esbuild writes them relative to the output directory),
// and files the loader plugin edited get their original text back in
// sourcesContent, so a debugger shows what the author wrote. mappings
// rewrites the mappings for edits made to esbuild's code.
func fixSourceMap(raw []byte, outDir string, originals map[string]string, mappings func(string) string) (string, error) {
	var sm sourceMap
	if err := json.Unmarshal(raw, &sm); err != nil {
		return "", fmt.Errorf("decode source map: %w", err)
	}
	for i, src := range sm.Sources {
		if isNamespaced(src) {
			continue
		}
		abs := filepath.Clean(filepath.Join(outDir, filepath.FromSlash(src)))
		sm.Sources[i] = abs
		if orig, ok := originals[abs]; ok && i < len(sm.SourcesContent) {
			sm.SourcesContent[i] = orig
		}
	}
	sm.Mappings = mappings(sm.Mappings)
	out, err := json.Marshal(&sm)
	if err != nil {
		return "", fmt.Errorf("encode source map: %w", err)
	}
	return string(out), nil
}

// isNamespaced reports whether a source-map source is one of the plugin's
// virtual modules ("pigo-meta:/x.ts") rather than a path.
func isNamespaced(src string) bool {
	for _, ns := range [...]string{nsEntry, nsExternal, nsVirtual, nsMissing, nsMeta} {
		if strings.HasPrefix(src, ns+":") {
			return true
		}
	}
	return false
}

// inlineSourceMap returns mapJSON as a sourceMappingURL comment, with the
// generated columns of the first line moved right by shift bytes: the
// first line of Code is preceded by the wrapper prefix.
func inlineSourceMap(mapJSON string, shift int) string {
	return "//# sourceMappingURL=data:application/json;base64," + base64.StdEncoding.EncodeToString([]byte(shiftMap(mapJSON, shift)))
}

// shiftMap returns mapJSON with the generated columns of the first line
// moved right by shift bytes.
func shiftMap(mapJSON string, shift int) string {
	const key = `"mappings":"`
	if i := strings.Index(mapJSON, key); i >= 0 && shift != 0 {
		start := i + len(key)
		end := start + strings.IndexByte(mapJSON[start:], '"')
		if end >= start {
			mapJSON = mapJSON[:start] + shiftFirstLine(mapJSON[start:end], shift) + mapJSON[end:]
		}
	}
	return mapJSON
}

// withoutSourcesContent returns mapJSON without its sourcesContent member
// (mapJSON unchanged when it has none or is not the JSON it expects).
// Locating a runtime error needs only the mappings; the original files'
// text is for debuggers.
func withoutSourcesContent(mapJSON string) string {
	const key = `"sourcesContent":[`
	start := strings.Index(mapJSON, key)
	if start < 0 {
		return mapJSON
	}
	// The key is found outside strings: a quote inside a JSON string is
	// escaped. The array ends at the first ']' outside its strings.
	inString, escaped := false, false
	for i := start + len(key); i < len(mapJSON); i++ {
		c := mapJSON[i]
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && c == ']':
			end := i + 1
			switch {
			case end < len(mapJSON) && mapJSON[end] == ',':
				end++ // the member and the comma after it
			case start > 0 && mapJSON[start-1] == ',':
				start-- // the last member: the comma before it
			}
			return mapJSON[:start] + mapJSON[end:]
		}
	}
	return mapJSON
}

// shiftFirstLine adds shift to the generated column of the first segment
// of the first line. Generated columns are relative within a line and reset
// at each ';', so this moves the whole first line and nothing else.
func shiftFirstLine(mappings string, shift int) string {
	if mappings == "" || mappings[0] == ';' || mappings[0] == ',' {
		return mappings
	}
	col, n, ok := decodeVLQ(mappings)
	if !ok {
		return mappings
	}
	return encodeVLQ(col+shift) + mappings[n:]
}

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// decodeVLQ reads one base64 VLQ value from the start of s and returns it
// with the number of bytes it used.
func decodeVLQ(s string) (value, n int, ok bool) {
	shift := 0
	for n < len(s) {
		d := strings.IndexByte(base64Digits, s[n])
		if d < 0 {
			return 0, 0, false
		}
		n++
		value |= (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			if value&1 != 0 {
				return -(value >> 1), n, true
			}
			return value >> 1, n, true
		}
	}
	return 0, 0, false
}

func encodeVLQ(v int) string {
	u := v << 1
	if v < 0 {
		u = (-v << 1) | 1
	}
	var sb strings.Builder
	for {
		d := u & 31
		u >>= 5
		if u != 0 {
			d |= 32
		}
		sb.WriteByte(base64Digits[d])
		if u == 0 {
			return sb.String()
		}
	}
}
