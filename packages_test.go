package pigo_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// TestProjectPackagesInstallWhenTrusted: the packages of the project's
// settings that are missing install once the project is trusted
// (LoadProject), not before, and their extensions load; one that cannot
// install is pi's warning naming `pigo remove ... --local`. A move to
// another project (Relocate) installs that project's packages when it
// is trusted, and not when it is not.
func TestProjectPackagesInstallWhenTrusted(t *testing.T) {
	reg := pkgmgrtest.New()
	defer reg.Close()
	reg.Publish("proj-tool", "1.0.0", nil, map[string]string{"extensions/t.ts": tool("pkgtool")})
	reg.Publish("other-tool", "1.0.0", nil, map[string]string{"extensions/t.ts": tool("othertool")})
	dir := t.TempDir()
	proj, other, untrusted, agent := filepath.Join(dir, "proj"), filepath.Join(dir, "other"), filepath.Join(dir, "untrusted"), filepath.Join(dir, "agent")
	write(t, proj, ".pi/settings.json", `{"packages": ["npm:proj-tool", "npm:no-such-pkg"]}`)
	write(t, other, ".pi/settings.json", `{"packages": ["npm:other-tool"]}`)
	write(t, untrusted, ".pi/settings.json", `{"packages": ["npm:other-tool"]}`)
	env := map[string]string{"HOME": dir, "npm_config_registry": reg.URL()}
	a, err := pigo.New(pigo.Options{Cwd: proj, AgentDir: agent, Discover: true, NoBundled: true, NoMCP: true, InstallPackages: true,
		Getenv: func(k string) string { return env[k] }, Environ: env})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(context.Background())
	tools := func() []string { return a.Host.Tools().Current().IDs() }
	installed := func(project, name string) bool {
		_, err := os.Stat(filepath.Join(project, ".pi", "npm", "node_modules", name, "package.json"))
		return err == nil
	}
	a.BootUntrusted(context.Background())
	if slices.Contains(tools(), "pkgtool") || installed(proj, "proj-tool") {
		t.Fatalf("before trust: tools %v, installed %v", tools(), installed(proj, "proj-tool"))
	}
	res := a.LoadProject(context.Background())
	if !slices.Contains(tools(), "pkgtool") || !installed(proj, "proj-tool") || len(res) != 1 || !res[0].OK {
		t.Fatalf("trusted: tools %v, installed %v, results %+v", tools(), installed(proj, "proj-tool"), res)
	}
	var problems []string
	for _, p := range a.Problems {
		problems = append(problems, p.Message)
	}
	got := strings.Join(problems, "\n")
	if !strings.Contains(got, `Extension package "npm:no-such-pkg": failed to install (`) ||
		!strings.Contains(got, `Run "pigo remove npm:no-such-pkg --local" to remove it from settings.json.`) ||
		strings.Contains(got, "package not installed") {
		t.Errorf("problems:\n%s", got)
	}
	a.Relocate(context.Background(), untrusted, false)
	if slices.Contains(tools(), "othertool") || installed(untrusted, "other-tool") {
		t.Errorf("untrusted project: tools %v, installed %v", tools(), installed(untrusted, "other-tool"))
	}
	a.Relocate(context.Background(), other, true)
	if !slices.Contains(tools(), "othertool") || !installed(other, "other-tool") || slices.Contains(tools(), "pkgtool") {
		t.Errorf("trusted project: tools %v, installed %v", tools(), installed(other, "other-tool"))
	}
}
