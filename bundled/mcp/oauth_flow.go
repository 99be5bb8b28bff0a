package mcp

// pi 1.6's OAuth client for MCP servers (its pi-mcp package): discovery
// (RFC 9728 protected resource metadata, RFC 8414 / OpenID Connect
// authorization server metadata with the issuer check), the client's
// identity (a configured client, pi's Client ID Metadata Document, or
// dynamic client registration), the authorization request with PKCE, and
// the token requests. It is written by hand rather than with the Go SDK's
// auth package or golang.org/x/oauth2's flows because the requests, the
// stored state and the messages must be pi's byte for byte; PKCE comes
// from golang.org/x/oauth2.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

const latestProtocolVersion = "2025-11-25"

// oauthRequestTimeout bounds each request to the authorization server.
const oauthRequestTimeout = 15 * time.Second

// errAuthorizationRequired: the user has to sign in.
var errAuthorizationRequired = errors.New("MCP OAuth authorization requires user interaction")

// errNetwork marks a request that did not reach the server; Node's fetch
// reports it as "fetch failed".
type errNetwork struct{ err error }

func (e errNetwork) Error() string { return "fetch failed" }
func (e errNetwork) Unwrap() error { return e.err }

type oauthError struct{ code, message string }

func (e *oauthError) Error() string { return e.message }

func issuerMismatch(expected, received *string) error {
	format := func(s *string) string {
		if s == nil {
			return "none"
		}
		return jsjson.Stringify(*s)
	}
	return fmt.Errorf("OAuth issuer mismatch: expected %s, received %s", format(expected), format(received))
}

type insecureEndpointError struct{ endpoint string }

func (e insecureEndpointError) Error() string {
	return "Refusing to send OAuth credentials to non-HTTPS endpoint " + e.endpoint
}

func isLoopbackHost(h string) bool {
	return h == "localhost" || h == "127.0.0.1" || h == "[::1]" || h == "::1"
}

func secureEndpoint(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "https" && !isLoopbackHost(u.Hostname()) {
		return nil, insecureEndpointError{normalizeURL(raw)}
	}
	return u, nil
}

// oauthHTTP sends the flow's requests, each within oauthRequestTimeout.
type oauthHTTP struct {
	client *http.Client
	ctx    context.Context
}

