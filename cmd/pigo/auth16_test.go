package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDifferentialAuth16 runs pi 1.6's credential commands (`pi auth
// check`, `print-api-key`, `print-bearer-token`, `logout`, and `login`
// where it needs no terminal) and pigo's on the same auth.json,
// models.json and environment: stdout, stderr, exit status and the
// auth.json left behind are the same, with pigo's name for pi's.
// Kimi Code's logins refresh against a local token endpoint
// (KIMI_CODE_OAUTH_HOST), which both honour.
func TestDifferentialAuth16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	var mu sync.Mutex
	refreshes := map[string]int{}
	// Runs after every case: each refreshing case did refresh, on both
	// sides (a case failing the same way on both would pass unseen).
	t.Cleanup(func() {
		if flag.Lookup("test.run").Value.String() != "" {
			return // some cases did not run
		}
		mu.Lock()
		defer mu.Unlock()
		for token, want := range map[string]int{"kr-1": 2 * 3, "kr-short": 2, "kr-broken": 2 * 2} {
			if refreshes[token] < want {
				t.Errorf("refresh token %s was sent %d times, want at least %d", token, refreshes[token], want)
			}
		}
	})
	kimi := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		mu.Lock()
		refreshes[r.Form.Get("refresh_token")]++
		mu.Unlock()
		switch r.Form.Get("refresh_token") {
		case "kr-broken":
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
		case "kr-short":
			fmt.Fprint(w, `{"access_token":"kimi-short","refresh_token":"kr-short","expires_in":3600,"token_type":"Bearer"}`)
		default:
			fmt.Fprint(w, `{"access_token":"kimi-new","refresh_token":"kr-new","expires_in":86400,"token_type":"Bearer"}`)
		}
	}))
	t.Cleanup(kimi.Close)

	ms := func(d time.Duration) string { return fmt.Sprint(time.Now().Add(d).UnixMilli()) }
	auth := `{
  "anthropic": {"type": "oauth", "access": "acc-fresh", "refresh": "ref-1", "expires": ` + ms(24*time.Hour) + `},
  "openai": {"type": "api_key", "key": "sk-openai"},
  "groq": {"type": "api_key", "key": "$GROQ_FROM_ENV"},
  "kimi-coding": {"type": "oauth", "access": "kimi-old", "refresh": "kr-1", "expires": ` + ms(-time.Minute) + `},
  "xai": {"type": "api_key", "key": "!printf xai-from-command"}
}`
	soon := `{"kimi-coding": {"type": "oauth", "access": "kimi-20min", "refresh": "kr-1", "expires": ` + ms(20*time.Minute) + `}}`
	short := `{"kimi-coding": {"type": "oauth", "access": "kimi-old", "refresh": "kr-short", "expires": ` + ms(-time.Minute) + `}}`
	broken := `{"kimi-coding": {"type": "oauth", "access": "kimi-old", "refresh": "kr-broken", "expires": ` + ms(-time.Minute) + `}}`
	custom := `{"providers": {"my-gw": {"baseUrl": "http://127.0.0.1:9/v1", "api": "openai-completions", "apiKey": "gw-key",
  "models": [{"id": "gw-model"}]}}}`
	type setup struct {
		auth, models string
		env          []string
	}
	std := setup{auth: auth}
	cases := []struct {
		name string
		setup
		args string
	}{
		{"help", setup{}, "auth"},
		{"help flag", setup{}, "auth check --help"},
		{"unknown command", setup{}, "auth bogus"},
		{"check nothing", setup{}, "auth check"},
		{"check unconfigured", setup{}, "auth check --provider anthropic --json"},
		{"check unknown provider", setup{}, "auth check --provider nope --json"},
		{"check provider by name", std, "auth check --provider Anthropic"},
		{"check oauth", std, "auth check --provider anthropic --json"},
		{"check oauth credentials", std, "auth check --provider anthropic --json --credentials"},
		{"check key", std, "auth check --provider openai --credentials"},
		{"check unresolved template", std, "auth check --provider groq --json"},
		{"check template from env", setup{auth: auth, env: []string{"GROQ_FROM_ENV=gsk-1"}}, "auth check --provider groq --json --credentials"},
		{"check command key", std, "auth check --provider xai --credentials"},
		{"check env key", setup{env: []string{"ANTHROPIC_API_KEY=sk-ant-env"}}, "auth check --provider anthropic --json --credentials"},
		{"check model", std, "auth check --model openai/gpt-4o --json"},
		{"check model with provider", std, "auth check --provider openai --model gpt-4o --json"},
		{"check ambiguous model", std, "auth check --model gpt-4o --json"},
		{"check unknown model", std, "auth check --model no-such-model --json"},
		{"check custom id of a provider", std, "auth check --model anthropic/no-such-model --json"},
		{"check expired refreshes", std, "auth check --provider kimi-coding --json --credentials"},
		{"check no refresh, nothing stored", setup{}, "auth check --provider openai --no-refresh"},
		{"check no refresh", std, "auth check --provider kimi-coding --json --no-refresh --credentials"},
		{"check failed refresh", setup{auth: broken}, "auth check --provider kimi-coding --json"},
		{"check custom provider", setup{models: custom}, "auth check --provider my-gw --json --credentials"},
		{"check broken models.json", setup{auth: auth, models: `{"providers": `}, "auth check --provider openai --json"},
		{"check bedrock", setup{env: []string{"AWS_ACCESS_KEY_ID=AKID", "AWS_SECRET_ACCESS_KEY=secret"}}, "auth check --provider amazon-bedrock --json"},
		{"api key", std, "auth print-api-key --provider openai"},
		{"api key of oauth", std, "auth print-api-key --provider anthropic"},
		{"api key by model", std, "auth print-api-key --model gpt-4o"},
		{"api key fuzzy model", std, "auth print-api-key --model gpt"},
		{"api key unknown model", std, "auth print-api-key --model no-such-model"},
		{"api key provider model", std, "auth print-api-key --provider openai --model no-such-model"},
		{"api key unknown provider", std, "auth print-api-key --provider nope"},
		{"api key from command", std, "auth print-api-key --provider xai"},
		{"api key none", setup{}, "auth print-api-key --provider openai"},
		{"api key env", setup{env: []string{"OPENAI_API_KEY=sk-env"}}, "auth print-api-key --provider openai"},
		{"api key custom provider", setup{models: custom}, "auth print-api-key --model gw-model"},
		{"bearer", std, "auth print-bearer-token --provider anthropic"},
		{"bearer of key", std, "auth print-bearer-token --provider openai"},
		{"bearer refreshes", std, "auth print-bearer-token --provider kimi-coding"},
		{"bearer refreshes within 30m", setup{auth: soon}, "auth print-bearer-token --provider kimi-coding"},
		{"bearer min expiry", setup{auth: soon}, "auth print-bearer-token --provider kimi-coding --min-expiry 10m"},
		{"bearer too soon", setup{auth: short}, "auth print-bearer-token --provider kimi-coding --min-expiry 2h"},
		{"bearer failed refresh", setup{auth: broken}, "auth print-bearer-token --provider kimi-coding"},
		{"bearer by model", std, "auth print-bearer-token --model claude-sonnet-4-5"},
		{"bearer bad duration", std, "auth print-bearer-token --provider anthropic --min-expiry 5x"},
		{"json outside check", std, "auth print-api-key --provider openai --json"},
		{"min expiry outside bearer", std, "auth check --provider openai --min-expiry 5m"},
		{"unknown option", std, "auth check --provider openai --foo"},
		{"extra argument", std, "auth print-api-key --provider openai extra"},
		{"logout usage", std, "auth logout"},
		{"logout key", std, "auth logout openai"},
		{"logout oauth by name", std, "auth logout Anthropic"},
		{"logout nothing stored", std, "auth logout mistral"},
		{"logout unknown", std, "auth logout nope"},
		{"logout unknown none stored", setup{}, "auth logout no\x1bpe"},
		{"check broken auth.json", setup{auth: `{"openai": `}, "auth check --provider openai --json"},
		{"api key broken auth.json", setup{auth: `{"openai": `}, "auth print-api-key --provider openai"},
		{"logout broken auth.json", setup{auth: `{"openai": `}, "auth logout openai"},
		{"api key auth.json not an object", setup{auth: `[1]`}, "auth print-api-key --provider openai"},
		{"check auth.json not an object", setup{auth: `[1]`, env: []string{"OPENAI_API_KEY=sk-env"}}, "auth check --provider openai --json"},
		{"logout auth.json not an object", setup{auth: `[1]`}, "auth logout openai"},
		{"login usage", setup{}, "auth login"},
		{"login unknown", setup{}, "auth login nope"},
		{"login no terminal", setup{}, "auth login anthropic --api-key"},
		{"login api key and no browser", setup{}, "auth login openai --api-key --no-browser"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				if c.auth != "" {
					must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(c.auth), 0o600))
				}
				if c.models != "" {
					must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(c.models), 0o600))
				}
				env := append([]string{"KIMI_CODE_OAUTH_HOST=" + kimi.URL}, c.env...)
				got := runCLIEnv(argv, dir, env, strings.Fields(c.args)...)
				data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
				out[side] = got + "\n## auth.json\n" + authShape(string(data))
			}
			if pigo := piNamed(out["pigo"]); pigo != out["pi"] {
				t.Errorf("pi:\n%s\npigo:\n%s", out["pi"], pigo)
			}
		})
	}
}

