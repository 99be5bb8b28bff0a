package webapi

import (
	"strings"
	"testing"
)

// The JS tests in testdata/url.js check the parser through URL, against
// what Node prints; these check properties that hold for every input.

var urlSeeds = []struct{ input, base string }{
	{"https://example.com/a/b/", ""},
	{"c?q=1", "https://example.com/a/b/"},
	{"./data.json", "file:///home/u/ext/index.ts"},
	{"../x", "https://a.com/b/c/d"},
	{"HTTP://User:Pw@EXAMPLE.com:80/a/./b/../c?q= 1#f g", ""},
	{"http://[::ffff:1.2.3.4]:8080/", ""},
	{"http://0x7f.1/", ""},
	{"http://bücher.de/", ""},
	{"http://xn--bcher-kva.de/", ""},
	{"data:text/plain,a b ?x#y", ""},
	{"mailto:a@b", ""},
	{"custom://h/p/../q", ""},
	{"web+demo:/.//not-a-host/", ""},
	{"//h/p", "http://a/b"},
	{"?x", "file:///a/b"},
	{"#y", "data:,x"},
	{"file:///C|/x/../..", ""},
	{"\\\\h\\p", "http://a/"},
	{"blob:https://a.com/uuid", ""},
	{"sc:/..//x", ""},
}

// A serialized URL parses back to itself.
func TestParseURLRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range urlSeeds {
		checkRoundTrip(t, s.input, s.base)
	}
}

func checkRoundTrip(t *testing.T, input, base string) {
	t.Helper()
	var b *urlRecord
	if base != "" {
		var ok bool
		if b, ok = parseURL(base, nil); !ok {
			return
		}
	}
	u, ok := parseURL(input, b)
	if !ok {
		return
	}
	href := u.href()
	again, ok := parseURL(href, nil)
	if !ok {
		t.Fatalf("parse(%q, %q) = %q, which does not parse", input, base, href)
	}
	if got := again.href(); got != href {
		t.Fatalf("parse(%q, %q) = %q, which reparses as %q", input, base, href, got)
	}
	for _, r := range href {
		if r > 0x7E || r < 0x21 && !(r == ' ' && u.u.OpaquePath()) {
			t.Fatalf("parse(%q, %q) = %q: %U is not percent-encoded", input, base, href, r)
		}
	}
}

// FuzzParseURL checks that parsing and every setter terminate without
// panicking and that what they produce round-trips.
func FuzzParseURL(f *testing.F) {
	for _, s := range urlSeeds {
		f.Add(s.input, s.base, "x")
	}
	names := []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	f.Fuzz(func(t *testing.T, input, base, value string) {
		checkRoundTrip(t, input, base)
		u, ok := parseURL(input, nil)
		if !ok {
			return
		}
		for _, name := range names {
			c := urlRecord{u.u.Clone()}
			c.set(name, value)
			href := c.href()
			again, ok := parseURL(href, nil)
			if !ok || again.href() != href {
				t.Fatalf("%q.%s = %q gives %q, which does not round-trip", input, name, value, href)
			}
		}
		c := urlRecord{u.u.Clone()}
		c.setQuery(strings.ToValidUTF8(value, ""))
		_ = c.parts()
		formParse(value)
		formEncode(value)
	})
}

// BenchmarkParseURL parses the seed inputs (against their bases).
func BenchmarkParseURL(b *testing.B) {
	type pair struct{ input, base string }
	var cases []pair
	for _, s := range urlSeeds {
		cases = append(cases, pair{s.input, s.base})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			var base *urlRecord
			if c.base != "" {
				base, _ = parseURL(c.base, nil)
			}
			if u, ok := parseURL(c.input, base); ok {
				_ = u.parts()
			}
		}
	}
}
