package provider

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/locale"
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

// ResolveOptions are the other flags pi's resolveCliModel looks at.
type ResolveOptions struct {
	// Thinking is --thinking: with it, a ":level" suffix of an unknown id
	// stays part of the custom id.
	Thinking ThinkingLevel
	// InlineAPIKey is set with --api-key: the key goes to whichever
	// provider is picked, so stored credentials do not choose it.
	InlineAPIKey bool
}

// ResolveModel resolves pi's --provider/--model flags as pi 1.6's
// resolveCliModel does, against all models (with credentials or not):
// "provider/id", a bare id, fuzzy id or name fragments (aliases preferred
// over dated ids), an optional ":thinking" suffix. When several providers
// offer the match, the one with credentials wins; without a single one
// the reference is ambiguous. For a known provider an unknown id becomes
// a custom model built from the provider's default model. provider may be
// "".
func (r *Registry) ResolveModel(provider, ref string, opts ResolveOptions) (Resolution, error) {
	// A state is replaced, never changed: resolve over its models as they
	// are and copy only the one picked (All would copy every model).
	r.mu.RLock()
	st := r.st
	r.mu.RUnlock()
	res, err := resolveCLIModel(st.models, provider, ref, opts, r.HasAuth)
	res.Model = res.Model.Clone()
	return res, err
}

func resolveCLIModel(models []*Model, cliProvider, cliModel string, opts ResolveOptions, hasAuth func(string) bool) (Resolution, error) {
	if cliModel == "" {
		return Resolution{}, noModel("empty model reference")
	}
	if len(models) == 0 {
		return Resolution{}, noModel("No models available. Check your installation or add models to models.json.")
	}
	provider := ""
	if cliProvider != "" {
		for _, m := range models {
			if strings.EqualFold(m.Provider, cliProvider) {
				provider = m.Provider
				break
			}
		}
		if provider == "" {
			return Resolution{}, noModel(fmt.Sprintf("Unknown provider %q. Use --list-models to see available providers/models.", cliProvider))
		}
	}
	usable := hasAuth
	if opts.InlineAPIKey {
		usable = func(string) bool { return false }
	}
	res := resolveModelReference(refRequest{text: cliModel, provider: provider, suffix: suffixStrict, fuzzy: true}, models, usable)
	switch res.status {
	case refResolved:
		return Resolution{Model: res.model, Thinking: res.thinking, Warning: res.warning}, nil
	case refAmbiguous:
		names := make([]string, len(res.candidates))
		for i, m := range res.candidates {
			names[i] = m.Provider + "/" + m.ID
		}
		slices.SortFunc(names, locale.Compare)
		hint := "More than one matching provider is authenticated."
		if opts.InlineAPIKey {
			hint = "--api-key does not choose a provider."
		} else if res.usableCount == 0 {
			hint = "No matching provider is authenticated."
		}
		return Resolution{}, noModel(fmt.Sprintf("Model %q is ambiguous across providers: %s. %s Use --provider or provider/model.",
			cliModel, strings.Join(names, ", "), hint))
	}
	t := res.target
	if t == nil {
		return Resolution{}, noModel(fmt.Sprintf("Model %q not found. Use --list-models to see available models.", cliModel))
	}
	// A ":level" suffix is the thinking level only without --thinking;
	// with it, it stays part of the custom id.
	id, thinking := t.modelID, t.thinking
	if opts.Thinking != "" {
		id, thinking = t.modelText, ""
	}
	m := fallbackModel(t.providerModels, id)
	if requested := firstNonEmpty(string(opts.Thinking), string(thinking)); requested != "" && requested != string(ThinkingOff) {
		m.Reasoning = true
	}
	return Resolution{Model: m, Thinking: thinking,
		Warning: fmt.Sprintf("Model %q not found for provider %q. Using custom model id.", id, t.provider)}, nil
}

// suffixMode is how a reference's ":level" suffix is read: not at all,
// strictly (an invalid level keeps the colon in the id and fails) or
// leniently (an invalid level is dropped with a warning).
type suffixMode int

const (
	suffixNone suffixMode = iota
	suffixStrict
	suffixLenient
)

// refRequest is pi 1.6's model reference request.
type refRequest struct {
	text, provider string // provider "" is any
	suffix         suffixMode
	fuzzy          bool
}

