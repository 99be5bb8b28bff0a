package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// stateNeedsAuth is pi's "needs-auth": the server wants a sign-in.
const stateNeedsAuth = "needs-auth"

// errSignInCancelled: the sign-in was cancelled or timed out.
var errSignInCancelled = errors.New("Sign-in cancelled")

// oauthSettings are a server's "oauth" settings, the secret resolved.
type oauthSettings struct {
	clientID, clientSecret string
	callbackPort           int
	callbackURL, scope     string
	clientName             string
	clientRegistration     string
	asMetadataURL          string
}

// piClientName is the client name pi registers under; pigo signs in as
// pi so that a server treats both alike.
const piClientName = "pi"

// piDocumentsBase is where pi's Client ID Metadata Documents live.
const piDocumentsBase = "https://pi.dev/oauth"

// defaultRedirectURL is the redirect URI when none is configured or stored.
const defaultRedirectURL = "http://127.0.0.1/callback"

// usesOAuth: HTTP servers without an Authorization header (or a
// provider's credentials) sign in with OAuth.
func usesOAuth(e Entry) bool {
	if _, ok := e.Config["url"].(string); !ok {
		return false
	}
	if _, ok := e.Config["auth"]; ok {
		return false
	}
	for k := range stringMap(e.Config["headers"]) {
		if strings.EqualFold(k, "authorization") {
			return false
		}
	}
	return true
}

// oauthURL is the server's URL when it signs in with OAuth, else "".
func (s *server) oauthURL() string {
	if !usesOAuth(s.entry) {
		return ""
	}
	return s.entry.Config["url"].(string)
}

func (s *server) oauthSettings(ctx context.Context) (oauthSettings, error) {
	o, _ := s.entry.Config["oauth"].(map[string]any)
	str := func(k string) string { v, _ := o[k].(string); return v }
	st := oauthSettings{clientID: str("clientId"), callbackURL: str("callbackUrl"), scope: str("scope"),
		clientName: str("clientName"), clientRegistration: str("clientRegistration"), asMetadataURL: str("authServerMetadataUrl")}
	if p, ok := o["callbackPort"].(float64); ok {
		st.callbackPort = int(p)
	}
	if secret, ok := o["clientSecret"].(string); ok {
		r, err := s.resolve(ctx, secret, fmt.Sprintf("MCP server %q oauth.clientSecret", s.entry.Name))
		if err != nil {
			return st, err
		}
		st.clientSecret = r
	}
	return st, nil
}

// listsRedirectURL is pi's isClientMetadataDocumentCallback: pi's
// documents list /callback on localhost and 127.0.0.1, on any port.
func listsRedirectURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Hostname() != "::1" && u.Path == "/callback"
}

func offersClientDocument(st oauthSettings, redirectURL string) bool {
	switch st.clientRegistration {
	case "", "auto":
		return st.clientID == "" && st.clientName == "" && listsRedirectURL(redirectURL)
	}
	return st.clientRegistration == "cimd"
}

func serverSpecificPath(p, serverURL string) string {
	return strings.TrimSuffix(p, "/") + "/" + callbackID(serverURL)
}

