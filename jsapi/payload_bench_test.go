package jsapi_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi"
)

// BenchmarkMessageUpdateListener hands one message_update event (a reply
// of 40 text blocks so far, with usage and cost) to a pi.on listener that
// reads its delta: the payload's conversion to JS, once per streamed
// delta.
func BenchmarkMessageUpdateListener(b *testing.B) {
	p := filepath.Join(b.TempDir(), "listen.ts")
	src := `export default function (pi) {
  let n = 0;
  pi.on("message_update", (e) => { n += e.assistantMessageEvent.delta.length; });
}
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	h := bootAll(b, jsapi.New(jsapi.Options{}), []string{p})
	defer h.Close(context.Background())
	content := make([]any, 40)
	for i := range content {
		content[i] = map[string]any{"type": "text", "text": strings.Repeat("stream me ", 10)}
	}
	cost := map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0}
	usage := map[string]any{"input": 1.0, "output": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 3.0, "cost": cost}
	msg := map[string]any{"role": "assistant", "content": content, "api": "openai-completions", "provider": "p", "model": "m",
		"usage": usage, "stopReason": "stop", "timestamp": 1.0}
	ev := map[string]any{"type": "message_update", "message": msg,
		"assistantMessageEvent": map[string]any{"type": "text_delta", "contentIndex": 39.0, "delta": "me ", "partial": msg}}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if d := h.Emit(context.Background(), "message_update", ev); len(d) > 0 {
			b.Fatal(d)
		}
	}
}
