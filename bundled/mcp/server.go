package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/engine/provider"
)

// Connection states, as pi's McpServerConnection names them.
const (
	stateConnecting   = "connecting"
	stateConnected    = "connected"
	stateFailed       = "failed"
	stateDisconnected = "disconnected"
)

const defaultTimeout = 60 * time.Second

// World is what a connection takes from the session: where relative cwds
// and "~/" resolve, and the environment for ${VAR} and child processes.
type World struct {
	Cwd  string
	Home string
	Env  map[string]string // for ${VAR}, "!command" and a stdio server's environment
	// AgentDir holds mcp-auth.json, the OAuth credentials; "" signs in to
	// no server.
	AgentDir string
	// ProviderToken is a model provider's credential (its API key or
	// OAuth access token, refreshed), for an HTTP server whose entry names
	// the provider in "auth": {"provider": ...}. Read on every request, so
	// the provider's refreshes apply (pi's providerToken); nil or "" sends
	// no Authorization header.
	ProviderToken func(ctx context.Context, provider string) string
}

// server is one connection to an MCP server, reconnecting on the next call
// after it dropped.
type server struct {
	entry   Entry
	world   World
	onTools func() // the tool list changed

	mu           sync.Mutex
	state        string
	err          string
	tools        []*sdk.Tool
	instructions string
	hasResources bool // the server declared the resources capability
	// providerRefused: a request with a model provider's credentials
	// ("auth") was refused; that provider's /login signs in.
	providerRefused atomic.Bool
	session         *sdk.ClientSession
	lastDropped     *sdk.ClientSession // the session dropped last (watch completes its error)
	ready           chan struct{}      // closed when the current attempt settled
	stderr          *tailBuffer        // of the current stdio process
	cmd             *exec.Cmd          // the current stdio process
	closed          bool               // shut down for good: no new connections
	progress        progressTokens
	auth            *connAuth // OAuth, for HTTP servers without an Authorization header
	// awaitingSignIn: the server needs a sign-in since it last connected;
	// tokensAtSignIn are the stored tokens (JSON) as they were then, so a
	// sign-in in another process shows as a change.
	awaitingSignIn bool
	tokensAtSignIn string
}

// setNeedsAuth marks the server as needing a sign-in (s.mu held).
func (s *server) setNeedsAuth() {
	s.state, s.err = stateNeedsAuth, ""
	if !s.awaitingSignIn {
		s.awaitingSignIn = true
		s.tokensAtSignIn = newCredentialStore(s.world.AgentDir).tokens(s.entry.Name, s.entry.Config["url"].(string))
	}
}

// progressTokens routes notifications/progress to the call that asked.
// The SDK delivers notifications on goroutines of its own, so one may
// arrive as its call returns: remove waits for an update being delivered
// and no update reaches a call after remove, so a finished call's
// onUpdate is never called.
type progressTokens struct {
	mu    sync.Mutex
	next  int
	calls map[string]*progressCall
}

type progressCall struct {
	mu      sync.Mutex // held while an update is delivered
	f       func(*sdk.ProgressNotificationParams)
	removed bool
}

func (p *progressTokens) add(f func(*sdk.ProgressNotificationParams)) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.calls == nil {
		p.calls = map[string]*progressCall{}
	}
	p.next++
	token := fmt.Sprintf("pigo-%d", p.next)
	p.calls[token] = &progressCall{f: f}
	return token
}

func (p *progressTokens) remove(token string) {
	p.mu.Lock()
	c := p.calls[token]
	delete(p.calls, token)
	p.mu.Unlock()
	if c != nil {
		c.mu.Lock()
		c.removed = true
		c.mu.Unlock()
	}
}

func (p *progressTokens) notify(params *sdk.ProgressNotificationParams) {
	token, _ := params.ProgressToken.(string)
	p.mu.Lock()
	c := p.calls[token]
	p.mu.Unlock()
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.removed {
		c.f(params)
	}
}

