package agentsession

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/resources"
)

func TestParsePiFlagsResources(t *testing.T) {
	t.Parallel()
	f := parsePiFlags([]string{"--skill", "a", "-ns", "--prompt-template", "p.md", "--skill", "b", "-np", "--mode", "rpc"})
	if !reflect.DeepEqual(f.skills, []string{"a", "b"}) || !reflect.DeepEqual(f.promptTemplates, []string{"p.md"}) ||
		!f.noSkills || !f.noPromptTemplates || len(f.diagnostics) != 0 {
		t.Errorf("flags %+v", f)
	}
	f = parsePiFlags([]string{"--no-skills", "--no-prompt-templates", "--skill"})
	if !f.noSkills || !f.noPromptTemplates || f.skills != nil {
		t.Errorf("long forms, and --skill without a value is ignored: %+v", f)
	}
}

// TestSystemPromptSkills checks where pi's buildSystemPrompt puts the
// skills section: after the appended text and the project context, just
// before the date, and only when the read tool is active.
func TestSystemPromptSkills(t *testing.T) {
	t.Parallel()
	skills := []resources.Skill{{Name: "x", Description: "Does x", FilePath: "/p/.pi/skills/x/SKILL.md"},
		{Name: "h", Description: "hidden", FilePath: "/p/h.md", DisableModelInvocation: true}}
	now := time.Date(2026, 1, 2, 15, 0, 0, 0, time.Local)
	section := resources.FormatSkillsForPrompt(skills)
	tail := "\nCurrent date: 2026-01-02\nCurrent working directory: /p"

	got := buildSystemPrompt(systemPromptInput{custom: "Custom.", append: []string{"More."}, cwd: "/p", selected: []string{"read"},
		skills: skills, now: now})
	if want := "Custom.\n\nMore." + section + tail; got != want {
		t.Errorf("custom prompt:\n%q\nwant\n%q", got, want)
	}
	got = buildSystemPrompt(systemPromptInput{cwd: "/p", selected: []string{"bash", "read"}, skills: skills, now: now})
	if !strings.HasSuffix(got, "- Show file paths clearly when working with files"+section+tail) {
		t.Errorf("default prompt does not end with the skills section:\n%s", got)
	}
	for _, in := range []systemPromptInput{
		{custom: "Custom.", cwd: "/p", selected: []string{"bash"}, skills: skills, now: now},
		{cwd: "/p", selected: []string{"bash"}, skills: skills, now: now},
		{cwd: "/p", selected: []string{"read"}, skills: skills[1:], now: now},
	} {
		if got := buildSystemPrompt(in); strings.Contains(got, "available_skills") || !strings.HasSuffix(got, tail) {
			t.Errorf("no skills section expected:\n%s", got)
		}
	}
}
