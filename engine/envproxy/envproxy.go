// Package envproxy picks the HTTP proxy of a request from an environment
// the way undici's EnvHttpProxyAgent does. pi 1.6 installs that agent as
// the global dispatcher, so its model requests and the fetch of its
// extensions go through the proxy the environment names; its agent-dir
// setting httpProxy fills HTTP_PROXY and HTTPS_PROXY first when they are
// unset.
//
// Go's http.ProxyFromEnvironment differs: it never proxies loopback hosts,
// does not fall back from HTTPS_PROXY to HTTP_PROXY, and reads the process
// environment once.
package envproxy

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Func returns the proxy of each request as undici's EnvHttpProxyAgent
// picks it from env: http_proxy, then HTTP_PROXY, for http URLs;
// https_proxy, then HTTPS_PROXY, else the HTTP proxy, for https URLs; none
// for hosts NO_PROXY (no_proxy first) names, with or without a port, and
// their subdomains, or for every host when it is "*". A variable that is
// set, even to "", hides the ones after it.
func Func(env map[string]string) func(*http.Request) (*url.URL, error) {
	first := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := env[k]; ok {
				return v
			}
		}
		return ""
	}
	httpURL := first("http_proxy", "HTTP_PROXY")
	httpsURL := first("https_proxy", "HTTPS_PROXY")
	if httpsURL == "" {
		httpsURL = httpURL
	}
	noProxy := first("no_proxy", "NO_PROXY")
	type entry struct {
		host string
		port int
	}
	var entries []entry
	for _, e := range strings.FieldsFunc(noProxy, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		host, port := e, 0
		if i := strings.LastIndexByte(e, ':'); i > 0 {
			if p, err := strconv.Atoi(e[i+1:]); err == nil && p >= 0 {
				host, port = e[:i], p
			}
		}
		host = strings.TrimPrefix(strings.TrimPrefix(host, "*"), ".")
		entries = append(entries, entry{strings.ToLower(host), port})
	}
	return func(req *http.Request) (*url.URL, error) {
		raw := httpURL
		if req.URL.Scheme == "https" {
			raw = httpsURL
		}
		if raw == "" || noProxy == "*" {
			return nil, nil
		}
		host, portText, err := net.SplitHostPort(req.URL.Host)
		if err != nil {
			host = req.URL.Host
		}
		host = strings.ToLower(host)
		if strings.Contains(host, ":") {
			host = "[" + host + "]" // undici compares IPv6 hosts with their brackets
		}
		port, _ := strconv.Atoi(portText)
		if port == 0 {
			port = map[string]int{"http": 80, "https": 443}[req.URL.Scheme]
		}
		for _, e := range entries {
			if e.port != 0 && e.port != port {
				continue
			}
			if host == e.host || strings.HasSuffix(host, "."+e.host) {
				return nil, nil
			}
		}
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("invalid proxy URL %q", raw)
		}
		return u, nil
	}
}
