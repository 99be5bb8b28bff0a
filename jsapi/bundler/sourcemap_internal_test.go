package bundler

import "testing"

func TestWithoutSourcesContent(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"version":3,"sources":["a"],"sourcesContent":["x ] \" ],\\"],"mappings":"AAAA","names":[]}`, `{"version":3,"sources":["a"],"mappings":"AAAA","names":[]}`},
		{`{"version":3,"mappings":"AAAA","sourcesContent":["]"]}`, `{"version":3,"mappings":"AAAA"}`},
		{`{"sourcesContent":[null,"a"],"mappings":""}`, `{"mappings":""}`},
		{`{"version":3,"mappings":"AAAA"}`, `{"version":3,"mappings":"AAAA"}`},
		{`{"sourcesContent":["unterminated`, `{"sourcesContent":["unterminated`},
	} {
		if got := withoutSourcesContent(c.in); got != c.want {
			t.Errorf("withoutSourcesContent(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
