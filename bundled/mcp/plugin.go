// Package mcp is pi 1.6's built-in MCP support (builtin:mcp) as a Go-native
// plugin on the official MCP Go SDK: it connects the servers of mcp.json
// and pi.registerMcpServer when a session starts, registers their tools as
// mcp__<server>__<tool> with the configured exposure, converts their
// results as pi does, and serves /mcp's status outside the TUI.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
)

// ID is the plugin's id in an app: pi names it builtin:mcp.
const ID = "builtin:mcp"

// Name is the built-in extension's name (settings' "-builtin:mcp").
const Name = "mcp"

// Options configure the plugin.
type Options struct {
	AgentDir string // where the global mcp.json is; "" reads none
	World    World  // Cwd defaults to the host's
	// StartupWait bounds how long the first prompt waits for servers with
	// direct tools (pi: 10 s).
	StartupWait time.Duration
}

// Spec is the plugin as a manifest entry.
func Spec(opts Options) engine.PluginSpec {
	return engine.PluginSpec{ID: ID, Source: ID, Loader: Plugin(opts)}
}

// Plugin returns the plugin's loader.
func Plugin(opts Options) engine.GoPlugin {
	return func(_ context.Context, g *engine.Generation) error {
		opts := opts // each load its own: a restart in another project reads the host's cwd then
		if opts.StartupWait <= 0 {
			opts.StartupWait = 10 * time.Second
		}
		if opts.World.Cwd == "" {
			opts.World.Cwd = g.Host().Options().Cwd
		}
		if opts.World.AgentDir == "" {
			opts.World.AgentDir = opts.AgentDir
		}
		if opts.World.ProviderToken == nil {
			h := g.Host()
			// pi's modelRegistry.getApiKeyForProvider: the session's auth
			// (auth.json, its OAuth logins, the environment, models.json).
			opts.World.ProviderToken = func(ctx context.Context, provider string) string {
				models := piapi.Of(h).Models()
				if models == nil {
					return ""
				}
				key, _, err := models.Auth(ctx, provider, "")
				if err != nil {
					return ""
				}
				return key
			}
		}
		p := &plugin{opts: opts, gen: g, h: g.Host(), owners: map[string]string{}}
		g.OnRetire(p.shutdown)
		if _, err := p.h.Tools().Add(g, p.contribute); err != nil {
			return err
		}
		if _, err := p.h.Commands().Add(g, func(_ context.Context, d *engine.Draft[engine.Command]) error {
			d.Set("mcp", engine.Command{
				Description: "Manage MCP servers: sign in, reconnect, enable or disable, and change exposure",
				Handler:     p.command, HandlerID: "builtin:mcp/command",
			})
			return nil
		}); err != nil {
			return err
		}
		for typ, fn := range map[string]engine.Listener{
			"session_start":      p.sessionStart,
			"session_shutdown":   func(context.Context, any) error { p.shutdown(); return nil },
			"mcp_servers_change": p.serversChanged,
			"turn_start":         p.turnStart,
		} {
			if err := g.On(typ, fn); err != nil {
				return err
			}
		}
		if err := g.Hook("tool_call", p.toolCall, ""); err != nil {
			return err
		}
		return g.Hook("before_agent_start", p.beforeAgentStart, "")
	}
}

type plugin struct {
	opts Options
	gen  *engine.Generation
	h    *engine.Host

	mu         sync.Mutex
	servers    []*server
	errors     []string
	overridden []string
	pending    chan struct{} // closed when the session's first connections settled
	waited     bool
	warned     bool
	autoEnable bool              // mcp.json's autoEnableCodemode (default true)
	owners     map[string]string // tool name → "<server>\x00<tool>", so names stay stable
	withdrawn  map[string]engine.Tool
	// resourcesRegistered: the resource tools were registered, so they stay
	// (hidden when no server has resources any more), as in pi.
	resourcesRegistered bool
}

func (p *plugin) notify(text, level string) { piapi.Of(p.h).UI().Notify(p.gen.PluginID(), text, level) }

