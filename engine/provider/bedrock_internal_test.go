package provider

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"

	smithyhttp "github.com/aws/smithy-go/transport/http"
)

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestBedrockRequestBodyOutlivesSmithysClose: smithy closes the request
// body it built as Do returns; net/http may still read it once more
// (its check for bytes past Content-Length). The body the transport
// reads must still end cleanly then, or net/http closes the connection
// under the response stream.
func TestBedrockRequestBodyOutlivesSmithysClose(t *testing.T) {
	payload := []byte(`{"messages":[]}`)
	sreq, err := smithyhttp.NewStackRequest().(*smithyhttp.Request).SetStream(bytes.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	sreq.ContentLength = int64(len(payload))
	sreq.Method, sreq.URL.Scheme, sreq.URL.Host = "POST", "http", "bedrock.test"
	req := sreq.Build(context.Background())

	var sent *http.Request
	client := bedrockHTTPClient{&http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		sent = r
		return &http.Response{StatusCode: 200, Body: http.NoBody, Request: r}, nil
	})}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_ = req.Body.Close() // what smithy's ClientHandler does once Do returns

	var got bytes.Buffer
	if _, err := io.Copy(&got, sent.Body); err != nil {
		t.Fatalf("reading the sent body after smithy closed its own: %v", err)
	}
	if got.String() != string(payload) || sent.ContentLength != int64(len(payload)) {
		t.Fatalf("sent body %q (length %d), want %q", got.String(), sent.ContentLength, payload)
	}
}
