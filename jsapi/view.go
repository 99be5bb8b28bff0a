package jsapi

import (
	"fmt"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
)

// openView implements pi.view(component, state, {to, durable}). Loop only.
func (g *jsGen) openView(call goja.FunctionCall) goja.Value {
	rt := g.rt
	component := call.Argument(0).String()
	state, err := g.toGo(call.Argument(1))
	if err != nil {
		g.throw(fmt.Errorf("pi.view(%q): state: %w", component, err))
	}
	var opts engine.ViewOptions
	if o, ok := call.Argument(2).(*goja.Object); ok {
		opts.Durable = o.Get("durable") != nil && o.Get("durable").ToBoolean()
		switch to := o.Get("to"); {
		case to == nil || goja.IsUndefined(to) || to.String() == "all":
		case to.String() == "originator":
			opts.To = []string{}
			if g.curCtx != nil {
				if id := engine.Originator(g.curCtx); id != "" {
					opts.To = []string{id}
				}
			}
		default:
			list, _ := g.toGo(to)
			arr, ok := list.([]any)
			if !ok {
				g.throw(fmt.Errorf(`pi.view(%q): to must be "all", "originator" or an array of client ids`, component))
			}
			opts.To = []string{}
			for _, x := range arr {
				opts.To = append(opts.To, fmt.Sprint(x))
			}
		}
	}
	v, err := g.eg.OpenView(component, state, opts)
	if err != nil {
		g.throw(err)
	}
	obj := rt.NewObject()
	_ = obj.Set("id", v.ID())
	_ = obj.Set("component", component)
	_ = obj.DefineAccessorProperty("state",
		rt.ToValue(func(goja.FunctionCall) goja.Value { return g.toJS(v.State()) }),
		rt.ToValue(func(c goja.FunctionCall) goja.Value {
			g.checkLive()
			s, err := g.toGo(c.Argument(0))
			if err != nil {
				g.throw(fmt.Errorf("view %s: state: %w", v.ID(), err))
			}
			if err := v.SetState(s); err != nil {
				g.throw(err)
			}
			return goja.Undefined()
		}), goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = obj.Set("on", func(c goja.FunctionCall) goja.Value {
		g.checkLive()
		fn, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			g.throw(fmt.Errorf("view.on: listener must be a function"))
		}
		remove := v.On(func(msg any, from string) {
			g.post(func() {
				g.runCallback("view "+v.ID()+" message", func() (goja.Value, error) {
					return fn(goja.Undefined(), g.toJS(msg), rt.ToValue(from))
				})
			})
		})
		return rt.ToValue(func(goja.FunctionCall) goja.Value { remove(); return goja.Undefined() })
	})
	p, resolve, _ := g.newPromise()
	go func() {
		select {
		case <-v.Done():
			r, _ := v.Result()
			resolve(r)
		case <-g.dead:
		}
	}()
	_ = obj.Set("done", p)
	_ = obj.Set("close", func(c goja.FunctionCall) goja.Value {
		r, err := g.toGo(c.Argument(0))
		if err != nil {
			g.throw(fmt.Errorf("view %s: close result: %w", v.ID(), err))
		}
		v.Close(r)
		return goja.Undefined()
	})
	return obj
}
