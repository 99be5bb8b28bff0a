package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// The resource tools pi 1.6 registers once a server offers resources:
// Codex's and opencode's names, so models trained on them use them as is.
const (
	listResourcesTool         = "list_mcp_resources"
	listResourceTemplatesTool = "list_mcp_resource_templates"
	readResourceTool          = "read_mcp_resource"
)

func isResourceTool(name string) bool {
	return name == listResourcesTool || name == listResourceTemplatesTool || name == readResourceTool
}

// The descriptions and schemas below are pi 1.6's (extensions/mcp/resources.js)
// word for word: the model sees them.

func stringProperty(description string) map[string]any {
	return map[string]any{"type": "string", "description": description}
}

func listParameters() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"server": stringProperty("MCP server name. Omit to list every server with resources."),
			"cursor": stringProperty("Opaque cursor from a previous call with the same server; omit for the first page."),
		},
		"additionalProperties": false,
	}
}

func readParameters() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"server": stringProperty("MCP server name exactly as configured. Must match the 'server' field returned by list_mcp_resources."),
			"uri":    stringProperty("Resource URI to read. Must be one of the URIs returned by list_mcp_resources."),
		},
		"required":             []any{"server", "uri"},
		"additionalProperties": false,
	}
}

func listingErrorsSchema() map[string]any {
	return map[string]any{
		"type":        "array",
		"description": "Servers that could not be listed",
		"items": map[string]any{
			"type":       "object",
			"properties": map[string]any{"server": map[string]any{"type": "string"}, "error": map[string]any{"type": "string"}},
			"required":   []any{"server", "error"},
		},
	}
}

func listOutputSchema(key string, item map[string]any, required []any) map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"server":     map[string]any{"type": "string"},
			key:          map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": item, "required": required}},
			"nextCursor": map[string]any{"type": "string"},
			"errors":     listingErrorsSchema(),
		},
		"required": []any{key},
	}
}

func str() map[string]any { return map[string]any{"type": "string"} }

func resourcesOutputSchema() map[string]any {
	return listOutputSchema("resources", map[string]any{
		"server": str(), "uri": str(), "name": str(), "title": str(), "description": str(), "mimeType": str(),
		"size": map[string]any{"type": "number"},
	}, []any{"server", "uri", "name"})
}

func templatesOutputSchema() map[string]any {
	return listOutputSchema("resourceTemplates", map[string]any{
		"server": str(), "uriTemplate": map[string]any{"type": "string", "description": "RFC 6570 URI template"},
		"name": str(), "title": str(), "description": str(), "mimeType": str(),
	}, []any{"server", "uriTemplate", "name"})
}

func readOutputSchema() map[string]any {
	contents := func(key string, prop map[string]any) map[string]any {
		return map[string]any{
			"type":       "object",
			"properties": map[string]any{"uri": str(), "mimeType": str(), key: prop},
			"required":   []any{"uri", key},
		}
	}
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"server": str(), "uri": str(),
			"contents": map[string]any{"type": "array", "items": map[string]any{"anyOf": []any{
				contents("text", str()),
				contents("blob", map[string]any{"type": "string", "description": "base64"}),
			}}},
		},
		"required": []any{"server", "uri", "contents"},
	}
}

// resourceExposure is pi's: the resource tools take the widest exposure of
// the servers they reach (direct, then codemode, then deferred), "" when
// no server has resources. codemode tools register as deferred.
func resourceExposure(servers []*server) string {
	exposures := map[string]bool{}
	for _, s := range servers {
		exposures[exposureOf(s.entry)] = true
	}
	for _, e := range []string{"direct", "codemode", "deferred"} {
		if exposures[e] {
			if e == "codemode" {
				return "deferred"
			}
			return e
		}
	}
	return ""
}

