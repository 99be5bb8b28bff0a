package tui

import "testing"

// TestSourceTag is pi's autocomplete source tag for each kind of source.
func TestSourceTag(t *testing.T) {
	for _, c := range []struct {
		si   map[string]any
		want string
	}{
		{nil, ""},
		{map[string]any{"source": "builtin", "scope": "temporary"}, ""},
		{map[string]any{"source": "local", "scope": "temporary"}, "t"},
		{map[string]any{"source": "auto", "scope": "project"}, "p"},
		{map[string]any{"source": "cli", "scope": "user"}, "u"},
		{map[string]any{"source": "npm:@acme/tools@1.2.0", "scope": "user"}, "u:npm:@acme/tools@1.2.0"},
		{map[string]any{"source": "git:github.com/acme/tools@v1", "scope": "project"}, "p:git:github.com/acme/tools@v1"},
		{map[string]any{"source": "https://github.com/acme/tools", "scope": "user"}, "u:git:github.com/acme/tools"},
		{map[string]any{"source": "./vendor/tools", "scope": "project"}, "p"},
	} {
		if got := sourceTag(c.si); got != c.want {
			t.Errorf("sourceTag(%v) = %q, want %q", c.si, got, c.want)
		}
	}
}
