package tui

import (
	"os/exec"
	"runtime"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// pi's /login and /logout through the host's get_credentials,
// set_api_key, login_oauth_* and logout commands. /login asks pi's
// question first (an account or an API key), then the provider; the
// account logins are pi's: Anthropic's copy-code login (open the URL,
// paste the code), GitHub Copilot's device flow (the code to enter at
// GitHub's URL, then waiting) and OpenAI Codex's browser login (the
// browser opens; the callback or a pasted redirect URL finishes it) or
// device login.

const (
	loginAccount = "Sign in with an account"
	loginAPIKey  = "Sign in with an API key"
)

// isOAuthOnly: providers that have no API key login in pi.
func isOAuthOnly(provider string) bool {
	return provider == "github-copilot" || provider == "openai-codex"
}

// hasOAuthLogin: providers with an account login.
func hasOAuthLogin(provider string) bool {
	return provider == "anthropic" || isOAuthOnly(provider)
}

// openURL opens a login URL in the browser as pi does (best effort).
func (m *model) openURL(u string) {
	if m.opts.OpenURL != nil {
		m.opts.OpenURL(u)
		return
	}
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", u)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", u)
	default:
		c = exec.Command("xdg-open", u)
	}
	c.Dir = "/"
	if c.Start() == nil {
		go func() { _ = c.Wait() }()
	}
}

// authLine draws a provider row as pi's OAuthSelectorComponent: the name,
// then its status.
func authLine(m *model, it selItem, selected bool) string {
	name := m.th.Fg("text", it.label)
	prefix := "  "
	if selected {
		prefix, name = m.th.Fg("accent", "→ "), m.th.Fg("accent", it.label)
	}
	var status string
	switch {
	case it.detail == "not configured":
		status = m.th.Fg("muted", " • not configured")
	case strings.HasSuffix(it.detail, "!"): // configured the other way
		status = m.th.Fg("muted", " • ") + m.th.Fg("warning", strings.TrimSuffix(it.detail, "!"))
	default:
		status = m.th.Fg("success", " ✓ "+it.detail)
	}
	return prefix + name + status
}

// authTypeLabel is pi's formatAuthSelectorProviderType for pi's built-in
// account logins (all subscriptions).
func authTypeLabel(authType string) string {
	if authType == "api_key" {
		return "API key"
	}
	return "subscription"
}

// openLogout is pi's /logout: the stored credentials; choosing one
// removes it.
func (m *model) openLogout() {
	m.c.request(cmd("get_credentials"), func(m *model, r response) {
		if !r.ok {
			m.notice("Could not read stored credentials: "+r.err, "error")
			return
		}
		creds, _ := r.data["credentials"].([]any)
		var items []selItem
		for _, c := range creds {
			o, _ := c.(map[string]any)
			p, _ := o["provider"].(string)
			typ, _ := o["type"].(string)
			items = append(items, selItem{label: p, detail: "stored credential", value: typ})
		}
		if len(items) == 0 {
			m.notice("No stored credentials to remove. /logout only removes credentials saved by /login; environment variables and models.json config are unchanged.", "muted")
			return
		}
		m.sel = &selector{title: "Select provider to logout:", items: items, line: authLine, choose: func(m *model, it selItem) {
			m.c.request(cmd("logout", "provider", it.label), func(m *model, r response) {
				if !r.ok {
					m.notice("Logout failed: "+r.err, "error")
					return
				}
				if it.value == "oauth" {
					m.notice("Logged out of "+it.label, "muted")
				} else {
					m.notice("Removed stored API key for "+it.label+". Environment variables and models.json config are unchanged.", "muted")
				}
				m.authChanged()
			})
		}}
	})
}

// loginOption is a provider and one way to log in to it.
type loginOption struct {
	provider, authType string // "oauth" or "api_key"
	configured         bool
	configuredOAuth    bool // the stored credential is an account login
}

// openLogin is pi's /login [provider]: without one, the authentication
// method, then the providers offering it; with one, its only login, its
// methods, or the providers it matches.
func (m *model) openLogin(search string) {
	m.c.request(cmd("get_credentials"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		authPath, _ := r.data["authPath"].(string)
		list, _ := r.data["providers"].([]any)
		var opts []loginOption
		for _, x := range list {
			o, _ := x.(map[string]any)
			p, _ := o["provider"].(string)
			conf, oauth := o["configured"] == true, o["oauth"] == true
			if hasOAuthLogin(p) {
				opts = append(opts, loginOption{p, "oauth", conf, oauth})
			}
			if !isOAuthOnly(p) {
				opts = append(opts, loginOption{p, "api_key", conf, oauth})
			}
		}
		if search == "" {
			m.askLoginMethod(opts, "", authPath)
			return
		}
		var match []loginOption
		for _, o := range opts {
			if strings.EqualFold(o.provider, search) {
				match = append(match, o)
			}
		}
		switch {
		case len(match) == 1:
			m.startLogin(match[0], authPath, nil)
		case len(match) > 1:
			m.askLoginMethod(match, match[0].provider, authPath)
		default:
			m.openLoginProviders(opts, "", search, authPath)
		}
	})
}