// resourceServers are the enabled, not hidden servers that offered
// resources when they connected: the ones the resource tools reach.
func (p *plugin) resourceServers() []*server {
	p.mu.Lock()
	servers := slices.Clone(p.servers)
	p.mu.Unlock()
	var out []*server
	for _, s := range servers {
		state, _, _ := s.snapshot()
		s.mu.Lock()
		has := s.hasResources
		s.mu.Unlock()
		if has && enabled(s.entry) && exposureOf(s.entry) != "hidden" && (state == stateConnected || state == stateDisconnected) {
			out = append(out, s)
		}
	}
	return out
}

// readableResources says whether read_mcp_resource reaches server, so
// resource links in its tool results name it.
func (p *plugin) readableResources(name string) bool {
	return slices.ContainsFunc(p.resourceServers(), func(s *server) bool { return s.entry.Name == name })
}

// resourceTools are pi's three resource tools with exposure; once
// registered they stay (hidden when no server has resources any more).
func (p *plugin) resourceTools(exposure string) map[string]engine.Tool {
	extra := func(output map[string]any) map[string]any {
		return map[string]any{"exposure": exposure, "outputSchema": output, "annotations": map[string]any{"readOnlyHint": true}}
	}
	return map[string]engine.Tool{
		listResourcesTool: {
			Label:       listResourcesTool,
			Description: "Lists resources provided by MCP servers. Resources allow servers to share data that provides context to language models, such as files, database schemas, or application-specific information. Prefer resources over web search when possible.",
			Parameters:  listParameters(), Extra: extra(resourcesOutputSchema()), ExecuteID: "builtin:mcp/" + listResourcesTool,
			Execute: func(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
				return p.listTool(ctx, call, listResourcesTool, "resources", (*server).resourcesPage)
			},
		},
		listResourceTemplatesTool: {
			Label:       listResourceTemplatesTool,
			Description: "Lists resource templates provided by MCP servers. Parameterized resource templates allow servers to share data that takes parameters and provides context to language models, such as files, database schemas, or application-specific information. Prefer resource templates over web search when possible.",
			Parameters:  listParameters(), Extra: extra(templatesOutputSchema()), ExecuteID: "builtin:mcp/" + listResourceTemplatesTool,
			Execute: func(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
				return p.listTool(ctx, call, listResourceTemplatesTool, "resourceTemplates", (*server).templatesPage)
			},
		},
		readResourceTool: {
			Label:       readResourceTool,
			Description: "Read a specific resource from an MCP server given the server name and resource URI.",
			Parameters:  readParameters(), Extra: extra(readOutputSchema()), ExecuteID: "builtin:mcp/" + readResourceTool,
			Execute: p.readResource,
		},
	}
}

// stringArgument is pi's: absent is "", a non-string is an error, and the
// value is trimmed.
func stringArgument(args any, key string) (string, error) {
	params, _ := jsjson.AsMap(args)
	v, ok := params[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string", key)
	}
	return strings.TrimSpace(s), nil
}

// findResourceServer is pi's findServer, with its error naming the
// servers that have resources.
func (p *plugin) findResourceServer(name string) (*server, error) {
	servers := p.resourceServers()
	var names []string
	for _, s := range servers {
		if s.entry.Name == name {
			return s, nil
		}
		names = append(names, s.entry.Name)
	}
	msg := fmt.Sprintf("MCP server %q has no resources", name)
	if len(names) > 0 {
		msg += ". Servers with resources: " + strings.Join(names, ", ")
	}
	return nil, errors.New(msg)
}

// listPage lists one page of a server's resources or templates, as JSON
// objects in the order the SDK writes them.
type listPage func(s *server, ctx context.Context, cursor string) (items []*jsjson.Object, next string, err error)

