package jsapi

import "github.com/dop251/goja"

// newPromise is the one place a Go-settled Promise is created: loop only. resolve and reject are safe from any goroutine and must be
// called at most once (later calls are ignored); they post the settlement to
// the loop, and do nothing once the generation retired.
func (g *jsGen) newPromise() (p *goja.Promise, resolve func(any), reject func(error)) {
	p, res, rej := g.rt.NewPromise()
	done := false
	settle := func(f func()) {
		g.post(func() {
			if done {
				return
			}
			done = true
			f()
		})
	}
	resolve = func(v any) { settle(func() { _ = res(g.toJS(v)) }) }
	reject = func(err error) { settle(func() { _ = rej(g.errorValue(err)) }) }
	return p, resolve, reject
}
