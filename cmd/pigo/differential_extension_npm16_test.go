package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// TestDifferentialExtensionNPM16: `-e npm:pkg` against pi 1.6 (which runs
// npm) and pigo, from the same local registry: both install the package
// into the same place of pi's cache of temporary packages, record it the
// same way in that npm project's package.json, write no settings, and
// serve the package's command with the same sourceInfo; a package the
// registry does not have is a warning on both sides and the session runs.
func TestDifferentialExtensionNPM16(t *testing.T) {
	sides := pi16Sides(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("pi installs npm packages with npm, which is not installed")
	}
	reg := pkgmgrtest.New()
	defer reg.Close()
	reg.Publish("greeter", "1.0.0", map[string]string{"dep": "^1"}, map[string]string{
		"package.json": `{"name":"greeter","version":"1.0.0","dependencies":{"dep":"^1"},"pi":{"extensions":["./index.ts"]}}`,
		"index.ts":     `export default function (pi: any) { pi.registerCommand("greet", { description: "says hi", handler: async () => {} }); }`,
	})
	reg.Publish("dep", "1.0.0", nil, map[string]string{"index.js": "exports.x = 1;"})
	type result struct {
		command  any
		manifest any
		files    []string
		stderr   string
	}
	got := map[string]result{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		env := []string{"HOME=" + dir, "PI_CODING_AGENT_DIR=" + agentDir, "PIGO_CACHE_DIR=" + filepath.Join(dir, "cache"),
			"TMPDIR=" + dir, "PI_OFFLINE=", "npm_config_registry=" + reg.URL(), "npm_config_cache=" + filepath.Join(dir, "npm-cache")}
		send, next := rpcSession(t, argv, dir, env, "-e", "npm:greeter", "-e", "npm:no-such-package")
		send(`{"id":"c","type":"get_commands"}`)
		var r result
		for _, c := range next(rpcResponse("c"))["data"].(map[string]any)["commands"].([]any) {
			if c.(map[string]any)["name"] == "greet" {
				b, _ := json.Marshal(c)
				var v any
				_ = json.Unmarshal([]byte(strings.ReplaceAll(string(b), dir, "DIR")), &v)
				r.command = v
			}
		}
		root := filepath.Join(agentDir, "tmp", "extensions", "npm", "f35b2129")
		b, err := os.ReadFile(filepath.Join(root, "package.json"))
		must(t, err)
		_ = json.Unmarshal(b, &r.manifest)
		for _, f := range []string{"node_modules/greeter/index.ts", "node_modules/dep/index.js", ".gitignore"} {
			if _, err := os.Stat(filepath.Join(root, f)); err == nil {
				r.files = append(r.files, f)
			}
		}
		// The failure's cause is npm's words in pi and pigo's own in pigo.
		b, _ = os.ReadFile(filepath.Join(dir, "stderr.txt"))
		for _, l := range strings.Split(string(b), "\n") {
			if i := strings.Index(l, `Extension package "npm:no-such-package": failed to install (`); i >= 0 {
				r.stderr = l[i : i+len(`Extension package "npm:no-such-package": failed to install (`)]
				r.stderr += "...)" + l[strings.LastIndex(l, ")")+1:]
			}
		}
		if _, err := os.Stat(filepath.Join(agentDir, "settings.json")); err == nil {
			t.Errorf("%s wrote settings for -e", side)
		}
		got[side] = r
	}
	if got["pi"].command == nil || got["pi"].stderr == "" {
		t.Fatalf("pi did not load the package or warn: %+v", got["pi"])
	}
	if !reflect.DeepEqual(got["pi"], got["pigo"]) {
		t.Errorf("results differ:\npi:   %+v\npigo: %+v", got["pi"], got["pigo"])
	}
}
