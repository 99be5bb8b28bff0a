package webapi_test

import "testing"

func TestMicrotask(t *testing.T) { runJS(t, "microtask.js") }

func TestPerformance(t *testing.T) { runJS(t, "performance.js") }