func newServer(e Entry, w World, onTools func()) *server {
	s := &server{entry: e, world: w, onTools: onTools}
	if usesOAuth(e) && w.AgentDir != "" {
		u := e.Config["url"].(string)
		s.auth = &connAuth{serverURL: u, store: newCredentialStore(w.AgentDir).forServer(e.Name, u),
			settings: func() (oauthSettings, error) { return s.oauthSettings(context.Background()) }, client: http.DefaultClient}
	}
	return s
}

// signInRequired is pi's error for a server that needs a sign-in: with
// a model provider's credentials, that provider's /login.
func (s *server) signInRequired() error {
	if prov := s.authProvider(); prov != "" {
		return fmt.Errorf("MCP server %q requires sign-in. Run /login %s to sign in.", s.entry.Name, prov)
	}
	return fmt.Errorf("MCP server %q requires sign-in. Run /mcp to sign in.", s.entry.Name)
}

// authProvider is the model provider whose credentials an HTTP server's
// entry sends ("auth": {"provider": ...}), or "".
func (s *server) authProvider() string {
	if _, isHTTP := s.entry.Config["url"]; !isHTTP {
		return ""
	}
	auth, _ := s.entry.Config["auth"].(map[string]any)
	prov, _ := auth["provider"].(string)
	return prov
}

// providerTokenRT sends a model provider's current credential as the
// request's bearer token.
type providerTokenRT struct {
	provider string
	token    func(ctx context.Context, provider string) string
	refused  *atomic.Bool // set on a refusal that needs a sign-in
	next     http.RoundTripper
}

func (p providerTokenRT) RoundTrip(r *http.Request) (*http.Response, error) {
	if tok := p.token(r.Context(), p.provider); tok != "" {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := p.next.RoundTrip(r)
	if err == nil && needsAuthorization(resp) {
		p.refused.Store(true)
	}
	return resp, err
}

// refusedAuth reports (and forgets) that a request was refused for want
// of a sign-in.
func (s *server) refusedAuth() bool {
	return s.auth != nil && s.auth.takeNeedsAuth() || s.providerRefused.Swap(false)
}

func (s *server) timeout() time.Duration {
	if t, ok := s.entry.Config["timeout"].(float64); ok && t > 0 {
		return time.Duration(t * float64(time.Second))
	}
	return defaultTimeout
}

// snapshot returns the state, error and tools.
func (s *server) snapshot() (state, errText string, tools []*sdk.Tool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state, s.err, s.tools
}

// connect starts a connection attempt and returns its ready channel; an
// attempt already under way is shared.
func (s *server) connect(ctx context.Context) <-chan struct{} {
	s.mu.Lock()
	if s.state == stateConnecting || s.state == stateConnected || s.closed {
		ch := s.ready
		if ch == nil { // closed before it ever connected
			ch = make(chan struct{})
			close(ch)
		}
		s.mu.Unlock()
		return ch
	}
	ch := make(chan struct{})
	s.state, s.err, s.ready = stateConnecting, "", ch
	s.mu.Unlock()
	go func() {
		defer close(ch)
		session, tools, err := s.open(ctx)
		s.mu.Lock()
		if err == nil && s.closed { // shut down while connecting
			s.mu.Unlock()
			_ = session.Close()
			return
		}
		if errors.Is(err, errNeedsAuth) {
			s.setNeedsAuth()
		} else if err != nil {
			s.state, s.err = stateFailed, err.Error()
		} else {
			s.state, s.session, s.tools = stateConnected, session, tools
			s.awaitingSignIn = false
			s.instructions = session.InitializeResult().Instructions
			s.hasResources = session.InitializeResult().Capabilities.Resources != nil
		}
		s.mu.Unlock()
		if err == nil {
			go s.watch(session)
			s.onTools()
		}
	}()
	return ch
}

// watch marks the server disconnected when its session ends (a crashed
// stdio server, a closed HTTP session), so the next call reconnects.
func (s *server) watch(session *sdk.ClientSession) {
	_ = session.Wait()
	s.dropped(session)
	// A failed call may have dropped the session before the process was
	// gone; its stderr is complete now.
	s.mu.Lock()
	if s.lastDropped == session && s.session == nil && s.state == stateDisconnected {
		s.err = s.withStderr("Connection closed").Error()
	}
	s.mu.Unlock()
}

// dropped marks the server disconnected when session is its current one.
func (s *server) dropped(session *sdk.ClientSession) {
	s.mu.Lock()
	if s.session == session {
		s.session, s.lastDropped = nil, session
		if s.state == stateConnected {
			s.state, s.err = stateDisconnected, s.withStderr("Connection closed").Error()
		}
	}
	s.mu.Unlock()
}

// openOnce makes one connection attempt (retry.go: open).
func (s *server) openOnce(ctx context.Context) (*sdk.ClientSession, []*sdk.Tool, error) {
	transport, err := s.transport(ctx)
	if err != nil {
		return nil, nil, err
	}
	opts := &sdk.ClientOptions{
		ToolListChangedHandler: func(ctx context.Context, _ *sdk.ToolListChangedRequest) { s.refreshTools(ctx) },
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			s.progress.notify(req.Params)
		},
	}
	s.clientFeatures(opts)
	client := sdk.NewClient(&sdk.Implementation{Name: "pi", Version: "1.6.0"}, opts)
	s.offerRoots(client)
	cctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	s.refusedAuth()
	session, err := client.Connect(cctx, transport, nil)
	if err != nil && s.refusedAuth() {
		return nil, nil, errNeedsAuth
	}
	var se *storeError
	if errors.As(err, &se) { // the transport's wrapping says nothing more
		return nil, nil, se
	}
	if err != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		return nil, nil, s.withStderr(s.describe(err, cctx).Error())
	}
	tools, err := listTools(cctx, session)
	if err != nil {
		_ = session.Close()
		if s.refusedAuth() {
			return nil, nil, errNeedsAuth
		}
		return nil, nil, s.describe(err, cctx)
	}
	return session, tools, nil
}