// askLoginMethod is pi's "Select authentication method" question, for
// one provider's options or (provider "") all.
func (m *model) askLoginMethod(opts []loginOption, provider, authPath string) {
	title := "Select authentication method:"
	if provider != "" {
		title = "Select authentication method for " + provider + ":"
	}
	m.ask("select", title, []string{loginAccount, loginAPIKey}, func(m *model, a map[string]any) {
		authType := "api_key"
		switch a["value"] {
		case loginAccount:
			authType = "oauth"
		case loginAPIKey:
		default:
			return // cancelled
		}
		if provider != "" {
			for _, o := range opts {
				if o.authType == authType {
					m.startLogin(o, authPath, func(m *model) { m.askLoginMethod(opts, provider, authPath) })
				}
			}
			return
		}
		m.openLoginProviders(opts, authType, "", authPath)
	})
}

// openLoginProviders is pi's provider selector for logins of authType
// ("" for all).
func (m *model) openLoginProviders(opts []loginOption, authType, search, authPath string) {
	var shown []loginOption
	types := map[string]bool{}
	for _, o := range opts {
		if authType == "" || o.authType == authType {
			shown = append(shown, o)
			types[o.authType] = true
		}
	}
	var items []selItem
	for _, o := range shown {
		detail := "not configured"
		if o.configured {
			detail = "configured"
			if has := map[bool]string{true: "oauth", false: "api_key"}[o.configuredOAuth]; has != o.authType {
				detail = authTypeLabel(has) + " configured!"
			}
		}
		label := o.provider
		if len(types) > 1 { // pi labels the types when both are listed
			label += " [" + authTypeLabel(o.authType) + "]"
		}
		items = append(items, selItem{label: label, detail: detail, value: o})
	}
	if len(items) == 0 {
		m.notice(map[string]string{"oauth": "No account providers available.", "api_key": "No API key providers available."}[authType], "muted")
		return
	}
	sel := &selector{title: "Select provider to configure:", items: items, filter: search, line: authLine,
		choose: func(m *model, it selItem) {
			m.startLogin(it.value.(loginOption), authPath, func(m *model) { m.openLoginProviders(opts, authType, search, authPath) })
		}}
	if vis := sel.visible(); search != "" && len(vis) == 1 {
		m.startLogin(vis[0].value.(loginOption), authPath, nil)
		return
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
	default:
		m.oauthLogin(o.provider, authPath)
	}
}

func (m *model) askAPIKey(provider, authPath string) {
	switch provider {
	case "amazon-bedrock":
		m.bedrockLogin(authPath)
		return
	case "google-vertex":
		m.vertexLogin(authPath)
		return
	}
	m.askLoginText(provider, "Enter API key:", func(m *model, key string) { m.saveCredential(provider, authPath, key, nil) })
}

// askLoginText asks one of a login's questions; cancelling it cancels the
// login.
func (m *model) askLoginText(provider, question string, then func(m *model, answer string)) {
	m.ask("input", "Login to "+provider+"\n"+question, nil, func(m *model, a map[string]any) {
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
			m.notice("Failed to save API key for "+provider+": "+r.err, "error")
			return
		}
		m.notice("Saved API key for "+provider+". Credentials saved to "+authPath, "muted")
		m.authChanged()
	})
}