// newClientProvider is pi-mcp's createOAuthClientProvider with pi's
// client identity.
func newClientProvider(serverURL string, st oauthSettings, store serverStore, redirectURL string, onRedirect func(*url.URL)) *oauthProvider {
	meta := &jsjson.Object{}
	name := st.clientName
	if name == "" {
		name = piClientName
	}
	meta.Set("client_name", name)
	meta.Set("redirect_uris", []any{redirectURL})
	meta.Set("grant_types", []any{"authorization_code", "refresh_token"})
	meta.Set("response_types", []any{"code"})
	method := "none"
	if st.clientSecret != "" {
		method = "client_secret_post"
	}
	meta.Set("token_endpoint_auth_method", method)
	p := &oauthProvider{serverURL: normalizeURL(serverURL), redirectURL: redirectURL, clientMetadata: meta, store: store, onRedirect: onRedirect}
	if onRedirect == nil {
		p.onRedirect = func(*url.URL) {}
	}
	if st.clientID != "" {
		c := &jsjson.Object{}
		c.Set("client_id", st.clientID)
		if st.clientSecret != "" {
			c.Set("client_secret", st.clientSecret)
		}
		p.configuredClient = c
	}
	if offersClientDocument(st, redirectURL) {
		p.clientDocument = func(m *jsjson.Object) (*clientDocument, error) {
			if !listsRedirectURL(redirectURL) {
				return nil, fmt.Errorf(`oauth.clientRegistration "cimd" needs Client ID Metadata Documents that list the redirect URI %s`, redirectURL)
			}
			doc := chooseClientDocument(serverURL, redirectURL, m)
			if doc == nil && st.clientRegistration == "cimd" {
				return nil, errors.New(`The authorization server does not support Client ID Metadata Documents for public clients; remove oauth.clientRegistration "cimd"`)
			}
			return doc, nil
		}
	}
	return p
}

func chooseClientDocument(serverURL, redirectURL string, m *jsjson.Object) *clientDocument {
	methods, _ := objStrs(m, "token_endpoint_auth_methods_supported")
	if !objBool(m, "client_id_metadata_document_supported") || !containsStr(methods, "none") {
		return nil
	}
	if objBool(m, "authorization_response_iss_parameter_supported") {
		return &clientDocument{url: piDocumentsBase + "/client.json", redirectURL: redirectURL}
	}
	u, _ := url.Parse(redirectURL)
	u.Path = serverSpecificPath(u.Path, serverURL)
	return &clientDocument{url: piDocumentsBase + "/" + callbackID(serverURL) + "/client.json", redirectURL: u.String()}
}

func containsStr(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func registeredRedirectURLs(client *jsjson.Object) []string {
	l, _ := objStrs(client, "redirect_uris")
	return l
}

// loopback is pi-mcp's loopbackSettings.
type loopback struct {
	url, host, redirectHost, path, fixedRedirectURL string
	port                                            int // 0: none
}

func loopbackSettings(st oauthSettings) loopback {
	configured := st.callbackURL
	if configured == "" {
		configured = defaultRedirectURL
	}
	u, _ := url.Parse(configured)
	address := u.Hostname()
	redirectHost := address
	if strings.Contains(address, ":") {
		redirectHost = "[" + address + "]"
	}
	l := loopback{url: configured, host: address, redirectHost: address, path: u.Path, port: st.callbackPort}
	if address == "localhost" {
		l.host = "127.0.0.1"
	}
	if p := u.Port(); p != "" {
		l.port, _ = strconv.Atoi(p)
		l.fixedRedirectURL = st.callbackURL
	} else if st.callbackPort != 0 {
		u.Host = redirectHost + ":" + strconv.Itoa(st.callbackPort)
		l.fixedRedirectURL = u.String()
	}
	return l
}

// callbackServer is the loopback server the browser is redirected to.
type callbackServer struct {
	srv         *http.Server
	redirectURL string
	paths       []string

	mu      sync.Mutex
	pending map[string]*pendingCallback
}

type pendingCallback struct {
	path string
	done chan callbackResult
}

type callbackResult struct {
	code, state, iss string
	err              error
}

func listenCallback(host, redirectHost, path string, port int, extraPaths []string) (*callbackServer, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		return nil, err
	}
	if strings.Contains(redirectHost, ":") {
		redirectHost = "[" + redirectHost + "]"
	}
	c := &callbackServer{redirectURL: fmt.Sprintf("http://%s:%d%s", redirectHost, ln.Addr().(*net.TCPAddr).Port, path),
		paths: append([]string{path}, extraPaths...), pending: map[string]*pendingCallback{}}
	c.srv = &http.Server{Handler: http.HandlerFunc(c.handle), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = c.srv.Serve(ln) }()
	return c, nil
}