func listTools(ctx context.Context, session *sdk.ClientSession) ([]*sdk.Tool, error) {
	var tools []*sdk.Tool
	for t, err := range session.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// refreshTools relists the tools after notifications/tools/list_changed.
func (s *server) refreshTools(ctx context.Context) {
	s.mu.Lock()
	session := s.session
	s.mu.Unlock()
	if session == nil {
		return
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout())
	defer cancel()
	tools, err := listTools(cctx, session)
	if err != nil {
		return
	}
	s.mu.Lock()
	s.tools = tools
	s.mu.Unlock()
	s.onTools()
}

// withStderr appends the tail of a stdio server's stderr, as pi shows it
// (s.mu held).
func (s *server) withStderr(msg string) error {
	if tail := s.stderr.tail(); tail != "" {
		msg += "\n" + tail
	}
	return errors.New(msg)
}

// describe words a failure as pi does: a timeout names its milliseconds.
func (s *server) describe(err error, ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("MCP request timed out after %dms", s.timeout().Milliseconds())
	}
	return err
}

func (s *server) transport(ctx context.Context) (sdk.Transport, error) {
	cfg := s.entry.Config
	if u, ok := cfg["url"].(string); ok {
		headers := map[string]string{}
		for k, v := range stringMap(cfg["headers"]) {
			r, err := s.resolve(ctx, v, fmt.Sprintf("MCP server %q header %q", s.entry.Name, k))
			if err != nil {
				return nil, err
			}
			headers[k] = r
		}
		rt := headerTransport(headers)
		if s.auth != nil {
			rt = authTransport{auth: s.auth, next: rt}
		} else if prov := s.authProvider(); prov != "" && s.world.ProviderToken != nil {
			rt = providerTokenRT{provider: prov, token: s.world.ProviderToken, refused: &s.providerRefused, next: rt}
		}
		return &sdk.StreamableClientTransport{Endpoint: u, HTTPClient: &http.Client{Transport: outcomeTransport{rt}}, MaxRetries: 2}, nil
	}
	command := s.home(cfg["command"].(string))
	var args []string
	if list, ok := cfg["args"].([]any); ok {
		for _, a := range list {
			args = append(args, s.home(a.(string)))
		}
	}
	cmd := exec.Command(command, args...)
	cmd.Dir = s.world.Cwd
	if d, ok := cfg["cwd"].(string); ok {
		d = s.home(d)
		if !filepath.IsAbs(d) {
			d = filepath.Join(s.world.Cwd, d)
		}
		cmd.Dir = d
	}
	env := map[string]string{}
	for k, v := range s.world.Env {
		env[k] = v
	}
	for k, v := range stringMap(cfg["env"]) {
		r, err := s.resolve(ctx, v, fmt.Sprintf("MCP server %q env %q", s.entry.Name, k))
		if err != nil {
			return nil, err
		}
		env[k] = r
	}
	for _, k := range sortedKeys(env) {
		cmd.Env = append(cmd.Env, k+"="+env[k])
	}
	tail := &tailBuffer{}
	cmd.Stderr = tail
	// A child that keeps stderr open must not hold up the server's exit.
	cmd.WaitDelay = 2 * time.Second
	s.mu.Lock()
	s.stderr, s.cmd = tail, cmd
	s.mu.Unlock()
	setProcessGroup(cmd)
	return &sdk.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil
}

