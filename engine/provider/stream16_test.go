package provider_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestStreamEventHook: every parsed provider event reaches the hook
// (pi 1.6's provider_stream_event), JSON decoded, in order.
func TestStreamEventHook(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE(
		"message_start", anStart,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", anDelta("end_turn", 1),
		"message_stop", `{"type":"message_stop"}`))
	var got []string
	ctx := provider.WithStreamEventHook(context.Background(), func(data any) {
		m, _ := data.(map[string]any)
		got = append(got, fmt.Sprint(m["type"]))
	})
	mustStreamCtx(t, ctx, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	want := "message_start content_block_start content_block_delta content_block_stop message_delta message_stop"
	if strings.Join(got, " ") != want {
		t.Errorf("hook saw %q, want %q", strings.Join(got, " "), want)
	}
}
