package agentsession

import (
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
	return ordered{{"contextFiles", contextFiles}, {"skills", skills}, {"prompts", prompts},
		{"skillDiagnostics", diagnosticList(set.SkillDiagnostics())},
		{"promptDiagnostics", diagnosticList(set.PromptDiagnostics())}}, true, nil
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
