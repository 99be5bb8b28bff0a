package provider

import (
	"context"
	"testing"
)

// Config values as pi 1.6 resolves them (resolve-config-value.js), plus
// 0.73.1's bare environment variable names.
func TestResolveConfigValuePi16(t *testing.T) {
	env := map[string]string{"KEY": "k1", "HOST": "h", "EMPTY": ""}
	run := func(context.Context, string) (string, error) { return " out \n", nil }
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"$KEY", "k1", true},
		{"${KEY}", "k1", true},
		{"Bearer $KEY", "Bearer k1", true},
		{"https://${HOST}:8080/$KEY/x", "https://h:8080/k1/x", true},
		{"$MISSING", "", false},
		{"$EMPTY", "", false},
		{"a$$b", "a$b", true},
		{"$!x", "!x", true},
		{"${not valid}", "${not valid}", true},
		{"${KEY", "${KEY", true},
		{"cost $5", "cost $5", true},
		{"KEY", "k1", true},          // 0.73.1: a set variable's name
		{"literal", "literal", true}, // 0.73.1: else the literal
		{"!cmd", "out", true},
	} {
		got, ok := resolveConfigValue(context.Background(), c.in, env, run)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: %q %v, want %q %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
