package provider_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// scriptedAsker answers a login's questions from a script and records
// them.
type scriptedAsker struct {
	answers []string
	asked   []string
}

func (a *scriptedAsker) next(kind, message string) (string, error) {
	a.asked = append(a.asked, kind+" "+message)
	if len(a.answers) == 0 {
		return "", errors.New("Login cancelled")
	}
	v := a.answers[0]
	a.answers = a.answers[1:]
	return v, nil
}

func (a *scriptedAsker) Select(_ context.Context, message string, options []string) (int, error) {
	v, err := a.next("select", message+" "+strings.Join(options, "|"))
	return int(v[0] - '0'), err
}
func (a *scriptedAsker) Secret(_ context.Context, m string) (string, error) {
	return a.next("secret", m)
}
func (a *scriptedAsker) Text(_ context.Context, m string) (string, error) { return a.next("text", m) }
func (a *scriptedAsker) Info(m string, links []provider.LoginLink) {
	a.asked = append(a.asked, "info "+m+" "+links[0].URL)
}

// TestAPIKeyLogins: pi-ai 1.6's API key logins ask their questions in
// order and store what pi stores (auth.json compared as written); a
// cancelled question stores nothing.
func TestAPIKeyLogins(t *testing.T) {
	for _, c := range []struct {
		provider string
		answers  []string
		asks     int
		want     string
	}{
		{"groq", []string{"gsk"}, 1, `{"type": "api_key", "key": "gsk"}`},
		{"groq", []string{""}, 1, `{"type": "api_key", "key": ""}`},
		{"amazon-bedrock", []string{"0", "tok"}, 2, `{"type": "api_key", "key": "tok"}`},
		{"amazon-bedrock", []string{"1", "dev"}, 3, `{"type": "api_key", "env": {"AWS_PROFILE": "dev"}}`},
		{"amazon-bedrock", []string{"2", ""}, 3, `{"type": "api_key"}`},
		{"google-vertex", []string{"1", "p", "l"}, 4, `{"type": "api_key", "env": {"GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l"}}`},
		{"google-vertex", []string{"2", "p", "l", "/k.json"}, 5, `{"type": "api_key", "env": {"GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "l", "GOOGLE_APPLICATION_CREDENTIALS": "/k.json"}}`},
		{"cloudflare-ai-gateway", []string{"k", "acc", "gw"}, 3, `{"type": "api_key", "key": "k", "env": {"CLOUDFLARE_ACCOUNT_ID": "acc", "CLOUDFLARE_GATEWAY_ID": "gw"}}`},
		{"cloudflare-workers-ai", []string{"k"}, 2, ""}, // cancelled at the account id
	} {
		t.Run(c.provider+" "+strings.Join(c.answers, ","), func(t *testing.T) {
			dir := t.TempDir()
			info, _ := provider.LookupProviderInfo(c.provider)
			a := &scriptedAsker{answers: c.answers}
			cred, err := provider.APIKeyLogin(context.Background(), info, a)
			if len(a.asked) != c.asks {
				t.Errorf("asked %q", a.asked)
			}
			if c.want == "" {
				if err == nil {
					t.Fatal("a cancelled login succeeded")
				}
				return
			}
			must(t, err)
			must(t, provider.SaveAPIKeyCredential(context.Background(), dir, c.provider, cred))
			data, err := os.ReadFile(filepath.Join(dir, "auth.json"))
			must(t, err)
			if got := strings.Join(strings.Fields(string(data)), " "); got != `{ "`+c.provider+`": `+spaced(c.want)+` }` {
				t.Errorf("auth.json %s, want %s", got, c.want)
			}
		})
	}
	a := &scriptedAsker{answers: []string{"1", "dev"}}
	info, _ := provider.LookupProviderInfo("amazon-bedrock")
	_, _ = provider.APIKeyLogin(context.Background(), info, a)
	if a.asked[0] != "select Select Amazon Bedrock authentication method: Bearer token|AWS profile|Existing AWS credential chain" ||
		!strings.HasPrefix(a.asked[1], "info Amazon Bedrock supports AWS profiles") || a.asked[2] != "text Enter AWS profile name" {
		t.Errorf("Bedrock's questions: %q", a.asked)
	}
}

// spaced is compact JSON as the indented file reads with its space runs
// collapsed.
func spaced(s string) string {
	return strings.NewReplacer("{", "{ ", "}", " }", ", ", ", ").Replace(s)
}
