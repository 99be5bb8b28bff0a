package provider

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Writing one provider's entry keeps the others and their order, and
// writes JSON.stringify(store, null, 2) as pi does.
func TestModelsStoreWrite(t *testing.T) {
	dir := t.TempDir()
	if _, ok, err := ReadStoredModels(dir, "llama.cpp"); ok || err != nil {
		t.Fatalf("missing store: ok=%v err=%v", ok, err)
	}
	if err := os.WriteFile(ModelsStoreFile(dir), []byte(`{"zeta": {"models": [], "checkedAt": 1}, "alpha": {"x": true}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	model := &jsjson.Object{{Key: "id", Value: "m"}, {Key: "api", Value: "openai-completions"}}
	if err := WriteStoredModels(context.Background(), dir, "llama.cpp", StoredModels{Models: []*jsjson.Object{model}, CheckedAt: 1700000000123}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(ModelsStoreFile(dir))
	want := `{
  "zeta": {
    "models": [],
    "checkedAt": 1
  },
  "alpha": {
    "x": true
  },
  "llama.cpp": {
    "models": [
      {
        "id": "m",
        "api": "openai-completions"
      }
    ],
    "checkedAt": 1700000000123
  }
}`
	if string(b) != want {
		t.Errorf("store =\n%s\nwant\n%s", b, want)
	}
	got, ok, err := ReadStoredModels(dir, "llama.cpp")
	if err != nil || !ok || len(got.Models) != 1 || got.CheckedAt != 1700000000123 {
		t.Errorf("read back: %+v ok=%v err=%v", got, ok, err)
	}
	if _, err := os.Stat(ModelsStoreFile(dir) + ".lock"); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
}

func TestModelsStoreMalformed(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "models-store.json"), []byte(`[1,2]`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadStoredModels(dir, "x"); err == nil || !strings.Contains(err.Error(), "models-store.json: not a JSON object") {
		t.Errorf("read: %v", err)
	}
	if err := WriteStoredModels(context.Background(), dir, "x", StoredModels{}); err == nil {
		t.Error("write over a malformed store succeeded")
	}
	b, _ := os.ReadFile(filepath.Join(dir, "models-store.json"))
	if string(b) != `[1,2]` {
		t.Errorf("malformed store was replaced: %s", b)
	}
}
