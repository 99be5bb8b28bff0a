package mcptest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// OAuth is an OAuth-protected MCP server for sign-in tests: protected
// resource metadata (RFC 9728), authorization server metadata (RFC 8414),
// dynamic client registration, an authorization endpoint that approves
// at once (redirecting to the client's callback), a token endpoint for
// codes (PKCE S256 checked) and refresh tokens, and Server's tools at
// /mcp, which answers 401 without a valid bearer token. Tokens and codes
// are numbered, so two runs issue the same ones.
type OAuth struct {
	*httptest.Server
	// Settings: set them before the client runs, or through Update.
	ExpiresIn      float64  // access token lifetime in seconds; 0 omits expires_in
	Scopes         []string // advertised in the protected resource metadata
	CIMD           bool     // client_id_metadata_document_supported
	ISS            bool     // authorization_response_iss_parameter_supported (and iss sent)
	Issuer         string   // the issuer the metadata names; "" is the server's URL
	RegisterError  string   // an OAuth error code registration answers with (400)
	TokenError     string   // an OAuth error code the token endpoint answers codes with
	RefreshError   string   // an OAuth error code the token endpoint answers refreshes with
	WrongState     bool     // the authorization redirect carries another state
	NoRegistration bool     // no registration endpoint
	// RequireScope is a scope /mcp requires (403 insufficient_scope
	// without it).
	RequireScope string
	// AuthorizationServer is the authorization server the resource
	// metadata names; "" is this server.
	AuthorizationServer string

	mu       sync.Mutex
	requests []Request
	codes    map[string]code
	access   map[string]string // token → its scope
	refresh  map[string]string
	n        int
}

// Request is one request the server received.
type Request struct {
	Method, Path string
	Query        url.Values
	Form         url.Values // token requests
	Body         string     // registration requests
	Auth         string     // the Authorization header
}

type code struct{ challenge, redirect, clientID, scope string }

// NewOAuth starts the server.
func NewOAuth() *OAuth {
	o := &OAuth{codes: map[string]code{}, access: map[string]string{}, refresh: map[string]string{}}
	srv := Server()
	mcp := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", o.resourceMetadata)
	mux.HandleFunc("/.well-known/oauth-authorization-server", o.metadata)
	mux.HandleFunc("/register", o.register)
	mux.HandleFunc("/authorize", o.authorize)
	mux.HandleFunc("/token", o.token)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		o.mu.Lock()
		scope, ok := o.access[token]
		require := o.RequireScope
		o.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer resource_metadata="%s/.well-known/oauth-protected-resource/mcp"`, o.URL))
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		if require != "" && !slices.Contains(strings.Fields(scope), require) {
			w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer error="insufficient_scope", scope="%s", resource_metadata="%s/.well-known/oauth-protected-resource/mcp"`, require, o.URL))
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		mcp.ServeHTTP(w, r)
	})
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Auth: r.Header.Get("Authorization")}
		if r.Method == http.MethodPost && r.URL.Path != "/mcp" {
			b, _ := io.ReadAll(r.Body)
			req.Body = string(b)
			req.Form, _ = url.ParseQuery(string(b))
			r.Body = io.NopCloser(strings.NewReader(string(b)))
		}
		if r.URL.Path != "/mcp" {
			o.mu.Lock()
			o.requests = append(o.requests, req)
			o.mu.Unlock()
		}
		mux.ServeHTTP(w, r)
	}))
	return o
}

// MCPURL is the MCP endpoint.
func (o *OAuth) MCPURL() string { return o.URL + "/mcp" }

// Requests returns the requests other than to /mcp, in order.
func (o *OAuth) Requests() []Request {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Request(nil), o.requests...)
}

// Update changes settings while clients may be talking to the server.
func (o *OAuth) Update(f func(*OAuth)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	f(o)
}

