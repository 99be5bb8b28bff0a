package codemode

import (
	"context"
	"testing"
	"time"
)

// The start-up benchmarks run a one-line script (return 1): what a
// codemode call pays before its first statement. Warm is the usual case,
// a locked-down runtime waiting (the previous call started preparing it,
// and a model turn lies between two calls); Cold is a call that finds
// none (two calls at once), paying the prelude's lockdown itself.
//
//	go test -run '^$' -bench Startup ./jsapi/codemode/

func startupOnce(b *testing.B) {
	r := Run(context.Background(), Options{Code: "return 1", ToolsJSON: `[{"name":"read","jsName":"read","description":""}]`, GlobalsJSON: "[]", Call: func(context.Context, Call) func() Reply { return func() Reply { return Reply{OK: true} } }})
	if !r.OK {
		b.Fatal(r.Error)
	}
}

func settle() {
	for preparing.Load() {
		time.Sleep(time.Millisecond)
	}
}

func BenchmarkStartupWarm(b *testing.B) {
	startupOnce(b)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		settle()
		b.StartTimer()
		startupOnce(b)
	}
	b.StopTimer()
	settle()
}

func BenchmarkStartupCold(b *testing.B) {
	startupOnce(b)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		settle()
		select {
		case <-warm:
		default:
		}
		b.StartTimer()
		startupOnce(b)
	}
	b.StopTimer()
	settle()
}
