package llama

import (
	"context"
	"errors"
	"fmt"
	"github.com/pigo-dev/pigo/engine/piapi"
	"sort"
	"strings"
)

// /llama manages the router's models in the interactive mode, as pi's
// /llama does: the catalog (loaded models first), selecting an unloaded
// model loads it (asking whether to unload the others first), selecting a
// loaded one unloads it after a confirmation, and the list shows again
// until closed. pi draws a custom component; pigo asks through the
// client's select and confirm dialogs. pi's "Download model…" (a Hugging
// Face search) is not offered.

func (p *plugin) notify(text, level string) { piapi.Of(p.h).UI().Notify(ID, text, level) }

func (p *plugin) command(ctx context.Context, _ string) error {
	if piapi.Of(p.h).Mode() != "tui" {
		p.notify("/llama is available in interactive mode", "warning")
		return nil
	}
	if p.authErr != nil {
		p.notify(p.authErr.Error(), "error")
		return nil
	}
	if p.auth.serverURL == "" {
		p.notify("Configure llama.cpp with /login "+ProviderID, "warning")
		return nil
	}
	c := p.client()
	for {
		catalog, err := c.List(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			choice, _ := p.selectOne(ctx, fmt.Sprintf("llama.cpp unavailable\n%s\n\n%s", c.ServerURL, err.Error()), []string{"Retry", "Close"})
			if choice != "Retry" {
				return nil
			}
			continue
		}
		target, ok := p.chooseModel(ctx, c.ServerURL, catalog)
		if !ok {
			return nil
		}
		var actionErr error
		switch {
		case target.loaded():
			actionErr = p.unloadModel(ctx, c, target)
		case target.Status.Value == "unloaded":
			actionErr = p.loadModel(ctx, c, catalog, target)
		default:
			p.notify(fmt.Sprintf("%s is %s", target.ID, target.Status.Value), "warning")
		}
		if actionErr != nil && !errors.Is(actionErr, context.Canceled) {
			p.notify(actionErr.Error(), "error")
		}
	}
}

// modelLabel is the row pi's list shows: the id, then its state and
// context when loaded.
func modelLabel(m ModelInfo) string {
	var details []string
	if m.loaded() {
		details = append(details, "loaded")
	} else if m.Status.Value != "unloaded" {
		details = append(details, m.Status.Value)
	}
	if m.loaded() {
		n := 0
		if m.Meta != nil {
			n = m.Meta.NCtx
			if n == 0 {
				n = m.Meta.NCtxTrain
			}
		}
		if n == 0 {
			n = configuredContextWindow(m)
		}
		if n > 0 {
			label := fmt.Sprint(n)
			if n >= 1000 {
				label = fmt.Sprintf("%dk", (n+500)/1000)
			}
			details = append(details, label+" context")
		}
	}
	if len(details) == 0 {
		return m.ID
	}
	return m.ID + "  " + strings.Join(details, " · ")
}

func (p *plugin) chooseModel(ctx context.Context, serverURL string, catalog []ModelInfo) (ModelInfo, bool) {
	sorted := append([]ModelInfo(nil), catalog...)
	sort.SliceStable(sorted, func(i, j int) bool {
		li, lj := sorted[i].Status.Value == "loaded", sorted[j].Status.Value == "loaded"
		if li != lj {
			return li
		}
		return sorted[i].ID < sorted[j].ID
	})
	labels := make([]string, len(sorted))
	for i, m := range sorted {
		labels[i] = modelLabel(m)
	}
	choice, ok := p.selectOne(ctx, "llama.cpp models\n"+serverURL, labels)
	if !ok {
		return ModelInfo{}, false
	}
	for i, l := range labels {
		if l == choice {
			return sorted[i], true
		}
	}
	return ModelInfo{}, false
}

func (p *plugin) loadModel(ctx context.Context, c *Client, catalog []ModelInfo, target ModelInfo) error {
	var loaded []ModelInfo
	for _, m := range catalog {
		if m.ID != target.ID && m.loaded() {
			loaded = append(loaded, m)
		}
	}
	replace := false
	if len(loaded) > 0 {
		title := fmt.Sprintf("%d models are loaded", len(loaded))
		if len(loaded) == 1 {
			title = "1 model is loaded"
		}
		choice, _ := p.selectOne(ctx, title, []string{"Unload all and load", "Keep loaded and load", "Cancel"})
		if choice == "" || choice == "Cancel" {
			return nil
		}
		replace = choice == "Unload all and load"
	}
	if replace {
		for _, m := range loaded {
			if err := c.UnloadAndWait(ctx, m.ID); err != nil {
				return err
			}
		}
	}
	p.notify("Loading "+target.ID, "info")
	if _, err := c.LoadAndWait(ctx, target.ID); err != nil {
		if replace {
			// pi restores what it unloaded; the load error is what it reports.
			p.notify("Restoring previously loaded models", "info")
			for _, m := range loaded {
				_, _ = c.LoadAndWait(ctx, m.ID)
			}
			_ = p.refresh(ctx, nil)
		}
		return err
	}
	if err := p.refresh(ctx, nil); err != nil {
		return err
	}
	p.notify("Loaded "+target.ID, "info")
	return nil
}

func (p *plugin) unloadModel(ctx context.Context, c *Client, m ModelInfo) error {
	if !p.confirm(ctx, "Unload model?", m.ID) {
		return nil
	}
	if err := c.UnloadAndWait(ctx, m.ID); err != nil {
		return err
	}
	if err := p.refresh(ctx, nil); err != nil {
		return err
	}
	p.notify("Unloaded "+m.ID, "info")
	return nil
}

// selectOne asks the client that ran /llama to pick one of options.
func (p *plugin) selectOne(ctx context.Context, title string, options []string) (string, bool) {
	opts := make([]any, len(options))
	for i, o := range options {
		opts[i] = o
	}
	r, err := piapi.Of(p.h).UI().Dialog(ctx, p.gen, "select", map[string]any{"title": title, "options": opts})
	if err != nil {
		return "", false
	}
	m, _ := r.(map[string]any)
	v, ok := m["value"].(string)
	return v, ok && v != ""
}

func (p *plugin) confirm(ctx context.Context, title, message string) bool {
	r, err := piapi.Of(p.h).UI().Dialog(ctx, p.gen, "confirm", map[string]any{"title": title, "message": message})
	if err != nil {
		return false
	}
	m, _ := r.(map[string]any)
	ok, _ := m["confirmed"].(bool)
	return ok
}