// sessionStart reads the configuration and connects every enabled server
// in the background.
func (p *plugin) sessionStart(context.Context, any) error {
	p.shutdown()
	loaded := LoadConfig(p.opts.AgentDir, p.opts.World.Cwd, piapi.Of(p.h).ProjectTrusted())
	registered, overridden, invalid := p.registered(loaded.Servers)
	servers := make([]*server, 0, len(loaded.Servers)+len(registered))
	for _, e := range append(loaded.Servers, registered...) {
		servers = append(servers, newServer(e, p.opts.World, p.toolsChanged))
	}
	done := make(chan struct{})
	p.mu.Lock()
	p.servers, p.errors, p.overridden, p.pending, p.waited, p.warned = servers, append(loaded.Errors, invalid...), overridden, done, false, false
	p.autoEnable = loaded.AutoEnableCodemode == nil || *loaded.AutoEnableCodemode
	p.mu.Unlock()
	// From the config, so the tool is active before the servers connect.
	p.ensureDiscoveryActive()
	wait := p.connectAll(servers)
	go func() {
		defer close(done)
		wait()
		p.reportProblems(servers, true)
	}()
	return nil
}

// registered are the servers extensions registered, except names mcp.json
// defines, which take precedence.
func (p *plugin) registered(configured []Entry) (out []Entry, overridden, invalid []string) {
	for _, e := range piapi.Of(p.h).McpServers().Current().Entries() {
		name, _ := e.Value["name"].(string)
		if name == "" {
			name = e.ID
		}
		cfg, _ := e.Value["config"].(map[string]any)
		source, _ := e.Value["extensionPath"].(string)
		var exposureOrder []string // toolExposure comes in the extension's key order
		if te, ok := cfg["toolExposure"].(*jsjson.Object); ok {
			exposureOrder = jsjson.ObjectKeys(*te)
			cfg = maps.Clone(cfg)
			cfg["toolExposure"] = jsjson.Plain(te)
		}
		if i := slices.IndexFunc(configured, func(c Entry) bool { return Namespace(c.Name) == Namespace(name) }); i >= 0 {
			overridden = append(overridden, fmt.Sprintf("%q registered by %s is overridden by %q in %s", name, source, configured[i].Name, configured[i].Source))
			continue
		}
		if msg := Validate(name, cfg); msg != "" {
			invalid = append(invalid, source+": "+msg)
			continue
		}
		out = append(out, Entry{Name: name, Config: engine.Clone(cfg).(map[string]any), Source: source, Scope: "extension", ExposureOrder: exposureOrder})
	}
	return out, overridden, invalid
}

// serversChanged connects servers registered during the session and drops
// unregistered ones.
func (p *plugin) serversChanged(ctx context.Context, _ any) error {
	// The registration that raised the event may not be committed yet.
	if _, err := piapi.Of(p.h).McpServers().Rebuild(ctx); err != nil {
		return err
	}
	p.mu.Lock()
	if p.pending == nil {
		p.mu.Unlock()
		return nil
	}
	var configured []Entry
	keep := p.servers[:0:0]
	for _, s := range p.servers {
		if s.entry.Scope != "extension" {
			configured = append(configured, s.entry)
		}
	}
	registered, overridden, _ := p.registered(configured)
	var dropped, added []*server
	for _, s := range p.servers {
		i := slices.IndexFunc(registered, func(e Entry) bool { return e.Name == s.entry.Name })
		if s.entry.Scope == "extension" && (i < 0 || !sameConfig(registered[i].Config, s.entry.Config)) {
			dropped = append(dropped, s)
			continue
		}
		keep = append(keep, s)
	}
	for _, e := range registered {
		if !slices.ContainsFunc(keep, func(s *server) bool { return s.entry.Name == e.Name }) {
			s := newServer(e, p.opts.World, p.toolsChanged)
			keep, added = append(keep, s), append(added, s)
		}
	}
	p.servers, p.overridden = keep, overridden
	p.mu.Unlock()
	for _, s := range dropped {
		s.close()
	}
	if len(dropped) > 0 {
		p.toolsChanged()
	}
	p.ensureDiscoveryActive()
	wait := p.connectAll(added)
	go func() {
		wait()
		p.reportProblems(added, false)
	}()
	return nil
}

func sameConfig(a, b map[string]any) bool { return reflect.DeepEqual(a, b) }

func enabled(e Entry) bool { v, ok := e.Config["enabled"].(bool); return !ok || v }

func exposureOf(e Entry) string {
	if s, _ := e.Config["exposure"].(string); s != "" && s != "codemode-deferred" {
		return s
	}
	return "codemode"
}

