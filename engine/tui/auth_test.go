package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestLoginAPIKeyAndLogout(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json",
		"credentials": []any{map[string]any{"provider": "anthropic", "name": "Anthropic", "type": "oauth", "subscription": true},
			map[string]any{"provider": "openai", "name": "OpenAI", "type": "api_key"}},
		"providers": []any{loginProvider("anthropic", "Anthropic", "oauth", "stored", "oauth", "api_key"), loginProvider("github-copilot", "GitHub Copilot", "", "", "oauth", "api_key"),
			loginProvider("groq", "Groq", "", "", "api_key"), loginProvider("openai", "OpenAI", "api_key", "stored", "api_key")}})
	h.typ("/login") // pi's question first, then the providers with API keys
	h.press("enter")
	h.contains("Select authentication method:", "→ Sign in with an account", "Sign in with an API key")
	h.press("down", "enter")
	h.contains("Select provider to configure:", " → Anthropic • subscription configured", "   GitHub Copilot • not configured", "   Groq • not configured",
		"   OpenAI ✓ stored")
	h.typ("gr")
	h.press("enter")
	h.contains("Login to Groq", "Enter Groq API key")
	h.typ("gsk-123 ")
	h.press("enter")
	c := h.cmd("set_api_key")
	if c["provider"] != "groq" || c["key"] != "gsk-123" {
		t.Fatalf("set_api_key %v", c)
	}
	h.respond(c, true, nil)
	h.contains("Saved API key for Groq. Credentials saved to /a/auth.json")

	h.typ("/login anthropic") // pi's questions: account or key, then browser or copy code
	h.press("enter")
	h.contains("Select authentication method for Anthropic:", "→ Sign in with an account", "Sign in with an API key")
	h.press("enter")
	h.contains("Select Anthropic login method:", "→ Browser login (default)", "Copy code login (headless)")
	h.press("down", "enter")
	c = h.cmd("login_oauth_start")
	if c["method"] != "copy_code" {
		t.Fatalf("login_oauth_start %v", c)
	}
	h.respond(c, true, map[string]any{"url": "https://claude.ai/oauth/authorize?x=1", "instructions": "Complete login in your browser."})
	h.contains("Complete login in your browser.", "https://claude.ai/oauth/authorize?x=1", "Paste the code Anthropic shows after you sign in:")
	h.typ("the-code#state")
	h.press("enter")
	c = h.cmd("login_oauth_finish")
	if c["input"] != "the-code#state" || c["provider"] != "anthropic" {
		t.Fatalf("login_oauth_finish %v", c)
	}
	h.event(map[string]any{"type": "response", "id": c["id"], "command": "login_oauth_finish", "success": false, "error": "OAuth state mismatch"})
	h.contains("Failed to login to Anthropic: OAuth state mismatch")
	h.typ("/login anthropic") // the browser login: a pasted redirect URL finishes it
	h.press("enter")
	h.press("enter")
	h.press("enter")
	c = h.cmd("login_oauth_start")
	if c["method"] != "browser" {
		t.Fatalf("login_oauth_start %v", c)
	}
	h.respond(c, true, map[string]any{"url": "https://claude.ai/oauth/authorize?y=2", "instructions": "Complete login in your browser. If the browser is on another machine, paste the final redirect URL here.",
		"prompt": "Complete login in your browser, or paste the authorization code / redirect URL here:", "placeholder": "http://localhost:53692/callback"})
	finish := h.cmd("login_oauth_finish")
	h.contains("https://claude.ai/oauth/authorize?y=2", "Login to Anthropic", "paste the authorization code / redirect URL")
	h.typ("http://localhost:53692/callback?code=c&state=s")
	h.press("enter")
	if c := h.cmd("login_oauth_input"); c["input"] != "http://localhost:53692/callback?code=c&state=s" {
		t.Fatalf("login_oauth_input %v", c)
	}
	h.respond(finish, true, nil)
	h.contains("Logged in to Anthropic. Credentials saved to /a/auth.json")

	h.typ("/login OpenAI") // its name, one login: straight to the key
	h.press("enter")
	h.contains("Login to OpenAI")
	h.press("esc")
	h.noCmd("set_api_key")

	h.typ("/logout")
	h.press("enter")
	h.contains("Select provider to logout:", " → Anthropic [subscription] ✓ configured", "   OpenAI [API key] ✓ configured")
	h.press("enter")
	c = h.cmd("logout")
	if c["provider"] != "anthropic" {
		t.Fatalf("logout %v", c)
	}
	h.respond(c, true, nil)
	h.contains("Logged out of Anthropic")
	h.typ("/logout")
	h.press("enter")
	h.press("down", "enter")
	h.respond(h.cmd("logout"), true, nil)
	h.contains("Removed stored API key for OpenAI. Environment variables and models.json", "config are unchanged.")

	h.answer("get_credentials", map[string]any{"credentials": []any{}, "providers": []any{}})
	h.typ("/logout")
	h.press("enter")
	h.contains("No stored credentials to remove.")
}

