package discover

import (
	"path/filepath"
	"strconv"
	"strings"
)

// assignIDs sets Extension.ID for every entry; pkgNames[i] is the package
// exts[i] came from ("" if none). See Extension.ID for the rules.
func assignIDs(exts []Extension, pkgNames []string) {
	bases := make([]string, len(exts))
	count := map[string]int{}
	for i, e := range exts {
		bases[i] = sanitizeName(baseID(e.Path))
		count[bases[i]]++
	}
	ids := make([]string, len(exts))
	for i := range exts {
		ids[i] = bases[i]
		if count[bases[i]] > 1 && pkgNames[i] != "" {
			ids[i] = qualify(pkgNames[i], bases[i])
		}
	}
	taken := map[string]bool{}
	for _, id := range ids {
		taken[id] = true
	}
	used := map[string]bool{}
	for i, id := range ids {
		if used[id] {
			n := 2
			for taken[id+"-"+strconv.Itoa(n)] || used[id+"-"+strconv.Itoa(n)] {
				n++
			}
			id += "-" + strconv.Itoa(n)
		}
		used[id] = true
		exts[i].ID = id
	}
}

// baseID is the file name without its last extension, or the directory
// name for an index file.
func baseID(path string) string {
	name := filepath.Base(path)
	stem := strings.TrimSuffix(name, filepath.Ext(name))
	if stem == "index" {
		if dir := filepath.Base(filepath.Dir(path)); dir != "/" && dir != "." {
			return dir
		}
	}
	return stem
}

// qualify builds "<package>:<base>", keeping a valid "@scope/" prefix.
func qualify(pkg, base string) string {
	scope := ""
	if strings.HasPrefix(pkg, "@") {
		if i := strings.Index(pkg, "/"); i > 0 {
			scope = sanitizeScope(pkg[1:i])
			pkg = pkg[i+1:]
		}
	}
	id := sanitizeName(pkg) + ":" + base
	if scope != "" {
		id = "@" + scope + "/" + id
	}
	return id
}

// sanitizeName maps s onto [A-Za-z0-9][A-Za-z0-9._:-]*: other characters
// become "-", leading non-alphanumerics are dropped, "" becomes "ext".
func sanitizeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case isAlnum(r) || r == '.' || r == '_' || r == ':' || r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.TrimLeftFunc(b.String(), func(r rune) bool { return !isAlnum(r) })
	if out == "" {
		return "ext"
	}
	return out
}

// sanitizeScope maps a package scope onto [a-z0-9][a-z0-9._-]*, or "".
func sanitizeScope(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case isAlnum(r) || r == '.' || r == '_' || r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return strings.TrimLeftFunc(b.String(), func(r rune) bool { return !isAlnum(r) })
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
