package pathrules_test

import (
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

func TestApply(t *testing.T) {
	t.Parallel()
	files := []string{"/b/a.ts", "/b/sub/x.ts", "/b/.h.ts", "/b/s/SKILL.md"}
	for _, c := range []struct {
		patterns, want []string
	}{
		{nil, files},
		{[]string{"*.ts"}, []string{"/b/a.ts", "/b/sub/x.ts"}},
		{[]string{"sub/**", "!x.ts", "+sub/x.ts"}, []string{"/b/sub/x.ts"}},
		{[]string{"!s"}, []string{"/b/a.ts", "/b/sub/x.ts", "/b/.h.ts"}}, // a SKILL.md file matches through its directory
		{[]string{"-./a.ts"}, []string{"/b/sub/x.ts", "/b/.h.ts", "/b/s/SKILL.md"}},
		{[]string{"a.ts", "+/b/.h.ts"}, []string{"/b/a.ts", "/b/.h.ts"}},
	} {
		if got := pathrules.Apply(files, c.patterns, "/b"); !slices.Equal(got, c.want) {
			t.Errorf("Apply(%q) = %q, want %q", c.patterns, got, c.want)
		}
	}
}

func TestEnabledByOverrides(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		entries []string
		want    bool
	}{
		{nil, true},
		{[]string{"!*.ts"}, false},
		{[]string{"*.ts", "other.ts"}, true}, // plain entries do not count
		{[]string{"!*.ts", "+a.ts"}, true},
		{[]string{"+a.ts", "-/b/a.ts"}, false},
	} {
		if got := pathrules.EnabledByOverrides("/b/a.ts", c.entries, "/b"); got != c.want {
			t.Errorf("EnabledByOverrides(%q) = %v, want %v", c.entries, got, c.want)
		}
	}
}
