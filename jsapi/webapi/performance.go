package webapi

import (
	"time"

	"github.com/dop251/goja"
)

// definePerformance defines performance.now() (milliseconds since Install,
// monotonic, sub-millisecond) and performance.timeOrigin (Unix
// milliseconds at Install).
func (h *host) definePerformance() {
	perf := h.rt.NewObject()
	perf.Set("now", h.function("now", 0, h.now))
	perf.Set("timeOrigin", float64(h.start.UnixMicro())/1e3)
	h.defineGlobal("performance", perf)
}

// now is performance.now and internal.now.
func (h *host) now(goja.FunctionCall) goja.Value {
	return h.rt.ToValue(float64(time.Since(h.start).Nanoseconds()) / 1e6)
}
