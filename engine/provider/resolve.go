package provider

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
)

// Resolution is a resolved model reference.
type Resolution struct {
	Model *Model
	// Thinking is the level given as a ":level" suffix, "" when none.
	Thinking ThinkingLevel
	// Warning explains a fallback, such as an unknown id used as a custom
	// model id of a known provider.
	Warning string
}

// ResolveModel resolves pi's --provider/--model flags (pi's resolveCliModel)
// against all models: "provider/id", a bare id, fuzzy id or name fragments
// (aliases preferred over dated ids), an optional ":thinking" suffix, and for
// a known provider an unknown id becomes a custom model built from the
// provider's default model. provider may be "".
func (r *Registry) ResolveModel(provider, ref string) (Resolution, error) {
	return resolveCLIModel(r.All(), provider, ref)
}

func resolveCLIModel(models []*Model, cliProvider, cliModel string) (Resolution, error) {
	if cliModel == "" {
		return Resolution{}, noModel("empty model reference")
	}
	if len(models) == 0 {
		return Resolution{}, noModel("No models available. Check your installation or add models to models.json.")
	}
	providers := map[string]string{}
	for _, m := range models {
		providers[strings.ToLower(m.Provider)] = m.Provider
	}
	provider := ""
	if cliProvider != "" {
		p, ok := providers[strings.ToLower(cliProvider)]
		if !ok {
			return Resolution{}, noModel(fmt.Sprintf("Unknown provider %q. Use --list-models to see available providers/models.", cliProvider))
		}
		provider = p
	}
	pattern, inferred := cliModel, false
	if provider == "" {
		if i := strings.Index(cliModel, "/"); i >= 0 {
			if p, ok := providers[strings.ToLower(cliModel[:i])]; ok {
				provider, pattern, inferred = p, cliModel[i+1:], true
			}
		}
	}
	exactAll := func() *Model {
		lower := strings.ToLower(cliModel)
		for _, m := range models {
			if strings.ToLower(m.ID) == lower || strings.ToLower(m.Provider+"/"+m.ID) == lower {
				return m
			}
		}
		return nil
	}
	if provider == "" {
		if m := exactAll(); m != nil {
			return Resolution{Model: m}, nil
		}
	}
	if cliProvider != "" && provider != "" {
		if prefix := provider + "/"; strings.HasPrefix(strings.ToLower(cliModel), strings.ToLower(prefix)) {
			pattern = cliModel[len(prefix):]
		}
	}
	candidates := models
	if provider != "" {
		candidates = nil
		for _, m := range models {
			if m.Provider == provider {
				candidates = append(candidates, m)
			}
		}
	}
	res := parseModelPattern(pattern, candidates, false)
	if res.Model != nil {
		return res, nil
	}
	if inferred {
		if m := exactAll(); m != nil {
			return Resolution{Model: m}, nil
		}
		if fb := parseModelPattern(cliModel, models, false); fb.Model != nil {
			return fb, nil
		}
	}
	if provider != "" {
		if m := fallbackModel(provider, pattern, models); m != nil {
			w := fmt.Sprintf("Model %q not found for provider %q. Using custom model id.", pattern, provider)
			if res.Warning != "" {
				w = res.Warning + " " + w
			}
			return Resolution{Model: m, Warning: w}, nil
		}
	}
	display := cliModel
	if provider != "" {
		display = provider + "/" + pattern
	}
	return Resolution{Warning: res.Warning}, noModel(fmt.Sprintf("Model %q not found. Use --list-models to see available models.", display))
}

var datedID = regexp.MustCompile(`-\d{8}$`)

// isAlias: ids ending in -latest or without a -YYYYMMDD suffix.
func isAlias(id string) bool { return strings.HasSuffix(id, "-latest") || !datedID.MatchString(id) }

// findExactModelReference is pi's findExactModelReferenceMatch.
func findExactModelReference(ref string, models []*Model) *Model {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return nil
	}
	lower := strings.ToLower(ref)
	var canon []*Model
	for _, m := range models {
		if strings.ToLower(m.Provider+"/"+m.ID) == lower {
			canon = append(canon, m)
		}
	}
	if len(canon) == 1 {
		return canon[0]
	}
	if len(canon) > 1 {
		return nil
	}
	if i := strings.Index(ref, "/"); i >= 0 {
		p, id := strings.TrimSpace(ref[:i]), strings.TrimSpace(ref[i+1:])
		if p != "" && id != "" {
			var ms []*Model
			for _, m := range models {
				if strings.EqualFold(m.Provider, p) && strings.EqualFold(m.ID, id) {
					ms = append(ms, m)
				}
			}
			if len(ms) == 1 {
				return ms[0]
			}
			if len(ms) > 1 {
				return nil
			}
		}
	}
	var ids []*Model
	for _, m := range models {
		if strings.ToLower(m.ID) == lower {
			ids = append(ids, m)
		}
	}
	if len(ids) == 1 {
		return ids[0]
	}
	return nil
}

