package engine

// Report is what `pigo check` prints: for every plugin what loaded, what it
// registered, and what failed and why; per registry its problems and wrap
// stacks.
type Report struct {
	Plugins    []PluginReport   `json:"plugins"`
	Registries []RegistryReport `json:"registries"`
}

// PluginReport describes one plugin.
type PluginReport struct {
	ID          string              `json:"id"`
	Path        string              `json:"path"`
	Status      Status              `json:"status"`
	Generation  int                 `json:"generation"`
	Error       string              `json:"error,omitempty"`
	Location    *Location           `json:"location,omitempty"`
	Registered  map[string][]string `json:"registered"` // registry name → ids it set
	Tools       []string            `json:"tools"`
	Commands    []string            `json:"commands"`
	Hooks       []string            `json:"hooks"`
	Events      []string            `json:"events"`
	Settings    []string            `json:"settings"`
	Diagnostics []Diagnostic        `json:"diagnostics"`
	// Unsupported lists pi API members the plugin uses that pigo does not
	// implement yet (found in its code or hit at run time).
	Unsupported []string `json:"unsupported"`
}

// RegistryReport describes one registry.
type RegistryReport struct {
	Name       string       `json:"name"`
	Entries    []EntryInfo  `json:"entries"`
	WrapStacks []string     `json:"wrapStacks,omitempty"`
	Problems   []Diagnostic `json:"problems,omitempty"`
}

// Report snapshots the host's plugins and registries.
func (h *Host) Report() Report {
	var rep Report
	owned := map[string]map[string][]string{} // plugin → registry → ids
	for _, r := range h.allRegistries() {
		rr := RegistryReport{Name: r.Name(), Entries: r.Info(), Problems: r.Problems()}
		for _, e := range rr.Entries {
			if owned[e.Owner] == nil {
				owned[e.Owner] = map[string][]string{}
			}
			owned[e.Owner][rr.Name] = append(owned[e.Owner][rr.Name], e.ID)
			if len(e.Wraps) > 0 {
				s := e.ID + ": " + e.Owner
				for _, w := range e.Wraps {
					s += " -> " + w
				}
				rr.WrapStacks = append(rr.WrapStacks, s)
			}
		}
		rep.Registries = append(rep.Registries, rr)
	}
	for _, p := range h.Plugins() {
		pr := PluginReport{ID: p.ID, Path: p.Source, Status: p.Status, Generation: p.Generation,
			Registered: owned[p.ID], Hooks: nonNil(p.Hooks), Events: nonNil(p.Events), Diagnostics: p.Log}
		if pr.Registered == nil {
			pr.Registered = map[string][]string{}
		}
		pr.Tools = nonNil(pr.Registered["tools"])
		pr.Commands = nonNil(pr.Registered["commands"])
		pr.Settings = nonNil(pr.Registered["settings"])
		pr.Unsupported = nonNil(h.Unsupported(p.ID))
		if pr.Diagnostics == nil {
			pr.Diagnostics = []Diagnostic{}
		}
		for _, r := range rep.Registries {
			for _, d := range r.Problems {
				if d.Plugin == p.ID && d.Severity == SeverityError {
					pr.Diagnostics = appendUnique(pr.Diagnostics, d)
				}
			}
		}
		if p.Error != nil {
			pr.Error = p.Error.Error()
			if len(p.Error.Diagnostics) > 0 {
				pr.Location = p.Error.Diagnostics[0].Location
			}
		}
		rep.Plugins = append(rep.Plugins, pr)
	}
	return rep
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func appendUnique(ds []Diagnostic, d Diagnostic) []Diagnostic {
	for _, x := range ds {
		if x.Text == d.Text && x.Where == d.Where {
			return ds
		}
	}
	return append(ds, d)
}