// piNamed is a pigo transcript with pi's name where pigo says its own.
func piNamed(s string) string {
	return regexp.MustCompile(`\bpigo\b`).ReplaceAllString(s, "pi")
}

// authShape masks auth.json's expiry times, which each side computes from
// its own clock.
func authShape(s string) string {
	return regexp.MustCompile(`"expires": ?\d+`).ReplaceAllString(s, `"expires": N`)
}

// TestTUIDifferentialAuthLogin16 runs `auth login` in a terminal through
// pi 1.6 and pigo: an API key typed without echo (backspace deleting, an
// escape sequence ignored) and saved, Ctrl+C at the key cancelling, and
// Kimi Code's device login against a local endpoint
// (KIMI_CODE_OAUTH_HOST) with --no-browser. Screens and auth.json match.
func TestTUIDifferentialAuthLogin16(t *testing.T) {
	node, cli := pi16Command(t)
	kimi := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/oauth/device_authorization":
			fmt.Fprint(w, `{"device_code":"kd-1","user_code":"KIMI-42","verification_uri":"https://www.kimi.com/device","verification_uri_complete":"https://www.kimi.com/device?code=KIMI-42","interval":1,"expires_in":900}`)
		default:
			fmt.Fprint(w, `{"access_token":"ka-1","refresh_token":"kr-1","expires_in":3600,"token_type":"Bearer"}`)
		}
	}))
	t.Cleanup(kimi.Close)
	paths := regexp.MustCompile(`/tmp/\S*?/agent/auth\.json`)
	// OpenRouter's and Anthropic's sign-in URLs and callbacks carry a
	// random port, path, state and PKCE challenge.
	urls := regexp.MustCompile(`https://openrouter\.ai/auth\?callback_url=\S*?code_challenge_method=S256|http://127\.0\.0\.1:\d+/oauth/callback/[0-9a-f-]{36}|https://claude\.ai/oauth/authorize\?\S*?state=[A-Za-z0-9_-]{43}`)
	// Each run is a dialogue: what to wait for on the screen, then what to
	// type, in turn (a last text is waited for).
	runs := []struct {
		name     string
		args     []string
		dialogue []string
	}{
		{"api key", []string{"auth", "login", "OpenAI", "--api-key"}, []string{"Enter OpenAI API key:", "sk-x\x7ftyped\r"}},
		{"cancelled", []string{"auth", "login", "groq"}, []string{"Enter Groq API key:", "a\x03"}},
		{"empty key", []string{"auth", "login", "groq"}, []string{"Enter Groq API key:", "\r"}},
		{"bedrock profile", []string{"auth", "login", "amazon-bedrock"}, []string{"Select 1-3:", "7\r", "Enter a number from 1 to 3.", "2\r", "Enter AWS profile name:", "dev\r"}},
		{"bedrock chain", []string{"auth", "login", "amazon-bedrock"}, []string{"Select 1-3:", "3\r", "press Enter to continue:", "\r"}},
		{"vertex service account", []string{"auth", "login", "google-vertex"}, []string{"Select 1-3:", "3\r", "project ID:", "p\r", "location:", "l\r", "file path:", "/k.json\r"}},
		{"cloudflare gateway", []string{"auth", "login", "cloudflare-ai-gateway"}, []string{"Enter Cloudflare API key:", "cf\r", "account ID:", "ac\r", "Gateway ID:", "gw\r"}},
		{"browser cancelled", []string{"auth", "login", "openrouter", "--no-browser"}, []string{"paste the authorization code / redirect URL here", "\x03"}},
		{"anthropic copy code cancelled", []string{"auth", "login", "anthropic", "--no-browser"}, []string{"(code#state):", "\x03"}},
		{"device", []string{"auth", "login", "kimi-coding", "--no-browser"}, []string{"Credentials saved"}},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			auth := map[string]string{}
			var mu sync.Mutex
			screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
				var agent string
				tt := startPTYFull(t, func(_, agentDir string) { agent = agentDir }, side, []string{"KIMI_CODE_OAUTH_HOST=" + kimi.URL}, nil, r.args...)
				for i, text := range r.dialogue {
					if i%2 == 0 {
						tt.waitFor(text)
					} else {
						tt.keys(strings.Split(text, "")...)
					}
				}
				code := tt.exit()
				// The last lines written may still be on their way from
				// the pty: read the screen once it stops changing.
				screen := tt.screen()
				for i := 0; i < 50; i++ {
					time.Sleep(100 * time.Millisecond)
					next := tt.screen()
					if next == screen {
						break
					}
					screen = next
				}
				add(fmt.Sprintf("%s\n## exit %d", strings.TrimRight(screen, "\n"), code))
				data, _ := os.ReadFile(filepath.Join(agent, "auth.json"))
				mu.Lock()
				auth[name] = authShape(string(data))
				mu.Unlock()
			})
			compareScreens(t, screens, func(s string) string {
				return urls.ReplaceAllString(paths.ReplaceAllString(strings.ReplaceAll(piNamed(s), "\n", ""), "<agent>/auth.json"), "<url>")
			})
			if auth["pi"] != auth["pigo"] {
				t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", auth["pi"], auth["pigo"])
			}
		})
	}
}

