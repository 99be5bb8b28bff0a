package resources_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/resources"
)

// A non-string name: pi's validateName throws at name.startsWith before
// returning what it collected, so the TypeError is the only warning.
func TestSkillNameNotAString(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "nm", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("---\nname: 7\ndescription: d\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// pi 1.6 names the skill after its directory when the name is not a
	// string (0.73.1 failed on it with "name.startsWith is not a
	// function").
	skills, diags := resources.LoadSkillsFromDir(dir, "path")
	if len(skills) != 1 || skills[0].Name != "nm" || len(diags) != 0 {
		t.Errorf("skills %v, diagnostics %v", skills, diags)
	}
}