func (c *callbackServer) wait(state, path string) <-chan callbackResult {
	ch := make(chan callbackResult, 1)
	c.mu.Lock()
	c.pending[state] = &pendingCallback{path: path, done: ch}
	c.mu.Unlock()
	return ch
}

func (c *callbackServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = c.srv.Shutdown(ctx)
	_ = c.srv.Close()
}

// page is the callback's answer in the browser: pi-ai's pages, as pi's
// MCP sign-in renders them (renderCallbackPage: one success message).
func page(w http.ResponseWriter, status int, ok bool, message, details string) {
	w.Header().Set("content-type", "text/html; charset=utf-8")
	w.Header().Set("cache-control", "no-store")
	w.WriteHeader(status)
	if ok {
		_, _ = io.WriteString(w, provider.OAuthSuccessHTML("Signed in to the MCP server. You may now close this page."))
		return
	}
	_, _ = io.WriteString(w, provider.OAuthErrorHTML(message, details))
}

func (c *callbackServer) handle(w http.ResponseWriter, r *http.Request) {
	if !containsStr(c.paths, r.URL.Path) {
		page(w, 404, false, "Not found", "")
		return
	}
	q := r.URL.Query()
	state := q.Get("state")
	c.mu.Lock()
	p := c.pending[state]
	delete(c.pending, state)
	c.mu.Unlock()
	if state == "" || p == nil {
		page(w, 400, false, "Invalid or expired OAuth state", "")
		return
	}
	if p.path != "" && r.URL.Path != p.path {
		p.done <- callbackResult{err: errors.New("The authorization response arrived on another redirect URI")}
		page(w, 400, false, "Unexpected redirect URI", "")
		return
	}
	if e := q.Get("error"); e != "" {
		desc := e
		if q.Has("error_description") {
			desc = q.Get("error_description")
		}
		p.done <- callbackResult{err: errors.New(desc)}
		page(w, 200, false, "Authorization failed. You may close this window.", desc)
		return
	}
	code := q.Get("code")
	if code == "" {
		p.done <- callbackResult{err: errors.New("OAuth callback did not include an authorization code")}
		page(w, 400, false, "Missing authorization code", "")
		return
	}
	p.done <- callbackResult{code: code, state: state, iss: q.Get("iss")}
	page(w, 200, true, "Signed in to the MCP server. You may now close this page.", "")
}

// signInPrompt is how a sign-in reaches the user.
type signInPrompt struct {
	showURL func(*url.URL)
	// pasted returns a redirect URL the user pasted ("" when none); nil
	// waits for the browser only.
	pasted func(ctx context.Context) string
}

type signInOptions struct {
	serverURL string
	store     serverStore
	settings  oauthSettings
	challenge challenge
	prompt    signInPrompt
	client    *http.Client
}

type authorization struct {
	url         *url.URL
	redirectURL string
	state       string
	scope       string
}

