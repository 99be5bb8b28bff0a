package tui

import (
	"regexp"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi's /login and /logout through the host's get_credentials,
// set_api_key, login_oauth_* and logout commands. /login asks pi's
// question first (an account or an API key), then the provider; the
// account logins are pi's: Anthropic's copy-code login (open the URL,
// paste the code), GitHub Copilot's device flow (the code to enter at
// GitHub's URL, then waiting) and OpenAI Codex's browser login (the
// browser opens; the callback or a pasted redirect URL finishes it) or
// device login, the device logins of xAI, Kimi Code and Meta, and the
// browser logins of OpenRouter and Sign in with ChatGPT (openai).

const (
	loginAccount = "Sign in with an account"
	loginAPIKey  = "Sign in with an API key"
)

// openURL opens a login URL in the browser as pi does (best effort).
func (m *model) openURL(u string) {
	if m.opts.OpenURL != nil {
		m.opts.OpenURL(u)
		return
	}
	provider.OpenBrowser(u)
}

// authLine draws a provider row as pi's OAuthSelectorComponent: the name,
// the partner mark, the login type when both kinds are listed, then the
// status.
func authLine(types bool) func(m *model, it selItem, selected bool) string {
	return func(m *model, it selItem, selected bool) string {
		o := it.value.(loginOption)
		line := "  " + m.th.Fg("text", o.name)
		if selected {
			line = m.th.Fg("accent", "→ ") + m.th.Fg("accent", o.name)
		}
		if slices.Contains(provider.PreferredProviders, o.provider) {
			line += m.th.Fg("muted", " ✦")
		}
		if types {
			line += m.th.Fg("muted", " ["+provider.AuthTypeLabel(o.authType, o.subscription)+"]")
		}
		return line + authStatus(m, o)
	}
}

// authStatus is pi's formatAuthSelectorProviderStatus: how the provider
// is configured, if it is.
func authStatus(m *model, o loginOption) string {
	switch {
	case !o.configured:
		return m.th.Fg("muted", " • not configured")
	case o.configuredAs != o.authType:
		return m.th.Fg("muted", " • ") + m.th.Fg("warning", provider.AuthTypeLabel(o.configuredAs, o.subscription)+" configured")
	case o.source == "" || o.source == "OAuth" || o.source == "stored credential":
		return m.th.Fg("success", " ✓ configured")
	case envSource.MatchString(o.source):
		return m.th.Fg("success", " ✓ env: "+o.source)
	}
	return m.th.Fg("success", " ✓ "+o.source)
}

// envSource is a source naming environment variables.
var envSource = regexp.MustCompile(`^[A-Z][A-Z0-9_]*(?:, [A-Z][A-Z0-9_]*)*$`)

// authSelector is pi's OAuthSelectorComponent over opts: eight rows
// indented one column, the selection stopping at the ends, no key hints;
// the search matches name, id, login type and login name.
func authSelector(title string, opts []loginOption, search string, choose func(m *model, o loginOption)) *selector {
	types := map[string]bool{}
	var items []selItem
	for _, o := range opts {
		types[o.authType] = true
		items = append(items, selItem{label: o.name, value: o})
	}
	return &selector{title: title, items: items, filter: search, rows: 8, indent: " ", clamp: true, noHints: true,
		empty: "No matching providers", line: authLine(len(types) > 1),
		search: func(it selItem) string {
			o := it.value.(loginOption)
			return o.name + " " + o.provider + " " + o.authType + " " + o.method
		},
		choose: func(m *model, it selItem) { choose(m, it.value.(loginOption)) }}
}

// providerName is pi's name for provider, as the last get_credentials
// gave it.
func (m *model) providerName(provider string) string {
	if n := m.authNames[provider]; n != "" {
		return n
	}
	return provider
}

// readProviderNames keeps the names of the providers and credentials a
// get_credentials answer lists.
func (m *model) readProviderNames(r response) {
	if m.authNames == nil {
		m.authNames = map[string]string{}
	}
	for _, key := range []string{"providers", "credentials"} {
		list, _ := r.data[key].([]any)
		for _, x := range list {
			o, _ := x.(map[string]any)
			p, _ := o["provider"].(string)
			if n, _ := o["name"].(string); n != "" {
				m.authNames[p] = n
			}
		}
	}
}

// openLogout is pi's /logout: the stored credentials; choosing one
// removes it.
func (m *model) openLogout() {
	m.c.request(cmd("get_credentials"), func(m *model, r response) {
		if !r.ok {
			m.notice("Could not read stored credentials: "+r.err, "error")
			return
		}
		m.readProviderNames(r)
		creds, _ := r.data["credentials"].([]any)
		var opts []loginOption
		for _, c := range creds {
			o, _ := c.(map[string]any)
			p, _ := o["provider"].(string)
			typ, _ := o["type"].(string)
			sub, _ := o["subscription"].(bool)
			opts = append(opts, loginOption{provider: p, name: m.providerName(p), authType: typ, subscription: sub,
				configured: true, configuredAs: typ, source: "stored credential"})
		}
		if len(opts) == 0 {
			m.notice("No stored credentials to remove. /logout only removes credentials saved by /login; environment variables and models.json config are unchanged.", "muted")
			return
		}
		m.sel = authSelector("Select provider to logout:", opts, "", func(m *model, o loginOption) {
			m.c.request(cmd("logout", "provider", o.provider), func(m *model, r response) {
				if !r.ok {
					m.notice("Logout failed: "+r.err, "error")
					return
				}
				if o.authType == "oauth" {
					m.notice("Logged out of "+o.name, "muted")
				} else {
					m.notice("Removed stored API key for "+o.name+". Environment variables and models.json config are unchanged.", "muted")
				}
				m.authChanged()
			})
		})
	})
}

// loginOption is a provider and one way to log in to it, as pi's
// getLoginProviderOptions gives them.
type loginOption struct {
	provider, name string
	authType       string // "oauth" or "api_key"
	method         string // the login's name
	subscription   bool   // the account login is to a subscription
	loginLabel     string // the account login's "Sign in with ..." label
	configured     bool
	configuredAs   string // the configured credential's type
	source         string // where the configured auth comes from
}

// loginOptions reads the providers' logins of a get_credentials answer,
// in the host's (pi's) order.
func loginOptions(r response) []loginOption {
	list, _ := r.data["providers"].([]any)
	var opts []loginOption
	for _, x := range list {
		o, _ := x.(map[string]any)
		base := loginOption{configured: o["configured"] == true, configuredAs: "api_key"}
		base.provider, _ = o["provider"].(string)
		base.name, _ = o["name"].(string)
		if base.name == "" {
			base.name = base.provider
		}
		base.source, _ = o["source"].(string)
		if o["oauth"] == true {
			base.configuredAs = "oauth"
		}
		logins, _ := o["logins"].([]any)
		for _, l := range logins {
			lo, _ := l.(map[string]any)
			if sub, _ := lo["subscription"].(bool); sub {
				base.subscription = true
			}
		}
		for _, l := range logins {
			lo, _ := l.(map[string]any)
			opt := base
			opt.authType, _ = lo["type"].(string)
			opt.method, _ = lo["name"].(string)
			opt.loginLabel, _ = lo["label"].(string)
			opts = append(opts, opt)
		}
	}
	return opts
}

// openLogin is pi's /login [provider]: without one, the authentication
// method, then the providers offering it; with one, the provider whose id
// or name it is (its only login, or its methods), else the provider
// selector searching for it.
func (m *model) openLogin(search string) {
	m.c.request(cmd("get_credentials"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		m.readProviderNames(r)
		authPath, _ := r.data["authPath"].(string)
		opts := loginOptions(r)
		search = strings.TrimSpace(search)
		if search == "" {
			m.askLoginMethod(opts, nil, authPath)
			return
		}
		var match []loginOption
		ids := map[string]bool{}
		for _, o := range opts {
			if strings.EqualFold(o.provider, search) || strings.EqualFold(o.name, search) {
				match = append(match, o)
				ids[o.provider] = true
			}
		}
		switch {
		case len(match) == 1:
			m.startLogin(match[0], authPath, nil)
		case len(match) > 1 && len(ids) == 1:
			m.askLoginMethod(opts, match, authPath)
		default:
			m.openLoginProviders(opts, "", search, authPath)
		}
	})
}

// askLoginMethod is pi's "Select authentication method" question, for
// one provider's options (own: its account login as the provider labels
// it) or, with none, for all.
func (m *model) askLoginMethod(all, own []loginOption, authPath string) {
	title, account := "Select authentication method:", loginAccount
	methods := []string{loginAccount, loginAPIKey}
	if len(own) > 0 {
		title = "Select authentication method for " + own[0].name + ":"
		methods = nil
		for _, o := range own {
			if o.authType == "oauth" {
				if o.loginLabel != "" {
					account = o.loginLabel
				}
				methods = append(methods, account)
			}
		}
		for _, o := range own {
			if o.authType == "api_key" {
				methods = append(methods, loginAPIKey)
			}
		}
	}
	m.ask("select", title, methods, func(m *model, a map[string]any) {
		authType := "api_key"
		switch a["value"] {
		case account:
			authType = "oauth"
		case loginAPIKey:
		default:
			return // cancelled
		}
		if len(own) > 0 {
			for _, o := range own {
				if o.authType == authType {
					m.startLogin(o, authPath, func(m *model) { m.askLoginMethod(all, own, authPath) })
				}
			}
			return
		}
		m.openLoginProviders(all, authType, "", authPath)
	})
}

// openLoginProviders is pi's provider selector for logins of authType
// ("" for all); escape goes back to the method question it came from.
func (m *model) openLoginProviders(opts []loginOption, authType, search, authPath string) {
	var shown []loginOption
	for _, o := range opts {
		if authType == "" || o.authType == authType {
			shown = append(shown, o)
		}
	}
	if len(shown) == 0 {
		m.notice(map[string]string{"oauth": "No account providers available.", "api_key": "No API key providers available.",
			"": "No login providers available."}[authType], "muted")
		return
	}
	sel := authSelector("Select provider to configure:", shown, search, func(m *model, o loginOption) {
		m.startLogin(o, authPath, func(m *model) { m.openLoginProviders(opts, authType, search, authPath) })
	})
	if authType != "" {
		sel.cancel = func(m *model) { m.askLoginMethod(opts, nil, authPath) }
	}
	m.sel = sel
}

// startLogin runs o's login; cancelling it calls back (may be nil), as
// pi reopens the selector a login was started from.
func (m *model) startLogin(o loginOption, authPath string, back func(m *model)) {
	m.loginBack = back
	if o.authType == "api_key" {
		m.askAPIKey(o.provider, authPath)
		return
	}
	switch o.provider {
	case "github-copilot":
		m.copilotLogin(authPath)
	case "openai-codex":
		m.codexLogin(authPath)
	case "anthropic":
		m.anthropicLogin(authPath)
	case "kimi-coding", "meta", "xai": // pi's device_code event: the code and URL
		m.deviceLogin(o.provider, authPath)
	case "openrouter", "openai": // pi's auth_url event and manual_code prompt
		m.browserLogin(o.provider, authPath)
	default:
		m.oauthLogin(o.provider, authPath)
	}
}

// askAPIKey runs p's API key login (provider.KeyLoginMethods and
// KeyLoginSteps, pi-ai 1.6's questions) in dialogs, then saves it.
func (m *model) askAPIKey(p, authPath string) {
	info, _ := provider.LookupProviderInfo(p)
	if p == "amazon-bedrock" { // pi's dialog opens with this
		m.notice("You can also use an AWS profile, IAM keys, or role-based credentials.", "muted")
	}
	message, options := provider.KeyLoginMethods(info)
	if options == nil {
		m.runKeyLogin(p, authPath, provider.KeyLoginSteps(info, 0), provider.APIKeyCredential{})
		return
	}
	m.ask("select", message, options, func(m *model, a map[string]any) {
		v, _ := a["value"].(string)
		method := slices.Index(options, v)
		if method < 0 {
			m.loginCancelled()
			return
		}
		m.runKeyLogin(p, authPath, provider.KeyLoginSteps(info, method), provider.APIKeyCredential{})
	})
}

// runKeyLogin shows steps' notices and asks their questions in turn,
// then saves what the answers make.
func (m *model) runKeyLogin(p, authPath string, steps []provider.KeyLoginStep, c provider.APIKeyCredential) {
	for len(steps) > 0 && steps[0].Message == "" {
		text := steps[0].Info
		for _, l := range steps[0].Links {
			text += "\n" + l.Label + ": " + l.URL
		}
		m.notice(text, "muted")
		steps = steps[1:]
	}
	if len(steps) == 0 {
		var env map[string]any // a keyless login stores its settings (set_api_key's env)
		if !c.HasKey || c.Env != nil {
			env = map[string]any{}
			for k, v := range c.Env {
				env[k] = v
			}
		}
		m.saveCredential(p, authPath, c.Key, env)
		return
	}
	m.askLoginText(p, steps[0].Message, func(m *model, answer string) {
		c.Set(steps[0], answer)
		m.runKeyLogin(p, authPath, steps[1:], c)
	})
}

// askLoginText asks one of a login's questions; cancelling it cancels the
// login.
func (m *model) askLoginText(provider, question string, then func(m *model, answer string)) {
	m.ask("input", "Login to "+m.providerName(provider)+"\n"+question, nil, func(m *model, a map[string]any) {
		v, ok := a["value"].(string)
		if !ok {
			m.loginCancelled()
			return
		}
		then(m, strings.TrimSpace(v))
	})
}

// saveCredential stores a key, or with env (possibly empty) the settings
// of a login that needs more than a key.
func (m *model) saveCredential(provider, authPath, key string, env map[string]any) {
	m.loginBack = nil
	args := []any{"provider", provider, "key", key}
	if env != nil {
		args = append(args, "env", env)
	}
	m.c.request(cmd("set_api_key", args...), func(m *model, r response) {
		if !r.ok {
			m.notice("Failed to save API key for "+m.providerName(provider)+": "+r.err, "error")
			return
		}
		m.notice("Saved API key for "+m.providerName(provider)+". Credentials saved to "+authPath, "muted")
		m.authChanged()
	})
}

// finishLogin sends login_oauth_finish (with the pasted input, if any)
// and reports its outcome as pi does; then is called first, to close the
// login's dialog.
func (m *model) finishLogin(provider, authPath string, extra []any, then func(m *model)) {
	m.c.request(cmd("login_oauth_finish", append([]any{"provider", provider}, extra...)...), func(m *model, r response) {
		if then != nil {
			then(m)
		}
		if r.err != "Login cancelled" {
			m.loginBack = nil
		}
		switch {
		case r.ok:
			m.notice("Logged in to "+m.providerName(provider)+". Credentials saved to "+authPath, "muted")
			m.authChanged()
		case r.err == "Login cancelled":
			m.loginCancelled()
			return
		default:
			m.notice("Failed to login to "+m.providerName(provider)+": "+r.err, "error")
		}
	})
}

// loginCancelled is pi's "Login cancelled": back to where the login
// started.
func (m *model) loginCancelled() {
	back := m.loginBack
	m.loginBack = nil
	if back != nil {
		back(m)
	}
}

// askLocal opens one of the UI's dialogs and returns its id.
func (m *model) askLocal(method, title string, options []string, done func(m *model, a map[string]any)) string {
	m.ask(method, title, options, done)
	return m.dialogs[len(m.dialogs)-1].id
}

// anthropicLogin is pi's Anthropic login: its method question, then the
// browser login or the copy-code one.
func (m *model) anthropicLogin(authPath string) {
	const p = "anthropic"
	m.loginMethod("Select Anthropic login method:", "Copy code login (headless)",
		func(m *model) { m.browserLogin(p, authPath, "method", "browser") },
		func(m *model) { m.oauthLogin(p, authPath, "method", "copy_code") })
}

// loginMethod is pi's question between a provider's browser login (its
// default) and its headless one.
func (m *model) loginMethod(title, headless string, browser, other func(m *model)) {
	m.ask("select", title, []string{"Browser login (default)", headless}, func(m *model, a map[string]any) {
		switch a["value"] {
		case "Browser login (default)":
			browser(m)
		case headless:
			other(m)
		default:
			m.loginCancelled()
		}
	})
}

// oauthLogin is pi's copy-code login: the URL to open, then the code.
func (m *model) oauthLogin(provider, authPath string, extra ...any) {
	m.c.request(cmd("login_oauth_start", append([]any{"provider", provider}, extra...)...), func(m *model, r response) {
		if !r.ok {
			m.notice("Failed to login to "+m.providerName(provider)+": "+r.err, "error")
			return
		}
		u, _ := r.data["url"].(string)
		instructions, _ := r.data["instructions"].(string)
		m.notice(instructions+"\n"+u, "warning")
		m.ask("input", "Login to "+m.providerName(provider)+"\nPaste the code Anthropic shows after you sign in:", nil, func(m *model, a map[string]any) {
			code, ok := a["value"].(string)
			if !ok {
				m.c.request(cmd("login_oauth_cancel"), nil)
				m.loginCancelled()
				return
			}
			m.notice("Exchanging authorization code for tokens...", "muted")
			m.finishLogin(provider, authPath, []any{"input", code}, nil)
		})
	})
}

// copilotLogin is pi's GitHub Copilot login: the enterprise question,
// then the device code.
func (m *model) copilotLogin(authPath string) {
	const p = "github-copilot"
	m.ask("input", "Login to "+m.providerName(p)+"\nGitHub Enterprise URL/domain (blank for github.com)\ne.g., company.ghe.com", nil, func(m *model, a map[string]any) {
		domain, ok := a["value"].(string)
		if !ok {
			m.loginCancelled()
			return
		}
		m.deviceLogin(p, authPath, "enterprise", domain)
	})
}

// deviceLogin starts a device login and shows its code and URL while
// pigo waits for the user to authorize it. Enter opens the browser and
// copies the code to the clipboard (OSC 52), once, as pi's login dialog
// does; escape cancels.
func (m *model) deviceLogin(p, authPath string, extra ...any) {
	m.c.request(cmd("login_oauth_start", append([]any{"provider", p}, extra...)...), func(m *model, r response) {
		if !r.ok {
			m.notice("Failed to login to "+m.providerName(p)+": "+r.err, "error")
			return
		}
		uri, _ := r.data["verificationUri"].(string)
		code, _ := r.data["userCode"].(string)
		var open string
		done := false
		var wait func(m *model, status string)
		wait = func(m *model, status string) {
			title := "Login to " + m.providerName(p) + "\n\n" + uri + "\n\nEnter code: " + code + "\n\nWaiting for authentication..."
			option := "Open browser and copy code"
			if status != "" {
				title, option = title+"\n"+status, "Keep waiting"
			}
			open = m.askLocal("select", title, []string{option}, func(m *model, a map[string]any) {
				if done {
					return
				}
				if a["value"] == nil {
					m.c.request(cmd("login_oauth_cancel"), nil)
					return
				}
				if status == "" { // pi consumes the action once
					m.openURL(uri)
					m.pendingCmd = tea.Batch(m.pendingCmd, tea.SetClipboard(code))
					status = "Code copied to clipboard"
				}
				wait(m, status)
			})
		}
		wait(m, "")
		m.finishLogin(p, authPath, nil, func(m *model) { done = true; m.closeView(open) })
	})
}

// codexLogin is pi's OpenAI Codex login: its method question, then the
// browser login or the device code.
func (m *model) codexLogin(authPath string) {
	const p = "openai-codex"
	m.loginMethod("Select OpenAI Codex login method:", "Device code login (headless)",
		func(m *model) { m.browserLogin(p, authPath) },
		func(m *model) { m.deviceLogin(p, authPath, "method", "device_code") })
}

// browserLogin is pi's browser login (OpenAI Codex's, Anthropic's,
// OpenRouter's, ChatGPT's): the
// browser opens at the URL; the callback finishes it, or the redirect URL
// pasted here.
func (m *model) browserLogin(p, authPath string, extra ...any) {
	m.c.request(cmd("login_oauth_start", append([]any{"provider", p}, extra...)...), func(m *model, r response) {
		if !r.ok {
			m.notice("Failed to login to "+m.providerName(p)+": "+r.err, "error")
			return
		}
		u, _ := r.data["url"].(string)
		instructions, _ := r.data["instructions"].(string)
		prompt, _ := r.data["prompt"].(string)
		m.notice(u+"\n"+instructions, "warning")
		m.openURL(u)
		done := false
		id := m.askLocal("input", "Login to "+m.providerName(p)+"\n"+prompt, nil, func(m *model, a map[string]any) {
			if done {
				return
			}
			in, ok := a["value"].(string)
			if !ok {
				m.c.request(cmd("login_oauth_cancel"), nil)
				return
			}
			m.c.request(cmd("login_oauth_input", "input", in), nil)
		})
		m.finishLogin(p, authPath, nil, func(m *model) { done = true; m.closeView(id) })
	})
}

// authChanged refreshes what credentials change: the model, and the
// providers the footer counts (pi's updateAvailableProviderCount).
func (m *model) authChanged() {
	m.c.request(cmd("get_state"), (*model).onState)
	m.c.request(cmd("get_model_scope"), (*model).onModelScope)
}
