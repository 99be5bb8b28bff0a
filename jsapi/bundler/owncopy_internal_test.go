package bundler

import "testing"

func TestPackageName(t *testing.T) {
	for spec, want := range map[string]string{
		"@sinclair/typebox":       "@sinclair/typebox",
		"@sinclair/typebox/value": "@sinclair/typebox",
		"typebox":                 "typebox",
		"typebox/compile":         "typebox",
		"@scope":                  "@scope",
	} {
		if got := packageName(spec); got != want {
			t.Errorf("packageName(%q) = %q, want %q", spec, got, want)
		}
	}
}

func TestParseOwnCopies(t *testing.T) {
	got := parseOwnCopies(map[string]string{"typebox": "1.4.3", "bad": "not-a-version"})
	if len(got) != 1 || got["typebox"].String() != "1.4.3" {
		t.Fatalf("parseOwnCopies = %v", got)
	}
}