type refStatus int

const (
	refNotFound refStatus = iota
	refResolved
	refAmbiguous
)

// refResult is what a reference resolves to: a model, candidates from
// several providers, or nothing (with the provider it names, if any, as
// target for a custom id).
type refResult struct {
	status      refStatus
	model       *Model
	candidates  []*Model
	usableCount int
	thinking    ThinkingLevel
	warning     string
	target      *refTarget
}

// refTarget is the provider a reference that matched nothing names.
type refTarget struct {
	provider       string
	providerModels []*Model // the anchor model first
	modelText      string
	modelID        string // modelText without a valid ":level"
	thinking       ThinkingLevel
}

// splitThinkingSuffix splits a valid ":level" off text.
func splitThinkingSuffix(text string) (base string, level ThinkingLevel, ok bool) {
	i := strings.LastIndex(text, ":")
	if i < 0 || !ThinkingLevel(text[i+1:]).Valid() {
		return "", "", false
	}
	return text[:i], ThinkingLevel(text[i+1:]), true
}

// splitProviderPrefix finds the longest provider id text starts with,
// followed by "/" and a model text (provider ids may contain "/").
func splitProviderPrefix(text string, models []*Model) (provider, modelText string, ok bool) {
	lower := strings.ToLower(text)
	for _, m := range models {
		prefix := strings.ToLower(strings.TrimSpace(m.Provider))
		if prefix == "" || ok && len(provider) >= len(m.Provider) {
			continue
		}
		slash := strings.Index(lower[min(len(prefix), len(lower)):], "/")
		if slash < 0 {
			continue
		}
		slash += len(prefix)
		if strings.TrimSpace(lower[:slash]) != prefix {
			continue
		}
		if rest := strings.TrimSpace(text[slash+1:]); rest != "" {
			provider, modelText, ok = m.Provider, rest, true
		}
	}
	return provider, modelText, ok
}

// resolveModelReference is pi 1.6's. usable only breaks ties between
// providers, so a unique match resolves without credentials.
func resolveModelReference(req refRequest, models []*Model, usable func(string) bool) refResult {
	text := strings.TrimSpace(req.text)
	if text == "" {
		return refResult{}
	}
	pool := models
	if req.provider != "" {
		pool = filterModels(models, func(m *Model) bool { return strings.EqualFold(m.Provider, req.provider) })
	}
	res := resolveText(text, req, pool, usable)
	if res.status != refNotFound {
		return res
	}
	split, modelText, hasSplit := splitProviderPrefix(text, pool)
	var anchor *Model
	if req.provider != "" {
		if len(pool) > 0 {
			anchor = pool[0]
		}
	} else if hasSplit {
		for _, m := range pool {
			if m.Provider == split {
				anchor = m
				break
			}
		}
	}
	if anchor == nil {
		return res
	}
	if !hasSplit {
		modelText = text
	}
	t := &refTarget{provider: anchor.Provider, modelText: modelText, modelID: modelText,
		providerModels: append([]*Model{anchor}, filterModels(pool, func(m *Model) bool { return m.Provider == anchor.Provider && m != anchor })...)}
	if req.suffix != suffixNone {
		if base, level, ok := splitThinkingSuffix(modelText); ok {
			t.modelID, t.thinking = base, level
		}
	}
	return refResult{target: t}
}

func resolveText(text string, req refRequest, pool []*Model, usable func(string) bool) refResult {
	if res, ok := selectReference(text, pool, req.fuzzy, usable); ok {
		return res
	}
	if req.fuzzy {
		if res, ok := selectFuzzy(fuzzyMatches(text, pool), usable); ok {
			return res
		}
	}
	if req.suffix == suffixNone {
		return refResult{}
	}
	if base, level, ok := splitThinkingSuffix(text); ok {
		inner := resolveText(base, req, pool, usable)
		if inner.status == refNotFound {
			return inner
		}
		// The level counts only when the inner match needed no warning.
		inner.thinking = ""
		if inner.warning == "" {
			inner.thinking = level
		}
		return inner
	}
	// Keep an invalid suffix as part of the id and fail, rather than
	// resolve a different model.
	if req.suffix == suffixStrict {
		return refResult{}
	}
	i := strings.LastIndex(text, ":")
	if i < 0 {
		return refResult{}
	}
	inner := resolveText(text[:i], req, pool, usable)
	if inner.status == refNotFound {
		return inner
	}
	inner.thinking = ""
	inner.warning = fmt.Sprintf("Invalid thinking level %q in pattern %q. Using default instead.", text[i+1:], text)
	return inner
}

