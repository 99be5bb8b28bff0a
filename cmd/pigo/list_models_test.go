package main

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// sortedByNode is a list sorted by Node 22's (ICU 78) localeCompare.
var sortedByNode = []string{"a", "A", "a b", "a_b", "a-", "a--b", "a-1", "a-b", "a,b", "a;b", "a:b", "a!b", "a?b", "a.b", "a'b", `a"b`,
	"a(b", "a[b", "a{b", "a@b", "a*b", "a/b", `a\b`, "a&b", "a#b", "a%b", "a`b", "a^b", "a+b", "a<b", "a=b", "a>b", "a|b", "a~b", "a$b",
	"a0", "a1", "a1-", "a9", "aa", "ab", "aB", "Ab", "aZ",
	"claude-3-5-haiku-20241022", "claude-3-5-haiku-latest", "claude-3.5", "deepseek-r1", "deepseek-r1:free", "gpt-4-turbo", "gpt-4.1",
	"gpt-4o", "gpt-4o-mini", "gpt-5", "gpt-5-mini", "gpt-5.1", "llama3.1-8b", "llama3.1:8b", "llama3.18b", "o1", "o1-mini", "o3",
	"qwen/qwen3", "Qwen/Qwen3"}

func TestLocaleCompareSortsLikeNode(t *testing.T) {
	t.Parallel()
	shuffled := slices.Clone(sortedByNode)
	rand.New(rand.NewSource(1)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	slices.SortStableFunc(shuffled, localeCompare)
	if !slices.Equal(shuffled, sortedByNode) {
		t.Errorf("sorted:\n got %q\nwant %q", shuffled, sortedByNode)
	}
}

func TestFuzzyFilter(t *testing.T) {
	t.Parallel()
	items := []string{"openai gpt-4o", "openai gpt-4.1-nano", "anthropic claude-haiku-4-5", "openai o4-mini", "mock mock-1"}
	for query, want := range map[string][]string{
		"gpt-4o":       {"openai gpt-4o", "openai gpt-4.1-nano"}, // a subsequence, as in pi
		"GPT 4O":       {"openai gpt-4o", "openai gpt-4.1-nano"},
		"mck1":         {"mock mock-1"},
		"4o":           {"openai gpt-4o", "openai gpt-4.1-nano", "anthropic claude-haiku-4-5", "openai o4-mini"}, // or "o4"
		"o4-m":         {"openai o4-mini"},
		"haiku anthro": {"anthropic claude-haiku-4-5"},
		"   ":          items,
		"zzz":          nil,
	} {
		got := fuzzyFilter(items, query, func(s string) string { return s })
		if !slices.Equal(got, want) {
			t.Errorf("fuzzyFilter(%q) = %q, want %q", query, got, want)
		}
	}
}

func TestFormatTokenCount(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1K", 1250: "1.3K", 1050: "1.1K", 8192: "8.2K", 16384: "16.4K",
		128000: "128K", 131072: "131.1K", 1000000: "1M", 1048576: "1.0M", 1050000: "1.1M", 2000000: "2M"} {
		if got := formatTokenCount(n); got != want {
			t.Errorf("formatTokenCount(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestPiConsole(t *testing.T) {
	t.Parallel()
	var out, errOut strings.Builder
	for _, c := range []struct {
		tty    bool
		flags  piFlags
		stdout bool
	}{
		{true, piFlags{}, true},
		{false, piFlags{}, false},
		{true, piFlags{print: true}, false},
		{true, piFlags{mode: "json"}, false},
		{true, piFlags{mode: "rpc"}, false},
		{true, piFlags{mode: "text"}, true},
	} {
		io := &IO{Stdout: &out, Stderr: &errOut, StdinTTY: c.tty}
		if got := piConsole(io, c.flags) == io.Stdout; got != c.stdout {
			t.Errorf("tty=%v flags=%+v: stdout=%v", c.tty, c.flags, got)
		}
	}
}

func TestModelsJSONError(t *testing.T) {
	t.Parallel()
	f := "/a/models.json"
	for _, c := range []struct {
		problems []error
		want     string
	}{
		{nil, ""},
		{[]error{errors.New("auth.json: unreadable")}, ""},
		{[]error{&provider.ConfigError{File: f, Message: "Failed to parse models.json: bad"}}, "Failed to parse models.json: bad\n\nFile: " + f},
		{[]error{&provider.ConfigError{File: f, Path: "providers.x", Message: `Provider x: "apiKey" is required when defining custom models.`},
			&provider.ConfigError{File: f, Path: "providers.y", Message: `Provider y: more`}},
			"Failed to load models.json: Provider x: \"apiKey\" is required when defining custom models.\n\nFile: " + f},
		{[]error{&provider.ConfigError{File: f, Path: "providers.x.models.0.id", Message: "Expected string"},
			&provider.ConfigError{File: f, Message: "Expected object"}},
			"Invalid models.json schema:\n  - providers.x.models.0.id: Expected string\n  - root: Expected object\n\nFile: " + f},
	} {
		if got := modelsJSONError(c.problems); got != c.want {
			t.Errorf("modelsJSONError(%v) = %q, want %q", c.problems, got, c.want)
		}
	}
}

// TestDifferentialListModels runs --list-models through real pi and pigo
// with the same models.json (ids that exercise localeCompare, a provider
// without models), an extension that registers a provider, and no API
// keys in the environment (the built-in catalogs differ): the outputs
// must be byte for byte the same.
func TestDifferentialListModels(t *testing.T) {
	sides := piSides(t)
	t.Parallel()
	var models []string
	for i, id := range sortedByNode {
		models = append(models, fmt.Sprintf(`{"id": %q, "contextWindow": %d, "maxTokens": %d, "reasoning": %v, "input": %s}`,
			id, []int{8192, 128000, 200000, 1048576, 2000000, 1500}[i%6], []int{999, 1000, 16384, 65536, 128000}[i%5], i%2 == 0,
			[]string{`["text"]`, `["text","image"]`}[i%3%2]))
	}
	modelsJSON := `{"providers": {
  "zeta": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [` + strings.Join(models, ",\n") + `]},
  "Alpha": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "one"}]},
  "alpha-2": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "two", "contextWindow": 1050000}]}
}}`
	ext := extSource(`pi.registerProvider("ext-prov", { baseUrl: "http://127.0.0.1:1/v1", apiKey: "ext-key", api: "openai-completions",
    models: [{ id: "ext-model", name: "Ext", reasoning: true, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 32000, maxTokens: 4096 }] });`)
	cases := map[string][]string{
		"all":      {"--list-models"},
		"search":   {"--list-models", "zeta a-"},
		"swap":     {"--list-models", "4o"},
		"none":     {"--list-models", "zzz"},
		"ext":      {"--list-models", "ext", "-e", "ext.ts"},
		"ext_all":  {"-e", "ext.ts", "--list-models"},
		"bad_flag": {"--list-models", "-x"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, work, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(modelsJSON), 0o644))
				must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644))
				out[side] = runCLI(argv, dir, args...)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
		})
	}
}
