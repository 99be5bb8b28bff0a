package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Malformed files are reported with the path and V8's JSON.parse message,
// as pi 1.6 reports them (texts from Node 22).
func TestMalformedConfig(t *testing.T) {
	for text, want := range map[string]string{
		`{"mcpServers": {`:                      "Expected property name or '}' in JSON at position 16 (line 1 column 17)",
		`{"mcpServers": {"a": {"command": x}}}`: `Unexpected token 'x', ..."command": x}}}" is not valid JSON`,
		`[]`:                                    `expected an object with an "mcpServers" object`,
		`{"mcpServers": []}`:                    `expected an object with an "mcpServers" object`,
		`{"autoEnableCodemode": 1}`:             "autoEnableCodemode must be a boolean",
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "mcp.json")
		write(t, path, text)
		got := LoadConfig(dir, "", false)
		if len(got.Errors) != 1 || got.Errors[0] != path+": "+want {
			t.Errorf("%s: %q, want %q", text, got.Errors, want)
		}
	}
}

func TestInvalidEntriesAreSkipped(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "mcp.json"), `{"mcpServers": {
		"ok": {"command": "srv"},
		"bad name": {"command": "srv"},
		"old": {"url": "https://x/sse", "type": "sse"},
		"none": {"args": []},
		"web": {"url": "ftp://x"},
		"exp": {"command": "srv", "exposure": "public"},
		"to": {"command": "srv", "timeout": -1},
		"my-srv": {"command": "a"},
		"my_srv": {"command": "b"}
	}}`)
	got := LoadConfig(dir, "", false)
	var names []string
	for _, s := range got.Servers {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "ok,my-srv" {
		t.Errorf("servers %v", names)
	}
	p := filepath.Join(dir, "mcp.json") + ": "
	want := []string{
		p + `invalid server name "bad name" (use letters, digits, "_" and "-")`,
		p + `server "old": legacy SSE transport is not supported; use the streamable HTTP URL`,
		p + `server "none" needs either "command" (stdio) or "url" (streamable HTTP)`,
		p + `server "web": url must be an http or https URL`,
		p + `server "exp": exposure must be one of "codemode", "deferred", "direct", "hidden"`,
		p + `server "to": timeout must be a positive number of seconds`,
		p + `server "my_srv" conflicts with "my-srv"`,
	}
	if strings.Join(got.Errors, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got.Errors, "\n"), strings.Join(want, "\n"))
	}
}

// A project entry replaces the user's entry of its name; one without
// command, url or type overrides enabled/exposure/toolExposure only. An
// untrusted project's file is not read.
func TestProjectConfig(t *testing.T) {
	agent, cwd := t.TempDir(), t.TempDir()
	write(t, filepath.Join(agent, "mcp.json"), `{"mcpServers": {
		"a": {"command": "user-a", "env": {"K": "v"}},
		"b": {"command": "user-b"},
		"c": {"command": "user-c"}
	}}`)
	write(t, filepath.Join(cwd, ".pi", "mcp.json"), `{"mcpServers": {
		"a": {"url": "https://project/mcp"},
		"b": {"enabled": false},
		"c": {"enabled": false, "env": {}},
		"d": {"exposure": "direct"}
	}}`)
	got := LoadConfig(agent, cwd, true)
	by := map[string]Entry{}
	for _, s := range got.Servers {
		by[s.Name] = s
	}
	if by["a"].Config["url"] != "https://project/mcp" || by["a"].Config["env"] != nil || by["a"].Scope != "project" {
		t.Errorf("a: %+v", by["a"])
	}
	if by["b"].Config["command"] != "user-b" || by["b"].Config["enabled"] != false || by["b"].Override == "" {
		t.Errorf("b: %+v", by["b"])
	}
	pp := filepath.Join(cwd, ".pi", "mcp.json") + ": "
	want := pp + `server "c": an override can only set enabled, exposure, toolExposure` + "\n" +
		pp + `server "d" needs "command" or "url", or a global server to override`
	if strings.Join(got.Errors, "\n") != want {
		t.Errorf("errors %q", got.Errors)
	}

	untrusted := LoadConfig(agent, cwd, false)
	if len(untrusted.Errors) != 0 || len(untrusted.Servers) != 3 {
		t.Errorf("untrusted project read: %+v", untrusted)
	}
	for _, s := range untrusted.Servers {
		if s.Scope != "global" {
			t.Errorf("untrusted: %+v", s)
		}
	}
}

func TestToolExposure(t *testing.T) {
	cfg := map[string]any{"exposure": "deferred", "toolExposure": map[string]any{"search_code": "direct", "get_*": "codemode", "delete_*": "hidden"}}
	for tool, want := range map[string]string{"search_code": "direct", "get_file": "codemode", "delete_repo": "hidden", "other": "deferred"} {
		if got := ToolExposure(cfg, tool); got != want {
			t.Errorf("%s: %s, want %s", tool, got, want)
		}
	}
	if got := ToolExposure(map[string]any{}, "x"); got != "codemode" {
		t.Errorf("default %s", got)
	}
}

// TestToolExposurePatternsInFileOrder: "*" patterns are tried in the
// order mcp.json lists them, as pi's JSON.parse keeps it (sorted, "*_file"
// would come first); a project override's toolExposure brings its own
// order.
func TestToolExposurePatternsInFileOrder(t *testing.T) {
	agent, project := t.TempDir(), t.TempDir()
	write(t, filepath.Join(agent, "mcp.json"), `{"mcpServers": {"gh": {"command": "gh-mcp",
	  "toolExposure": {"get_*": "direct", "*_file": "hidden", "get_file_raw": "deferred"}}}}`)
	got := LoadConfig(agent, project, true)
	if len(got.Servers) != 1 {
		t.Fatalf("servers %+v, errors %v", got.Servers, got.Errors)
	}
	gh := got.Servers[0]
	for tool, want := range map[string]string{"get_file": "direct", "put_file": "hidden", "get_file_raw": "deferred", "other": "codemode"} {
		if x := gh.ToolExposure(tool); x != want {
			t.Errorf("%s: %s, want %s", tool, x, want)
		}
	}
	if x := ToolExposure(gh.Config, "get_file"); x != "hidden" {
		t.Errorf("without the file's order (sorted patterns): %s", x)
	}
	write(t, filepath.Join(project, ".pi", "mcp.json"), `{"mcpServers": {"gh": {"toolExposure": {"*_file": "hidden", "get_*": "direct"}}}}`)
	got = LoadConfig(agent, project, true)
	if len(got.Servers) != 1 || got.Servers[0].ToolExposure("get_file") != "hidden" {
		t.Errorf("project override: %+v %v", got.Servers, got.Errors)
	}
}