// configuredExposures are the exposures a server's tools can have, known
// before it connects.
func configuredExposures(e Entry) []string {
	out := []string{exposureOf(e)}
	for _, v := range stringMap(e.Config["toolExposure"]) {
		out = append(out, v)
	}
	return out
}

// connectAll starts connecting every enabled server (so a prompt that
// starts right after sees their attempts) and returns a wait for them.
func (p *plugin) connectAll(servers []*server) (wait func()) {
	var chans []<-chan struct{}
	for _, s := range servers {
		if enabled(s.entry) {
			chans = append(chans, s.connect(p.gen.Context()))
		}
	}
	return func() {
		for _, ch := range chans {
			<-ch
		}
	}
}

// toolsChanged rebuilds the tool registry, so the session's tools list
// follows the servers.
func (p *plugin) toolsChanged() {
	if p.gen.Retired() {
		return
	}
	_, _ = p.h.Tools().Rebuild(p.gen.Context())
}

// contribute registers every connected server's tools; tools a server
// withdrew stay registered as hidden (pi cannot unregister a tool either).
func (p *plugin) contribute(_ context.Context, d *engine.Draft[engine.Tool]) error {
	p.mu.Lock()
	servers := slices.Clone(p.servers)
	p.mu.Unlock()
	current := map[string]bool{}
	for _, s := range servers {
		state, _, tools := s.snapshot()
		if state != stateConnected && state != stateDisconnected || !enabled(s.entry) {
			continue
		}
		for _, t := range p.toolDefinitions(s, tools) {
			current[t.name] = true
			d.Set(t.name, t.tool)
		}
	}
	exposure := resourceExposure(p.resourceServers())
	p.mu.Lock()
	defer p.mu.Unlock()
	if exposure != "" || p.resourcesRegistered {
		if exposure == "" {
			exposure = "hidden"
		}
		p.resourcesRegistered = true
		for name, t := range p.resourceTools(exposure) {
			d.Set(name, t)
		}
	}
	if p.withdrawn == nil {
		p.withdrawn = map[string]engine.Tool{}
	}
	for name, owner := range p.owners {
		if _, ok := p.withdrawn[name]; !ok && !current[name] {
			p.withdrawn[name] = hiddenTool(owner)
		}
	}
	for name, t := range p.withdrawn {
		if current[name] {
			delete(p.withdrawn, name)
		} else {
			d.Set(name, t)
		}
	}
	return nil
}

func hiddenTool(owner string) engine.Tool {
	server, tool, _ := strings.Cut(owner, "\x00")
	return engine.Tool{
		Label: server + "/" + tool, Description: fmt.Sprintf("MCP tool %s from server %s", tool, server),
		Parameters: map[string]any{"type": "object", "properties": map[string]any{}},
		Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
			return engine.ToolResult{}, fmt.Errorf("MCP tool %q is no longer available.", server+"/"+tool)
		},
		ExecuteID: "builtin:mcp/" + owner, Extra: map[string]any{"exposure": "hidden"},
	}
}

type namedTool struct {
	name string
	tool engine.Tool
}