func (h oauthHTTP) do(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(h.ctx, oauthRequestTimeout)
	req = req.WithContext(ctx)
	resp, err := h.client.Do(req)
	if err != nil {
		cancel()
		if h.ctx.Err() != nil {
			return nil, h.ctx.Err()
		}
		return nil, errNetwork{err}
	}
	resp.Body = cancelOnClose{resp.Body, cancel}
	return resp, nil
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error { err := c.ReadCloser.Close(); c.cancel(); return err }

func (h oauthHTTP) getMetadata(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("MCP-Protocol-Version", latestProtocolVersion)
	return h.do(req)
}

func readJSONObject(resp *http.Response) (*jsjson.Object, error) {
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if msg := jsjson.ParseError(string(b)); msg != "" {
		return nil, errors.New(msg)
	}
	v, err := jsjson.Parse(b)
	if err != nil {
		return nil, err
	}
	o, _ := v.(*jsjson.Object)
	return o, nil
}

// Validation of the server's documents, as pi-mcp's types: known fields
// are checked and normalised in place (null and "" count as absent),
// other fields are kept.

func invalid(name string) error { return errors.New("Invalid " + name) }

func absentValue(v any, present bool) bool { return !present || v == nil || v == "" }

func isHTTPURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func checkURL(o *jsjson.Object, key, name string, optional bool) error {
	v, ok := o.Get(key)
	if optional && absentValue(v, ok) {
		o.Delete(key)
		return nil
	}
	s, isStr := v.(string)
	if !isStr || s == "" || !isHTTPURL(s) {
		return invalid(name)
	}
	return nil
}

func checkStrings(o *jsjson.Object, key, name string) (present bool, err error) {
	v, ok := o.Get(key)
	if !ok || v == nil {
		o.Delete(key)
		return false, nil
	}
	list, isList := v.([]any)
	if !isList {
		return false, invalid(name)
	}
	for _, e := range list {
		if _, s := e.(string); !s {
			return false, invalid(name)
		}
	}
	return true, nil
}

func checkOptionalString(o *jsjson.Object, key, name string) error {
	v, ok := o.Get(key)
	if absentValue(v, ok) {
		o.Delete(key)
		return nil
	}
	if _, s := v.(string); !s {
		return invalid(name)
	}
	return nil
}

func parseProtectedResourceMetadata(o *jsjson.Object) (*jsjson.Object, error) {
	if o == nil {
		return nil, invalid("OAuth protected resource metadata")
	}
	if err := checkURL(o, "resource", "OAuth protected resource metadata resource", false); err != nil {
		return nil, err
	}
	if ok, err := checkStrings(o, "authorization_servers", "authorization_servers"); err != nil {
		return nil, err
	} else if ok {
		list, _ := objStrs(o, "authorization_servers")
		for _, s := range list {
			if s == "" || !isHTTPURL(s) {
				return nil, invalid("authorization server URL")
			}
		}
	}
	if _, err := checkStrings(o, "scopes_supported", "scopes_supported"); err != nil {
		return nil, err
	}
	return o, nil
}

func parseAuthorizationServerMetadata(o *jsjson.Object) (*jsjson.Object, error) {
	if o == nil {
		return nil, invalid("authorization server metadata")
	}
	if ok, err := checkStrings(o, "response_types_supported", "response_types_supported"); err != nil || !ok {
		return nil, invalid("response_types_supported")
	}
	for _, c := range []struct {
		key, name string
		optional  bool
	}{{"issuer", "authorization server issuer", false}, {"authorization_endpoint", "authorization endpoint", false},
		{"token_endpoint", "token endpoint", false}, {"registration_endpoint", "registration endpoint", true}} {
		if err := checkURL(o, c.key, c.name, c.optional); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"scopes_supported", "grant_types_supported", "token_endpoint_auth_methods_supported", "code_challenge_methods_supported"} {
		if _, err := checkStrings(o, k, k); err != nil {
			return nil, err
		}
	}
	for _, k := range []string{"client_id_metadata_document_supported", "authorization_response_iss_parameter_supported"} {
		if _, isBool := objGet(o, k).(bool); !isBool {
			o.Delete(k)
		}
	}
	return o, nil
}

func parseTokens(o *jsjson.Object) (*jsjson.Object, error) {
	if o == nil {
		return nil, invalid("OAuth token response")
	}
	out := &jsjson.Object{}
	for _, k := range []string{"access_token", "token_type"} {
		s, _ := objGet(o, k).(string)
		if s == "" {
			return nil, invalid(k)
		}
		out.Set(k, s)
	}
	if v, ok := o.Get("expires_in"); !absentValue(v, ok) {
		n, isNum := jsNumberOf(v)
		if !isNum {
			return nil, invalid("expires_in")
		}
		out.Set("expires_in", n)
	}
	for _, k := range []string{"scope", "refresh_token", "id_token"} {
		if err := checkOptionalString(o, k, k); err != nil {
			return nil, err
		}
		if s := objStr(o, k); s != "" {
			out.Set(k, s)
		}
	}
	return out, nil
}

// jsNumberOf is Number(v) when finite.
func jsNumberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case string:
		t := strings.TrimSpace(x)
		if t == "" {
			return 0, true
		}
		f, err := strconv.ParseFloat(t, 64)
		return f, err == nil && !math.IsInf(f, 0)
	}
	return 0, false
}

func parseClientInformation(o *jsjson.Object) (*jsjson.Object, error) {
	if o == nil {
		return nil, invalid("OAuth client registration response")
	}
	if s, _ := objGet(o, "client_id").(string); s == "" {
		return nil, invalid("client_id")
	}
	if err := checkOptionalString(o, "client_secret", "client_secret"); err != nil {
		return nil, err
	}
	for _, k := range []string{"client_id_issued_at", "client_secret_expires_at"} {
		if _, isNum := objGet(o, k).(float64); !isNum {
			o.Delete(k)
		}
	}
	if ok, err := checkStrings(o, "redirect_uris", "redirect_uris"); err != nil {
		return nil, err
	} else if !ok {
		o.Set("redirect_uris", []any{})
	}
	return o, nil
}

