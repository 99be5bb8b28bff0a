package agentsession

import "slices"

// The session's extension files: their paths and pi's sourceInfo by
// plugin id. Hot reload adds and removes files discovery finds or loses
// while the session runs (App.Watch), so they are read under extMu.

// setExtension records plugin p (a file; bundled and Go plugins have no
// path and are not recorded).
func (rt *agentRuntime) setExtension(p Plugin) {
	if p.Path == "" {
		return
	}
	rt.extMu.Lock()
	rt.extPaths[p.ID] = p.Path
	rt.extInfo[p.ID] = sourceInfoFor(p, rt.io.Cwd, rt.agentDir)
	rt.extMu.Unlock()
}

// extPath is plugin id's extension path ("" for none).
func (rt *agentRuntime) extPath(id string) string {
	rt.extMu.RLock()
	defer rt.extMu.RUnlock()
	return rt.extPaths[id]
}

// extSource is plugin id's sourceInfo.
func (rt *agentRuntime) extSource(id string) (map[string]any, bool) {
	rt.extMu.RLock()
	defer rt.extMu.RUnlock()
	info, ok := rt.extInfo[id]
	return info, ok
}

// followDiscovery applies a discovery change to the app's plugin list: an
// extension file that appeared joins it, one that is gone leaves it
// (get_extensions, sourceInfo, error paths follow).
func (rt *agentRuntime) followDiscovery(r Reload) {
	switch {
	case r.Appeared != nil:
		rt.setExtension(*r.Appeared)
		// It takes its place in the host's (discovery's) order.
		rank := map[string]int{}
		for i, p := range rt.host.Plugins() {
			rank[p.ID] = i
		}
		rt.extMu.Lock()
		at := len(rt.app.Plugins)
		if n, ok := rank[r.Appeared.ID]; ok {
			if i := slices.IndexFunc(rt.app.Plugins, func(p Plugin) bool { m, ok := rank[p.ID]; return ok && m > n }); i >= 0 {
				at = i
			}
		}
		rt.app.Plugins = slices.Insert(rt.app.Plugins, at, *r.Appeared)
		rt.extMu.Unlock()
	case r.Gone != nil:
		rt.extMu.Lock()
		for i, p := range rt.app.Plugins {
			if p.ID == r.Gone.ID {
				rt.app.Plugins = append(rt.app.Plugins[:i:i], rt.app.Plugins[i+1:]...)
				break
			}
		}
		rt.extMu.Unlock()
	}
}