// toolDefinitions are a server's tools as pi's createMcpToolDefinition
// makes them. Tools whose sanitized names collide all get the hash suffix.
func (p *plugin) toolDefinitions(s *server, tools []*sdk.Tool) []namedTool {
	server := s.entry.Name
	plain := map[string]int{}
	for _, t := range tools {
		plain[ToolName(server, t.Name, nil)]++
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []namedTool
	used := map[string]bool{}
	for _, t := range tools {
		owner := server + "\x00" + t.Name
		name := ToolName(server, t.Name, func(c string) bool {
			o, ok := p.owners[c]
			return ok && o != owner || used[c] || plain[c] > 1
		})
		p.owners[name], used[name] = owner, true
		out = append(out, namedTool{name, p.toolDefinition(s, t)})
	}
	return out
}

func (p *plugin) toolDefinition(s *server, t *sdk.Tool) engine.Tool {
	server, toolName := s.entry.Name, t.Name
	description := strings.TrimSpace(t.Description)
	if description == "" {
		description = t.Title
	}
	if description == "" && t.Annotations != nil {
		description = t.Annotations.Title
	}
	if description == "" {
		description = fmt.Sprintf("MCP tool %s from server %s", toolName, server)
	}
	params, _ := jsonData(t.InputSchema).(map[string]any)
	if params == nil {
		params = map[string]any{}
	}
	if params["type"] == nil {
		params["type"] = "object"
	}
	if params["properties"] == nil {
		params["properties"] = map[string]any{}
	}
	exposure := s.entry.ToolExposure(toolName)
	toolExposure := exposure
	if exposure == "codemode" {
		toolExposure = "deferred" // pi's toToolExposure
	}
	namespace := map[string]any{"name": Namespace(server), "aliases": []any{server}}
	if d, _ := s.entry.Config["description"].(string); strings.TrimSpace(d) != "" {
		namespace["description"] = strings.TrimSpace(d)
	}
	s.mu.Lock()
	if s.instructions != "" {
		namespace["instructions"] = s.instructions
	}
	s.mu.Unlock()
	extra := map[string]any{"exposure": toolExposure, "namespace": namespace, "outputSchema": resultSchema(t.OutputSchema)}
	if a := annotations(t.Annotations); a != nil {
		extra["annotations"] = a
	}
	return engine.Tool{
		Label: server + "/" + toolName, Description: description, Parameters: params,
		ExecuteID: "builtin:mcp/" + server + "\x00" + toolName, Extra: extra,
		Execute: func(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
			cur := p.find(server)
			switch {
			case cur == nil || !enabled(cur.entry):
				return engine.ToolResult{}, fmt.Errorf("MCP server %q is disabled.", server)
			case cur.entry.ToolExposure(toolName) == "hidden":
				return engine.ToolResult{}, fmt.Errorf("MCP tool %q is no longer available.", server+"/"+toolName)
			}
			args := call.Params
			if args == nil {
				args = map[string]any{}
			}
			res, raw, err := cur.call(ctx, toolName, args, func(pr *sdk.ProgressNotificationParams) {
				if call.OnUpdate == nil {
					return
				}
				text := pr.Message
				if text == "" {
					text = fmt.Sprintf("Progress %v", pr.Progress)
					if pr.Total != 0 {
						text += fmt.Sprintf("/%v", pr.Total)
					}
				}
				call.OnUpdate(engine.ToolResult{Content: []engine.Content{{Type: "text", Text: text}}, Details: map[string]any{"server": server, "tool": toolName}})
			})
			if err != nil {
				return engine.ToolResult{}, err
			}
			r := ConvertResult(server, toolName, res, p.readableResources(server))
			r.StructuredContent = orderedResult(raw, r.StructuredContent)
			return r, nil
		},
	}
}

func (p *plugin) find(name string) *server {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.servers {
		if s.entry.Name == name {
			return s
		}
	}
	return nil
}

func annotations(a *sdk.ToolAnnotations) map[string]any {
	if a == nil {
		return nil
	}
	out := map[string]any{}
	if a.ReadOnlyHint {
		out["readOnlyHint"] = true
	}
	if a.DestructiveHint != nil {
		out["destructiveHint"] = *a.DestructiveHint
	}
	if a.IdempotentHint {
		out["idempotentHint"] = true
	}
	if a.OpenWorldHint != nil {
		out["openWorldHint"] = *a.OpenWorldHint
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// resultSchema is pi's createMcpResultSchema: the CallToolResult scripts
// receive, with the tool's output schema as structuredContent.
func resultSchema(output any) map[string]any {
	sc := map[string]any{}
	if m, ok := jsonData(output).(map[string]any); ok {
		sc = m
	}
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"content": map[string]any{"type": "array", "items": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"type": map[string]any{"enum": []any{"text", "image", "audio", "resource_link", "resource"}},
					"text": map[string]any{"type": "string"}, "data": map[string]any{"type": "string"}, "mimeType": map[string]any{"type": "string"},
				},
				"required": []any{"type"}, "additionalProperties": true,
			}},
			"structuredContent": sc,
			"isError":           map[string]any{"type": "boolean"},
		},
		"required": []any{"content"}, "additionalProperties": true,
	}
}

