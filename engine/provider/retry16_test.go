package provider_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// countingFailure answers every request the way mode says ("500", "429",
// "429 retry-after" or "reset": the connection reset without a reply) and
// counts them.
func countingFailure(t *testing.T, mode string) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		n.Add(1)
		switch mode {
		case "reset":
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			_ = conn.(*net.TCPConn).SetLinger(0)
			_ = conn.Close()
			return
		case "429 retry-after":
			w.Header().Set("Retry-After", "0")
			fallthrough
		case "429":
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			w.WriteHeader(http.StatusInternalServerError)
		}
		_, _ = io.WriteString(w, `{"error":{"message":"boom","type":"server_error"}}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// TestRequestRetriesAsPi16: pi-ai 1.6 sends a failing request once unless
// retry.provider.maxRetries asks for more (the agent retries the turn), for
// 500, 429 with and without retry-after and a reset connection, on every
// HTTP API; with maxRetries 2 it is sent three times.
func TestRequestRetriesAsPi16(t *testing.T) {
	apis := []string{provider.APIOpenAICompletions, provider.APIOpenAIResponses, provider.APIAnthropicMessages,
		provider.APIGoogleGenerativeAI, provider.APIMistralConversations, provider.APIOpenAICodexResponses}
	for _, api := range apis {
		for _, mode := range []string{"500", "429", "429 retry-after", "reset"} {
			for _, retries := range []int{0, 2} {
				t.Run(fmt.Sprintf("%s/%s/%d", api, mode, retries), func(t *testing.T) {
					t.Parallel()
					srv, n := countingFailure(t, mode)
					m := mockModel(api, srv.URL)
					key := "k"
					if api == provider.APIOpenAICodexResponses {
						key = codexJWT("acct_1", "s")
					}
					opts := &provider.Options{APIKey: key, Transport: "sse",
						Retry: provider.RetryPolicy{MaxRetries: retries, BaseDelay: 1, MaxBackoff: 1}}
					s, err := provider.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
					if err != nil {
						t.Fatal(err)
					}
					_, msg := collect(t, s)
					want := int32(1 + retries)
					if api == provider.APIMistralConversations {
						want = 1 // pi-ai's Mistral request ignores maxRetries
					}
					if msg.StopReason != provider.StopReasonError || n.Load() != want {
						t.Errorf("%d requests ending %s (%q), want %d ending in an error", n.Load(), msg.StopReason, msg.ErrorMessage, want)
					}
				})
			}
		}
	}
}