// Discovery.

type challenge struct {
	resourceMetadataURL string
	scope, err, desc    string
}

// challengeFields match a WWW-Authenticate parameter, quoted or not.
var challengeFields = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for _, n := range []string{"resource_metadata", "scope", "error", "error_description"} {
		m[n] = regexp.MustCompile(`(?i)(?:^|[,\s])` + n + `=(?:"([^"]*)"|([^\s,]+))`)
	}
	return m
}()

// challengeField is a parameter's value; "" (empty included) when absent.
func challengeField(header, name string) string {
	m := challengeFields[name].FindStringSubmatch(header)
	if m == nil {
		return ""
	}
	if m[1] != "" {
		return m[1]
	}
	return m[2]
}

func parseWWWAuthenticate(header string) challenge {
	fields := strings.Fields(header)
	if len(fields) == 0 {
		return challenge{}
	}
	if scheme := strings.ToLower(fields[0]); scheme != "bearer" && scheme != "dpop" {
		return challenge{}
	}
	c := challenge{scope: challengeField(header, "scope"), err: challengeField(header, "error"),
		desc: challengeField(header, "error_description")}
	if rm := challengeField(header, "resource_metadata"); rm != "" {
		if u, err := url.Parse(rm); err == nil && u.Scheme != "" {
			c.resourceMetadataURL = rm
		}
	}
	return c
}

func isDiscoveryMiss(status int) bool { return status >= 400 && status < 500 || status == 502 }

func pathSuffix(p string) string { return strings.TrimSuffix(p, "/") }

func origin(u *url.URL) string { return u.Scheme + "://" + u.Host }

func (h oauthHTTP) discoverProtectedResourceMetadata(serverURL, metadataURL string) (*jsjson.Object, error) {
	server, err := url.Parse(serverURL)
	if err != nil {
		return nil, err
	}
	first := metadataURL
	if first == "" {
		first = origin(server) + "/.well-known/oauth-protected-resource" + pathSuffix(server.EscapedPath())
	}
	resp, err := h.getMetadata(first)
	if err != nil {
		return nil, err
	}
	if metadataURL == "" && server.Path != "/" && server.Path != "" && isDiscoveryMiss(resp.StatusCode) {
		resp.Body.Close()
		if resp, err = h.getMetadata(origin(server) + "/.well-known/oauth-protected-resource"); err != nil {
			return nil, err
		}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		resp.Body.Close()
		return nil, fmt.Errorf("HTTP %d loading OAuth protected resource metadata", resp.StatusCode)
	}
	o, err := readJSONObject(resp)
	if err != nil {
		return nil, err
	}
	return parseProtectedResourceMetadata(o)
}

func authorizationServerDiscoveryURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	p := pathSuffix(u.EscapedPath())
	urls := []string{origin(u) + "/.well-known/oauth-authorization-server" + p, origin(u) + "/.well-known/openid-configuration" + p}
	if p != "" {
		urls = append(urls, origin(u)+p+"/.well-known/openid-configuration")
	}
	return urls
}

func (h oauthHTTP) discoverAuthorizationServerMetadata(issuer string) (*jsjson.Object, error) {
	for _, u := range authorizationServerDiscoveryURLs(issuer) {
		resp, err := h.getMetadata(u)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			resp.Body.Close()
			if isDiscoveryMiss(resp.StatusCode) {
				continue
			}
			return nil, fmt.Errorf("HTTP %d loading authorization server metadata from %s", resp.StatusCode, u)
		}
		o, err := readJSONObject(resp)
		if err != nil {
			return nil, err
		}
		meta, err := parseAuthorizationServerMetadata(o)
		if err != nil {
			return nil, err
		}
		got := objStr(meta, "issuer")
		if strings.TrimSuffix(got, "/") != strings.TrimSuffix(issuer, "/") {
			return nil, issuerMismatch(&issuer, &got)
		}
		return meta, nil
	}
	return nil, nil
}