// TestLoginAccounts: "Sign in with an account" lists the providers with
// an account login; GitHub Copilot's device flow shows the code and URL
// while it waits (enter opens the browser, escape cancels); OpenAI Codex
// opens the browser and takes a pasted redirect URL while it waits.
func TestLoginAccounts(t *testing.T) {
	var opened []string
	h := newHarness(t, Options{OpenURL: func(u string) { opened = append(opened, u) }})
	h.answer("get_argument_completions", map[string]any{"items": nil})
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json", "credentials": []any{},
		"providers": []any{loginProvider("anthropic", "Anthropic", "api_key", "ANTHROPIC_API_KEY", "oauth", "api_key"),
			loginProvider("github-copilot", "GitHub Copilot", "", "", "oauth", "api_key"), loginProvider("openai", "OpenAI", "", "", "api_key"),
			loginProvider("openai-codex", "OpenAI Codex", "oauth", "stored", "oauth")}})
	h.typ("/login open") // no provider of that name: the selector searching for it, both kinds labelled
	h.press("enter")
	h.contains("Select provider to configure:", "> open", " → OpenAI [API key] • not configured", "   OpenAI Codex [subscription] ✓ stored")
	h.press("esc")
	h.lacks("Select authentication method") // nothing to go back to
	h.typ("/login")
	h.press("enter")
	h.press("enter") // an account
	h.contains("Select provider to configure:", " → Anthropic • API key configured", "   GitHub Copilot • not configured", "   OpenAI Codex ✓ stored")
	h.lacks("  OpenAI •", "[subscription]")
	h.press("down", "enter")
	h.contains("Login to GitHub Copilot", "GitHub Enterprise URL/domain (blank for github.com)", "e.g., company.ghe.com")
	h.press("esc") // cancelled: back to the providers, as pi goes back
	h.contains("Select provider to configure:", "→ Anthropic • API key configured")
	h.press("down", "enter")
	h.contains("GitHub Enterprise URL/domain (blank for github.com)")
	h.press("enter")
	c := h.cmd("login_oauth_start")
	if c["provider"] != "github-copilot" || c["enterprise"] != "" {
		t.Fatalf("login_oauth_start %v", c)
	}
	h.respond(c, true, map[string]any{"userCode": "ABCD-1234", "verificationUri": "https://github.com/login/device", "expiresInSeconds": 900.0})
	finish := h.cmd("login_oauth_finish")
	h.contains("https://github.com/login/device", "Enter code: ABCD-1234", "Waiting for authentication...", "→ Open browser and copy code")
	copied := clipboardOf(h.press("enter"))
	if len(opened) != 1 || opened[0] != "https://github.com/login/device" {
		t.Errorf("opened %v", opened)
	}
	if copied != "ABCD-1234" {
		t.Errorf("clipboard %q", copied)
	}
	h.contains("Enter code: ABCD-1234", "Code copied to clipboard") // still waiting
	if clipboardOf(h.press("enter")); len(opened) != 1 {
		t.Errorf("a second enter opened the browser again: %v", opened)
	}
	h.event(map[string]any{"type": "login_progress", "provider": "github-copilot", "message": "Enabling models..."})
	h.contains("Enabling models...")
	h.respond(finish, true, nil)
	h.contains("Logged in to GitHub Copilot. Credentials saved to /a/auth.json")
	h.lacks("Waiting for authentication...")

	h.typ("/login github-copilot") // its account login; escape while waiting cancels it
	h.press("enter")
	h.contains("Select authentication method for GitHub Copilot:", "→ Sign in with an account", "Sign in with an API key")
	h.press("enter")
	h.contains("GitHub Enterprise URL/domain")
	h.typ("ghe.example.com")
	h.press("enter")
	c = h.cmd("login_oauth_start")
	if c["enterprise"] != "ghe.example.com" {
		t.Fatalf("enterprise %v", c)
	}
	h.respond(c, true, map[string]any{"userCode": "X", "verificationUri": "https://ghe.example.com/login/device"})
	finish = h.cmd("login_oauth_finish")
	h.press("esc")
	h.cmd("login_oauth_cancel")
	h.event(map[string]any{"type": "response", "id": finish["id"], "command": "login_oauth_finish", "success": false, "error": "Login cancelled"})
	h.lacks("Failed to login", "Enter code: X", "Select provider to configure:")
	h.contains("Select authentication method for GitHub Copilot:") // back to the question it came from
	h.press("esc")

	h.typ("/login github-copilot") // a failed device flow
	h.press("enter")
	h.press("enter")
	h.press("enter")
	h.respond(h.cmd("login_oauth_start"), true, map[string]any{"userCode": "Y", "verificationUri": "https://github.com/login/device"})
	finish = h.cmd("login_oauth_finish")
	h.event(map[string]any{"type": "response", "id": finish["id"], "command": "login_oauth_finish", "success": false, "error": "Device flow timed out"})
	h.contains("Failed to login to GitHub Copilot: Device flow timed out")
	h.lacks("Enter code: Y")

	h.typ("/login openai-codex")
	h.press("enter")
	h.contains("Select OpenAI Codex login method:", "→ Browser login (default)", "Device code login (headless)")
	h.press("enter")
	c = h.cmd("login_oauth_start")
	h.respond(c, true, map[string]any{"url": "https://auth.openai.com/oauth/authorize?x=1", "instructions": "A browser window should open. Complete login to finish.",
		"prompt": "Complete login in your browser, or paste the authorization code / redirect URL here:"})
	finish = h.cmd("login_oauth_finish")
	h.contains("https://auth.openai.com/oauth/authorize?x=1", "A browser window should open.", "Login to OpenAI Codex",
		"paste the authorization code / redirect URL")
	if len(opened) != 2 || opened[1] != "https://auth.openai.com/oauth/authorize?x=1" {
		t.Errorf("opened %v", opened)
	}
	h.typ("http://localhost:1455/auth/callback?code=c&state=s")
	h.press("enter")
	in := h.cmd("login_oauth_input")
	if in["input"] != "http://localhost:1455/auth/callback?code=c&state=s" {
		t.Fatalf("login_oauth_input %v", in)
	}
	h.respond(in, true, nil)
	h.event(map[string]any{"type": "response", "id": finish["id"], "command": "login_oauth_finish", "success": false, "error": "State mismatch"})
	h.contains("Failed to login to OpenAI Codex: State mismatch")

	h.typ("/login openai-codex") // the browser's callback finishes it: the prompt goes
	h.press("enter")
	h.press("enter")
	h.respond(h.cmd("login_oauth_start"), true, map[string]any{"url": "u2", "instructions": "i", "prompt": "Paste here:"})
	finish = h.cmd("login_oauth_finish")
	h.contains("Paste here:")
	h.respond(finish, true, nil)
	h.contains("Logged in to OpenAI Codex. Credentials saved to /a/auth.json")
	h.lacks("Paste here:")
	h.noCmd("login_oauth_input")

	h.typ("/login openai-codex") // the device code login
	h.press("enter")
	h.press("down", "enter")
	c = h.cmd("login_oauth_start")
	if c["method"] != "device_code" || c["provider"] != "openai-codex" {
		t.Fatalf("login_oauth_start %v", c)
	}
	h.respond(c, true, map[string]any{"userCode": "CODE-12", "verificationUri": "https://auth.openai.com/codex/device"})
	finish = h.cmd("login_oauth_finish")
	h.contains("Login to OpenAI Codex", "https://auth.openai.com/codex/device", "Enter code: CODE-12", "Waiting for authentication...")
	h.respond(finish, true, nil)
	h.contains("Logged in to OpenAI Codex. Credentials saved to /a/auth.json")
	h.lacks("Enter code: CODE-12")

	h.typ("/login anthropic") // escape at the code: the login ends, pi's method question again
	h.press("enter")
	h.press("enter")
	h.press("down", "enter")
	h.respond(h.cmd("login_oauth_start"), true, map[string]any{"url": "u", "instructions": "i"})
	h.press("esc")
	h.cmd("login_oauth_cancel")
	h.contains("Select authentication method for Anthropic:")
	h.press("esc")
	h.lacks("Select authentication method")
}

