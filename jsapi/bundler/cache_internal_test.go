package bundler

import (
	"strings"
	"testing"
)

func TestMemCacheEvictsLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	rec := func(n int) *cacheRecord { return &cacheRecord{Code: strings.Repeat("x", n)} }
	c := newMemCache(250)
	c.put("a", rec(100))
	c.put("b", rec(100))
	c.get("a") // b is now the least recently used
	c.put("c", rec(100))
	for key, want := range map[string]bool{"a": true, "b": false, "c": true} {
		if _, ok := c.get(key); ok != want {
			t.Errorf("get(%s) = %v, want %v", key, ok, want)
		}
	}
	if c.used != 200 {
		t.Errorf("used = %d, want 200", c.used)
	}
	c.put("huge", rec(1000)) // larger than the limit: not kept, evicts nothing
	if _, ok := c.get("huge"); ok || c.used != 200 {
		t.Errorf("oversized record kept (used %d)", c.used)
	}
	c.put("a", rec(250)) // replacing counts the new size only
	if _, ok := c.get("c"); ok || c.used != 250 {
		t.Errorf("after replace: c kept or used = %d, want 250", c.used)
	}
}

func TestShiftFirstLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in    string
		shift int
		want  string
	}{
		{"AAAA;AACA", 16, "gBAAA;AACA"},
		{";AAAA", 5, ";AAAA"},
		{"", 3, ""},
		{"EAAE,CAAC", 1, "GAAE,CAAC"},
	} {
		if got := shiftFirstLine(tt.in, tt.shift); got != tt.want {
			t.Errorf("shiftFirstLine(%q, %d) = %q, want %q", tt.in, tt.shift, got, tt.want)
		}
	}
	for _, v := range []int{0, 1, -1, 15, 16, -16, 1000, -123456} {
		if got, n, ok := decodeVLQ(encodeVLQ(v)); !ok || got != v || n != len(encodeVLQ(v)) {
			t.Errorf("VLQ round trip of %d = %d (ok %v)", v, got, ok)
		}
	}
}

func TestExternalMatcher(t *testing.T) {
	t.Parallel()
	m := newExternalMatcher([]string{"@mariozechner/*", "typebox", "*.node", "./local-host"})
	for spec, want := range map[string]bool{
		"@mariozechner/pi-tui":  true,
		"@mariozechner/pi-ai/x": true,
		"@mariozechner":         false,
		"typebox":               true,
		"typebox/compile":       true,
		"typeboxer":             false,
		"addon.node":            true,
		"./local-host":          true,
		"./local-host/x":        false,
		"fs":                    true,
		"fs/promises":           true,
		"node:sqlite":           true,
		"fs-extra":              false,
		"left-pad":              false,
	} {
		if got := m.match(spec); got != want {
			t.Errorf("match(%q) = %v, want %v", spec, got, want)
		}
	}
}
