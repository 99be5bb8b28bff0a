// Package mcptest is the MCP server builtin:mcp's tests talk to, written
// with the same official Go SDK: in-process over streamable HTTP, and over
// stdio as the program in ./server (which real pi spawns too).
package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is the test server: echo, image, structured (structuredContent
// only), fail (isError), hang (never answers), crash (exits the process),
// big (30 KB of text), tool.with-dots, progress (three progress
// notifications), child (starts `sleep 60`, returns its pid), and grow and shrink, which add
// and remove the tool "grown".
func Server() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "pigo-test", Version: "1"}, &sdk.ServerOptions{Instructions: "Test tools.\nSecond line."})
	obj := func(props string) map[string]any {
		m := map[string]any{"type": "object", "properties": map[string]any{}}
		if props != "" {
			m["properties"] = map[string]any{props: map[string]any{"type": "string"}}
		}
		return m
	}
	add := func(name, desc string, schema map[string]any, h func(args map[string]any) (*sdk.CallToolResult, error)) {
		s.AddTool(&sdk.Tool{Name: name, Description: desc, InputSchema: schema}, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args map[string]any
			_ = jsonUnmarshal(req.Params.Arguments, &args)
			if name == "hang" {
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return h(args)
		})
	}
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
	}
	add("echo", "Echoes its text", obj("text"), func(a map[string]any) (*sdk.CallToolResult, error) {
		return text(fmt.Sprintf("echo: %v", a["text"])), nil
	})
	add("image", "Returns a picture", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "a dot"}, &sdk.ImageContent{Data: []byte("PNG"), MIMEType: "image/png"}}}, nil
	})
	add("structured", "Structured only", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{}, StructuredContent: map[string]any{"sum": 3}}, nil
	})
	add("fail", "Fails", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		r := text("boom")
		r.IsError = true
		return r, nil
	})
	add("hang", "Never answers", obj(""), nil)
	add("crash", "Exits the server", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "crashing on purpose")
		os.Exit(3)
		return nil, nil
	})
	add("big", "30 KB", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return text(strings.Repeat("x", 30*1024)), nil
	})
	add("tool.with-dots", "Odd name", obj(""), func(map[string]any) (*sdk.CallToolResult, error) { return text("ok"), nil })
	// progress reports three steps 150 ms apart, longer than a 0.3 s
	// timeout that progress does not restart.
	s.AddTool(&sdk.Tool{Name: "progress", Description: "Reports progress", InputSchema: obj("")}, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		for i := 1; i <= 3; i++ {
			time.Sleep(150 * time.Millisecond)
			_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: float64(i), Total: 3, Message: fmt.Sprintf("step %d", i)})
		}
		return text("finished"), nil
	})
	add("child", "Starts a child process and returns its pid", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		c := exec.Command("sleep", "60")
		if err := c.Start(); err != nil {
			return nil, err
		}
		return text(fmt.Sprint(c.Process.Pid)), nil
	})
	// grow adds the tool "grown" and shrink removes it: the server announces
	// each change with notifications/tools/list_changed.
	add("grow", "Adds a tool", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		add("grown", "A new tool", obj(""), func(map[string]any) (*sdk.CallToolResult, error) { return text("grown"), nil })
		return text("grew"), nil
	})
	add("shrink", "Removes that tool", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		s.RemoveTools("grown")
		return text("shrank"), nil
	})
	addResources(s)
	return s
}

// addResources gives the server resources: test://greeting (text),
// test://pixel.png (an image), test://data.bin (binary), test://dir (two
// contents), ui://app (an MCP App, which pi does not list), and the
// template test://items/{id}, whose reads echo the URI.
func addResources(s *sdk.Server) {
	read := func(contents ...*sdk.ResourceContents) sdk.ResourceHandler {
		return func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{Contents: contents}, nil
		}
	}
	s.AddResource(&sdk.Resource{URI: "test://greeting", Name: "greeting", Title: "Greeting", Description: "A friendly text", MIMEType: "text/plain", Size: 5},
		read(&sdk.ResourceContents{URI: "test://greeting", MIMEType: "text/plain", Text: "hello"}))
	s.AddResource(&sdk.Resource{URI: "test://pixel.png", Name: "pixel", MIMEType: "image/png"},
		read(&sdk.ResourceContents{URI: "test://pixel.png", MIMEType: "image/png", Blob: []byte("PNG")}))
	s.AddResource(&sdk.Resource{URI: "test://data.bin", Name: "data", MIMEType: "application/octet-stream"},
		read(&sdk.ResourceContents{URI: "test://data.bin", MIMEType: "application/octet-stream", Blob: []byte{0, 1, 2, 3}}))
	s.AddResource(&sdk.Resource{URI: "test://dir", Name: "dir"},
		read(&sdk.ResourceContents{URI: "test://dir/a.txt", MIMEType: "text/plain", Text: "first"}, &sdk.ResourceContents{URI: "test://dir/b.txt", MIMEType: "text/plain", Text: "second"}))
	s.AddResource(&sdk.Resource{URI: "ui://app", Name: "app", MIMEType: "text/html;profile=mcp-app"},
		read(&sdk.ResourceContents{URI: "ui://app", MIMEType: "text/html;profile=mcp-app", Text: "<p>app</p>"}))
	s.AddResourceTemplate(&sdk.ResourceTemplate{URITemplate: "test://items/{id}", Name: "item", Description: "An item by id", MIMEType: "text/plain"},
		func(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "item " + strings.TrimPrefix(req.Params.URI, "test://items/")}}}, nil
		})
}

func jsonUnmarshal(b json.RawMessage, v any) error {
	if len(b) == 0 {
		return nil
	}
	return json.Unmarshal(b, v)
}