// loginProvider is a provider as get_credentials lists it: configured
// as configuredAs ("" for not configured) from source, with logins of
// types (an account login to a subscription).
func loginProvider(id, name, configuredAs, source string, types ...string) map[string]any {
	var logins []any
	for _, t := range types {
		logins = append(logins, map[string]any{"type": t, "name": name + " " + t, "subscription": t == "oauth"})
	}
	return map[string]any{"provider": id, "name": name, "configured": configuredAs != "", "oauth": configuredAs == "oauth", "source": source, "logins": logins}
}

// clipboardOf runs cmd (and the batches in it) and returns what it sets
// the clipboard to.
func clipboardOf(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if s := clipboardOf(c); s != "" {
				return s
			}
		}
	default:
		if t := fmt.Sprintf("%T", msg); strings.Contains(t, "setClipboard") {
			return fmt.Sprint(msg)
		}
	}
	return ""
}

// TestLoginProviderSelector: pi's OAuthSelectorComponent: eight rows
// indented a column with "(i/n)" under them, the selection stopping at
// the ends, no key hints; the preferred partners marked; the status
// names where the auth comes from; the search matches names and login
// names; escape goes back to the method question.
func TestLoginProviderSelector(t *testing.T) {
	h := newHarness(t, Options{})
	providers := []any{loginProvider("openrouter", "OpenRouter", "", "", "api_key"), loginProvider("groq", "Groq", "api_key", "GROQ_API_KEY", "api_key"),
		loginProvider("mock", "mock", "api_key", "models_json_key", "api_key"), loginProvider("tpl", "tpl", "api_key", "A_KEY, B_KEY", "api_key"),
		loginProvider("openai", "OpenAI", "api_key", "stored", "api_key")}
	for _, n := range []string{"P1", "P2", "P3", "P4", "P5"} {
		providers = append(providers, loginProvider(strings.ToLower(n), n, "", "", "api_key"))
	}
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json", "credentials": []any{}, "providers": providers})
	h.typ("/login")
	h.press("enter")
	h.press("down", "enter")
	h.contains(" → OpenRouter ✦ • not configured", "   Groq ✓ env: GROQ_API_KEY", "   mock ✓ models_json_key", "   tpl ✓ env: A_KEY, B_KEY",
		"   OpenAI ✓ stored", "   P3 • not configured", "   (1/10)")
	h.lacks("P4", "to select", "to cancel")
	h.press("up") // stays on the first row
	h.contains(" → OpenRouter")
	for range 12 {
		h.press("down")
	}
	h.contains(" → P5 • not configured", "   (10/10)")
	h.lacks("OpenRouter")
	h.typ("Groq API") // the login's name
	h.contains(" → Groq ✓ env: GROQ_API_KEY")
	h.lacks("OpenAI")
	h.typ("zzz")
	h.contains("   No matching providers")
	h.press("esc")
	h.contains("Select authentication method:", "→ Sign in with an account")
	h.press("esc")
	h.lacks("Select authentication method:")
}