// Revoke makes every access token invalid (the server restarted).
func (o *OAuth) Revoke() {
	o.mu.Lock()
	o.access = map[string]string{}
	o.mu.Unlock()
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (o *OAuth) resourceMetadata(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	as := o.AuthorizationServer
	if as == "" {
		as = o.URL
	}
	m := map[string]any{"resource": o.MCPURL(), "authorization_servers": []string{as}}
	if len(o.Scopes) > 0 {
		m["scopes_supported"] = o.Scopes
	}
	writeJSON(w, 200, m)
}

func (o *OAuth) metadata(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	issuer := o.Issuer
	if issuer == "" {
		issuer = o.URL
	}
	m := map[string]any{
		"issuer": issuer, "authorization_endpoint": o.URL + "/authorize", "token_endpoint": o.URL + "/token",
		"response_types_supported": []string{"code"}, "grant_types_supported": []string{"authorization_code", "refresh_token"},
		"code_challenge_methods_supported": []string{"S256"}, "token_endpoint_auth_methods_supported": []string{"none"},
	}
	if !o.NoRegistration {
		m["registration_endpoint"] = o.URL + "/register"
	}
	if o.CIMD {
		m["client_id_metadata_document_supported"] = true
	}
	if o.ISS {
		m["authorization_response_iss_parameter_supported"] = true
	}
	writeJSON(w, 200, m)
}

func (o *OAuth) register(w http.ResponseWriter, r *http.Request) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.RegisterError != "" {
		writeJSON(w, 400, map[string]any{"error": o.RegisterError, "error_description": "client rejected"})
		return
	}
	var body map[string]any
	b, _ := io.ReadAll(r.Body)
	if json.Unmarshal(b, &body) != nil {
		writeJSON(w, 400, map[string]any{"error": "invalid_client_metadata"})
		return
	}
	o.n++
	body["client_id"] = fmt.Sprintf("client-%d", o.n)
	body["client_id_issued_at"] = 1700000000
	writeJSON(w, 201, body)
}

func (o *OAuth) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirect, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" {
		http.Error(w, "bad authorization request", 400)
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.n++
	c := fmt.Sprintf("code-%d", o.n)
	o.codes[c] = code{challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri"), clientID: q.Get("client_id"), scope: q.Get("scope")}
	rq := redirect.Query()
	rq.Set("code", c)
	state := q.Get("state")
	if o.WrongState {
		state = "not-the-state"
	}
	rq.Set("state", state)
	if o.ISS {
		rq.Set("iss", o.URL)
	}
	redirect.RawQuery = rq.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

func (o *OAuth) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f := r.PostForm
	fail := func(code string) {
		writeJSON(w, 400, map[string]any{"error": code, "error_description": code + " from the test server"})
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	var scope string
	switch f.Get("grant_type") {
	case "authorization_code":
		if o.TokenError != "" {
			fail(o.TokenError)
			return
		}
		c, ok := o.codes[f.Get("code")]
		delete(o.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		if !ok || c.challenge != base64.RawURLEncoding.EncodeToString(sum[:]) || c.redirect != f.Get("redirect_uri") || c.clientID != f.Get("client_id") {
			fail("invalid_grant")
			return
		}
		scope = c.scope
	case "refresh_token":
		if o.RefreshError != "" {
			fail(o.RefreshError)
			return
		}
		s, ok := o.refresh[f.Get("refresh_token")]
		if !ok {
			fail("invalid_grant")
			return
		}
		scope = s
		delete(o.refresh, f.Get("refresh_token"))
	default:
		fail("unsupported_grant_type")
		return
	}
	o.n++
	access, refresh := fmt.Sprintf("access-%d", o.n), fmt.Sprintf("refresh-%d", o.n)
	o.access[access], o.refresh[refresh] = scope, scope
	m := map[string]any{"access_token": access, "token_type": "Bearer", "refresh_token": refresh}
	if o.ExpiresIn != 0 {
		m["expires_in"] = o.ExpiresIn
	}
	writeJSON(w, 200, m)
}
