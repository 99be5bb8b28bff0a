package discover

import "testing"

// The expectations below were taken from the ignore 7.0 package pi 0.73.1
// uses.

func TestIgnoreRules(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pattern, name string
		dir, want     bool
	}{
		{"foo/**", "foo", true, false},
		{"*.TS", "a.ts", false, true},
		{"foo", "foo", true, true},
		{"foo/", "foo", false, false},
		{"foo/", "foo", true, true},
		{"foo  ", "foo", false, true},
		{"**/foo", "foo", true, true},
		{"sub/x.ts", "x.ts", false, false},
		{"f[ab]o", "fao", false, true},
		{`a\ `, "a ", false, true},
		{"*", "x", true, true},
		{`\#a`, "#a", false, true},
		{"#a", "#a", false, false},
		{"foo/*", "foo", true, false},
		{"/top.ts", "top.ts", false, true},
	} {
		var m ignoreMatcher
		if r, ok := parseIgnoreLine(c.pattern); ok {
			m.rules = append(m.rules, r)
		}
		if got := m.ignores(c.name, c.dir); got != c.want {
			t.Errorf("ignore %q: ignores(%q, dir=%v) = %v, want %v", c.pattern, c.name, c.dir, got, c.want)
		}
	}
	var m ignoreMatcher
	for _, l := range []string{"*.ts", "!keep.ts"} {
		r, _ := parseIgnoreLine(l)
		m.rules = append(m.rules, r)
	}
	if m.ignores("keep.ts", false) || !m.ignores("x.ts", false) {
		t.Error("negation: want keep.ts kept and x.ts ignored")
	}
}