// TestLogoutArgumentIsAPrompt: pi's /logout takes no argument; with one
// the text goes to the agent as a prompt.
func TestLogoutArgumentIsAPrompt(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("/logout anthropic")
	h.press("esc") // the completion list
	h.press("enter")
	if c := h.cmd("prompt"); c["message"] != "/logout anthropic" {
		t.Fatalf("prompt %v", c)
	}
	h.noCmd("get_credentials")
}

// TestLoginArgumentCompletion: "/login " asks the host for the providers
// (pi's built-in completer), Tab puts the id in place, and the id then
// starts that provider's login.
func TestLoginArgumentCompletion(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("/login")
	h.typ(" ")
	c := h.cmd("get_argument_completions")
	if c["name"] != "login" || c["prefix"] != "" {
		t.Fatalf("asked %v", c)
	}
	h.typ("goo")
	for range 3 {
		c = h.cmd("get_argument_completions")
	}
	if c["prefix"] != "goo" {
		t.Fatalf("asked %v", c)
	}
	h.respond(c, true, map[string]any{"items": []any{map[string]any{"value": "google", "label": "google", "description": "Google · API key"},
		map[string]any{"value": "google-vertex", "label": "google-vertex", "description": "Google Vertex AI · API key"}}})
	h.contains("→ google", "Google · API key", "google-vertex", "Google Vertex AI · API key")
	h.press("tab")
	if got := h.m.ed.Text(); got != "/login google" {
		t.Fatalf("editor %q", got)
	}
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json", "credentials": []any{},
		"providers": []any{loginProvider("google", "Google", "", "", "api_key")}})
	h.press("enter")
	h.contains("Login to Google", "Enter Gemini API key")
}