// tryMatchModel: exact reference, else fragments of id or name.
func tryMatchModel(pattern string, models []*Model) *Model {
	if m := findExactModelReference(pattern, models); m != nil {
		return m
	}
	lower := strings.ToLower(pattern)
	var aliases, dated []*Model
	for _, m := range models {
		if strings.Contains(strings.ToLower(m.ID), lower) || strings.Contains(strings.ToLower(m.Name), lower) {
			if isAlias(m.ID) {
				aliases = append(aliases, m)
			} else {
				dated = append(dated, m)
			}
		}
	}
	pick := aliases
	if len(pick) == 0 {
		pick = dated
	}
	if len(pick) == 0 {
		return nil
	}
	sort.SliceStable(pick, func(i, j int) bool { return pick[i].ID > pick[j].ID })
	return pick[0]
}

// parseModelPattern is pi's parseModelPattern: the whole pattern first,
// then a trailing ":level" split off recursively.
func parseModelPattern(pattern string, models []*Model, allowInvalidLevel bool) Resolution {
	if m := tryMatchModel(pattern, models); m != nil {
		return Resolution{Model: m}
	}
	i := strings.LastIndex(pattern, ":")
	if i < 0 {
		return Resolution{}
	}
	prefix, suffix := pattern[:i], pattern[i+1:]
	if ThinkingLevel(suffix).Valid() {
		res := parseModelPattern(prefix, models, allowInvalidLevel)
		if res.Model != nil && res.Warning == "" {
			res.Thinking = ThinkingLevel(suffix)
		}
		return res
	}
	if !allowInvalidLevel {
		return Resolution{}
	}
	res := parseModelPattern(prefix, models, allowInvalidLevel)
	if res.Model != nil {
		res.Thinking = ""
		res.Warning = fmt.Sprintf("Invalid thinking level %q in pattern %q. Using default instead.", suffix, pattern)
	}
	return res
}

// fallbackModel is pi's buildFallbackModel: the provider's default (or
// first) model under the requested id.
func fallbackModel(provider, id string, models []*Model) *Model {
	var base *Model
	def := defaultModelFor(provider)
	for _, m := range models {
		if m.Provider != provider {
			continue
		}
		if base == nil {
			base = m
		}
		if def != "" && m.ID == def {
			base = m
			break
		}
	}
	if base == nil {
		return nil
	}
	c := base.Clone()
	c.ID, c.Name = id, id
	return c
}

// ScopedModel is one entry of a model scope (pi's --models / enabledModels).
type ScopedModel struct {
	Model    *Model
	Thinking ThinkingLevel
}

// ResolveScope resolves pi's model scope patterns against the available
// models: globs (*, ?, [) match "provider/id" or the id (case-insensitive,
// optional ":level" suffix), other patterns resolve like --model fragments.
// Patterns that match nothing produce warnings.
func (r *Registry) ResolveScope(patterns []string) ([]ScopedModel, []string) {
	avail := r.Available()
	var out []ScopedModel
	var warnings []string
	addModel := func(m *Model, l ThinkingLevel) {
		for _, s := range out {
			if s.Model.Provider == m.Provider && s.Model.ID == m.ID {
				return
			}
		}
		out = append(out, ScopedModel{Model: m, Thinking: l})
	}
	for _, p := range patterns {
		if strings.ContainsAny(p, "*?[") {
			glob, level := p, ThinkingLevel("")
			if i := strings.LastIndex(p, ":"); i >= 0 && ThinkingLevel(p[i+1:]).Valid() {
				glob, level = p[:i], ThinkingLevel(p[i+1:])
			}
			glob = strings.ToLower(glob)
			n := 0
			for _, m := range avail {
				full := strings.ToLower(m.Provider + "/" + m.ID)
				ok1, _ := path.Match(glob, full)
				ok2, _ := path.Match(glob, strings.ToLower(m.ID))
				if ok1 || ok2 {
					addModel(m, level)
					n++
				}
			}
			if n == 0 {
				warnings = append(warnings, fmt.Sprintf("No models match pattern %q", p))
			}
			continue
		}
		res := parseModelPattern(p, avail, true)
		if res.Warning != "" {
			warnings = append(warnings, res.Warning)
		}
		if res.Model == nil {
			warnings = append(warnings, fmt.Sprintf("No models match pattern %q", p))
			continue
		}
		addModel(res.Model, res.Thinking)
	}
	return out, warnings
}

// DefaultModel picks the initial model as pi does when nothing is
// configured: the known providers' default models first, then the first
// available model. It returns nil when no model has auth.
func (r *Registry) DefaultModel() *Model {
	avail := r.Available()
	for _, p := range defaultProviderOrder() {
		id := defaultModelFor(p)
		for _, m := range avail {
			if m.Provider == p && m.ID == id {
				return m
			}
		}
	}
	if len(avail) > 0 {
		return avail[0]
	}
	return nil
}

func noModel(msg string) error { return &Error{Kind: ErrNoModel, Message: msg} }
