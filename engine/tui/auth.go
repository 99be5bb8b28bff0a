package tui

import (
	"strings"
)

// pi's /login and /logout through the host's get_credentials,
// set_api_key, login_oauth_start/finish and logout commands. Of the OAuth
// logins, Anthropic's copy-code one runs (open the URL, paste the code);
// github-copilot's and openai-codex's are not offered: pigo uses and
// refreshes them, but cannot run their browser flows yet.

func isOAuthOnly(provider string) bool {
	return provider == "github-copilot" || provider == "openai-codex"
}

// authLine draws a provider row as pi's OAuthSelectorComponent: the name,
// then its status.
func authLine(m *model, it selItem, selected bool) string {
	name := m.th.Fg("text", it.label)
	prefix := "  "
	if selected {
		prefix, name = m.th.Fg("accent", "→ "), m.th.Fg("accent", it.label)
	}
	status := m.th.Fg("success", " ✓ "+it.detail)
	if it.detail == "not configured" {
		status = m.th.Fg("muted", " • not configured")
	}
	return prefix + name + status
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
				m.c.request(cmd("get_state"), (*model).onState)
			})
		}}
	})
}

// openLogin is pi's /login [provider] for API keys: the providers (those
// configured marked), then the key.
func (m *model) openLogin(search string) {
	m.c.request(cmd("get_credentials"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		authPath, _ := r.data["authPath"].(string)
		list, _ := r.data["providers"].([]any)
		var items []selItem
		for _, x := range list {
			o, _ := x.(map[string]any)
			p, _ := o["provider"].(string)
			if isOAuthOnly(p) {
				continue
			}
			detail := "not configured"
			if o["configured"] == true {
				detail = "configured"
			}
			items = append(items, selItem{label: p, detail: detail})
		}
		sel := &selector{title: "Select provider to configure:", items: items, filter: search, line: authLine,
			choose: func(m *model, it selItem) { m.loginTo(it.label, authPath) }}
		if vis := sel.visible(); search != "" && len(vis) == 1 {
			m.loginTo(vis[0].label, authPath)
			return
		}
		m.sel = sel
	})
}

func (m *model) askAPIKey(provider, authPath string) {
	m.ask("input", "Login to "+provider+"\nEnter API key:", nil, func(m *model, a map[string]any) {
		key, ok := a["value"].(string)
		if !ok {
			return // cancelled
		}
		m.c.request(cmd("set_api_key", "provider", provider, "key", strings.TrimSpace(key)), func(m *model, r response) {
			if !r.ok {
				m.notice("Failed to save API key for "+provider+": "+r.err, "error")
				return
			}
			m.notice("Saved API key for "+provider+". Credentials saved to "+authPath, "muted")
			m.c.request(cmd("get_state"), (*model).onState)
		})
	})
}

// loginTo starts the login for provider: Anthropic asks pi's
// authentication method question first.
func (m *model) loginTo(provider, authPath string) {
	if provider != "anthropic" {
		m.askAPIKey(provider, authPath)
		return
	}
	const account, apiKey = "Sign in with an account", "Sign in with an API key"
	m.ask("select", "Select authentication method for "+provider+":", []string{account, apiKey}, func(m *model, a map[string]any) {
		switch a["value"] {
		case account:
			m.oauthLogin(provider, authPath)
		case apiKey:
			m.askAPIKey(provider, authPath)
		}
	})
}

// oauthLogin is pi's copy-code login: the URL to open, then the code.
func (m *model) oauthLogin(provider, authPath string) {
	m.c.request(cmd("login_oauth_start", "provider", provider), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		u, _ := r.data["url"].(string)
		instructions, _ := r.data["instructions"].(string)
		m.notice(instructions+"\n"+u, "warning")
		m.ask("input", "Login to "+provider+"\nPaste the code Anthropic shows after you sign in:", nil, func(m *model, a map[string]any) {
			code, ok := a["value"].(string)
			if !ok {
				return // cancelled
			}
			m.notice("Exchanging authorization code for tokens...", "muted")
			m.c.request(cmd("login_oauth_finish", "provider", provider, "input", code), func(m *model, r response) {
				if !r.ok {
					m.notice("Login failed: "+r.err, "error")
					return
				}
				m.notice("Logged in to "+provider+". Credentials saved to "+authPath, "muted")
				m.c.request(cmd("get_state"), (*model).onState)
			})
		})
	})
}
