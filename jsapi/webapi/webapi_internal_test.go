package webapi

import "testing"

// The JS sources compile once per process and every runtime shares the
// programs.
func TestModulesCompileOnce(t *testing.T) {
	t.Parallel()
	a, err := compiledModules()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compiledModules()
	if len(a) == 0 || &a[0] != &b[0] || a[0].prog != b[0].prog {
		t.Fatal("compiledModules compiled twice")
	}
	embedded, err := sources.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded) != len(a) {
		t.Fatalf("%d embedded .js files but %d modules run: list new files in compiledModules", len(embedded), len(a))
	}
}
