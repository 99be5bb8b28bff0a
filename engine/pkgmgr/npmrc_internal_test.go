package pkgmgr

import (
	"os"
	"path/filepath"
	"testing"
)

func TestNPMConfig(t *testing.T) {
	dir := t.TempDir()
	home, root := filepath.Join(dir, "home"), filepath.Join(dir, "root")
	os.MkdirAll(home, 0o755)
	os.MkdirAll(root, 0o755)
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vars := map[string]string{"TOKEN": "s3cret"}
	getenv := func(k string) string { return vars[k] }

	if c := loadNPMConfig(root, home, getenv); c.registryFor("x") != DefaultRegistry {
		t.Errorf("default registry = %q", c.registryFor("x"))
	}
	write(filepath.Join(home, ".npmrc"), "; comment\nregistry=https://user.example/npm\n@acme:registry=https://acme.example/\n//acme.example/:_authToken=${TOKEN}\n")
	c := loadNPMConfig(root, home, getenv)
	if got := c.registryFor("x"); got != "https://user.example/npm/" {
		t.Errorf("user registry = %q", got)
	}
	if got := c.registryFor("@acme/tools"); got != "https://acme.example/" {
		t.Errorf("scoped registry = %q", got)
	}
	if got := c.token("https://acme.example/@acme/tools/-/tools-1.0.0.tgz"); got != "s3cret" {
		t.Errorf("token = %q", got)
	}
	if got := c.token("https://other.example/x"); got != "" {
		t.Errorf("token for another host = %q", got)
	}
	// The install root's .npmrc overrides the user's, the environment both.
	write(filepath.Join(root, ".npmrc"), "registry=https://project.example/\n")
	if got := loadNPMConfig(root, home, getenv).registryFor("x"); got != "https://project.example/" {
		t.Errorf("project registry = %q", got)
	}
	vars["npm_config_registry"] = "http://env.example"
	if got := loadNPMConfig(root, home, getenv).registryFor("x"); got != "http://env.example/" {
		t.Errorf("env registry = %q", got)
	}
	// npm_config_userconfig moves the user file.
	other := filepath.Join(dir, "other.npmrc")
	write(other, "@acme:registry=https://elsewhere.example\n")
	vars["npm_config_userconfig"] = other
	if got := loadNPMConfig(root, home, getenv).registryFor("@acme/x"); got != "https://elsewhere.example/" {
		t.Errorf("userconfig scoped registry = %q", got)
	}
}
