package agentsession

import (
	"context"
	"sync/atomic"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/resources"
)

// pi's prompt templates and skills in the agent modes (engine/resources
// does the loading and expansion): loaded at startup and on reload or
// session replacement, extended by extensions' resources_discover results,
// expanded in prompt, steer and follow_up, listed by get_commands and
// pi.getCommands(), and the skills section of the system prompt. Like pi's
// print and RPC modes, pigo does not print the loaders' diagnostics.

// resourceHolder holds the current templates and skills (replaced on
// reload). Safe for concurrent use.
type resourceHolder struct{ p atomic.Pointer[resources.Set] }

func (h *resourceHolder) Load() *resources.Set   { return h.p.Load() }
func (h *resourceHolder) Store(s *resources.Set) { h.p.Store(s) }

// initResources loads the templates and skills and wires them into the
// host: pi.getCommands() lists them, and resources_discover results are
// folded with the extension that returned each path. The built-in
// commands' argument completions are set there too.
func (rt *agentRuntime) initResources() {
	rt.host.DefineHook("resources_discover", engine.HookContract{Fold: foldResourcesDiscover})
	piapi.Of(rt.host).SetResourceCommands(func() []map[string]any {
		var out []map[string]any
		for _, c := range rt.resourceSet().Commands() {
			out = append(out, map[string]any{"name": c.Name, "description": c.Description, "source": c.Source,
				"sourceInfo": c.SourceInfo.Map()})
		}
		return out
	})
	piapi.Of(rt.host).SetBuiltinArgumentCompletions(rt.builtinArgumentCompletions)
	g, p := rt.settings.resourceMaps()
	rt.loadResources(g, p)
}

// loadResources is pi's resource loader reload for templates and skills.
func (rt *agentRuntime) loadResources(global, project map[string]any) {
	f := rt.flags
	rt.res.Store(resources.Load(resources.Options{Cwd: rt.io.Cwd, AgentDir: rt.agentDir, Home: rt.io.Getenv("HOME"),
		GlobalSettings: global, ProjectSettings: project, ExtensionSources: f.Extensions,
		SkillPaths: f.skills, PromptPaths: f.promptTemplates, NoSkills: f.noSkills, NoPromptTemplates: f.noPromptTemplates,
		UntrustedProject: !piapi.Of(rt.host).ProjectTrusted()}))
}

// resourceSet returns the current templates and skills.
func (rt *agentRuntime) resourceSet() *resources.Set { return rt.res.Load() }

// reloadResources loads the templates and skills again (settings re-read,
// as pi's reload and session replacement do), rebuilds the system prompt,
// then runs resources_discover with reason.
func (rt *agentRuntime) reloadResources(ctx context.Context, reason string) {
	fresh, _ := loadPiSettings(rt.io.FS, rt.agentDir, rt.io.Cwd)
	if !piapi.Of(rt.host).ProjectTrusted() {
		fresh.dropProject()
	}
	g, p := fresh.resourceMaps()
	rt.loadResources(g, p)
	rt.rebuildPrompt()
	rt.discoverResources(ctx, reason)
}

// discoverResources is pi's extendResourcesFromExtensions: the skill and
// prompt paths resources_discover handlers return are added and the
// system prompt is rebuilt.
func (rt *agentRuntime) discoverResources(ctx context.Context, reason string) {
	out := rt.host.RunHook(ctx, "resources_discover", map[string]any{"type": "resources_discover", "cwd": rt.io.Cwd, "reason": reason})
	res, _ := out.Result.(map[string]any)
	paths := func(key string) []resources.ExtensionPath {
		list, _ := res[key].([]any)
		var ps []resources.ExtensionPath
		for _, e := range list {
			m, _ := e.(map[string]any)
			p, _ := m["path"].(string)
			plugin, _ := m["plugin"].(string)
			ext := rt.extPath(plugin)
			if ext == "" {
				ext = "<" + plugin + ">"
			}
			ps = append(ps, resources.ExtensionPath{Path: p, Extension: ext})
		}
		return ps
	}
	if rt.resourceSet().Extend(paths("skillPaths"), paths("promptPaths")) {
		rt.rebuildPrompt()
	}
}

// foldResourcesDiscover collects what resources_discover handlers return
// as pi's emitResourcesDiscover does (paths of each kind concatenated in
// extension order), each path as {path, plugin}. A result that is not an
// object, and lists that are not arrays, are ignored.
func foldResourcesDiscover(c *engine.HookChain, reply engine.HookReply) (bool, error) {
	if ev, ok := reply.Event.(map[string]any); ok {
		c.Payload = ev
	}
	r, ok := reply.Result.(map[string]any)
	if !ok {
		return false, nil
	}
	res, _ := c.Result.(map[string]any)
	if res == nil {
		res = map[string]any{}
	}
	for _, k := range []string{"skillPaths", "promptPaths", "themePaths"} {
		list, _ := r[k].([]any)
		for _, p := range list {
			if s, ok := p.(string); ok {
				have, _ := res[k].([]any)
				res[k] = append(have, map[string]any{"path": s, "plugin": c.Plugin})
			}
		}
	}
	if len(res) > 0 {
		c.Result = res
	}
	return false, nil
}

// expandPrompt is pi's expansion of a prompt, steer or follow-up text:
// /skill:name, then prompt templates. A skill file that cannot be read is
// reported as an extension error (event "skill_expansion") and the text
// is sent as typed.
func (rt *agentRuntime) expandPrompt(text string) string {
	set := rt.resourceSet()
	if set == nil {
		return text
	}
	out, err := set.Expand(text)
	if err != nil {
		rt.reportExtensionError(err.Path, "skill_expansion", err.Message)
	}
	return out
}

// resourceCommandsData lists templates, then skills, for get_commands.
func (rt *agentRuntime) resourceCommandsData() []any {
	var out []any
	for _, c := range rt.resourceSet().Commands() {
		out = append(out, ordered{{"name", c.Name}, {"description", c.Description}, {"source", c.Source},
			{"sourceInfo", sourceInfoOrdered(c.SourceInfo.Map())}})
	}
	return out
}

// skills returns the loaded skills for the system prompt.
func (rt *agentRuntime) skills() []resources.Skill {
	if set := rt.resourceSet(); set != nil {
		return set.Skills()
	}
	return nil
}

// resourceMaps returns copies of the global and project settings objects.
func (s *piSettings) resourceMaps() (global, project map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, _ := engine.Clone(s.global).(map[string]any)
	p, _ := engine.Clone(s.project).(map[string]any)
	return g, p
}