// bedrockLogin is pi-ai 1.6's Amazon Bedrock login: a bearer token, an AWS
// profile, or the AWS credential chain already configured outside pigo.
func (m *model) bedrockLogin(authPath string) {
	const p = "amazon-bedrock"
	m.notice("You can also use an AWS profile, IAM keys, or role-based credentials.", "muted")
	methods := []string{"Bearer token", "AWS profile", "Existing AWS credential chain"}
	m.ask("select", "Login to "+p+"\nSelect Amazon Bedrock authentication method:", methods, func(m *model, a map[string]any) {
		method, _ := a["value"].(string)
		if method == methods[0] {
			m.askLoginText(p, "Enter Amazon Bedrock bearer token", func(m *model, key string) { m.saveCredential(p, authPath, key, nil) })
			return
		}
		if method == "" {
			m.loginCancelled()
			return
		}
		m.notice("Amazon Bedrock supports AWS profiles, IAM credentials, and role-based credentials.\n"+
			"AWS credential provider chain: https://docs.aws.amazon.com/sdkref/latest/guide/standardized-credentials.html", "muted")
		if method == methods[1] {
			m.askLoginText(p, "Enter AWS profile name", func(m *model, profile string) {
				m.saveCredential(p, authPath, "", map[string]any{"AWS_PROFILE": profile})
			})
			return
		}
		m.askLoginText(p, "Configure AWS credentials, then press Enter to continue", func(m *model, _ string) {
			m.saveCredential(p, authPath, "", map[string]any{})
		})
	})
}

// vertexLogin is pi-ai 1.6's Google Vertex AI login: an API key, or the
// project and location (and a service account's file) that Application
// Default Credentials need.
func (m *model) vertexLogin(authPath string) {
	const p = "google-vertex"
	methods := []string{"Google Cloud API key", "Application Default Credentials", "Service account credentials file"}
	m.ask("select", "Login to "+p+"\nSelect Google Vertex AI authentication method:", methods, func(m *model, a map[string]any) {
		method, _ := a["value"].(string)
		switch method {
		case methods[0]:
			m.askLoginText(p, "Enter Google Cloud API key", func(m *model, key string) { m.saveCredential(p, authPath, key, nil) })
			return
		case "":
			m.loginCancelled()
			return
		}
		info := "Provide a service account credentials file, project, and location."
		if method == methods[1] {
			info = "Run `gcloud auth application-default login`, then provide the project and location."
		}
		m.notice(info+"\nApplication Default Credentials: https://cloud.google.com/docs/authentication/provide-credentials-adc", "muted")
		m.askLoginText(p, "Enter Google Cloud project ID", func(m *model, project string) {
			m.askLoginText(p, "Enter Google Cloud location", func(m *model, location string) {
				env := map[string]any{"GOOGLE_CLOUD_PROJECT": project, "GOOGLE_CLOUD_LOCATION": location}
				if method == methods[1] {
					m.saveCredential(p, authPath, "", env)
					return
				}
				m.askLoginText(p, "Enter service account credentials file path", func(m *model, file string) {
					env["GOOGLE_APPLICATION_CREDENTIALS"] = file
					m.saveCredential(p, authPath, "", env)
				})
			})
		})
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
			m.notice("Logged in to "+provider+". Credentials saved to "+authPath, "muted")
			m.authChanged()
		case r.err == "Login cancelled":
			m.loginCancelled()
			return
		default:
			m.notice("Failed to login to "+provider+": "+r.err, "error")
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
			m.notice("Failed to login to "+provider+": "+r.err, "error")
			return
		}
		u, _ := r.data["url"].(string)
		instructions, _ := r.data["instructions"].(string)
		m.notice(instructions+"\n"+u, "warning")
		m.ask("input", "Login to "+provider+"\nPaste the code Anthropic shows after you sign in:", nil, func(m *model, a map[string]any) {
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
	m.ask("input", "Login to "+p+"\nGitHub Enterprise URL/domain (blank for github.com)\ne.g., company.ghe.com", nil, func(m *model, a map[string]any) {
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
			m.notice("Failed to login to "+p+": "+r.err, "error")
			return
		}
		uri, _ := r.data["verificationUri"].(string)
		code, _ := r.data["userCode"].(string)
		var open string
		done := false
		var wait func(m *model, status string)
		wait = func(m *model, status string) {
			title := "Login to " + p + "\n\n" + uri + "\n\nEnter code: " + code + "\n\nWaiting for authentication..."
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

// browserLogin is pi's browser login (OpenAI Codex's, Anthropic's): the
// browser opens at the URL; the callback finishes it, or the redirect URL
// pasted here.
func (m *model) browserLogin(p, authPath string, extra ...any) {
	m.c.request(cmd("login_oauth_start", append([]any{"provider", p}, extra...)...), func(m *model, r response) {
		if !r.ok {
			m.notice("Failed to login to "+p+": "+r.err, "error")
			return
		}
		u, _ := r.data["url"].(string)
		instructions, _ := r.data["instructions"].(string)
		prompt, _ := r.data["prompt"].(string)
		m.notice(u+"\n"+instructions, "warning")
		m.openURL(u)
		done := false
		id := m.askLocal("input", "Login to "+p+"\n"+prompt, nil, func(m *model, a map[string]any) {
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
