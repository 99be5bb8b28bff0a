package resources_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/resources"
)

// frontmatterInputs are files as pi reads them; each is parsed by
// ParseFrontmatter and, when node and pi are installed, by pi's
// parseFrontmatter (testdata/frontmatter_oracle.mjs), and the results
// must agree (errors by their message up to the code frame).
func frontmatterInputs() []string {
	return []string{
		"no frontmatter\n  kept as is  \n",
		"---\ndescription: plain\n---\n\n  body  \n",
		"---\r\ndescription: crlf\r\n---\r\nbody\r\n",
		"---\ndescription: never closed\nbody",
		"---\n---\nempty frontmatter",
		"---\n# only a comment\n---\nbody",
		"---\n- a list\n---\nbody",
		"---\njust a string\n---\nbody",
		"---\ndescription: foo: bar\n---\n",
		"---\ndescription: \"unterminated\n---\n",
		"---\nname: x\njust text\n---\n",
		"---\ndescription: some text\n  continued\n  more\n---\n",
		"---\ndescription: |\n  line1\n  line2\nname: a\n---\n",
		"---\ndescription: >\n  line1\n  line2\n\n  para\nname: a\n---\n",
		"---\ndescription: >-\n  a\n  b\n\nname: c\n---\n",
		"---\ndescription: |+\n  a\n\nname: c\n---\n",
		"---\ndescription: 'it''s'\nx: yes\ny: True\nz: 1.5\nn: ~\nm: null\nq: 0x1F\no: 0o17\ne: 1e3\n---\n",
		"---\nmetadata:\n  a: 1\n  b: [1, 2]\nallowed-tools: Bash Read\nlist:\n  - a\n  - b\n---\n",
		"---\ndescription: a # comment\nb: \"x\\ty\\u0041\"\n---\n",
		"---\n\tdescription: x\n---\n",
		"---\ndescription: x\ndescription: y\n---\n",
		"---\ndescription: [a, b\n---\n",
		"---\ndescription: {a: 1, b: [x, 'y']}\n---\n",
		"---\ndescription: -x\n---\n",
		"---\ndescription: @foo\n---\n",
		"---\ndescription: `foo\n---\n",
		"---\ndescription: %x\n---\n",
		"---\ndescription: a\n b: c\n---\n",
		"---\nkey with spaces: v\n\"quoted key\": w\n---\n",
		"---\ndescription:   \n  next line\n---\n",
		"---\ndescription: x #notcomment#\n---\n",
		"---\ndescription: !!str 5\nn: 5\n---\n",
		"---\ndisable-model-invocation: true\nname: n\ndescription: \"multi\n  line\"\n---\n",
		"---\ndescription: 'single\n\n  quoted'\n---\n",
		"---\nanchor: &a value\nalias: *a\n---\n",
		"---\n- &a\n---\n", "---\n&a\n---\n", "---\nk: &a\nj: *a\n---\n", "---\n&a !!str\n---\n",
		"---\nseq:\n- a\n- b: 1\n  c: 2\n---\n",
		"---\ndescription: ends with colon:\n---\n",
		"---\ndescription: url http://x.y/z\n---\n",
		"---\ndescription: \"a: b\"\nargument-hint: \"<PR-URL>\"\n---\n",
		"---x\ndescription: odd\n---\n",
		"----\ndescription: dashes\n----\nbody",
	}
}

func TestParseFrontmatter(t *testing.T) {
	t.Parallel()
	// Spot checks that hold without pi.
	fm, body, err := resources.ParseFrontmatter("---\r\ndescription: Make a thing\r\nargument-hint: \"<a>\"\r\n---\r\n\r\n  Body $1\r\n")
	if err != nil || fm["description"] != "Make a thing" || fm["argument-hint"] != "<a>" || body != "Body $1" {
		t.Errorf("frontmatter %v, body %q, err %v", fm, body, err)
	}
	if _, body, _ := resources.ParseFrontmatter("plain\r\ntext  "); body != "plain\ntext  " {
		t.Errorf("without frontmatter the body is untrimmed: %q", body)
	}
	if _, _, err := resources.ParseFrontmatter("---\ndescription: Use when: asked\n---\n"); err == nil ||
		err.Error() != "Nested mappings are not allowed in compact mappings at line 1, column 14" {
		t.Errorf("compact mapping: %v", err)
	}
	fm, _, err = resources.ParseFrontmatter("---\nname: x\nmetadata:\n  tags: [a, b]\ndisable-model-invocation: true\ndescription: |\n  one\n  two\n---\n")
	if err != nil || fm["disable-model-invocation"] != true || fm["description"] != "one\ntwo\n" ||
		!reflect.DeepEqual(fm["metadata"], map[string]any{"tags": []any{"a", "b"}}) {
		t.Errorf("nested: %v %v", fm, err)
	}

	piDir := piPackageDir(t)
	if piDir == "" {
		return
	}
	inputs := frontmatterInputs()
	in, _ := json.Marshal(inputs)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join("testdata", "frontmatter_oracle.mjs"), piDir)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("frontmatter oracle: %v", err)
	}
	var want []map[string]any
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, input := range inputs {
		fm, body, err := resources.ParseFrontmatter(input)
		got := map[string]any{"frontmatter": map[string]any(fm), "body": body}
		if err != nil {
			got = map[string]any{"error": err.Error()}
		}
		g, w := canonicalJSON(t, got), canonicalJSON(t, want[i])
		if g != w {
			t.Errorf("%q:\n pigo %s\n   pi %s", input, g, w)
		}
	}
}