// discovered is pi's discovery state: {authorizationServerUrl,
// authorizationServerMetadata, resourceMetadata}.
type discovered struct {
	asURL    string
	asMeta   *jsjson.Object
	resource *jsjson.Object
}

func (d discovered) object(resourceMetadataURL string) *jsjson.Object {
	o := &jsjson.Object{}
	o.Set("authorizationServerUrl", d.asURL)
	if d.asMeta != nil {
		o.Set("authorizationServerMetadata", d.asMeta)
	}
	if d.resource != nil {
		o.Set("resourceMetadata", d.resource)
	}
	if resourceMetadataURL != "" {
		o.Set("resourceMetadataUrl", resourceMetadataURL)
	}
	return o
}

func (h oauthHTTP) discoverOAuthServerInfo(serverURL, resourceMetadataURL, asMetadataURL string) (discovered, error) {
	var d discovered
	prm, err := h.discoverProtectedResourceMetadata(serverURL, resourceMetadataURL)
	var netErr errNetwork
	if errors.As(err, &netErr) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return d, err
	}
	if err == nil {
		d.resource = prm
	}
	if asMetadataURL != "" {
		resp, err := h.getMetadata(asMetadataURL)
		if err != nil {
			return d, err
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			resp.Body.Close()
			return d, fmt.Errorf("HTTP %d loading authorization server metadata from %s", resp.StatusCode, asMetadataURL)
		}
		o, err := readJSONObject(resp)
		if err != nil {
			return d, err
		}
		if d.asMeta, err = parseAuthorizationServerMetadata(o); err != nil {
			return d, err
		}
		d.asURL = objStr(d.asMeta, "issuer")
		return d, nil
	}
	if servers, _ := objStrs(d.resource, "authorization_servers"); len(servers) > 0 {
		d.asURL = servers[0]
	} else {
		// String(new URL("/", serverUrl)): the server's origin.
		u, _ := url.Parse(serverURL)
		d.asURL = normalizeURL(origin(u) + "/")
	}
	d.asMeta, err = h.discoverAuthorizationServerMetadata(d.asURL)
	return d, err
}

func selectResource(serverURL string, resourceMeta *jsjson.Object) (string, error) {
	if resourceMeta == nil {
		return "", nil
	}
	requested, _ := url.Parse(normalizeURL(serverURL))
	requested.Fragment = ""
	resource := objStr(resourceMeta, "resource")
	configured, _ := url.Parse(normalizeURL(resource))
	mismatch := fmt.Errorf("Protected resource %s does not match MCP server %s", resource, requested)
	if origin(requested) != origin(configured) {
		return "", mismatch
	}
	withSlash := func(p string) string {
		if strings.HasSuffix(p, "/") {
			return p
		}
		return p + "/"
	}
	if !strings.HasPrefix(withSlash(requested.EscapedPath()), withSlash(configured.EscapedPath())) {
		return "", mismatch
	}
	return resource, nil
}

// The client and its state.

// clientDocument is a Client ID Metadata Document to identify with.
type clientDocument struct{ url, redirectURL string }

// oauthProvider is pi-mcp's McpOAuthProvider: one server's OAuth state in
// a store, read and written step by step as pi does, so that the stored
// state has pi's keys in pi's order.
type oauthProvider struct {
	serverURL      string
	redirectURL    string
	clientMetadata *jsjson.Object
	// clientDocument picks the document for the server's metadata; nil
	// when the client registers.
	clientDocument   func(meta *jsjson.Object) (*clientDocument, error)
	configuredClient *jsjson.Object
	store            serverStore
	onRedirect       func(*url.URL)
}

func (p *oauthProvider) load() (*jsjson.Object, error) {
	s, err := p.store.load()
	if err != nil {
		return nil, err
	}
	if objStr(s, "serverUrl") == p.serverURL {
		return s, nil
	}
	o := &jsjson.Object{}
	o.Set("serverUrl", p.serverURL)
	return o, nil
}

func (p *oauthProvider) update(fn func(*jsjson.Object)) error {
	s, err := p.load()
	if err != nil {
		return err
	}
	fn(s)
	return p.store.save(s)
}

