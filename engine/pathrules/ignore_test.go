package pathrules

import (
	"os"
	"path/filepath"
	"testing"
)

// The expectations below were taken from the ignore 7.0 package pi 0.73.1
// uses.

func TestIgnoreRules(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pattern, rel string
		dir, want    bool
	}{
		{"foo/**", "foo", true, false},
		{"foo/**", "foo/x", false, true},
		{"*.TS", "a.ts", false, true},
		{"foo", "foo", true, true},
		{"foo/", "foo", false, false},
		{"foo/", "foo", true, true},
		{"foo  ", "foo", false, true},
		{"**/foo", "foo", true, true},
		{"**/foo", "a/b/foo", false, true},
		{"sub/x.ts", "x.ts", false, false},
		{"sub/x.ts", "sub/x.ts", false, true},
		{"f[ab]o", "fao", false, true},
		{"f[!ab]o", "fao", false, false},
		{`a\ `, "a ", false, true},
		{"*", "x", true, true},
		{`\#a`, "#a", false, true},
		{"#a", "#a", false, false},
		{"\ufeff#a", "#a", false, false}, // JavaScript's trim drops U+FEFF
		{"foo/*", "foo", true, false},
		{"/top.ts", "top.ts", false, true},
		{"dir/", "dir/inner.ts", false, true}, // inside an ignored directory
	} {
		var m Ignore
		m.addLine(c.pattern, "")
		if got := m.Ignores(c.rel, c.dir); got != c.want {
			t.Errorf("ignore %q: Ignores(%q, dir=%v) = %v, want %v", c.pattern, c.rel, c.dir, got, c.want)
		}
	}
	var m Ignore
	for _, l := range []string{"*.ts", "!keep.ts"} {
		m.addLine(l, "")
	}
	if m.Ignores("keep.ts", false) || !m.Ignores("x.ts", false) {
		t.Error("negation: want keep.ts kept and x.ts ignored")
	}
}

// TestIgnoreAddDir: a nested directory's rules are prefixed with its path,
// so they apply below it only, and its "/" does not anchor them at the root.
func TestIgnoreAddDir(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		filepath.Join(root, ".gitignore"): "*.log\r\n# c\n",
		filepath.Join(sub, ".fdignore"):   "/gen.ts\n!keep.log\n",
	} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var m Ignore
	m.AddDir(root, root)
	m.AddDir(sub, root)
	for rel, want := range map[string]bool{
		"a.log": true, "sub/a.log": true, "sub/keep.log": false, "keep.log": true,
		"sub/gen.ts": true, "gen.ts": false, "sub/x/gen.ts": false,
	} {
		if got := m.Ignores(rel, false); got != want {
			t.Errorf("Ignores(%q) = %v, want %v", rel, got, want)
		}
	}
}
