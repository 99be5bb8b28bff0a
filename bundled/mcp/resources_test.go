package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/piapi"
)

func structured(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A server with resources brings pi's three resource tools, with the
// exposure of the server (direct here, so they are declared) and read-only.
func TestResourceTools(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct"}})
	waitFor(t, "the resource tools", func() bool { return hasTool(h, listResourcesTool) })
	for _, name := range []string{listResourcesTool, listResourceTemplatesTool, readResourceTool} {
		e, ok := h.Tools().Current().Get(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		if e.Value.Extra["exposure"] != "direct" || e.Value.Label != name || e.Value.Extra["annotations"].(map[string]any)["readOnlyHint"] != true {
			t.Errorf("%s: %+v", name, e.Value)
		}
		if !slices.Contains(piapi.Of(h).ActiveTools(), name) {
			t.Errorf("%s is not active with a direct server", name)
		}
	}

	// Every server: MCP App resources and _meta are left out, server first.
	res, err := run(t, h, listResourcesTool, obj{})
	if err != nil {
		t.Fatal(err)
	}
	// (The SDK's server lists by URI.)
	want := `{"resources":[{"server":"web","mimeType":"application/octet-stream","name":"data","uri":"test://data.bin"},` +
		`{"server":"web","name":"dir","uri":"test://dir"},` +
		`{"server":"web","description":"A friendly text","mimeType":"text/plain","name":"greeting","size":5,"title":"Greeting","uri":"test://greeting"},` +
		`{"server":"web","mimeType":"image/png","name":"pixel","uri":"test://pixel.png"}]}`
	if res.Text() != want {
		t.Errorf("list_mcp_resources:\n got %s\nwant %s", res.Text(), want)
	}
	if got := structured(t, res.StructuredContent); got != want {
		t.Errorf("script payload %s", got)
	}
	if d := res.Details.(map[string]any); d["server"] != "" || d["tool"] != listResourcesTool {
		t.Errorf("details %v", d)
	}
	// One server's page names the server.
	res, _ = run(t, h, listResourcesTool, obj{"server": " web "})
	if !strings.HasPrefix(res.Text(), `{"server":"web","resources":[{"server":"web",`) || res.Details.(map[string]any)["server"] != "web" {
		t.Errorf("one server: %s %v", res.Text(), res.Details)
	}

	res, _ = run(t, h, listResourceTemplatesTool, obj{})
	if want := `{"resourceTemplates":[{"server":"web","description":"An item by id","mimeType":"text/plain","name":"item","uriTemplate":"test://items/{id}"}]}`; res.Text() != want {
		t.Errorf("templates: %s", res.Text())
	}

	res, err = run(t, h, readResourceTool, obj{"server": "web", "uri": "test://greeting"})
	if err != nil || res.Text() != "hello" {
		t.Fatalf("read: %+v %v", res, err)
	}
	if got := structured(t, res.StructuredContent); got != `{"server":"web","uri":"test://greeting","contents":[{"uri":"test://greeting","mimeType":"text/plain","text":"hello"}]}` {
		t.Errorf("read payload %s", got)
	}
	res, _ = run(t, h, readResourceTool, obj{"server": "web", "uri": "test://items/7"})
	if res.Text() != "item 7" {
		t.Errorf("template read: %q", res.Text())
	}
	res, _ = run(t, h, readResourceTool, obj{"server": "web", "uri": "test://dir"})
	var texts []string
	for _, c := range res.Content {
		texts = append(texts, c.Text)
	}
	if strings.Join(texts, "|") != "test://dir/a.txt:|first|test://dir/b.txt:|second" {
		t.Errorf("several contents: %q", texts)
	}
	res, _ = run(t, h, readResourceTool, obj{"server": "web", "uri": "test://pixel.png"})
	if len(res.Content) != 1 || res.Content[0].Type != "image" || res.Content[0].Data != "UE5H" {
		t.Errorf("image: %+v", res.Content)
	}
	res, _ = run(t, h, readResourceTool, obj{"server": "web", "uri": "test://data.bin"})
	m := regexp.MustCompile(`^\[Binary resource test://data\.bin \(application/octet-stream, 4B\) saved to (.+\.bin)\]$`).FindStringSubmatch(res.Text())
	if m == nil {
		t.Fatalf("binary: %q", res.Text())
	}
	if b, err := os.ReadFile(m[1]); err != nil || !bytes.Equal(b, []byte{0, 1, 2, 3}) {
		t.Errorf("saved %v %v", b, err)
	}
	os.Remove(m[1])
}

// Bad arguments and unknown servers fail with pi's messages.
func TestResourceToolErrors(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct"}})
	waitFor(t, "the resource tools", func() bool { return hasTool(h, readResourceTool) })
	for _, c := range []struct {
		tool string
		args obj
		want string
	}{
		{readResourceTool, obj{"server": " ", "uri": "test://greeting"}, "server must be provided"},
		{readResourceTool, obj{"server": "web", "uri": "  "}, "uri must be provided"},
		{readResourceTool, obj{"server": "nope", "uri": "x"}, `MCP server "nope" has no resources. Servers with resources: web`},
		{listResourcesTool, obj{"cursor": "abc"}, "cursor can only be used when a server is specified"},
		// pi 1.6 coerces 3 to "3" for a string; a list stays and fails the
		// schema's check, worded as pi 1.6 words it.
		{listResourcesTool, obj{"server": 3}, `MCP server "3" has no resources. Servers with resources: web`},
		{listResourcesTool, obj{"server": []any{1, 2}}, "server: expected string, got array"},
	} {
		res, err := run(t, h, c.tool, c.args)
		if err == nil && !res.IsError {
			t.Errorf("%s %v: no error", c.tool, c.args)
			continue
		}
		if got := res.Text(); err != nil {
			got = err.Error()
			if !strings.Contains(got, c.want) {
				t.Errorf("%s %v: %q, want %q", c.tool, c.args, got, c.want)
			}
		} else if !strings.Contains(got, c.want) {
			t.Errorf("%s %v: %q, want %q", c.tool, c.args, got, c.want)
		}
	}
}

// With only codemode servers the resource tools are deferred (scripts and
// tool_search reach them); hidden servers' resources are not reached.
func TestResourceToolsExposure(t *testing.T) {
	h := boot(t, obj{"docs": obj{"url": httpServer(t)}, "secret": obj{"url": httpServer(t), "exposure": "hidden"}})
	waitFor(t, "the resource tools", func() bool { return hasTool(h, listResourcesTool) })
	e, _ := h.Tools().Current().Get(listResourcesTool)
	if e.Value.Extra["exposure"] != "deferred" {
		t.Errorf("exposure %v", e.Value.Extra["exposure"])
	}
	res, err := run(t, h, listResourcesTool, obj{"server": "secret"})
	if err == nil || !strings.Contains(err.Error(), `MCP server "secret" has no resources. Servers with resources: docs`) {
		t.Errorf("a hidden server is reached: %+v %v", res, err)
	}
}

// `mcp list` says which servers offer resources, as pi's does.
func TestListOffersResources(t *testing.T) {
	agentDir := t.TempDir()
	writeJSON(t, agentDir+"/mcp.json", obj{"mcpServers": obj{"web": obj{"url": httpServer(t)}}})
	var out bytes.Buffer
	List(context.Background(), ListOptions{AgentDir: agentDir, World: World{Cwd: t.TempDir()}}, &out)
	if !strings.Contains(out.String(), "\n  offers resources\n") {
		t.Errorf("text:\n%s", out.String())
	}
	out.Reset()
	List(context.Background(), ListOptions{AgentDir: agentDir, World: World{Cwd: t.TempDir()}, JSON: true}, &out)
	if !strings.Contains(out.String(), `"resources": true`) {
		t.Errorf("json:\n%s", out.String())
	}
}