// TestLoginDeviceAndOpenRouterAccounts: xAI's, Kimi Code's and Meta's
// account logins are device logins (the code and URL shown while pigo
// waits, as pi's login dialog shows its device_code event); OpenRouter's
// is a browser login (the browser opens; a pasted redirect URL or code
// goes to the waiting login).
func TestLoginDeviceAndOpenRouterAccounts(t *testing.T) {
	var opened []string
	h := newHarness(t, Options{OpenURL: func(u string) { opened = append(opened, u) }})
	h.answer("get_argument_completions", map[string]any{"items": nil})
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json", "credentials": []any{},
		"providers": []any{loginProvider("openrouter", "OpenRouter", "", "", "oauth", "api_key"), loginProvider("kimi-coding", "Kimi For Coding", "", "", "oauth", "api_key"),
			loginProvider("meta", "Meta", "", "", "oauth", "api_key"), loginProvider("xai", "xAI", "", "", "oauth", "api_key")}})
	for _, p := range []struct{ id, name, code, uri string }{
		{"xai", "xAI", "XAI-CODE", "https://accounts.x.ai/device?user_code=XAI-CODE"},
		{"kimi-coding", "Kimi For Coding", "KIMI-1", "https://www.kimi.com/device?c=KIMI-1"},
		{"meta", "Meta", "META-1", "https://meta.ai/device?code=META-1"},
	} {
		h.typ("/login " + p.id)
		h.press("enter")
		h.contains("Select authentication method for " + p.name + ":")
		h.press("enter") // an account
		c := h.cmd("login_oauth_start")
		if c["provider"] != p.id || len(c) != 3 { // type, id, provider, and nothing else
			t.Fatalf("login_oauth_start %v", c)
		}
		h.respond(c, true, map[string]any{"userCode": p.code, "verificationUri": p.uri, "expiresInSeconds": 600.0})
		finish := h.cmd("login_oauth_finish")
		h.contains("Login to "+p.name, p.uri, "Enter code: "+p.code, "Waiting for authentication...", "→ Open browser and copy code")
		if p.id == "meta" {
			h.event(map[string]any{"type": "login_progress", "provider": "meta", "message": "Enabling Meta Model API access..."})
			h.contains("Enabling Meta Model API access...")
		}
		h.respond(finish, true, nil)
		h.contains("Logged in to " + p.name + ". Credentials saved to /a/auth.json")
		h.lacks("Enter code: " + p.code)
	}

	h.typ("/login openrouter")
	h.press("enter")
	h.press("enter")
	c := h.cmd("login_oauth_start")
	if c["provider"] != "openrouter" {
		t.Fatalf("login_oauth_start %v", c)
	}
	u := "https://openrouter.ai/auth?callback_url=http%3A%2F%2F127.0.0.1%3A40000%2Foauth%2Fcallback%2Fx&code_challenge=c&code_challenge_method=S256"
	h.respond(c, true, map[string]any{"url": u, "instructions": "Complete sign-in in your browser. If the browser is on another machine, paste the final redirect URL here.",
		"prompt": "Complete sign-in in your browser, or paste the authorization code / redirect URL here:", "placeholder": "http://127.0.0.1:40000/oauth/callback/x"})
	finish := h.cmd("login_oauth_finish")
	h.contains("Login to OpenRouter", "Complete sign-in in your browser, or paste the authorization code")
	if len(opened) != 1 || opened[0] != u {
		t.Errorf("opened %v", opened)
	}
	h.typ("or-code")
	h.press("enter")
	if in := h.cmd("login_oauth_input"); in["input"] != "or-code" {
		t.Fatalf("login_oauth_input %v", in)
	}
	h.event(map[string]any{"type": "response", "id": finish["id"], "command": "login_oauth_finish", "success": false,
		"error": `OpenRouter OAuth response carries no "key"`})
	h.contains(`Failed to login to OpenRouter: OpenRouter OAuth response carries no "key"`)
}

