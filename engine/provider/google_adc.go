package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"cloud.google.com/go/compute/metadata"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/google"
)

// Google Application Default Credentials, as google-auth-library finds
// them for pi-ai's Vertex provider: the JSON file GOOGLE_APPLICATION_
// CREDENTIALS names, else gcloud's application_default_credentials.json
// under $HOME/.config/gcloud, else the GCE metadata server. The lookup
// reads env, not the process environment (x/oauth2's FindDefault-
// Credentials would), so that an agent's own environment map decides.

// googleCloudPlatformScope is the scope @google/genai asks for.
const googleCloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"

// googleNoADCText is google-auth-library's error when no credentials are
// found, which pi-ai reports as the message's error.
const googleNoADCText = "Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information."

// googleADCFile is the credentials file ADC would read from env, and
// whether it came from GOOGLE_APPLICATION_CREDENTIALS (a missing file
// there is an error; a missing gcloud file is not).
func googleADCFile(env map[string]string) (path string, explicit bool) {
	if p := env["GOOGLE_APPLICATION_CREDENTIALS"]; p != "" {
		return p, true
	}
	if home := env["HOME"]; home != "" {
		return filepath.Join(home, ".config", "gcloud", "application_default_credentials.json"), false
	}
	return "", false
}

// hasGoogleADCFile is pi-ai's hasVertexAdcCredentials: the credentials
// file exists. The metadata server does not count.
func hasGoogleADCFile(env map[string]string) bool {
	path, _ := googleADCFile(env)
	if path == "" {
		return false
	}
	_, err := os.Stat(path)
	return err == nil
}

// adcTokenSources caches a token source per credentials file content and
// HTTP client, so that a token is reused until it expires rather than
// exchanged for every request.
var adcTokenSources sync.Map // adcSourceKey -> oauth2.TokenSource

type adcSourceKey struct {
	json   string
	client *http.Client
}

// googleADCHeaders are the headers google-auth-library adds to a request:
// the bearer token and, when the credentials name a quota project,
// x-goog-user-project.
func googleADCHeaders(ctx context.Context, env map[string]string, client *http.Client) (map[string]string, error) {
	ts, quotaProject, err := googleADCTokenSource(env, client)
	if err != nil {
		return nil, err
	}
	tok, err := ts.Token()
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, errors.New("Request aborted")
	}
	h := map[string]string{"Authorization": tok.Type() + " " + tok.AccessToken}
	if quotaProject != "" {
		h["x-goog-user-project"] = quotaProject
	}
	return h, nil
}

func googleADCTokenSource(env map[string]string, client *http.Client) (oauth2.TokenSource, string, error) {
	path, explicit := googleADCFile(env)
	var data []byte
	if path != "" {
		b, err := os.ReadFile(path)
		switch {
		case err == nil:
			data = b
		case explicit && errors.Is(err, fs.ErrNotExist):
			// Node's text for the failed open, as pi reports it.
			return nil, "", fmt.Errorf("ENOENT: no such file or directory, open '%s'", path)
		case explicit:
			return nil, "", err
		}
	}
	if data == nil {
		if !metadata.OnGCE() {
			return nil, "", errors.New(googleNoADCText)
		}
		return computeTokenSource(), "", nil
	}
	var head struct {
		Type         string `json:"type"`
		QuotaProject string `json:"quota_project_id"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	key := adcSourceKey{json: string(data), client: client}
	if ts, ok := adcTokenSources.Load(key); ok {
		return ts.(oauth2.TokenSource), head.QuotaProject, nil
	}
	// The token exchange goes through the request's client (its proxy and
	// TLS settings); a background context because the source outlives
	// this request.
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, client)
	// The type is the file's own: ADC takes whatever kind of credentials
	// the user configured.
	creds, err := google.CredentialsFromJSONWithTypeAndParams(ctx, data, google.CredentialsType(head.Type),
		google.CredentialsParams{Scopes: []string{googleCloudPlatformScope}})
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	ts, _ := adcTokenSources.LoadOrStore(key, creds.TokenSource)
	return ts.(oauth2.TokenSource), head.QuotaProject, nil
}

// computeTokenSource is the metadata server's token for the instance's
// default service account, one per process.
var computeTokenSource = sync.OnceValue(func() oauth2.TokenSource {
	return google.ComputeTokenSource("", googleCloudPlatformScope)
})