// listTool is pi's list: with a server one page of it (cursor continues),
// without one every page of every server, sorted by name, with the
// servers that failed under "errors". MCP App resources are left out.
func (p *plugin) listTool(ctx context.Context, call engine.ToolCall, tool, key string, page listPage) (engine.ToolResult, error) {
	serverName, err := stringArgument(call.Params, "server")
	if err != nil {
		return engine.ToolResult{}, err
	}
	cursor, err := stringArgument(call.Params, "cursor")
	if err != nil {
		return engine.ToolResult{}, err
	}
	payload := jsjson.Object{}
	if serverName != "" {
		s, err := p.findResourceServer(serverName)
		if err != nil {
			return engine.ToolResult{}, err
		}
		items, next, err := page(s, ctx, cursor)
		if err != nil {
			return engine.ToolResult{}, err
		}
		payload.Set("server", s.entry.Name)
		payload.Set(key, listed(s.entry.Name, items))
		if next != "" {
			payload.Set("nextCursor", next)
		}
	} else {
		if cursor != "" {
			return engine.ToolResult{}, errors.New("cursor can only be used when a server is specified")
		}
		servers := p.resourceServers()
		// pi sorts with localeCompare; server names are identifiers, for
		// which case-insensitive order, then case, agrees with it.
		slices.SortFunc(servers, func(a, b *server) int {
			if c := strings.Compare(strings.ToLower(a.entry.Name), strings.ToLower(b.entry.Name)); c != 0 {
				return c
			}
			return -strings.Compare(a.entry.Name, b.entry.Name)
		})
		results := make([][]*jsjson.Object, len(servers))
		errs := make([]error, len(servers))
		var wg sync.WaitGroup
		for i, s := range servers {
			wg.Go(func() { results[i], errs[i] = allPages(ctx, s, page) })
		}
		wg.Wait()
		items := []any{}
		var failures []any
		for i, s := range servers {
			if errs[i] != nil {
				failures = append(failures, &jsjson.Object{{Key: "server", Value: s.entry.Name}, {Key: "error", Value: errs[i].Error()}})
				continue
			}
			items = append(items, listed(s.entry.Name, results[i])...)
		}
		payload.Set(key, items)
		if len(failures) > 0 {
			payload.Set("errors", failures)
		}
	}
	return jsonResult(tool, serverName, &payload), nil
}

