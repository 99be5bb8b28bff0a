package agentsession

import (
	"context"
	"fmt"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// reload is pi's /reload as a host command (pi offers it only in its
// interactive mode): reloadExtensions, answered with each plugin's
// outcome; a plugin whose file discovery found since (or lost) says so
// with change "added" (or "removed").
func (s *rpcServer) reload(*rpcCommand) (any, bool, error) {
	reps, err := s.rt.reloadExtensions(context.WithoutCancel(s.rt.baseCtx))
	if err != nil {
		return nil, false, err
	}
	var plugins []any
	for _, rep := range reps {
		o := jsjson.Object{{Key: "plugin", Value: rep.Plugin}, {Key: "ok", Value: rep.OK}}
		switch {
		case rep.Appeared != nil:
			o = append(o, jsjson.Member{Key: "change", Value: "added"})
		case rep.Gone != nil:
			o = append(o, jsjson.Member{Key: "change", Value: "removed"})
		}
		if !rep.OK && rep.Error != nil {
			o = append(o, jsjson.Member{Key: "error", Value: loadErrorText(rep.Error)})
		}
		plugins = append(plugins, o)
	}
	return ordered{{"plugins", plugins}}, true, nil
}

// getExtensions lists the app's extension files (not its bundled or Go
// plugins) in load order, with their status: "loaded", "failed", "held"
// (an untrusted project's), ..., and pi's sourceInfo. A client's header
// lists them, including those that register no command.
func (s *rpcServer) getExtensions(*rpcCommand) (any, bool, error) {
	status := map[string]string{}
	for _, p := range s.rt.host.Plugins() {
		status[p.ID] = string(p.Status)
	}
	list := []any{}
	s.rt.extMu.RLock()
	defer s.rt.extMu.RUnlock()
	for _, p := range s.rt.app.Plugins {
		if p.Path == "" {
			continue
		}
		list = append(list, jsjson.Object{{Key: "id", Value: p.ID}, {Key: "path", Value: p.Path},
			{Key: "origin", Value: p.Origin}, {Key: "status", Value: status[p.ID]}, {Key: "sourceInfo", Value: s.rt.extInfo[p.ID]}})
	}
	return ordered{{"extensions", list}}, true, nil
}

// getShortcuts lists the extensions' registerShortcut keys (pi's key
// syntax) with their descriptions and their extension (plugin, and path
// when it is a file), for a client that binds them.
func (s *rpcServer) getShortcuts(*rpcCommand) (any, bool, error) {
	list := []any{}
	for _, e := range piapi.Of(s.rt.host).Shortcuts().Current().Entries() {
		desc, _ := e.Value["description"].(string)
		o := jsjson.Object{{Key: "shortcut", Value: e.ID}, {Key: "description", Value: desc}, {Key: "plugin", Value: e.Owner}}
		if p := s.rt.extPath(e.Owner); p != "" {
			o = append(o, jsjson.Member{Key: "path", Value: p})
		}
		list = append(list, o)
	}
	return ordered{{"shortcuts", list}}, true, nil
}

// runShortcut runs the handler of a registered shortcut, as pi does when
// its key is pressed; dialogs it opens go to the client that pressed it.
func (s *rpcServer) runShortcut(c *rpcCommand) (any, bool, error) {
	key, err := c.str("shortcut", "toString")
	if err != nil {
		return nil, false, err
	}
	e, ok := piapi.Of(s.rt.host).Shortcuts().Current().Get(key)
	if !ok {
		return nil, false, fmt.Errorf("Unknown shortcut: %s", key)
	}
	h, ok := e.Value["handler"].(engine.Callable)
	if !ok {
		return nil, false, fmt.Errorf("Shortcut %s has no handler", key)
	}
	ctx := engine.WithOriginator(context.WithoutCancel(s.rt.baseCtx), s.clientID)
	if _, err := h.Call(ctx); err != nil {
		s.rt.reportExtensionError(s.rt.extPath(e.Owner), "shortcut:"+key, commandErrorText(err))
	}
	return nil, false, nil
}