// selectReference is pi 1.6's: "provider/rest" is only a hint, since the
// whole text may be a model id on another provider (a gateway's
// "zai/glm-5"). The named provider wins when usable; otherwise a sole
// usable raw match wins; an unusable named match still beats unusable
// raw matches, so --api-key can set up the named provider.
func selectReference(text string, pool []*Model, fuzzy bool, usable func(string) bool) (refResult, bool) {
	lower := strings.ToLower(text)
	raw := filterModels(pool, func(m *Model) bool { return strings.ToLower(m.ID) == lower })
	var named *Model
	if provider, modelText, ok := splitProviderPrefix(text, pool); ok {
		providerModels := filterModels(pool, func(m *Model) bool { return m.Provider == provider })
		// The provider's own literal id (OpenRouter's "openrouter/free")
		// beats its fuzzy matches.
		lowerModel := strings.ToLower(modelText)
		for _, m := range providerModels {
			if strings.ToLower(m.ID) == lowerModel {
				named = m
				break
			}
		}
		if named == nil {
			for _, m := range raw {
				if m.Provider == provider {
					named = m
					break
				}
			}
		}
		if named == nil && fuzzy {
			named = bestFuzzyMatch(fuzzyMatches(modelText, providerModels))
		}
	}
	others := filterModels(raw, func(m *Model) bool { return m != named })
	candidates := others
	if named != nil {
		candidates = append([]*Model{named}, others...)
	}
	if len(candidates) == 0 {
		return refResult{}, false
	}
	if providerCount(candidates) == 1 {
		return refResult{status: refResolved, model: candidates[0]}, true
	}
	if named != nil && usable(named.Provider) {
		return refResult{status: refResolved, model: named}, true
	}
	usableOthers := filterModels(others, func(m *Model) bool { return usable(m.Provider) })
	if len(usableOthers) == 1 {
		return refResult{status: refResolved, model: usableOthers[0]}, true
	}
	if len(usableOthers) == 0 && named != nil {
		return refResult{status: refResolved, model: named}, true
	}
	return refResult{status: refAmbiguous, candidates: candidates, usableCount: len(usableOthers)}, true
}

// fuzzyMatches are the models whose id or name contains text.
func fuzzyMatches(text string, models []*Model) []*Model {
	lower := strings.ToLower(text)
	return filterModels(models, func(m *Model) bool {
		return strings.Contains(strings.ToLower(m.ID), lower) || strings.Contains(strings.ToLower(m.Name), lower)
	})
}

// selectFuzzy picks the best fuzzy match, among the usable providers'
// when several providers match; the same id on several providers is
// ambiguous rather than decided by catalog order.
func selectFuzzy(matches []*Model, usable func(string) bool) (refResult, bool) {
	if len(matches) == 0 {
		return refResult{}, false
	}
	var usableMatches []*Model
	if providerCount(matches) > 1 {
		usableMatches = filterModels(matches, func(m *Model) bool { return usable(m.Provider) })
	}
	pool := matches
	if len(usableMatches) > 0 {
		pool = usableMatches
	}
	best := bestFuzzyMatch(pool)
	tied := filterModels(pool, func(m *Model) bool { return m.ID == best.ID })
	if providerCount(tied) == 1 {
		return refResult{status: refResolved, model: best}, true
	}
	usableCount := 0
	if len(usableMatches) > 0 {
		usableCount = len(tied)
	}
	return refResult{status: refAmbiguous, candidates: tied, usableCount: usableCount}, true
}

// bestFuzzyMatch prefers aliases ("claude-sonnet-4-5") over dated ids
// ("claude-sonnet-4-5-20250929"), then the greatest id (localeCompare).
func bestFuzzyMatch(matches []*Model) *Model {
	aliases := filterModels(matches, func(m *Model) bool { return isAlias(m.ID) })
	pick := matches
	if len(aliases) > 0 {
		pick = aliases
	}
	if len(pick) == 0 {
		return nil
	}
	pick = slices.Clone(pick)
	slices.SortStableFunc(pick, func(a, b *Model) int { return locale.Compare(b.ID, a.ID) })
	return pick[0]
}

