package agentsession

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/provider"
)

// sortedByNode (testdata/sorted_by_node.txt, one per line) is a list
// sorted by Node 22's (ICU 78) localeCompare.
func sortedByNode(t testing.TB) []string {
	b, err := os.ReadFile("testdata/sorted_by_node.txt")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func TestLocaleCompareSortsLikeNode(t *testing.T) {
	t.Parallel()
	want := sortedByNode(t)
	shuffled := slices.Clone(want)
	rand.New(rand.NewSource(1)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	slices.SortStableFunc(shuffled, locale.Compare)
	if !slices.Equal(shuffled, want) {
		t.Errorf("sorted:\n got %q\nwant %q", shuffled, want)
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
		io := &IO{Stdout: &out, Stderr: &errOut, StdinTTY: c.tty, StdoutTTY: c.tty}
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
		// pi 1.6's composition errors: one per provider left out, no file.
		{[]error{&provider.ConfigError{File: f, Path: "providers.x", Provider: "x", Message: `Provider x: "baseUrl" is required when defining custom models.`},
			&provider.ConfigError{File: f, Path: "providers.y", Provider: "y", Message: `Provider y: more`}},
			"Provider \"x\": Provider x: \"baseUrl\" is required when defining custom models.\n\nProvider \"y\": Provider y: more"},
		{[]error{&provider.ConfigError{File: f, Path: "providers.x.models.0.id", Message: "must be string", Schema: true},
			&provider.ConfigError{File: f, Path: "root", Message: "must be object", Schema: true}},
			"Invalid models.json schema:\n  - providers.x.models.0.id: must be string\n  - root: must be object\n\nFile: " + f},
	} {
		if got := modelsJSONError(c.problems); got != c.want {
			t.Errorf("modelsJSONError(%v) = %q, want %q", c.problems, got, c.want)
		}
	}
}

// TestModelsJSONErrorUnreadable: a models.json that cannot be read is
// reported with Node's error text, as pi quotes it.
func TestModelsJSONErrorUnreadable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "models.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	want := "Failed to load models.json: EISDIR: illegal operation on a directory, read\n\nFile: " + filepath.Join(dir, "models.json")
	if got := modelsJSONError(reg.Problems()); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
