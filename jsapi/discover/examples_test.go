package discover_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/discover"
)

// The example extensions shipped with pi 0.73.1 (73 entries: 64 .ts files,
// README.md and 8 directories, 4 of them with a pi manifest) are installed
// by `make test` as an npm devDependency; PIGO_PI_EXAMPLES points elsewhere.

func examplesDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PIGO_PI_EXAMPLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "node_modules", "@mariozechner", "pi-coding-agent", "examples", "extensions")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("pi examples not installed (run `make test`, which runs npm ci): %v", err)
	}
	return dir
}

func TestPiExamples(t *testing.T) {
	t.Parallel()
	dir := examplesDir(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	manifestDirs := []string{"custom-provider-anthropic", "custom-provider-gitlab-duo", "sandbox", "with-deps"}
	for _, d := range manifestDirs {
		b, err := os.ReadFile(filepath.Join(dir, d, "package.json"))
		if err != nil {
			t.Fatal(err)
		}
		var pkg struct {
			Pi struct{ Extensions []string } `json:"pi"`
		}
		if err := json.Unmarshal(b, &pkg); err != nil || !slices.Equal(pkg.Pi.Extensions, []string{"./index.ts"}) {
			t.Fatalf("%s: pi.extensions = %v, %v; the corpus changed", d, pkg.Pi.Extensions, err)
		}
	}

	t.Run("cli", func(t *testing.T) {
		t.Parallel()
		// `pi -e <entry>` for every entry: files load whatever their
		// extension (README.md too, which then fails to load), directories
		// are packages, and subagent, having a prompts/ folder but no
		// extensions/ folder or manifest, contributes nothing.
		var cli []string
		for _, e := range entries {
			cli = append(cli, filepath.Join(dir, e.Name()))
		}
		exts := discoverExamples(t, discover.Options{Cwd: t.TempDir(), AgentDir: t.TempDir(), Home: t.TempDir(), Extensions: cli})
		var want []string
		for _, e := range entries {
			switch {
			case !e.IsDir():
				want = append(want, e.Name())
			case e.Name() != "subagent":
				want = append(want, e.Name()+"/index.ts")
			}
		}
		wantList(t, relPaths(dir, exts), want...)
		if len(exts) != 72 {
			t.Errorf("got %d extensions, want 72", len(exts))
		}
		byPath := idsByPath(dir, exts)
		if byPath["README.md"] != "README" || byPath["with-deps/index.ts"] != "with-deps" || byPath["hello.ts"] != "hello" {
			t.Errorf("ids = %v", byPath)
		}
	})

	t.Run("settings-dir", func(t *testing.T) {
		t.Parallel()
		// The directory as a settings `extensions` entry (or as an
		// extensions dir): .ts/.js files and each subdirectory's manifest or
		// index.ts, subagent included, README.md not.
		home := t.TempDir()
		agent := filepath.Join(home, "agent")
		if err := os.MkdirAll(agent, 0o755); err != nil {
			t.Fatal(err)
		}
		settings, _ := json.Marshal(map[string]any{"extensions": []string{dir}})
		if err := os.WriteFile(filepath.Join(agent, "settings.json"), settings, 0o644); err != nil {
			t.Fatal(err)
		}
		exts := discoverExamples(t, discover.Options{Cwd: t.TempDir(), AgentDir: agent, Home: home})
		var want []string
		for _, e := range entries {
			switch {
			case e.IsDir():
				want = append(want, e.Name()+"/index.ts")
			case strings.HasSuffix(e.Name(), ".ts"):
				want = append(want, e.Name())
			}
		}
		wantList(t, relPaths(dir, exts), want...)
		if len(exts) != 72 {
			t.Errorf("got %d extensions, want 72", len(exts))
		}
		for _, e := range exts {
			if e.Origin != "settings:global" {
				t.Errorf("%s: origin %q", e.Path, e.Origin)
			}
		}
		if id := idsByPath(dir, exts)["subagent/index.ts"]; id != "subagent" {
			t.Errorf("subagent id = %q", id)
		}
	})
}

func discoverExamples(t *testing.T, opts discover.Options) []discover.Extension {
	t.Helper()
	exts, probs := discover.Discover(opts)
	wantNoProblems(t, probs)
	checkIDs(t, exts)
	crossCheck(t, opts, exts)
	return exts
}

func relPaths(dir string, exts []discover.Extension) []string {
	var out []string
	for _, e := range exts {
		r, _ := filepath.Rel(dir, e.Path)
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

func idsByPath(dir string, exts []discover.Extension) map[string]string {
	m := map[string]string{}
	for i, r := range relPaths(dir, exts) {
		m[r] = exts[i].ID
	}
	return m
}