// TestAuthCommandTimesOut: a token refresh that never answers fails
// print-bearer-token when pi's 15 s are up (shortened here), and leaves
// auth.json as it was.
func TestAuthCommandTimesOut(t *testing.T) {
	hang, asked := make(chan struct{}), make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- struct{}{}
		<-hang
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(hang) })
	defer func(d time.Duration) { authTimeout = d }(authTimeout)
	authTimeout = 300 * time.Millisecond
	dir := t.TempDir()
	stale := `{"kimi-coding": {"type": "oauth", "access": "kimi-old", "refresh": "kr-1", "expires": 1}}`
	must(t, os.WriteFile(filepath.Join(dir, "auth.json"), []byte(stale), 0o600))
	var stdout, stderr strings.Builder
	env := []string{"PI_CODING_AGENT_DIR=" + dir, "KIMI_CODE_OAUTH_HOST=" + srv.URL}
	io := &IO{Stdout: &stdout, Stderr: &stderr, Cwd: dir, Environ: env, Getenv: func(k string) string {
		for _, kv := range env {
			if name, v, _ := strings.Cut(kv, "="); name == k {
				return v
			}
		}
		return ""
	}}
	code := runAuth(context.Background(), []string{"print-bearer-token", "--provider", "kimi-coding"}, io)
	if code != ExitFailure || stdout.String() != "" || stderr.String() != "Error: Failed to resolve credential\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	select {
	case <-asked:
	default:
		t.Error("the refresh never reached the token endpoint")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "auth.json")); string(data) != stale {
		t.Errorf("auth.json changed: %s", data)
	}
}