// filterModels is the models keep accepts, in order.
func filterModels(models []*Model, keep func(*Model) bool) []*Model {
	var out []*Model
	for _, m := range models {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

func providerCount(models []*Model) int {
	seen := map[string]bool{}
	for _, m := range models {
		seen[m.Provider] = true
	}
	return len(seen)
}

var datedID = regexp.MustCompile(`-\d{8}$`)

// isAlias: ids ending in -latest or without a -YYYYMMDD suffix.
func isAlias(id string) bool { return strings.HasSuffix(id, "-latest") || !datedID.MatchString(id) }

// fallbackModel is pi's buildFallbackModel: the provider's default model
// (else its first, providerModels[0]) under the requested id.
func fallbackModel(providerModels []*Model, id string) *Model {
	base := providerModels[0]
	if def := defaultModelFor(base.Provider); def != "" {
		for _, m := range providerModels {
			if m.ID == def {
				base = m
				break
			}
		}
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
// models (pi 1.6's resolveModelScopeFromModels): globs (*, ?, [) match
// "provider/id" or the id (case-insensitive, optional ":level" suffix)
// unless the pattern is itself an id; other patterns resolve like --model
// references. Every available model is usable, so a pattern several
// providers match adds all of them, with a warning. Patterns that match
// nothing produce warnings too.
func (r *Registry) ResolveScope(patterns []string) ([]ScopedModel, []string) {
	avail := r.Available()
	var out []ScopedModel
	var warnings []string
	add := func(m *Model, l ThinkingLevel) {
		for _, s := range out {
			if s.Model.Provider == m.Provider && s.Model.ID == m.ID {
				return
			}
		}
		out = append(out, ScopedModel{Model: m, Thinking: l})
	}
	noMatch := func(p string) { warnings = append(warnings, fmt.Sprintf("No models match pattern %q", p)) }
	ambiguous := func(p string, candidates []*Model) {
		var providers []string
		for _, m := range candidates {
			if !slices.Contains(providers, m.Provider) {
				providers = append(providers, m.Provider)
			}
		}
		slices.SortFunc(providers, locale.Compare)
		warnings = append(warnings, fmt.Sprintf("Pattern %q matches several providers: %s. Use provider/id to choose one.", p, strings.Join(providers, ", ")))
	}
	all := func(string) bool { return true }
	for _, p := range patterns {
		if strings.ContainsAny(p, "*?[") {
			glob, level := p, ThinkingLevel("")
			if base, l, ok := splitThinkingSuffix(p); ok {
				glob, level = base, l
			}
			// Ids such as "bracketed-model[1m]" are not globs.
			var matches []*Model
			switch exact := resolveModelReference(refRequest{text: glob}, avail, all); exact.status {
			case refResolved:
				matches = []*Model{exact.model}
			case refAmbiguous:
				matches = exact.candidates
				ambiguous(p, matches)
			default:
				lowerGlob := strings.ToLower(glob)
				for _, m := range avail {
					ok1, _ := path.Match(lowerGlob, strings.ToLower(m.Provider+"/"+m.ID))
					ok2, _ := path.Match(lowerGlob, strings.ToLower(m.ID))
					if ok1 || ok2 {
						matches = append(matches, m)
					}
				}
			}
			if len(matches) == 0 {
				noMatch(p)
			}
			for _, m := range matches {
				add(m, level)
			}
			continue
		}
		res := resolveModelReference(refRequest{text: p, suffix: suffixLenient, fuzzy: true}, avail, all)
		if res.status == refNotFound {
			noMatch(p)
			continue
		}
		if res.warning != "" {
			warnings = append(warnings, res.warning)
		}
		matches := res.candidates
		if res.status == refResolved {
			matches = []*Model{res.model}
		} else {
			ambiguous(p, matches)
		}
		for _, m := range matches {
			add(m, res.thinking)
		}
	}
	return out, warnings
}

// DefaultModel picks the initial model as pi does when nothing is
// configured: the known providers' default models first, then the first
// available model. It returns nil when no model has auth.
func (r *Registry) DefaultModel() *Model {
	avail := r.Available()
	for _, d := range defaultModels {
		for _, m := range avail {
			if m.Provider == d.provider && m.ID == d.id {
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