// signIn is pi's signInMcpServer: refresh the stored tokens when
// possible, otherwise the browser's authorization code flow against a
// loopback callback or a pasted redirect URL. ctx cancels it.
func signIn(ctx context.Context, o signInOptions) error {
	if o.client == nil {
		o.client = http.DefaultClient
	}
	l := loopbackSettings(o.settings)
	stored, err := o.store.load()
	if err != nil {
		return err
	}
	port := l.port
	if port == 0 {
		if reg := registeredRedirectURLs(objObj(stored, "clientInformation")); len(reg) > 0 {
			if u, err := url.Parse(reg[0]); err == nil {
				port, _ = strconv.Atoi(u.Port())
			}
		}
	}
	var extra []string
	if offersClientDocument(o.settings, l.url) {
		extra = []string{serverSpecificPath(l.path, o.serverURL)}
	}
	cb, err := listenCallback(l.host, l.redirectHost, l.path, port, extra)
	if err != nil && l.port == 0 && port != 0 {
		cb, err = listenCallback(l.host, l.redirectHost, l.path, 0, extra)
	}
	if err != nil {
		return err
	}
	defer cb.close()
	redirectURL := l.fixedRedirectURL
	if redirectURL == "" {
		redirectURL = cb.redirectURL
	}
	h := oauthHTTP{client: o.client, ctx: ctx}
	stepUp := o.challenge.err == "insufficient_scope"
	if !stepUp {
		r, err := refreshBeforeSignIn(ctx, o, h, redirectURL)
		if err != nil {
			return cancelled(ctx, err)
		}
		if r == flowAuthorized {
			return nil
		}
	}
	auth, err := startBrowserStep(o, h, redirectURL, stepUp)
	if err != nil {
		return cancelled(ctx, err)
	}
	au, _ := url.Parse(auth.redirectURL)
	fromBrowser := cb.wait(auth.state, au.Path) // before the browser can answer
	o.prompt.showURL(auth.url)
	fromUser := make(chan callbackResult, 1)
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	if o.prompt.pasted != nil {
		go func() {
			input := o.prompt.pasted(pctx)
			if strings.TrimSpace(input) == "" {
				if pctx.Err() == nil {
					fromUser <- callbackResult{err: errSignInCancelled}
				}
				return
			}
			fromUser <- responseFromRedirectURL(input, auth)
		}()
	}
	var res callbackResult
	select {
	case res = <-fromBrowser:
	case res = <-fromUser:
	case <-ctx.Done():
		return errSignInCancelled
	}
	stop()
	if res.err != nil {
		return res.err
	}
	return cancelled(ctx, completeSignIn(o, h, redirectURL, auth, res))
}

func cancelled(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return errSignInCancelled
	}
	return err
}

func refreshBeforeSignIn(ctx context.Context, o signInOptions, h oauthHTTP, redirectURL string) (flowResult, error) {
	r := flowRedirect
	err := o.store.withRefreshLock(func() error {
		if ctx.Err() != nil {
			return nil
		}
		state, err := o.store.load()
		if err != nil {
			return err
		}
		if objStr(objObj(state, "tokens"), "refresh_token") == "" {
			return nil
		}
		if o.settings.clientRegistration == "cimd" && objObj(state, "clientInformation") != nil && o.settings.clientID == "" {
			return nil
		}
		r, err = refreshStoredTokens(o.serverURL, o.settings, o.store, state, h, redirectURL, o.challenge)
		return err
	})
	if errors.Is(err, errRefreshLockBusy) {
		return flowRedirect, nil
	}
	return r, err
}

// refreshStoredTokens refreshes with the stored client (or the document
// the tokens came from); flowRedirect when that is not possible.
func refreshStoredTokens(serverURL string, st oauthSettings, store serverStore, state *jsjson.Object, h oauthHTTP, redirectURL string, c challenge) (flowResult, error) {
	candidates := []string{redirectURL, loopbackSettings(st).fixedRedirectURL}
	if reg := registeredRedirectURLs(objObj(state, "clientInformation")); len(reg) > 0 {
		candidates = append(candidates, reg[0])
	}
	chosen := defaultRedirectURL
	for _, u := range candidates {
		if u != "" && listsRedirectURL(u) {
			chosen = u
			break
		}
	}
	p := newClientProvider(serverURL, st, store, chosen, nil)
	return p.authorize(flowOptions{serverURL: serverURL, resourceMetadataURL: c.resourceMetadataURL,
		asMetadataURL: st.asMetadataURL, http: h, refreshOnly: true})
}