// beforeAgentStart is pi's: the first prompt waits, up to StartupWait,
// for the servers whose tools are declared to the model, so its request
// has them; every prompt then lists the servers as they are in the
// `mcp_servers` section of its prompt options (pi 1.6 records it as a
// prompt patch when it changed).
func (p *plugin) beforeAgentStart(ctx context.Context, payload any) (any, error) {
	p.waitForDirectServers(ctx)
	if ev, ok := payload.(map[string]any); ok {
		if o, ok := ev["systemPromptOptions"].(map[string]any); ok {
			// The custom sections in the order handlers set them.
			sections := slices.Clone(session.Sections(o["sections"]))
			if text := p.serversSection(); text != "" {
				sections.Set(serversSectionName, text)
			} else {
				sections.Delete(serversSectionName)
			}
			o["sections"] = &sections
		}
	}
	return nil, nil
}

// waitForDirectServers lets the first prompt wait, up to StartupWait, for
// the servers whose tools are declared to the model.
func (p *plugin) waitForDirectServers(ctx context.Context) {
	p.mu.Lock()
	if p.waited {
		p.mu.Unlock()
		return
	}
	p.waited = true
	var waits []<-chan struct{}
	for _, s := range p.servers {
		if enabled(s.entry) && slices.Contains(configuredExposures(s.entry), "direct") {
			s.mu.Lock()
			if s.ready != nil {
				waits = append(waits, s.ready)
			}
			s.mu.Unlock()
		}
	}
	p.mu.Unlock()
	timer := time.NewTimer(p.opts.StartupWait)
	defer timer.Stop()
	for _, ch := range waits {
		select {
		case <-ch:
		case <-timer.C:
			p.notify("MCP servers are still connecting; their tools become available once connected.", "info")
			return
		case <-ctx.Done():
			return
		}
	}
}

// ensureDiscoveryActive is pi's: tools that are not declared to the
// model are reached through codemode (scripts call them) or tool_search
// (it declares them), so it activates the one the configured exposures
// ask for: codemode for "codemode" unless autoEnableCodemode is false,
// tool_search for "deferred". Only a tool of that name that declares
// reachesTools counts (another extension's tool of the name is never
// activated). When neither is active it warns, once per session.
func (p *plugin) ensureDiscoveryActive() {
	p.mu.Lock()
	exposures := map[string]bool{}
	for _, s := range p.servers {
		if enabled(s.entry) {
			for _, e := range configuredExposures(s.entry) {
				exposures[e] = true
			}
		}
	}
	auto := p.autoEnable
	p.mu.Unlock()
	needsCodemode, needsToolSearch := exposures["codemode"], exposures["deferred"]
	if !needsCodemode && !needsToolSearch {
		return
	}
	tools := p.h.Tools().Current()
	reaching := func(name string) bool {
		e, ok := tools.Get(name)
		return ok && e.Value.Extra["reachesTools"] != nil
	}
	hasCodemode, hasToolSearch := reaching(codemodeTool), reaching(toolSearchTool)
	active := piapi.Of(p.h).ActiveTools()
	var activate []string
	if needsCodemode && hasCodemode && auto && !slices.Contains(active, codemodeTool) {
		activate = append(activate, codemodeTool)
	}
	if needsToolSearch && hasToolSearch && !slices.Contains(active, toolSearchTool) {
		activate = append(activate, toolSearchTool)
	}
	if len(activate) > 0 {
		piapi.Of(p.h).SetActiveTools(ID, piapi.Of(p.h).ToolLoadout(append(slices.Clone(active), activate...)))
	}
	reachable := append(active, activate...)
	if hasCodemode && slices.Contains(reachable, codemodeTool) || hasToolSearch && slices.Contains(reachable, toolSearchTool) {
		return
	}
	p.mu.Lock()
	warned := p.warned
	p.warned = true
	p.mu.Unlock()
	if warned {
		return
	}
	reason := ""
	if needsCodemode && hasCodemode && !auto {
		reason = " (autoEnableCodemode is false)"
	}
	p.notify("MCP tools are only reachable from the codemode or tool_search tool, but neither is active"+reason+"; they cannot be called.", "warning")
}

// The tools that reach MCP tools that are not declared to the model.
const (
	codemodeTool   = "codemode"
	toolSearchTool = "tool_search"
)

