package provider_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestOAuthPagesMatchPiAI: the callback pages are pi-ai 1.6's
// oauthSuccessHtml and oauthErrorHtml, byte for byte, escaping included.
func TestOAuthPagesMatchPiAI(t *testing.T) {
	dir := piModules(t)
	page := filepath.Join(dir, "@earendil-works", "pi-ai", "dist", "utils", "oauth-page.js")
	cases := [][2]string{
		{"Signed in to Anthropic. You may now close this page.", ""},
		{`Tom & "Jerry" <b>'s</b>`, ""},
		{"Anthropic authorization failed.", "access_denied: the user said <no> & 'left'"},
	}
	driver := `import { readFileSync } from "node:fs";
const { oauthSuccessHtml, oauthErrorHtml } = await import(` + jsString(page) + `);
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(cases.flatMap(([m, d]) => [oauthSuccessHtml(m), oauthErrorHtml(m, d || undefined)])));`
	var want []string
	if err := json.Unmarshal(runNode(t, driver, cases), &want); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		if got := provider.OAuthSuccessHTML(c[0]); got != want[2*i] {
			t.Errorf("success page for %q:\n%s\npi-ai's:\n%s", c[0], got, want[2*i])
		}
		if got := provider.OAuthErrorHTML(c[0], c[1]); got != want[2*i+1] {
			t.Errorf("error page for %q, %q:\n%s\npi-ai's:\n%s", c[0], c[1], got, want[2*i+1])
		}
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