func startBrowserStep(o signInOptions, h oauthHTTP, redirectURL string, stepUp bool) (*authorization, error) {
	stored, err := o.store.load()
	if err != nil {
		return nil, err
	}
	if stored != nil {
		next := cloneObject(stored)
		next.Delete("oauthState")
		info := objObj(stored, "clientInformation")
		keep := o.settings.clientID != ""
		if !keep {
			if info != nil {
				keep = o.settings.clientRegistration != "cimd" && containsStr(registeredRedirectURLs(info), redirectURL)
			} else {
				keep = offersClientDocument(o.settings, redirectURL)
			}
		}
		if !keep {
			next.Delete("clientInformation")
			next.Delete("tokens")
			next.Delete("tokensExpireAt")
		}
		if err := o.store.save(next); err != nil {
			return nil, err
		}
	}
	var authURL *url.URL
	p := newClientProvider(o.serverURL, o.settings, o.store, redirectURL, func(u *url.URL) { authURL = u })
	challenged := o.challenge.scope
	if stepUp {
		challenged = stepUpScope(objStr(objObj(stored, "tokens"), "scope"), o.challenge.scope)
	}
	if _, err := p.authorize(flowOptions{serverURL: o.serverURL, resourceMetadataURL: o.challenge.resourceMetadataURL,
		asMetadataURL: o.settings.asMetadataURL, http: h, scope: mergeScopes(o.settings.scope, challenged), skipRefresh: true}); err != nil {
		return nil, err
	}
	if authURL == nil {
		return nil, errors.New("OAuth flow did not produce an authorization URL")
	}
	state, err := p.state()
	if err != nil {
		return nil, err
	}
	a := &authorization{url: authURL, redirectURL: redirectURL, state: state, scope: authURL.Query().Get("scope")}
	if r := authURL.Query().Get("redirect_uri"); authURL.Query().Has("redirect_uri") {
		a.redirectURL = r
	}
	return a, nil
}

// responseFromRedirectURL reads the authorization response from a
// redirect URL the user pasted.
func responseFromRedirectURL(input string, a *authorization) callbackResult {
	fail := func(msg string) callbackResult { return callbackResult{err: errors.New(msg)} }
	u, err := url.Parse(strings.TrimSpace(input))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return fail("Expected the full redirect URL from the browser address bar")
	}
	r, _ := url.Parse(a.redirectURL)
	if origin(u) != origin(r) || u.Path != r.Path {
		return fail("The redirect URL does not match this sign-in's redirect URI")
	}
	q := u.Query()
	if e := q.Get("error"); e != "" {
		if q.Has("error_description") {
			return fail(q.Get("error_description"))
		}
		return fail(e)
	}
	if q.Get("state") != a.state {
		return fail("The redirect URL belongs to a different sign-in")
	}
	if q.Get("code") == "" {
		return fail("The redirect URL does not contain an authorization code")
	}
	return callbackResult{code: q.Get("code"), state: q.Get("state"), iss: q.Get("iss")}
}

func completeSignIn(o signInOptions, h oauthHTTP, redirectURL string, a *authorization, res callbackResult) error {
	if res.state != a.state {
		return errors.New("The authorization response belongs to a different sign-in")
	}
	stored, err := o.store.load()
	if err != nil {
		return err
	}
	if objStr(stored, "oauthState") != a.state {
		return errors.New("Another sign-in to this MCP server started since; sign in again")
	}
	p := newClientProvider(o.serverURL, o.settings, o.store, redirectURL, nil)
	fo := flowOptions{serverURL: o.serverURL, resourceMetadataURL: o.challenge.resourceMetadataURL,
		asMetadataURL: o.settings.asMetadataURL, http: h, scope: a.scope, authorizationCode: res.code, authRedirectURL: &a.redirectURL}
	if res.iss != "" {
		fo.iss = &res.iss
	}
	_, err = p.authorize(fo)
	return err
}

// connAuth is pi-mcp's auth provider for connections: it sends the
// stored access token, refreshes it when about to expire or after a
// 401, and never starts a browser flow.
type connAuth struct {
	serverURL string
	store     serverStore
	settings  func() (oauthSettings, error)
	client    *http.Client

	mu         sync.Mutex
	refreshing chan struct{}
	refreshErr error
	challenge  challenge
	needsAuth  bool // a request was refused and a sign-in is needed
}

const refreshSkew = 30 * time.Second

