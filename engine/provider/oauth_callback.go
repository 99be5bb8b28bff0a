package provider

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// loopbackCallback is pi-ai 1.6's OAuth callback server
// (callback-server.js), shared by the browser logins: it answers the one
// redirect on its path whose state matches, with pi's pages and statuses,
// and hands the code (or the provider's refusal) to the waiting login.
type loopbackCallback struct {
	provider string // "OpenAI", "Anthropic": named in the pages and errors
	path     string
	state    string // "": any (OpenRouter sends none)
	// complete, when set, finishes the sign-in from the handler (OpenRouter
	// exchanges the code there), so the page can say whether it worked.
	complete func(code string) (*OAuthCredential, error)
	// answer, when set, replaces the state, error and code checks after
	// the route's (ChatGPT's server words and orders them its own way):
	// the page, and the login's result once the redirect decides it.
	answer func(q url.Values) (status int, title, detail string, res *callbackResult)

	ln        net.Listener // nil when no address could be bound
	listenErr error        // then: why the last one could not
	srv       *http.Server
	mu        sync.Mutex
	claimed   bool
	settled   bool
	result    chan callbackResult
}

type callbackResult struct {
	code     string
	clientID string           // ChatGPT's issued client id
	cred     *OAuthCredential // complete's
	err      error
}

// listenCallback serves on the first of addrs that can be bound; with
// none, only a pasted redirect URL can finish the login.
func listenCallback(provider, path, state string, addrs ...string) *loopbackCallback {
	c := newCallback(provider, path, state)
	c.listen(addrs...)
	return c
}

func newCallback(provider, path, state string) *loopbackCallback {
	return &loopbackCallback{provider: provider, path: path, state: state, result: make(chan callbackResult, 1)}
}

// listen serves on the first of addrs that can be bound.
func (c *loopbackCallback) listen(addrs ...string) {
	for _, addr := range addrs {
		ln, err := net.Listen("tcp", addr)
		c.listenErr = err
		if err == nil {
			c.ln = ln
			c.srv = &http.Server{Handler: http.HandlerFunc(c.serve)}
			go func() { _ = c.srv.Serve(ln) }()
			break
		}
	}
}

// port is the bound port, 0 when nothing was bound.
func (c *loopbackCallback) port() int {
	if c.ln == nil {
		return 0
	}
	return c.ln.Addr().(*net.TCPAddr).Port
}

// page answers the browser with pi-ai's page: its success page for 200,
// else its error page with detail.
func (c *loopbackCallback) page(w http.ResponseWriter, status int, message, detail string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if c.answer == nil { // pi-ai's callback server; ChatGPT's own sends no cache-control
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	body := OAuthErrorHTML(message, detail)
	if status == http.StatusOK {
		body = OAuthSuccessHTML(message)
	}
	_, _ = w.Write([]byte(body))
	// out before the login hears of it: its end closes the connection
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// serve is pi-ai's handler: the route, the state, one sign-in only, the
// provider's error, the code.
func (c *loopbackCallback) serve(w http.ResponseWriter, r *http.Request) {
	if c.answer != nil && r.URL.Path == c.path { // any method, as ChatGPT's server
		status, title, detail, res := c.answer(r.URL.Query())
		c.page(w, status, title, detail)
		c.mu.Lock()
		if res != nil && !c.settled { // the first decision wins
			c.settled = true
			c.result <- *res
		}
		c.mu.Unlock()
		return
	}
	if r.Method != http.MethodGet || r.URL.Path != c.path {
		c.page(w, http.StatusNotFound, "Callback route not found.", "")
		return
	}
	q := r.URL.Query()
	if c.state != "" && q.Get("state") != c.state {
		c.page(w, http.StatusBadRequest, "State mismatch.", "")
		return
	}
	c.mu.Lock()
	if c.claimed || c.settled {
		c.mu.Unlock()
		c.page(w, http.StatusConflict, "This sign-in has already been handled.", "")
		return
	}
	if e := q.Get("error"); e != "" {
		desc := orString(q.Get("error_description"), e)
		c.settled = true
		c.mu.Unlock()
		c.page(w, http.StatusBadRequest, c.provider+" authorization failed.", desc)
		c.result <- callbackResult{err: fmt.Errorf("%s authorization failed: %s", c.provider, desc)}
		return
	}
	code := q.Get("code")
	if code == "" {
		c.mu.Unlock()
		c.page(w, http.StatusBadRequest, "Missing authorization code.", "")
		return
	}
	c.claimed = true
	c.mu.Unlock()
	res := callbackResult{code: code}
	if c.complete != nil {
		res.cred, res.err = c.complete(code)
	}
	c.mu.Lock()
	c.settled = true
	c.mu.Unlock()
	if res.err != nil {
		c.page(w, http.StatusBadGateway, c.provider+" sign-in failed.", res.err.Error())
	} else {
		c.page(w, http.StatusOK, "Signed in to "+c.provider+". You may now close this page.", "")
	}
	c.result <- res
}

// close stops the server; a later redirect is refused.
func (c *loopbackCallback) close() {
	c.mu.Lock()
	c.settled = true
	c.mu.Unlock()
	if c.srv != nil {
		_ = c.srv.Close()
		// Close misses a listener whose Serve has not begun yet: free
		// the port now, for the next login (Codex's and ChatGPT's share one).
		_ = c.ln.Close()
	}
}

// wait is pi-ai's waitForCallbackOrManualInput: the browser's result,
// or the input the user pasted (fromPaste) for the login to parse. A
// paste while the browser's sign-in is being completed waits for that
// one, as pi's cancel leaves a claimed sign-in alone. Cancelling ctx
// fails it with "Login cancelled"; timeout (0: none) with pi's
// "<provider> sign-in timed out".
func (c *loopbackCallback) wait(ctx context.Context, pasted <-chan string, timeout time.Duration) (r callbackResult, input string, fromPaste bool, err error) {
	if ctx.Err() != nil {
		return r, "", false, errors.New(loginCancelled)
	}
	var expired <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case <-ctx.Done():
		return r, "", false, errors.New(loginCancelled)
	case <-expired:
		return r, "", false, fmt.Errorf("%s sign-in timed out", c.provider)
	case r = <-c.result:
		return r, "", false, r.err
	case in := <-pasted:
		c.mu.Lock()
		claimed := c.claimed
		c.settled = true
		c.mu.Unlock()
		if claimed {
			select {
			case <-ctx.Done():
				return r, "", false, errors.New(loginCancelled)
			case r = <-c.result:
				return r, "", false, r.err
			}
		}
		return r, in, true, nil
	}
}
