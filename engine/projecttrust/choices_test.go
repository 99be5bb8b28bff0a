package projecttrust_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/projecttrust"
)

// TestChoicesAndSetMany: pi's trust answers and what each saves; the
// parent folder answer drops the project's own decision; Entry names the
// directory a decision comes from.
func TestChoicesAndSetMany(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, c := range projecttrust.Choices(proj, true) {
		labels = append(labels, fmt.Sprintf("%s=%v", c.Label, c.Trusted))
	}
	want := fmt.Sprintf("[Trust=true Trust parent folder (%s)=true Trust (this session only)=true Do not trust=false Do not trust (this session only)=false]", root)
	if fmt.Sprint(labels) != want {
		t.Errorf("choices %v\nwant %s", labels, want)
	}
	if n := len(projecttrust.Choices(proj, false)); n != 3 {
		t.Errorf("/trust has %d choices, want 3", n)
	}
	if n := len(projecttrust.Choices("/", false)); n != 2 {
		t.Errorf("the root has %d choices, want 2 (no parent)", n)
	}

	s := projecttrust.NewStore(filepath.Join(root, "agent"))
	choices := projecttrust.Choices(proj, true)
	if err := s.SetMany(ctx, choices[3].Updates); err != nil { // do not trust
		t.Fatal(err)
	}
	if d, ok, err := s.Entry(ctx, proj); !ok || err != nil || d.Trusted || d.Path != proj {
		t.Errorf("after do not trust: %+v %v %v", d, ok, err)
	}
	if err := s.SetMany(ctx, choices[1].Updates); err != nil { // trust the parent
		t.Fatal(err)
	}
	if d, ok, _ := s.Entry(ctx, proj); !ok || !d.Trusted || d.Path != root {
		t.Errorf("after trusting the parent: %+v (the project's own decision must go)", d)
	}
	data, _ := os.ReadFile(s.Path)
	if string(data) != fmt.Sprintf("{\n  %q: true\n}\n", root) {
		t.Errorf("trust.json %s", data)
	}
	if err := s.SetMany(ctx, choices[2].Updates); err != nil { // session only: saves nothing
		t.Fatal(err)
	}
	if data2, _ := os.ReadFile(s.Path); string(data2) != string(data) {
		t.Errorf("a session-only answer changed trust.json: %s", data2)
	}
}
