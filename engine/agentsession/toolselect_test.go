package agentsession

import (
	"slices"
	"testing"
)

func TestToolSelection(t *testing.T) {
	base := []string{"read", "bash", "edit", "write"}
	for _, c := range []struct {
		entries, want []string
	}{
		{[]string{"+codemode"}, []string{"read", "bash", "edit", "write", "codemode"}},
		{[]string{"+codemode", "-write"}, []string{"read", "bash", "edit", "codemode"}},
		{[]string{"read", "codemode"}, []string{"read", "codemode"}},
		{[]string{"read", "+bash", "-read"}, []string{"bash"}},
		{[]string{}, []string{}},
		{[]string{"+read"}, base},
	} {
		if got := toolSelection(base, c.entries); !slices.Equal(got, c.want) {
			t.Errorf("toolSelection(%v) = %v, want %v", c.entries, got, c.want)
		}
	}
}

func TestDefaultToolsSettingProjectOnUser(t *testing.T) {
	s := &piSettings{global: map[string]any{"defaultTools": []any{"+codemode", "-write"}}, project: map[string]any{"defaultTools": []any{"+grep"}}}
	got, ok := s.defaultTools([]string{"read", "bash", "edit", "write"})
	if !ok || !slices.Equal(got, []string{"read", "bash", "edit", "codemode", "grep"}) {
		t.Fatalf("got %v %v", got, ok)
	}
	s = &piSettings{global: map[string]any{}, project: map[string]any{}}
	if _, ok := s.defaultTools(nil); ok {
		t.Fatal("no setting reported as set")
	}
}
