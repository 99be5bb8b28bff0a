package tui

import "testing"

func TestLoginAPIKeyAndLogout(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_credentials", map[string]any{"authPath": "/a/auth.json",
		"credentials": []any{map[string]any{"provider": "anthropic", "type": "oauth"}, map[string]any{"provider": "openai", "type": "api_key"}},
		"providers": []any{map[string]any{"provider": "anthropic", "configured": true}, map[string]any{"provider": "github-copilot", "configured": false},
			map[string]any{"provider": "openai", "configured": true}, map[string]any{"provider": "groq", "configured": false}}})
	h.typ("/login")
	h.press("enter")
	h.contains("Select provider to configure:", "→ anthropic ✓ configured", "  groq • not configured", "openai ✓ configured")
	h.lacks("github-copilot") // an OAuth-only login pigo cannot run
	h.typ("gr")
	h.press("enter")
	h.contains("Login to groq", "Enter API key:")
	h.typ("gsk-123 ")
	h.press("enter")
	c := h.cmd("set_api_key")
	if c["provider"] != "groq" || c["key"] != "gsk-123" {
		t.Fatalf("set_api_key %v", c)
	}
	h.respond(c, true, nil)
	h.contains("Saved API key for groq. Credentials saved to /a/auth.json")

	h.typ("/login anthropic") // pi's method question, then the copy-code login
	h.press("enter")
	h.contains("Select authentication method for anthropic:", "→ Sign in with an account", "Sign in with an API key")
	h.press("enter")
	c = h.cmd("login_oauth_start")
	h.respond(c, true, map[string]any{"url": "https://claude.ai/oauth/authorize?x=1", "instructions": "Complete login in your browser."})
	h.contains("Complete login in your browser.", "https://claude.ai/oauth/authorize?x=1", "Paste the code Anthropic shows after you sign in:")
	h.typ("the-code#state")
	h.press("enter")
	c = h.cmd("login_oauth_finish")
	if c["input"] != "the-code#state" || c["provider"] != "anthropic" {
		t.Fatalf("login_oauth_finish %v", c)
	}
	h.event(map[string]any{"type": "response", "id": c["id"], "command": "login_oauth_finish", "success": false, "error": "OAuth state mismatch"})
	h.contains("Login failed: OAuth state mismatch")
	h.typ("/login anthropic")
	h.press("enter")
	h.press("enter")
	h.respond(h.cmd("login_oauth_start"), true, map[string]any{"url": "u", "instructions": "i"})
	h.typ("c#s")
	h.press("enter")
	h.respond(h.cmd("login_oauth_finish"), true, nil)
	h.contains("Logged in to anthropic. Credentials saved to /a/auth.json")

	h.typ("/login openai") // one match: straight to the key
	h.press("enter")
	h.contains("Login to openai")
	h.press("esc")
	h.noCmd("set_api_key")

	h.typ("/logout")
	h.press("enter")
	h.contains("Select provider to logout:", "→ anthropic ✓ stored credential", "openai ✓ stored credential")
	h.press("enter")
	c = h.cmd("logout")
	if c["provider"] != "anthropic" {
		t.Fatalf("logout %v", c)
	}
	h.respond(c, true, nil)
	h.contains("Logged out of anthropic")
	h.typ("/logout")
	h.press("enter")
	h.press("down", "enter")
	h.respond(h.cmd("logout"), true, nil)
	h.contains("Removed stored API key for openai. Environment variables and models.json", "config are unchanged.")

	h.answer("get_credentials", map[string]any{"credentials": []any{}, "providers": []any{}})
	h.typ("/logout")
	h.press("enter")
	h.contains("No stored credentials to remove.")
}
