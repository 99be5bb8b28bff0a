package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestSaveAPIKeyAndRemoveCredential(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "agent")
	ctx := context.Background()
	if creds, err := StoredCredentials(dir); err != nil || len(creds) != 0 {
		t.Fatalf("no auth.json: %v %v", creds, err)
	}
	if err := SaveAPIKey(ctx, dir, "openai", "sk-1"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(`{"anthropic": {"type": "oauth", "refresh": "r", "access": "a", "expires": 1}, "openai": {"type": "api_key", "key": "sk-1"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveAPIKey(ctx, dir, "anthropic", "sk-ant"); err != nil { // replaces the login
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
	want := "{\n  \"anthropic\": {\n    \"type\": \"api_key\",\n    \"key\": \"sk-ant\"\n  },\n  \"openai\": {\n    \"type\": \"api_key\",\n    \"key\": \"sk-1\"\n  }\n}"
	if string(data) != want {
		t.Errorf("auth.json:\n%s\nwant:\n%s", data, want)
	}
	if err := RemoveCredential(ctx, dir, "openai"); err != nil {
		t.Fatal(err)
	}
	creds, err := StoredCredentials(dir)
	if err != nil || fmt.Sprint(creds) != "[{anthropic api_key}]" {
		t.Errorf("after logout: %v %v", creds, err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "auth.json")); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	if err := SaveAPIKey(ctx, dir, "x", ""); err == nil {
		t.Error("an empty key was saved")
	}
}
