package agentsession

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
		rt.extMu.Lock()
		rt.app.Plugins = append(rt.app.Plugins, *r.Appeared)
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