func allPages(ctx context.Context, s *server, page listPage) ([]*jsjson.Object, error) {
	var all []*jsjson.Object
	cursor := ""
	for {
		items, next, err := page(s, ctx, cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}

var mcpAppProfile = regexp.MustCompile(`(?i);\s*profile\s*=\s*"?mcp-app"?`)

// listed is pi's: each item that is not an MCP App user interface (ui://
// URIs, profile=mcp-app HTML), without _meta and icons, tagged with its
// server first.
func listed(server string, items []*jsjson.Object) []any {
	out := []any{}
	for _, item := range items {
		uri, _ := item.Get("uri")
		if uri == nil {
			uri, _ = item.Get("uriTemplate")
		}
		u, _ := uri.(string)
		mime, _ := item.Get("mimeType")
		m, _ := mime.(string)
		if strings.HasPrefix(u, "ui://") || mcpAppProfile.MatchString(m) {
			continue
		}
		o := jsjson.Object{{Key: "server", Value: server}}
		for _, member := range *item {
			if member.Key != "_meta" && member.Key != "icons" && member.Key != "server" {
				o = append(o, member)
			}
		}
		out = append(out, &o)
	}
	return out
}

// jsonResult is pi's: the payload as JSON text for the model (limited as
// every MCP result), and as structuredContent for scripts.
func jsonResult(tool, server string, payload any) engine.ToolResult {
	content, full := limitContent([]engine.Content{{Type: "text", Text: jsjson.Stringify(payload)}})
	details := map[string]any{"server": server, "tool": tool}
	if full != "" {
		details["fullOutputPath"] = full
	}
	return engine.ToolResult{Content: content, Details: details, StructuredContent: payload}
}

// readResource is pi's read_mcp_resource: the contents as text and images
// for the model (several labeled with their URIs, binary ones saved to
// temporary files), { server, uri, contents } for scripts.
func (p *plugin) readResource(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
	serverName, err := stringArgument(call.Params, "server")
	if err != nil {
		return engine.ToolResult{}, err
	}
	uri, err := stringArgument(call.Params, "uri")
	if err != nil {
		return engine.ToolResult{}, err
	}
	switch {
	case serverName == "":
		return engine.ToolResult{}, errors.New("server must be provided")
	case uri == "":
		return engine.ToolResult{}, errors.New("uri must be provided")
	}
	s, err := p.findResourceServer(serverName)
	if err != nil {
		return engine.ToolResult{}, err
	}
	contents, err := s.readResource(ctx, uri)
	if err != nil {
		return engine.ToolResult{}, err
	}
	var content []engine.Content
	scripts := []any{}
	for _, c := range contents {
		var block map[string]any
		b, _ := json.Marshal(c)
		_ = json.Unmarshal(b, &block)
		delete(block, "_meta")
		if len(contents) > 1 {
			content = append(content, engine.Content{Type: "text", Text: c.URI + ":"})
		}
		content = append(content, blockContent(s.entry.Name, map[string]any{"type": "resource", "resource": block}, true))
		if o, err := jsjson.Parse(b); err == nil {
			if obj, ok := o.(*jsjson.Object); ok {
				kept := jsjson.Object{}
				for _, m := range *obj {
					if m.Key != "_meta" {
						kept = append(kept, m)
					}
				}
				scripts = append(scripts, &kept)
			}
		}
	}
	if len(content) == 0 {
		content = []engine.Content{{Type: "text", Text: fmt.Sprintf("Resource %s is empty.", uri)}}
	}
	content, full := limitContent(content)
	details := map[string]any{"server": s.entry.Name, "tool": readResourceTool}
	if full != "" {
		details["fullOutputPath"] = full
	}
	structured := &jsjson.Object{{Key: "server", Value: s.entry.Name}, {Key: "uri", Value: uri}, {Key: "contents", Value: scripts}}
	return engine.ToolResult{Content: content, Details: details, StructuredContent: structured}, nil
}

// orderedItems are SDK values as JSON objects in the order the SDK writes
// their fields.
func orderedItems[T any](items []T) ([]*jsjson.Object, error) {
	out := make([]*jsjson.Object, 0, len(items))
	for _, item := range items {
		b, err := json.Marshal(item)
		if err != nil {
			return nil, err
		}
		v, err := jsjson.Parse(b)
		if err != nil {
			return nil, err
		}
		if o, ok := v.(*jsjson.Object); ok {
			out = append(out, o)
		}
	}
	return out, nil
}

// resourcesPage is one page of resources/list.
func (s *server) resourcesPage(ctx context.Context, cursor string) ([]*jsjson.Object, string, error) {
	var res *sdk.ListResourcesResult
	err := s.request(ctx, func(ctx context.Context, session *sdk.ClientSession) (err error) {
		res, err = session.ListResources(ctx, &sdk.ListResourcesParams{Cursor: cursor})
		return err
	})
	if err != nil {
		return nil, "", err
	}
	items, err := orderedItems(res.Resources)
	return items, res.NextCursor, err
}

// templatesPage is one page of resources/templates/list; a server that
// does not implement it has no templates (pi's withoutTemplates).
func (s *server) templatesPage(ctx context.Context, cursor string) ([]*jsjson.Object, string, error) {
	var res *sdk.ListResourceTemplatesResult
	err := s.request(ctx, func(ctx context.Context, session *sdk.ClientSession) (err error) {
		res, err = session.ListResourceTemplates(ctx, &sdk.ListResourceTemplatesParams{Cursor: cursor})
		return err
	})
	var rpcErr *jsonrpc.Error
	if errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc.CodeMethodNotFound {
		return []*jsjson.Object{}, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	items, err := orderedItems(res.ResourceTemplates)
	return items, res.NextCursor, err
}

func (s *server) readResource(ctx context.Context, uri string) ([]*sdk.ResourceContents, error) {
	var res *sdk.ReadResourceResult
	err := s.request(ctx, func(ctx context.Context, session *sdk.ClientSession) (err error) {
		res, err = session.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		return err
	})
	if err != nil {
		return nil, err
	}
	return res.Contents, nil
}