// toolCall is pi's tool_call handler: a call waits for the servers it
// needs, so their tools are registered before it runs. A tool that
// reaches other tools (reachesTools: codemode, tool_search) waits for the
// servers it may reach: all of them for "all", else those whose
// namespace one of its words contains; a direct MCP call waits for its
// own server. A cancelled call stops waiting.
func (p *plugin) toolCall(ctx context.Context, payload any) (any, error) {
	ev, _ := payload.(map[string]any)
	name, _ := ev["toolName"].(string)
	e, ok := p.h.Tools().Current().Get(name)
	if !ok {
		return nil, nil
	}
	var reach any
	reaches, hasReach := e.Value.Extra["reachesTools"].(engine.Callable)
	if hasReach {
		v, err := reaches.Call(ctx, ev["input"])
		if err != nil {
			return nil, nil // pi would throw from its handler; the call itself reports what is wrong
		}
		reach = v
	}
	p.mu.Lock()
	owner, _, _ := strings.Cut(p.owners[name], "\x00")
	var waits []<-chan struct{}
	for _, s := range p.servers {
		// The resource tools reach every server.
		if !enabled(s.entry) || hasReach && !reachesServer(reach, s.entry.Name) || !hasReach && !isResourceTool(name) && s.entry.Name != owner {
			continue
		}
		s.mu.Lock()
		if s.ready != nil {
			waits = append(waits, s.ready)
		}
		s.mu.Unlock()
	}
	p.mu.Unlock()
	for _, ch := range waits {
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, nil
		}
	}
	return nil, nil
}

// reachesServer is pi's: a call that reaches "all" needs every server,
// one that reaches words needs the servers whose namespace (mcp__<name>
// sanitized) a word contains.
func reachesServer(reach any, server string) bool {
	if reach == "all" {
		return true
	}
	words, _ := reach.([]any)
	namespace := Namespace(server)
	for _, w := range words {
		if w, ok := w.(string); ok && strings.Contains(w, namespace) {
			return true
		}
	}
	return false
}