func (p *oauthProvider) state() (string, error) {
	s, err := p.load()
	if err != nil {
		return "", err
	}
	if st := objStr(s, "oauthState"); st != "" {
		return st, nil
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	st := hex.EncodeToString(b)
	return st, p.update(func(o *jsjson.Object) { o.Set("oauthState", st) })
}

func (p *oauthProvider) clientInformation() (*jsjson.Object, error) {
	if p.configuredClient != nil {
		return p.configuredClient, nil
	}
	s, err := p.load()
	return objObj(s, "clientInformation"), err
}

func (p *oauthProvider) saveClientInformation(info *jsjson.Object) error {
	if p.configuredClient != nil {
		return nil
	}
	return p.update(func(o *jsjson.Object) { o.Set("clientInformation", info) })
}

func (p *oauthProvider) tokens() (*jsjson.Object, error) {
	s, err := p.load()
	return objObj(s, "tokens"), err
}

func (p *oauthProvider) saveTokens(tokens *jsjson.Object) error {
	expires, has := objGet(tokens, "expires_in").(float64)
	at := float64(time.Now().UnixMilli()) + expires*1000
	return p.update(func(o *jsjson.Object) {
		o.Set("tokens", tokens)
		if has {
			o.Set("tokensExpireAt", at)
		} else {
			o.Delete("tokensExpireAt")
		}
	})
}

func (p *oauthProvider) invalidate(kinds ...string) error {
	return p.update(func(o *jsjson.Object) {
		for _, k := range kinds {
			all := k == "all"
			if all || k == "client" {
				o.Delete("clientInformation")
			}
			if all || k == "tokens" {
				o.Delete("tokens")
				o.Delete("tokensExpireAt")
			}
			if all || k == "verifier" {
				o.Delete("codeVerifier")
			}
			if all || k == "discovery" {
				o.Delete("discovery")
			}
			if all {
				o.Delete("oauthState")
			}
		}
	})
}

// flowOptions are authorizeMcp's options.
type flowOptions struct {
	serverURL           string
	resourceMetadataURL string
	asMetadataURL       string
	scope               string
	http                oauthHTTP
	skipRefresh         bool
	refreshOnly         bool
	authorizationCode   string
	authRedirectURL     *string // the authorization request's redirect URI
	iss                 *string
}

type flowResult int

const (
	flowAuthorized flowResult = iota
	flowRedirect
)

func (p *oauthProvider) runFlow(o flowOptions, storedClientID *string) (flowResult, error) {
	metadataURL := ""
	if o.asMetadataURL != "" {
		u, err := secureEndpoint(o.asMetadataURL)
		if err != nil {
			return 0, err
		}
		metadataURL = u.String()
	}
	var d discovered
	var cached *jsjson.Object
	if metadataURL == "" {
		s, err := p.load()
		if err != nil {
			return 0, err
		}
		cached = objObj(s, "discovery")
	}
	if asURL := objStr(cached, "authorizationServerUrl"); asURL != "" {
		d = discovered{asURL: asURL, asMeta: objObj(cached, "authorizationServerMetadata"), resource: objObj(cached, "resourceMetadata")}
		if d.asMeta == nil {
			meta, err := o.http.discoverAuthorizationServerMetadata(asURL)
			if err != nil {
				return 0, err
			}
			d.asMeta = meta
		}
	} else {
		var err error
		if d, err = o.http.discoverOAuthServerInfo(o.serverURL, o.resourceMetadataURL, metadataURL); err != nil {
			return 0, err
		}
	}
	if metadataURL == "" {
		if err := p.update(func(s *jsjson.Object) { s.Set("discovery", d.object(o.resourceMetadataURL)) }); err != nil {
			return 0, err
		}
	}
	meta := d.asMeta
	resource, err := selectResource(o.serverURL, d.resource)
	if err != nil {
		return 0, err
	}
	scope := o.scope
	if scope == "" {
		if list, _ := objStrs(d.resource, "scopes_supported"); len(list) > 0 {
			scope = strings.Join(list, " ")
		}
	}
	if scope == "" {
		scope = objStr(p.clientMetadata, "scope")
	}
	stored, err := p.clientInformation()
	if err != nil {
		return 0, err
	}
	if storedClientID != nil {
		*storedClientID = objStr(stored, "client_id")
	}
	var doc *clientDocument
	if stored == nil && p.clientDocument != nil {
		if doc, err = p.clientDocument(meta); err != nil {
			return 0, err
		}
		if doc != nil {
			u, err := url.Parse(doc.url)
			if err != nil || u.Scheme != "https" || u.Path == "/" {
				return 0, errors.New("Invalid OAuth client metadata URL")
			}
		}
	}
	redirectURL := p.redirectURL
	if doc != nil {
		redirectURL = doc.redirectURL
	}
	if o.authorizationCode != "" && o.authRedirectURL != nil && redirectURL != *o.authRedirectURL {
		return 0, fmt.Errorf("The code exchange would use the redirect URI %s, but the authorization request used %s", redirectURL, *o.authRedirectURL)
	}
	client := stored
	if client == nil && doc != nil {
		client = &jsjson.Object{}
		client.Set("client_id", doc.url)
	}
	if client == nil {
		if o.refreshOnly {
			return flowRedirect, nil
		}
		if o.authorizationCode != "" {
			return 0, errors.New("OAuth client information is missing during code exchange: the authorization request's client was removed, or the client settings changed")
		}
		if client, err = o.http.registerClient(d.asURL, meta, p.clientMetadata, scope); err != nil {
			return 0, err
		}
		if err := p.saveClientInformation(client); err != nil {
			return 0, err
		}
	}
	tr := tokenRequest{asURL: d.asURL, meta: meta, client: client, resource: resource}
	if o.authorizationCode != "" {
		issSupported := objBool(meta, "authorization_response_iss_parameter_supported")
		if o.iss != nil || issSupported {
			var expected *string
			if meta != nil {
				e := objStr(meta, "issuer")
				expected = &e
			}
			if o.iss == nil || expected == nil || *o.iss != *expected {
				return 0, issuerMismatch(expected, o.iss)
			}
		}
		s, err := p.load()
		if err != nil {
			return 0, err
		}
		verifier := objStr(s, "codeVerifier")
		if verifier == "" {
			return 0, errors.New("No OAuth PKCE code verifier is stored")
		}
		tokens, err := o.http.token(tr, url.Values{"grant_type": {"authorization_code"}, "code": {o.authorizationCode},
			"code_verifier": {verifier}, "redirect_uri": {redirectURL}}, []string{"grant_type", "code", "code_verifier", "redirect_uri"})
		if err != nil {
			return 0, err
		}
		return flowAuthorized, p.saveTokens(withScope(tokens, scope))
	}
	var existing *jsjson.Object
	if !o.skipRefresh {
		if existing, err = p.tokens(); err != nil {
			return 0, err
		}
	}
	if refresh := objStr(existing, "refresh_token"); refresh != "" {
		tokens, err := o.http.token(tr, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}}, []string{"grant_type", "refresh_token"})
		if err == nil {
			out := &jsjson.Object{}
			out.Set("refresh_token", refresh)
			for _, m := range *tokens {
				out.Set(m.Key, m.Value)
			}
			return flowAuthorized, p.saveTokens(withScope(out, objStr(existing, "scope")))
		}
		var oe *oauthError
		var ie insecureEndpointError
		if o.http.ctx.Err() != nil || errors.As(err, &ie) || errors.As(err, &oe) && oe.code != "server_error" {
			return 0, err
		}
	}
	if o.refreshOnly {
		return flowRedirect, nil
	}
	state, err := p.state()
	if err != nil {
		return 0, err
	}
	authURL, verifier, err := startAuthorization(d.asURL, meta, objStr(client, "client_id"), redirectURL, scope, state, resource)
	if err != nil {
		return 0, err
	}
	if err := p.update(func(s *jsjson.Object) { s.Set("codeVerifier", verifier) }); err != nil {
		return 0, err
	}
	p.onRedirect(authURL)
	return flowRedirect, nil
}