// resolve is pi's resolveConfigValueOrThrow for env and header values.
func (s *server) resolve(ctx context.Context, v, what string) (string, error) {
	return provider.ResolveConfigValue16(ctx, v, what, s.world.Env, provider.ShellRunner(s.world.Env))
}

// stderrTailChars is how much of a stdio server's stderr a failure shows.
const stderrTailChars = 2000

// tailBuffer keeps the last stderrTailChars bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - stderrTailChars; over > 0 {
		t.buf = append([]byte(nil), t.buf[over:]...)
	}
	return len(p), nil
}

// tail is the trimmed stderr, "" when none.
func (t *tailBuffer) tail() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// home resolves a leading "~/" to the home directory.
func (s *server) home(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok && s.world.Home != "" {
		return filepath.Join(s.world.Home, rest)
	}
	return p
}

func stringMap(v any) map[string]string {
	out := map[string]string{}
	m, _ := v.(map[string]any)
	for k, x := range m {
		if s, ok := x.(string); ok {
			out[k] = s
		}
	}
	return out
}

type headerRT struct {
	headers map[string]string
	next    http.RoundTripper
}

func (h headerRT) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.headers {
		r.Header.Set(k, v)
	}
	return h.next.RoundTrip(r)
}

func headerTransport(headers map[string]string) http.RoundTripper {
	return headerRT{headers: headers, next: http.DefaultTransport}
}

// call runs one tool call: connecting first when the server is not
// connected (a dropped connection reconnects on the next call), within the
// server's timeout. The result is the CallToolResult as JSON data.
// errConnectionClosed is pi's McpConnectionClosedError.
var errConnectionClosed = errors.New("MCP connection closed")

// errNeedsAuth: the server refused the connection for want of a sign-in.
var errNeedsAuth = errors.New("needs sign-in")

// markNeedsAuth drops session after the server refused a request for
// want of a sign-in and returns pi's error for it.
func (s *server) markNeedsAuth(session *sdk.ClientSession) error {
	s.mu.Lock()
	if s.session == session {
		s.session = nil
	}
	if !s.closed {
		s.setNeedsAuth()
	}
	s.mu.Unlock()
	if session != nil {
		_ = session.Close()
	}
	return s.signInRequired()
}

// call runs a tool and returns its CallToolResult as JSON data and as
// the JSON text (which keeps the result's key order for scripts).
func (s *server) call(ctx context.Context, tool string, args any, onProgress func(*sdk.ProgressNotificationParams)) (map[string]any, []byte, error) {
	out, b, err := s.callOnce(ctx, tool, args, onProgress)
	if errors.Is(err, sdk.ErrSessionMissing) && ctx.Err() == nil { // it did not run: once more on a new session
		out, b, err = s.callOnce(ctx, tool, args, onProgress)
	}
	return out, b, err
}

