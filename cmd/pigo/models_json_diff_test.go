package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestDifferentialModelsJSON16 writes each file of
// engine/provider/testdata/models_json_cases.txtar as the agent dir's
// models.json and runs --list-models through pi 1.6 and pigo:
// stdout, stderr (the "errors loading models.json" warning: its schema
// errors in TypeBox's order and wording, at most 8, or the providers left
// out) and the exit status must be the same, but for the sandbox's path
// and where the docs are.
func TestDifferentialModelsJSON16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	ar, err := txtar.ParseFile("../../engine/provider/testdata/models_json_cases.txtar")
	must(t, err)
	slots := make(chan struct{}, 2) // pi takes seconds to start; two at a time keeps the machine usable
	var mu sync.Mutex
	warned := 0
	t.Cleanup(func() {
		if !t.Failed() && warned < 20 {
			t.Errorf("only %d cases produced a models.json warning", warned)
		}
	})
	for _, f := range ar.Files {
		content := strings.TrimSuffix(string(f.Data), "\n")
		t.Run(strings.TrimSuffix(f.Name, ".json"), func(t *testing.T) {
			t.Parallel()
			slots <- struct{}{}
			defer func() { <-slots }()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(content), 0o644))
				text := runCLI(argv, dir, "--list-models")
				text = publishedDocs(text)
				out[side] = strings.ReplaceAll(text, dir, "<dir>")
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if strings.Contains(out["pigo"], "Warning: errors loading models.json:") {
				mu.Lock()
				warned++
				mu.Unlock()
			}
		})
	}
}

// TestDifferentialModelsJSONUnreadable16: a models.json that is a
// directory gives pi 1.6's "Failed to load models.json" warning, with
// Node's error text, on both sides.
func TestDifferentialModelsJSONUnreadable16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	out := map[string]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		must(t, os.Mkdir(filepath.Join(agentDir, "models.json"), 0o755))
		text := runCLI(argv, dir, "--list-models")
		text = publishedDocs(text)
		out[side] = strings.ReplaceAll(text, dir, "<dir>")
	}
	if out["pi"] != out["pigo"] {
		t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
	}
	if !strings.Contains(out["pigo"], "Failed to load models.json: EISDIR") {
		t.Errorf("no EISDIR warning:\n%s", out["pigo"])
	}
}