// TestLoginChatGPTAccount: OpenAI offers pi's "Sign in with ChatGPT"
// next to its API key; the account login is a browser login (the
// browser opens; a pasted redirect URL goes to the waiting login).
func TestLoginChatGPTAccount(t *testing.T) {
	var opened []string
	h := newHarness(t, Options{OpenURL: func(u string) { opened = append(opened, u) }})
	h.answer("get_argument_completions", map[string]any{"items": nil})
	openai := loginProvider("openai", "OpenAI", "", "", "oauth", "api_key")
	openai["logins"].([]any)[0].(map[string]any)["label"] = "Sign in with ChatGPT"
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json", "credentials": []any{}, "providers": []any{openai}})
	h.typ("/login openai")
	h.press("enter")
	h.contains("Select authentication method for OpenAI:", "Sign in with ChatGPT", "Sign in with an API key")
	h.press("enter")
	c := h.cmd("login_oauth_start")
	if c["provider"] != "openai" || len(c) != 3 {
		t.Fatalf("login_oauth_start %v", c)
	}
	u := "https://auth.openai.com/api/accounts/authorize?client_id=dynamic_agent_client&state=s"
	h.respond(c, true, map[string]any{"url": u, "instructions": "Complete sign-in in your browser. If the callback does not complete, paste the final redirect URL here.",
		"prompt": "Complete login in your browser, or paste the final redirect URL here:", "placeholder": "http://127.0.0.1:1455/auth/callback"})
	finish := h.cmd("login_oauth_finish")
	h.contains("Login to OpenAI", "Complete login in your browser, or paste the final redirect URL here:", "If the callback does not complete")
	if len(opened) != 1 || opened[0] != u {
		t.Errorf("opened %v", opened)
	}
	h.typ("http://127.0.0.1:1455/auth/callback?code=c&state=s&client_id=x")
	h.press("enter")
	if in := h.cmd("login_oauth_input"); in["input"] != "http://127.0.0.1:1455/auth/callback?code=c&state=s&client_id=x" {
		t.Fatalf("login_oauth_input %v", in)
	}
	h.event(map[string]any{"type": "login_progress", "provider": "openai", "message": "Exchanging authorization code for tokens..."})
	h.contains("Exchanging authorization code for tokens...")
	h.respond(finish, true, nil)
	h.contains("Logged in to OpenAI. Credentials saved to /a/auth.json")
}