// authorize is pi-mcp's authorizeMcp: the flow, run again after the
// server rejected the client or the grant.
func (p *oauthProvider) authorize(o flowOptions) (flowResult, error) {
	var storedID string
	r, err := p.runFlow(o, &storedID)
	var oe *oauthError
	if !errors.As(err, &oe) {
		return r, err
	}
	switch oe.code {
	case "invalid_client", "unauthorized_client":
		if o.refreshOnly {
			info, err := p.clientInformation()
			if err != nil {
				return 0, err
			}
			if objStr(info, "client_id") == storedID {
				if err := p.invalidate("client", "tokens", "discovery"); err != nil {
					return 0, err
				}
			}
		} else if err := p.invalidate("all"); err != nil {
			return 0, err
		}
		return p.runFlow(o, nil)
	case "invalid_grant":
		if err := p.invalidate("tokens"); err != nil {
			return 0, err
		}
		return p.runFlow(o, nil)
	}
	return r, err
}

func withScope(tokens *jsjson.Object, scope string) *jsjson.Object {
	if _, has := tokens.Get("scope"); !has && scope != "" {
		tokens.Set("scope", scope)
	}
	return tokens
}

// stepUpScope is the challenged scopes plus the granted ones.
func stepUpScope(granted, challenged string) string {
	if challenged == "" {
		return ""
	}
	return mergeScopes(granted, challenged)
}

