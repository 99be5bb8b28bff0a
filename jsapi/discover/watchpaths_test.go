package discover

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestWatchPaths(t *testing.T) {
	root := t.TempDir()
	cwd, agent := filepath.Join(root, "proj"), filepath.Join(root, "agent")
	for _, d := range []string{filepath.Join(cwd, ".pi", "extensions", "pkg"), filepath.Join(cwd, ".pi", "extensions", "node_modules"),
		filepath.Join(agent, "extensions")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dirs, files := WatchPaths(Options{Cwd: cwd, AgentDir: agent})
	wantDirs := []string{filepath.Join(cwd, ".pi", "extensions"), filepath.Join(cwd, ".pi", "extensions", "pkg"), filepath.Join(agent, "extensions")}
	wantFiles := []string{filepath.Join(cwd, ".pi", "settings.json"), filepath.Join(agent, "settings.json")}
	if !slices.Equal(dirs, wantDirs) || !slices.Equal(files, wantFiles) {
		t.Errorf("dirs %v files %v", dirs, files)
	}
	dirs, files = WatchPaths(Options{Cwd: cwd, AgentDir: agent, UntrustedProject: true})
	if !slices.Equal(dirs, wantDirs[2:]) || !slices.Equal(files, wantFiles[1:]) {
		t.Errorf("untrusted: dirs %v files %v", dirs, files)
	}
	if dirs, files := WatchPaths(Options{Cwd: cwd, AgentDir: agent, NoExtensions: true}); dirs != nil || files != nil {
		t.Errorf("--no-extensions: %v %v", dirs, files)
	}
}
