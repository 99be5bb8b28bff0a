package provider

import (
	"context"
	"fmt"
	"slices"
)

// VirtualAPI is the api of pi 1.6's virtual models: catalog entries whose
// requests a router sends to a physical model. A request for one fails
// unless it was routed first.
const VirtualAPI = "pi-virtual"

// IsVirtual reports whether m is a virtual model.
func (m *Model) IsVirtual() bool { return m != nil && m.API == VirtualAPI }

// VirtualDefinition is what pi.registerVirtualModel declares besides the
// router.
type VirtualDefinition struct {
	Provider, ID, Name string
	// ThinkingLevels are the levels offered for selection; nil means off only.
	ThinkingLevels []ThinkingLevel
	// ContextWindow and MaxTokens are shown before the first response; 0 is unknown.
	ContextWindow, MaxTokens int
	// Input defaults to text and images.
	Input []string
}

// NewVirtualModel is pi's createVirtualModel: the catalog entry of a
// virtual model, whose thinkingLevelMap offers exactly its levels.
func NewVirtualModel(d VirtualDefinition) *Model {
	levels := d.ThinkingLevels
	if levels == nil {
		levels = []ThinkingLevel{ThinkingOff}
	}
	m := &Model{ID: d.ID, Name: d.Name, API: VirtualAPI, Provider: d.Provider, Input: d.Input,
		ThinkingLevelMap: ThinkingLevelMap{}, ContextWindow: d.ContextWindow, MaxTokens: d.MaxTokens}
	for _, l := range ThinkingLevels() {
		if slices.Contains(levels, l) {
			v := string(l)
			m.ThinkingLevelMap[l] = &v
		} else {
			m.ThinkingLevelMap[l] = nil
		}
		m.Reasoning = m.Reasoning || (l != ThinkingOff && slices.Contains(levels, l))
	}
	if m.Input == nil {
		m.Input = []string{"text", "image"}
	}
	return m
}

// SetVirtualModels replaces the registry's virtual models (pi's
// ModelRuntime.registerVirtualModel). A virtual model hides a physical
// model of its provider with the same id; listed under a provider no
// physical model or registration uses, it needs no credentials.
func (r *Registry) SetVirtualModels(ms []*Model) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.virtual = make([]*Model, len(ms))
	for i, m := range ms {
		r.virtual[i] = m.Clone()
	}
	r.st = r.build()
}

// applyVirtual adds the virtual models to a state, replacing the ones a
// previous call added. Caller holds mu.
func (r *Registry) applyVirtual(st *registryState) {
	st.models = slices.DeleteFunc(st.models, (*Model).IsVirtual)
	physical := map[string]bool{}
	for _, m := range st.models {
		physical[m.Provider] = true
	}
	for _, rp := range r.registered {
		physical[rp.name] = true
	}
	st.virtualOnly = map[string]bool{}
	for _, v := range r.virtual {
		st.models = slices.DeleteFunc(st.models, func(m *Model) bool { return m.Provider == v.Provider && m.ID == v.ID })
		st.models = append(st.models, v)
		if !physical[v.Provider] {
			st.virtualOnly[v.Provider] = true
		}
	}
}

// unroutedAPI serves VirtualAPI: a virtual model reaches a provider only
// when nothing routed it.
var unroutedAPI = APIFunc(func(_ context.Context, model *Model, _ *Context, _ *Options) (*EventStream, error) {
	return nil, fmt.Errorf("Virtual model %s/%s must be routed before streaming", model.Provider, model.ID)
})