func (a *connAuth) token(ctx context.Context) string {
	a.waitRefresh()
	state, err := a.store.load()
	if err != nil {
		return ""
	}
	tokens := objObj(state, "tokens")
	token := objStr(tokens, "access_token")
	at, has := objGet(state, "tokensExpireAt").(float64)
	expired := has && time.UnixMilli(int64(at)).Add(-refreshSkew).Before(time.Now().Add(time.Millisecond))
	if !expired || objStr(tokens, "refresh_token") == "" {
		return token
	}
	_ = a.refresh(ctx, token, challenge{})
	state, _ = a.store.load()
	return objStr(objObj(state, "tokens"), "access_token")
}

func (a *connAuth) waitRefresh() {
	a.mu.Lock()
	ch := a.refreshing
	a.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

// refresh replaces stale, the token that expired or was refused;
// concurrent refreshes share one.
func (a *connAuth) refresh(ctx context.Context, stale string, c challenge) error {
	a.mu.Lock()
	if ch := a.refreshing; ch != nil {
		a.mu.Unlock()
		<-ch
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.refreshErr
	}
	ch := make(chan struct{})
	a.refreshing = ch
	a.mu.Unlock()
	err := a.store.withRefreshLock(func() error {
		state, err := a.store.load()
		if err != nil {
			return err
		}
		tokens := objObj(state, "tokens")
		if objStr(tokens, "access_token") != stale {
			return nil
		}
		if objStr(tokens, "refresh_token") == "" {
			return errAuthorizationRequired
		}
		st, err := a.settings()
		if err != nil {
			return err
		}
		r, err := refreshStoredTokens(a.serverURL, st, a.store, state, oauthHTTP{client: a.client, ctx: context.WithoutCancel(ctx)}, "", c)
		if err == nil && r == flowRedirect {
			err = errAuthorizationRequired
		}
		return err
	})
	a.mu.Lock()
	a.refreshing, a.refreshErr = nil, err
	a.mu.Unlock()
	close(ch)
	return err
}

// needsAuthorization: a 401, or a 403 asking for more scope.
func needsAuthorization(resp *http.Response) bool {
	if resp.StatusCode == http.StatusUnauthorized {
		return true
	}
	return resp.StatusCode == http.StatusForbidden && insufficientScope.MatchString(resp.Header.Get("WWW-Authenticate"))
}

var insufficientScope = regexp.MustCompile(`(?i)(?:^|[\s,])error="?insufficient_scope"?`)

// authTransport sends a server's requests with its OAuth token.
type authTransport struct {
	auth *connAuth
	next http.RoundTripper
}

func (t authTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
	}
	send := func(token string) (*http.Response, error) {
		req := r.Clone(r.Context())
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return t.next.RoundTrip(req)
	}
	token := t.auth.token(r.Context())
	resp, err := send(token)
	if err != nil || !needsAuthorization(resp) {
		return resp, err
	}
	c := parseWWWAuthenticate(resp.Header.Get("WWW-Authenticate"))
	t.auth.mu.Lock()
	t.auth.challenge = c
	t.auth.mu.Unlock()
	var rerr error
	if c.err == "insufficient_scope" {
		rerr = errAuthorizationRequired
	} else {
		rerr = t.auth.refresh(r.Context(), token, c)
	}
	if rerr != nil && !errors.Is(rerr, errAuthorizationRequired) {
		resp.Body.Close()
		return nil, rerr
	}
	if rerr == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp, err = send(t.auth.token(r.Context())); err != nil || !needsAuthorization(resp) {
			return resp, err
		}
	}
	// Refused after a refresh, or no refresh possible: the user signs in.
	t.auth.mu.Lock()
	t.auth.needsAuth = true
	t.auth.mu.Unlock()
	return resp, nil
}

func (a *connAuth) takeNeedsAuth() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := a.needsAuth
	a.needsAuth = false
	return n
}

func (a *connAuth) lastChallenge() challenge {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.challenge
}

func (a *connAuth) clearChallenge() {
	a.mu.Lock()
	a.challenge = challenge{}
	a.mu.Unlock()
}
