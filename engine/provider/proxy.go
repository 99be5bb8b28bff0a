package provider

import (
	"net/http"

	"github.com/pigo-dev/pigo/engine/envproxy"
)

// NewHTTPClient is a client for model requests that goes through the proxy
// env names, picked as pi 1.6's undici dispatcher picks it
// ([envproxy.Func]).
func NewHTTPClient(env map[string]string) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = envproxy.Func(env)
	return &http.Client{Transport: t}
}
