package webapi

import "github.com/dop251/goja_nodejs/url"

// defineURL defines URL and URLSearchParams from goja_nodejs/url. Its Enable
// goes through require() (it needs a require.Registry); its loader only
// fills module.exports, so it is called with a module object of our own.
func (h *host) defineURL() {
	module := h.rt.NewObject()
	exports := h.rt.NewObject()
	must(module.Set("exports", exports))
	url.Require(h.rt, module)
	for _, name := range []string{"URL", "URLSearchParams"} {
		v := exports.Get(name)
		must(h.internal.Set(name, v))
		h.defineGlobal(name, v)
	}
}
