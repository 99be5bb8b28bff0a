package jsapi

// Edited extensions must not fill the compiled-program cache: every edit
// is a new bundle hash, and the LRU (bounded by source bytes, 64 MiB by
// default) would keep hundreds of superseded programs, each several times
// its source size once parsed, compiled and source-mapped. A program is
// only needed to instantiate new runtimes; a generation already running
// keeps what it uses reachable on its own. So when an extension path
// compiles a new bundle, the program of the bundle it compiled before is
// dropped from the cache (reverting an edit recompiles, which costs
// milliseconds).

// supersede records that the extension at path now runs the bundle hash
// and evicts the program of the bundle it ran before. Safe for concurrent
// use.
func (e *Env) supersede(path, hash string) {
	e.mu.Lock()
	prev := e.loaded[path]
	e.loaded[path] = hash
	e.mu.Unlock()
	if prev != "" && prev != hash {
		e.programs.remove(prev)
	}
}

// remove drops key from the cache. Safe for concurrent use.
func (c *programCache) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		ent := el.Value.(*programEntry)
		c.ll.Remove(el)
		delete(c.items, key)
		c.size -= ent.size
	}
}
