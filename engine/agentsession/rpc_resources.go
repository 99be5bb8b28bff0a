package agentsession

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/resources"
)

// getLoadedResources is what pi's interactive mode lists under its
// header (showLoadedResources): the context files (the system prompt's
// and append files, then AGENTS.md / CLAUDE.md), the skills and prompt
// templates with their sourceInfo, and what their loaders reported.
// Extensions are get_extensions'.
func (s *rpcServer) getLoadedResources(*rpcCommand) (any, bool, error) {
	rt := s.rt
	contextFiles := []any{}
	if in := rt.prompt.Load(); in != nil {
		if in.customPath != "" {
			contextFiles = append(contextFiles, in.customPath)
		}
		for _, p := range in.appendPaths {
			contextFiles = append(contextFiles, p)
		}
		for _, c := range in.contextFiles {
			contextFiles = append(contextFiles, c.path)
		}
	}
	set := rt.resourceSet()
	skills, prompts := []any{}, []any{}
	for _, sk := range set.Skills() {
		skills = append(skills, ordered{{"name", sk.Name}, {"path", sk.FilePath}, {"sourceInfo", sk.SourceInfo.Map()}})
	}
	for _, t := range set.PromptTemplates() {
		prompts = append(prompts, ordered{{"name", t.Name}, {"path", t.FilePath}, {"sourceInfo", t.SourceInfo.Map()}})
	}
	themes, themeDiags := rt.loadedThemes()
	return ordered{{"contextFiles", contextFiles}, {"skills", skills}, {"prompts", prompts},
		{"skillDiagnostics", diagnosticList(set.SkillDiagnostics())},
		{"promptDiagnostics", diagnosticList(set.PromptDiagnostics())},
		{"themes", themes}, {"themeDiagnostics", diagnosticList(themeDiags)}}, true, nil
}

// loadedThemes are pi's resource loader themes: the enabled theme files
// in precedence order (the project's only in a trusted project), each
// name kept by its first file ({name, path, sourceInfo}), with the
// diagnostics pi lists under [Theme conflicts]: a file that does not
// parse or has no "colors" map, and a name's later files (collisions).
func (rt *agentRuntime) loadedThemes() (themes []any, diags []resources.Diagnostic) {
	global, project := rt.settings.resourceMaps()
	resolved := resources.Resolve(resources.ResolveOptions{Cwd: rt.io.Cwd, AgentDir: rt.agentDir, Home: rt.io.Getenv("HOME"),
		GlobalSettings: global, ProjectSettings: project, UntrustedProject: !piapi.Of(rt.host).ProjectTrusted()})
	themes = []any{}
	winner := map[string]string{}
	for _, r := range resolved.Themes {
		if !r.Enabled {
			continue
		}
		path := r.Meta.Path
		data, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, resources.Diagnostic{Type: "warning", Message: err.Error(), Path: path})
			continue
		}
		var theme struct {
			Name   *string        `json:"name"`
			Colors map[string]any `json:"colors"`
		}
		// pi's parseThemeJsonContent and parseThemeJson (the JSON error is Go's)
		if err := json.Unmarshal(bytes.TrimPrefix(data, []byte("\ufeff")), &theme); err != nil {
			diags = append(diags, resources.Diagnostic{Type: "warning", Message: fmt.Sprintf("Failed to parse theme %s: %v", path, err), Path: path})
			continue
		}
		if theme.Colors == nil {
			diags = append(diags, resources.Diagnostic{Type: "warning", Message: fmt.Sprintf(`Invalid theme "%s": expected an object with a "colors" map.`, path), Path: path})
			continue
		}
		name := "unnamed"
		if theme.Name != nil {
			name = *theme.Name
		}
		if first, ok := winner[name]; ok {
			diags = append(diags, resources.Diagnostic{Type: "collision", Message: `name "` + name + `" collision`, Path: path,
				Collision: &resources.Collision{ResourceType: "theme", Name: name, WinnerPath: first, LoserPath: path}})
			continue
		}
		winner[name] = path
		themes = append(themes, ordered{{"name", name}, {"path", path}, {"sourceInfo", r.Meta.Map()}})
	}
	return themes, diags
}

// diagnosticList is loader diagnostics as pi's ResourceDiagnostic
// objects.
func diagnosticList(diags []resources.Diagnostic) []any {
	out := []any{}
	for _, d := range diags {
		o := ordered{{"type", d.Type}, {"message", d.Message}}
		if d.Path != "" {
			o = append(o, member{"path", d.Path})
		}
		if c := d.Collision; c != nil {
			o = append(o, member{"collision", ordered{{"resourceType", c.ResourceType}, {"name", c.Name},
				{"winnerPath", c.WinnerPath}, {"loserPath", c.LoserPath}}})
		}
		out = append(out, o)
	}
	return out
}
