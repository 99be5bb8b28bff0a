package engine

import (
	"context"
	"fmt"
	"sync"
)

// Settings are declared by plugins with a schema and a default, and
// resolved through layers: defaults → user → project → session (later
// layers win). Changing a layer rebuilds the settings registry, and when a
// resolved value changed, every other registry too (contributions may read
// settings); it never reloads plugin code.

// Setting layers, lowest precedence first.
const (
	LayerUser    = "user"
	LayerProject = "project"
	LayerSession = "session"
)

var layerOrder = []string{LayerSession, LayerProject, LayerUser} // highest first

// SettingDecl is what a plugin contributes for a settings key.
type SettingDecl struct {
	Schema      map[string]any
	Default     any
	Description string
}

// ResolvedSetting is a key's effective value and where it came from.
type ResolvedSetting struct {
	Value  any
	Source string // "default" or a layer name
	Decl   SettingDecl
}

// Settings is the settings registry plus its layers.
type Settings struct {
	*Registry[*Draft[SettingDecl], State[ResolvedSetting]]
	mu     sync.Mutex
	layers map[string]map[string]any
}

func newSettings(h *Host) *Settings {
	s := &Settings{layers: map[string]map[string]any{}}
	s.Registry = NewRegistry(h, RegistrySpec[*Draft[SettingDecl], State[ResolvedSetting]]{
		Name: "settings",
		NewDraft: func() *Draft[SettingDecl] {
			return NewDraft(func(d SettingDecl) SettingDecl {
				d.Schema, _ = Clone(d.Schema).(map[string]any)
				d.Default = Clone(d.Default)
				return d
			})
		},
		Build: s.build,
		Keys:  State[ResolvedSetting].Keys,
	})
	s.OnCommit(func(info RebuiltInfo) {
		if info.Diff.Empty() {
			return
		}
		for _, r := range h.allRegistries() {
			if r != anyRegistry(s.Registry) {
				if sch, ok := r.(interface{ Schedule() }); ok {
					sch.Schedule()
				}
			}
		}
	})
	return s
}

// SetLayer replaces one layer's values and rebuilds.
func (s *Settings) SetLayer(ctx context.Context, layer string, values map[string]any) (Rebuilt[State[ResolvedSetting]], error) {
	switch layer {
	case LayerUser, LayerProject, LayerSession:
	default:
		return Rebuilt[State[ResolvedSetting]]{}, fmt.Errorf("set settings: unknown layer %q", layer)
	}
	s.mu.Lock()
	s.layers[layer], _ = Clone(values).(map[string]any)
	s.mu.Unlock()
	return s.Rebuild(ctx)
}

// Get returns the resolved value of key.
func (s *Settings) Get(key string) (any, bool) {
	e, ok := s.Current().Get(key)
	if !ok {
		return nil, false
	}
	return e.Value.Value, true
}

// build resolves every declared key through the layers; a layer value that
// fails the key's schema is reported and skipped.
func (s *Settings) build(d *Draft[SettingDecl]) (State[ResolvedSetting], []Diagnostic) {
	s.mu.Lock()
	layers := s.layers
	s.mu.Unlock()
	var probs []Diagnostic
	var out []Entry[ResolvedSetting]
	for _, e := range d.Entries() {
		decl := e.Value
		tool := Tool{}
		if decl.Schema != nil {
			sch, err := compileSchema(decl.Schema)
			if err != nil {
				probs = append(probs, Diagnostic{Plugin: e.Owner, Severity: SeverityError, Text: fmt.Sprintf("setting %q: invalid schema: %v", e.ID, err)})
				continue
			}
			tool.schema = sch
		}
		rs := ResolvedSetting{Value: decl.Default, Source: "default", Decl: decl}
		for _, layer := range layerOrder {
			v, ok := layers[layer][e.ID]
			if !ok {
				continue
			}
			if err := tool.ValidateParams(v); err != nil {
				probs = append(probs, Diagnostic{Plugin: e.Owner, Severity: SeverityWarning,
					Text: fmt.Sprintf("setting %q in %s layer ignored: %v", e.ID, layer, err)})
				continue
			}
			rs.Value, rs.Source = v, layer
			break
		}
		out = append(out, Entry[ResolvedSetting]{ID: e.ID, Value: rs, Owner: e.Owner, Wraps: e.Wraps})
	}
	return NewState(out), probs
}