func (s *server) callOnce(ctx context.Context, tool string, args any, onProgress func(*sdk.ProgressNotificationParams)) (map[string]any, []byte, error) {
	session, err := s.connectedSession(ctx)
	if err != nil {
		return nil, nil, err
	}
	// The timeout restarts with every progress notification, as in pi.
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	timedOut := fmt.Errorf("MCP request timed out after %dms", s.timeout().Milliseconds())
	timer := time.AfterFunc(s.timeout(), func() { cancel(timedOut) })
	defer timer.Stop()
	params := &sdk.CallToolParams{Name: tool, Arguments: args}
	token := s.progress.add(func(p *sdk.ProgressNotificationParams) {
		timer.Reset(s.timeout())
		if onProgress != nil {
			onProgress(p)
		}
	})
	defer s.progress.remove(token)
	params.SetProgressToken(token)
	res, err := session.CallTool(cctx, params)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if context.Cause(cctx) == timedOut {
			return nil, nil, timedOut
		}
		if s.refusedAuth() {
			return nil, nil, s.markNeedsAuth(session)
		}
		if errors.Is(err, sdk.ErrSessionMissing) {
			s.sessionExpired(session)
			return nil, nil, err
		}
		if errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			// The server went away mid-call (a crashed stdio server): pi's
			// McpConnectionClosedError. It is disconnected now, not when
			// watch notices, so the next call reconnects.
			s.dropped(session)
			return nil, nil, errConnectionClosed
		}
		return nil, nil, err
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, nil, err
	}
	return out, b, nil
}

// connectedSession is the current session, connecting first when the
// server is not connected (a dropped connection reconnects on the next call).
func (s *server) connectedSession(ctx context.Context) (*sdk.ClientSession, error) {
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if state != stateConnected {
		select {
		case <-s.connect(context.WithoutCancel(ctx)):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	s.mu.Lock()
	session, state, errText := s.session, s.state, s.err
	s.mu.Unlock()
	if session == nil && state == stateNeedsAuth {
		return nil, s.signInRequired()
	}
	if session == nil {
		return nil, fmt.Errorf("MCP server %q is not connected (%s): %s", s.entry.Name, state, errText)
	}
	return session, nil
}

// request runs a read-only request (resources) on the session within
// the server's timeout; a closed connection marks the server
// disconnected, as in call. A transient HTTP status or an expired
// session gets one more attempt (retry.go).
func (s *server) request(ctx context.Context, do func(context.Context, *sdk.ClientSession) error) error {
	rctx, outcome := withOutcome(ctx)
	err := s.requestOnce(rctx, do)
	switch {
	case err == nil || ctx.Err() != nil:
	case errors.Is(err, sdk.ErrSessionMissing):
		err = s.requestOnce(ctx, do)
	case outcome.transientStatus() && !errors.Is(err, errConnectionClosed):
		pause(ctx, connectRetryDelays[0])
		err = s.requestOnce(ctx, do)
	}
	return err
}

func (s *server) requestOnce(ctx context.Context, do func(context.Context, *sdk.ClientSession) error) error {
	session, err := s.connectedSession(ctx)
	if err != nil {
		return err
	}
	cctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	err = do(cctx, session)
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case s.refusedAuth():
		return s.markNeedsAuth(session)
	case errors.Is(err, sdk.ErrSessionMissing):
		s.sessionExpired(session)
		return err
	case cctx.Err() != nil:
		return fmt.Errorf("MCP request timed out after %dms", s.timeout().Milliseconds())
	case errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		s.dropped(session)
		return errConnectionClosed
	}
	return err
}

// disconnect ends the session (a stdio server gets its stdin closed,
// then SIGTERM, then SIGKILL); the next call or connect starts another.
func (s *server) disconnect() {
	s.mu.Lock()
	session, cmd := s.session, s.cmd
	s.session, s.state = nil, stateDisconnected
	s.mu.Unlock()
	if session != nil {
		_ = session.Close()
	}
	if cmd != nil {
		killGroup(cmd) // what a wrapper (npx, uvx) started
	}
}

// close disconnects for good, including a connection still being made.
func (s *server) close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.disconnect()
}

// viaJSON converts a value (an SDK schema) to JSON data.
func viaJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
}