func mergeScopes(scopes ...string) string {
	var out []string
	for _, s := range scopes {
		for _, f := range strings.Fields(s) {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return strings.Join(out, " ")
}

// applicationType is OpenID Connect's application_type for redirect URIs:
// native for loopback hosts and custom schemes.
func applicationType(redirectURIs []string) string {
	for _, r := range redirectURIs {
		u, err := url.Parse(r)
		if err != nil {
			continue
		}
		if u.Scheme != "http" && u.Scheme != "https" || isLoopbackHost(u.Hostname()) {
			return "native"
		}
	}
	return "web"
}

func (h oauthHTTP) registerClient(asURL string, meta, clientMetadata *jsjson.Object, scope string) (*jsjson.Object, error) {
	endpoint := objStr(meta, "registration_endpoint")
	if meta != nil && endpoint == "" {
		return nil, errors.New("Authorization server does not support dynamic client registration")
	}
	if endpoint == "" {
		endpoint = resolveRef(asURL, "/register")
	}
	body := cloneObject(clientMetadata)
	if _, has := body.Get("application_type"); !has {
		uris, _ := objStrs(clientMetadata, "redirect_uris")
		body.Set("application_type", applicationType(uris))
	}
	if scope != "" {
		body.Set("scope", scope)
	}
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(jsjson.Stringify(body)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("content-type", "application/json")
	resp, err := h.do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return nil, fmt.Errorf("OAuth dynamic client registration failed with status %d: %s", resp.StatusCode, b)
	}
	o, err := readJSONObject(resp)
	if err != nil {
		return nil, err
	}
	return parseClientInformation(o)
}

func resolveRef(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, _ := url.Parse(ref)
	return b.ResolveReference(r).String()
}

func startAuthorization(asURL string, meta *jsjson.Object, clientID, redirectURL, scope, state, resource string) (*url.URL, string, error) {
	if meta != nil {
		if types, _ := objStrs(meta, "response_types_supported"); !slices.Contains(types, "code") {
			return nil, "", errors.New("Authorization server does not support authorization codes")
		}
		if methods, ok := objStrs(meta, "code_challenge_methods_supported"); ok && !slices.Contains(methods, "S256") {
			return nil, "", errors.New("Authorization server does not support PKCE S256")
		}
	}
	endpoint := objStr(meta, "authorization_endpoint")
	if endpoint == "" {
		endpoint = resolveRef(asURL, "/authorize")
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return nil, "", fmt.Errorf("Invalid authorization endpoint %s", endpoint)
	}
	verifier := oauth2.GenerateVerifier()
	// URLSearchParams.set keeps the endpoint's own parameters and appends
	// these in this order.
	params := [][2]string{{"response_type", "code"}, {"client_id", clientID},
		{"code_challenge", oauth2.S256ChallengeFromVerifier(verifier)}, {"code_challenge_method", "S256"}, {"redirect_uri", redirectURL}}
	if state != "" {
		params = append(params, [2]string{"state", state})
	}
	if scope != "" {
		params = append(params, [2]string{"scope", scope})
	}
	if slices.Contains(strings.Fields(scope), "offline_access") {
		params = append(params, [2]string{"prompt", "consent"})
	}
	if resource != "" {
		params = append(params, [2]string{"resource", resource})
	}
	q := u.RawQuery
	for _, kv := range params {
		if q != "" {
			q += "&"
		}
		q += formEncode(kv[0]) + "=" + formEncode(kv[1])
	}
	u.RawQuery = q
	return u, verifier, nil
}

// formEncode is application/x-www-form-urlencoded as URLSearchParams
// writes it: space as "+", and *-._ left alone.
func formEncode(s string) string {
	return strings.NewReplacer("~", "%7E", "%2A", "*").Replace(url.QueryEscape(s))
}

type tokenRequest struct {
	asURL    string
	meta     *jsjson.Object
	client   *jsjson.Object
	resource string
}

func selectClientAuthMethod(client *jsjson.Object, supported []string) string {
	secret := objStr(client, "client_secret") != ""
	if hinted := objStr(client, "token_endpoint_auth_method"); slices.Contains([]string{"client_secret_basic", "client_secret_post", "none"}, hinted) &&
		(len(supported) == 0 || slices.Contains(supported, hinted)) {
		return hinted
	}
	switch {
	case len(supported) == 0 && secret:
		return "client_secret_basic"
	case len(supported) == 0:
		return "none"
	case secret && slices.Contains(supported, "client_secret_basic"):
		return "client_secret_basic"
	case secret && slices.Contains(supported, "client_secret_post"):
		return "client_secret_post"
	case slices.Contains(supported, "none"):
		return "none"
	case secret:
		return "client_secret_post"
	}
	return "none"
}

func (h oauthHTTP) token(tr tokenRequest, params url.Values, order []string) (*jsjson.Object, error) {
	endpoint := objStr(tr.meta, "token_endpoint")
	if endpoint == "" {
		endpoint = resolveRef(tr.asURL, "/token")
	}
	u, err := secureEndpoint(endpoint)
	if err != nil {
		return nil, err
	}
	if tr.resource != "" {
		params.Set("resource", tr.resource)
		order = append(order, "resource")
	}
	req, _ := http.NewRequest(http.MethodPost, u.String(), nil)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("content-type", "application/x-www-form-urlencoded")
	supported, _ := objStrs(tr.meta, "token_endpoint_auth_methods_supported")
	id, secret := objStr(tr.client, "client_id"), objStr(tr.client, "client_secret")
	switch method := selectClientAuthMethod(tr.client, supported); method {
	case "client_secret_basic":
		if secret == "" {
			return nil, errors.New("client_secret_basic requires a client secret")
		}
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(id+":"+secret)))
	default:
		params.Set("client_id", id)
		order = append(order, "client_id")
		if method == "client_secret_post" && secret != "" {
			params.Set("client_secret", secret)
			order = append(order, "client_secret")
		}
	}
	var body strings.Builder
	for i, k := range order {
		if i > 0 {
			body.WriteByte('&')
		}
		body.WriteString(formEncode(k) + "=" + formEncode(params.Get(k)))
	}
	req.Body = io.NopCloser(strings.NewReader(body.String()))
	req.ContentLength = int64(body.Len())
	resp, err := h.do(req)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var value *jsjson.Object
	if jsjson.ParseError(string(b)) == "" {
		v, _ := jsjson.Parse(b)
		value, _ = v.(*jsjson.Object)
	}
	if code, ok := objGet(value, "error").(string); ok {
		msg, isStr := objGet(value, "error_description").(string)
		if !isStr {
			msg = code
		}
		if msg == "" {
			msg = code
		}
		return nil, &oauthError{code, msg}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &oauthError{"server_error", fmt.Sprintf("HTTP %d: %s", resp.StatusCode, b)}
	}
	return parseTokens(value)
}

// callbackID is 12 characters naming an MCP server URL in callback paths.
func callbackID(serverURL string) string {
	u, err := url.Parse(normalizeURL(serverURL))
	if err == nil {
		u.Fragment = ""
		serverURL = u.String()
	}
	sum := sha256.Sum256([]byte(serverURL))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}