// reportProblems is pi's one message after startup for config errors and
// failed servers.
func (p *plugin) reportProblems(servers []*server, withConfig bool) {
	var lines []string
	if withConfig {
		p.mu.Lock()
		for _, e := range p.errors {
			lines = append(lines, "config: "+e)
		}
		p.mu.Unlock()
	}
	for _, s := range servers {
		switch state, errText, _ := s.snapshot(); state {
		case stateFailed:
			lines = append(lines, fmt.Sprintf("%s: failed: %s", s.entry.Name, firstLine(errText)))
		case stateNeedsAuth:
			lines = append(lines, s.entry.Name+": needs sign-in")
		}
	}
	if len(lines) == 0 || p.gen.Retired() {
		return
	}
	p.notify("MCP servers need attention:\n  "+strings.Join(lines, "\n  ")+"\nRun /mcp to fix.", "warning")
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

const usage = "Usage: /mcp, /mcp login [server], /mcp logout [server], /mcp reconnect [server]"

// command is /mcp outside the TUI: the status, sign-in and sign-out, and
// reconnect.
func (p *plugin) command(ctx context.Context, args string) error {
	fields := strings.Fields(args)
	p.mu.Lock()
	pending := p.pending
	p.mu.Unlock()
	if pending != nil {
		select {
		case <-pending:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	switch {
	case len(fields) == 0:
		p.notify(p.status(), "info")
	case len(fields) > 2:
		p.notify(usage, "warning")
	case fields[0] == "reconnect":
		p.reconnect(ctx, fields[1:])
	case fields[0] == "login" || fields[0] == "logout":
		s := p.pickOAuthServer(ctx, fields[1:])
		if s == nil {
			return nil
		}
		if fields[0] == "login" {
			p.login(ctx, s)
		} else {
			p.logout(s)
		}
	default:
		p.notify(usage, "warning")
	}
	return nil
}

func (p *plugin) reconnect(ctx context.Context, names []string) {
	p.mu.Lock()
	var candidates []*server
	for _, s := range p.servers {
		if enabled(s.entry) && (len(names) == 0 || s.entry.Name == names[0]) {
			candidates = append(candidates, s)
		}
	}
	p.mu.Unlock()
	switch {
	case len(names) > 0 && len(candidates) == 0:
		p.notify(fmt.Sprintf("No MCP server named %q.", names[0]), "error")
		return
	case len(candidates) == 0:
		p.notify("No enabled MCP server to reconnect.", "info")
		return
	case len(candidates) > 1:
		p.notify(usage, "warning")
		return
	}
	s := candidates[0]
	s.disconnect()
	select {
	case <-s.connect(p.gen.Context()):
	case <-ctx.Done():
		return
	}
	state, errText, tools := s.snapshot()
	if state != stateConnected {
		p.notify(fmt.Sprintf("Could not reconnect to MCP server %q: %s", s.entry.Name, errText), "error")
		return
	}
	p.ensureDiscoveryActive()
	resources := ""
	s.mu.Lock()
	if s.hasResources {
		resources = " · resources" // pi's describeState
	}
	s.mu.Unlock()
	p.notify(fmt.Sprintf("Reconnected to MCP server %q (connected · %d tool%s%s).", s.entry.Name, len(tools), plural(len(tools)), resources), "info")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// status is pi's formatStatus.
func (p *plugin) status() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.servers) == 0 && len(p.errors) == 0 && len(p.overridden) == 0 {
		return fmt.Sprintf("No MCP servers configured. Add them to %s or .pi/mcp.json.", filepath.Join(p.opts.AgentDir, "mcp.json"))
	}
	var lines []string
	for _, s := range p.servers {
		state, errText, tools := s.snapshot()
		if state == stateNeedsAuth {
			lines = append(lines, fmt.Sprintf("%s: needs sign-in, run /mcp login %s (%s)", s.entry.Name, s.entry.Name, exposureOf(s.entry)))
			continue
		}
		count := ""
		if state == stateConnected {
			count = fmt.Sprintf(", %d tools", len(tools))
		}
		shown := state
		switch {
		case !enabled(s.entry):
			shown = "disabled"
		case state == stateDisconnected:
			shown = "disconnected, reconnects on next call"
		case state == "":
			shown = "starting"
		}
		detail := ""
		if errText != "" && state != stateConnected {
			detail = "\n    " + strings.ReplaceAll(errText, "\n", "\n    ")
		}
		lines = append(lines, fmt.Sprintf("%s: %s%s (%s)%s", s.entry.Name, shown, count, exposureOf(s.entry), detail))
	}
	for _, e := range p.errors {
		lines = append(lines, "config error: "+e)
	}
	for _, o := range p.overridden {
		lines = append(lines, "overridden: "+o)
	}
	return strings.Join(lines, "\n")
}

// shutdown closes every connection (session end, plugin unload).
func (p *plugin) shutdown() {
	p.mu.Lock()
	servers := p.servers
	p.servers, p.pending = nil, nil
	p.mu.Unlock()
	for _, s := range servers {
		s.close()
	}
}

func jsonData(v any) any {
	if v == nil {
		return nil
	}
	if m, ok := v.(map[string]any); ok {
		return engine.Clone(m)
	}
	return viaJSON(v)
}

// pickOAuthServer is pi's pickServer for sign-in: the named server, the
// one server that uses OAuth (or the one that needs a sign-in), or the
// one the user selects.
func (p *plugin) pickOAuthServer(ctx context.Context, names []string) *server {
	const none = "No enabled MCP server uses OAuth. Only HTTP servers without an Authorization header do."
	p.mu.Lock()
	servers := append([]*server(nil), p.servers...)
	p.mu.Unlock()
	eligible := func(s *server) bool { return enabled(s.entry) && s.auth != nil }
	if len(names) > 0 {
		for _, s := range servers {
			if s.entry.Name == names[0] {
				if !eligible(s) {
					p.notify(none, "error")
					return nil
				}
				return s
			}
		}
		p.notify(fmt.Sprintf("No MCP server named %q.", names[0]), "error")
		return nil
	}
	var candidates, preferred []*server
	for _, s := range servers {
		if eligible(s) {
			candidates = append(candidates, s)
			if state, _, _ := s.snapshot(); state == stateNeedsAuth {
				preferred = append(preferred, s)
			}
		}
	}
	switch {
	case len(candidates) == 0:
		p.notify(none, "info")
		return nil
	case len(candidates) == 1:
		return candidates[0]
	case len(preferred) == 1:
		return preferred[0]
	}
	// Several: the user picks one (nothing without a UI).
	options := make([]any, len(candidates))
	for i, s := range candidates {
		options[i] = s.entry.Name
	}
	r, err := piapi.Of(p.h).UI().Dialog(ctx, p.gen, "select", map[string]any{"title": "MCP server", "options": options})
	if err != nil {
		return nil
	}
	m, _ := r.(map[string]any)
	for _, s := range candidates {
		if s.entry.Name == m["value"] {
			return s
		}
	}
	return nil
}

// login is pi's loginCommand outside the TUI: the authorization URL as a
// notification, the browser opened, and a pasted redirect URL taken from
// an input dialog.
func (p *plugin) login(ctx context.Context, s *server) {
	name := s.entry.Name
	ui := piapi.Of(p.h).UI()
	if !ui.HasUI() {
		p.notify(fmt.Sprintf("Signing in to MCP server %q requires interactive mode.", name), "error")
		return
	}
	if failure := p.signIn(ctx, s); failure != "" {
		level := "error"
		if failure == "Sign-in cancelled." {
			level = "info"
		}
		p.notify(failure, level)
		return
	}
	p.ensureDiscoveryActive()
	_, _, tools := s.snapshot()
	p.notify(fmt.Sprintf("Signed in to MCP server %q (%d tools).", name, len(tools)), "info")
}

// signIn signs in and reconnects; it returns pi's failure message.
func (p *plugin) signIn(ctx context.Context, s *server) string {
	name := s.entry.Name
	settings, err := s.oauthSettings(ctx)
	if err != nil {
		return "Sign-in failed: " + err.Error()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(p.gen.Context(), cancel)
	defer stop()
	u := s.oauthURL()
	err = signIn(ctx, signInOptions{serverURL: u, store: newCredentialStore(p.opts.World.AgentDir).forServer(name, u),
		settings: settings, challenge: s.auth.lastChallenge(), prompt: signInPrompt{
			showURL: func(au *url.URL) {
				p.notify(fmt.Sprintf("Sign in to MCP server %q in your browser:\n%s", name, au.String()), "info")
				provider.OpenBrowser(au.String())
			},
			pasted: func(ctx context.Context) string {
				r, err := piapi.Of(p.h).UI().Dialog(ctx, p.gen, "input", map[string]any{
					"title":       fmt.Sprintf("Waiting for sign-in to %q. If the browser cannot reach this machine, paste the URL it was redirected to.", name),
					"placeholder": "http://127.0.0.1:.../callback?code=..."})
				if err != nil {
					return ""
				}
				m, _ := r.(map[string]any)
				v, _ := m["value"].(string)
				return v
			},
		}})
	if errors.Is(err, errSignInCancelled) {
		return "Sign-in cancelled."
	}
	if err != nil {
		return "Sign-in failed: " + err.Error()
	}
	s.auth.clearChallenge()
	s.disconnect()
	<-s.connect(p.gen.Context())
	switch state, errText, _ := s.snapshot(); state {
	case stateConnected:
		return ""
	case stateNeedsAuth:
		return "Signed in, but " + s.signInRequired().Error()
	default:
		return fmt.Sprintf("Signed in, but MCP server %q failed to connect: %s", name, errText)
	}
}

// logout deletes the server's credentials and disconnects it.
func (p *plugin) logout(s *server) {
	name := s.entry.Name
	removed, err := newCredentialStore(p.opts.World.AgentDir).remove(name, s.oauthURL())
	if err != nil {
		p.notify(err.Error(), "error")
		return
	}
	s.disconnect()
	s.mu.Lock()
	if !s.closed {
		s.setNeedsAuth()
	}
	s.mu.Unlock()
	if removed {
		p.notify(fmt.Sprintf("Signed out of MCP server %q.", name), "info")
	} else {
		p.notify(fmt.Sprintf("No stored credentials for MCP server %q.", name), "info")
	}
}

// turnStart picks up sign-ins done outside the session (`pigo mcp
// login`, run by the agent): a server waiting for a sign-in whose stored
// tokens changed reconnects.
func (p *plugin) turnStart(ctx context.Context, _ any) error {
	p.mu.Lock()
	servers := append([]*server(nil), p.servers...)
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range servers {
		if s.auth == nil {
			continue
		}
		s.mu.Lock()
		waiting, before := s.awaitingSignIn && s.state == stateNeedsAuth, s.tokensAtSignIn
		s.mu.Unlock()
		if !waiting || newCredentialStore(p.opts.World.AgentDir).tokens(s.entry.Name, s.oauthURL()) == before {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.disconnect()
			<-s.connect(p.gen.Context())
		}()
	}
	wg.Wait()
	return nil
}
