package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

// pi 1.6's credential commands (`pi auth`): login and logout change
// auth.json from the shell; check, print-api-key and print-bearer-token
// tell external clients whether a provider is ready and hand them its
// credential. Texts, streams and exit statuses are pi's, byte for byte
// (TestDifferentialAuth16 runs both).

// authHelp is pi 1.6's printAuthCommandHelp, with pigo's name.
const authHelp = `Usage:
  pigo auth login <provider> [--api-key] [--no-browser]
  pigo auth logout <provider>
  pigo auth print-api-key [--provider <provider>] [--model <model>]
  pigo auth print-bearer-token [--provider <provider>] [--model <model>] [--min-expiry <duration>]
  pigo auth check [--provider <provider>] [--model <model>] [--json] [--credentials] [--no-refresh]

Log in to and out of model providers, print their credentials for external clients, or check that they are ready.
Credentials are stored in ~/.pi/agent/auth.json.

Commands:
  login <provider>        Sign in with an account in the browser, or save an API key, then exit
  logout <provider>       Remove the stored credentials; environment variables and models.json stay
  print-api-key           Print the resolved API key
  print-bearer-token      Print a resolved OAuth bearer token (refreshes if expired)
  check                   Print ready, not_ready, or invalid; exit with 0, 1, or 2

Options for print-api-key, print-bearer-token, and check (at least one is required):
  --provider <provider>   Resolve credentials for a provider
  --model <model>         Resolve credentials from a model

Options for login:
  --api-key               Save an API key instead of signing in with an account
  --no-browser            Do not open a browser; use another sign-in method, e.g. device code

Other options:
  --min-expiry <duration> Minimum remaining token lifetime for print-bearer-token, e.g. 30m or 1h
  --json                  Print the check result as JSON
  --credentials           Emit the credential from check, or include it in JSON output
  --no-refresh            Do not refresh expired OAuth credentials during check
`

// authKind is the credential command asked for.
type authKind string

const (
	authCheck  authKind = "check"
	authAPIKey authKind = "print-api-key"
	authBearer authKind = "print-bearer-token"
)

// usage is pi's AUTH_COMMAND_USAGE line of the command.
func (k authKind) usage() string {
	switch k {
	case authCheck:
		return "pigo auth check --provider <provider> [--json] [--credentials] [--no-refresh]"
	case authAPIKey:
		return "pigo auth print-api-key --provider <provider> [--model <model>]"
	}
	return "pigo auth print-bearer-token --provider <provider> [--model <model>] [--min-expiry <duration>]"
}

// authTimeout is how long pi lets a credential command resolve.
var authTimeout = 15 * time.Second

// defaultBearerValidity is pi's DEFAULT_BEARER_TOKEN_MIN_EXPIRY_MS.
const defaultBearerValidity = 30 * time.Minute

// authCommand is a parsed check or print command (pi's parseAuthCommand).
type authCommand struct {
	kind                       authKind
	args                       []string
	json, credentials, refresh bool
	minExpiry                  *time.Duration // nil: not given
}

// authError is pi's AuthCommandError: its message is shown as is.
type authError string

func (e authError) Error() string { return string(e) }

var minExpiryPattern = regexp.MustCompile(`(?i)^(\d+)(ms|s|m|h)$`)

func parseAuthCommand(args []string) (authCommand, error) {
	c := authCommand{kind: authKind(args[0]), refresh: true}
	if c.kind != authCheck && c.kind != authAPIKey && c.kind != authBearer {
		return c, authError(fmt.Sprintf(`Unknown auth command %q. Use "pigo auth login", "pigo auth logout", "pigo auth print-api-key", "pigo auth print-bearer-token", or "pigo auth check".`, args[0]))
	}
	for i := 1; i < len(args); i++ {
		switch a := args[i]; a {
		case "--min-expiry":
			if c.kind != authBearer {
				return c, authError("--min-expiry is only supported by print-bearer-token")
			}
			var m []string
			if i+1 < len(args) {
				i++
				m = minExpiryPattern.FindStringSubmatch(args[i])
			}
			if m == nil {
				return c, authError("--min-expiry must use a duration such as 30m or 1h")
			}
			n, _ := strconv.ParseInt(m[1], 10, 64)
			unit := map[string]time.Duration{"ms": time.Millisecond, "s": time.Second, "m": time.Minute, "h": time.Hour}[strings.ToLower(m[2])]
			d := time.Duration(n) * unit
			c.minExpiry = &d
		case "--json", "--credentials", "--no-refresh":
			if c.kind != authCheck {
				return c, authError(a + " is only supported by auth check")
			}
			c.json = c.json || a == "--json"
			c.credentials = c.credentials || a == "--credentials"
			c.refresh = c.refresh && a != "--no-refresh"
		default:
			c.args = append(c.args, a)
		}
	}
	return c, nil
}

// validate is pi's validateAuthCommandArgs.
func (c authCommand) validate(a agentsession.AuthArgs) error {
	if a.Other {
		return authError("Auth commands only accept --provider and --model")
	}
	if a.Provider == "" && a.Model == "" {
		if c.kind == authCheck {
			return authError("Auth checks require --provider <provider> or --model <model>")
		}
		return authError("Credential printing requires --provider <provider> or --model <model>")
	}
	return nil
}

// runAuth is `pigo auth`.
func runAuth(ctx context.Context, args []string, io *IO) ExitCode {
	if len(args) == 0 || args[0] == "help" || slices.Contains(args, "--help") || slices.Contains(args, "-h") {
		fmt.Fprint(io.Stdout, authHelp)
		return ExitOK
	}
	offline := func(a string) bool { return a == "--offline" }
	// pi opens its credential store (creating auth.json) before it reads
	// a login's or logout's arguments, and after a check's or print's.
	ensure := func() { _ = provider.EnsureAuthFile(agentsession.AgentDir(io)) }
	switch args[0] {
	case "login":
		ensure()
		return runAuthLogin(ctx, slices.DeleteFunc(slices.Clone(args[1:]), offline), io)
	case "logout":
		ensure()
		return runAuthLogout(ctx, slices.DeleteFunc(slices.Clone(args[1:]), offline), io)
	}
	c, err := parseAuthCommand(args)
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	a := agentsession.ParseAuthArgs(c.args)
	if a.Unknown != "" {
		fmt.Fprintf(io.Stderr, "Unknown option --%s for \"auth %s\".\nUse \"pigo --help\" or %q.\n", a.Unknown, c.kind, c.kind.usage())
		return ExitFailure
	}
	failed := ExitFailure
	if c.kind == authCheck {
		failed = ExitUsage
	}
	if len(a.Diagnostics) > 0 {
		err = authError(strings.Join(a.Diagnostics, "\n"))
	} else {
		err = c.validate(a)
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return failed
	}
	if c.kind != authCheck || c.refresh {
		ensure()
	}
	// pi bounds these commands by 15 s (AbortSignal.timeout): a refresh
	// that hangs fails them.
	ctx, cancel := context.WithTimeout(ctx, authTimeout)
	defer cancel()
	reg := authRegistry(io)
	if c.kind == authCheck {
		return c.check(ctx, reg, a, io)
	}
	value, err := c.print(ctx, reg, a, io)
	if err != nil {
		if _, ok := err.(authError); !ok {
			err = authError("Failed to resolve credential")
		}
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return failed
	}
	fmt.Fprintln(io.Stdout, value)
	return ExitOK
}

// authRegistry is the model registry the credential commands resolve
// with: auth.json and models.json of the agent directory, and the
// environment.
func authRegistry(io *IO) *provider.Registry {
	env := io.EnvMap()
	return provider.NewRegistry(provider.RegistryOptions{AgentDir: agentsession.AgentDir(io), Env: env, HTTPClient: provider.NewHTTPClient(env)})
}

// knownProvider is pi's getProvider: a built-in provider, or one
// models.json or the catalog defines.
func knownProvider(reg *provider.Registry, id string) bool {
	if _, ok := provider.LookupProviderInfo(id); ok {
		return true
	}
	return slices.Contains(reg.Providers(), id)
}

// authProviders are pi's getProviders: the built-in providers in pi-ai's
// order, then the others the registry knows.
func authProviders(reg *provider.Registry) []provider.ProviderInfo {
	out := provider.BuiltinProviderInfo()
	for _, id := range reg.Providers() {
		if !slices.ContainsFunc(out, func(p provider.ProviderInfo) bool { return p.ID == id }) {
			info, _ := provider.LookupProviderInfo(id)
			out = append(out, info)
		}
	}
	return out
}

// checkResult is pi's auth check result, in its key order.
type checkResult struct {
	Status      string `json:"status"`
	Provider    string `json:"provider"`
	AuthType    string `json:"authType,omitempty"`
	Reason      string `json:"reason,omitempty"`
	Credentials string `json:"credentials,omitempty"`
}

// check is pi 1.6's `auth check` (checkProviderAuth): ready (0),
// not_ready (1) or invalid (2).
func (c authCommand) check(ctx context.Context, reg *provider.Registry, a agentsession.AuthArgs, io *IO) ExitCode {
	r := c.checkProvider(ctx, reg, a)
	if c.credentials && r.Status == "ready" {
		var cred string
		var err error
		if access := reg.StoredOAuthAccess(r.Provider); !c.refresh && access != "" {
			cred = access
		} else {
			cred, err = reg.Credential(ctx, &provider.Model{Provider: r.Provider})
		}
		switch {
		case err != nil:
			r = checkResult{Status: "invalid", Provider: cmp.Or(a.Provider, a.Model), Reason: "invalid_state"}
		case cred == "":
			r = checkResult{Status: "not_ready", Provider: r.Provider, Reason: "credential_not_available"}
		default:
			r.Credentials = cred
		}
	}
	switch {
	case c.json:
		data, _ := json.Marshal(r)
		fmt.Fprintf(io.Stdout, "%s\n", data)
	case r.Credentials != "":
		fmt.Fprintln(io.Stdout, r.Credentials)
	default:
		fmt.Fprintln(io.Stdout, r.Status)
	}
	switch r.Status {
	case "ready":
		return ExitOK
	case "not_ready":
		return ExitFailure
	}
	return ExitUsage
}

func (c authCommand) checkProvider(ctx context.Context, reg *provider.Registry, a agentsession.AuthArgs) checkResult {
	invalid := checkResult{Status: "invalid", Provider: cmp.Or(a.Provider, a.Model), Reason: "invalid_state"}
	p := a.Provider
	if a.Model != "" {
		// pi's check runtime has no provider marked as authenticated, so
		// credentials do not settle an ambiguous reference.
		res, err := reg.ResolveModel(a.Provider, a.Model, provider.ResolveOptions{InlineAPIKey: true})
		if err != nil {
			return invalid
		}
		p = res.Model.Provider
	}
	if len(reg.Problems()) > 0 {
		return checkResult{Status: "invalid", Provider: p, Reason: "invalid_state"}
	}
	if !knownProvider(reg, p) {
		return checkResult{Status: "not_ready", Provider: p, Reason: "provider_not_found"}
	}
	authType, err := reg.CheckAuth(ctx, p)
	if err != nil {
		return invalid
	}
	if authType == "" {
		return checkResult{Status: "not_ready", Provider: p, Reason: "credentials_not_configured"}
	}
	if c.refresh {
		cred, err := reg.Credential(ctx, &provider.Model{Provider: p})
		if err != nil {
			return invalid
		}
		if cred == "" && authType == "oauth" {
			return checkResult{Status: "not_ready", Provider: p, Reason: "credentials_not_configured"}
		}
	}
	return checkResult{Status: "ready", Provider: p, AuthType: authType}
}

// print is pi 1.6's resolveCredentialForPrint: the one credential of the
// kind asked for that the provider, or the model, resolves to.
func (c authCommand) print(ctx context.Context, reg *provider.Registry, a agentsession.AuthArgs, io *IO) (string, error) {
	stored, err := provider.StoredCredentials(agentsession.AgentDir(io))
	if err != nil {
		return "", err
	}
	storedType := map[string]string{}
	for _, s := range stored {
		storedType[s.Provider] = s.Type
	}
	type candidate struct {
		id    string
		model *provider.Model
	}
	var candidates []candidate
	if a.Provider != "" {
		if !knownProvider(reg, a.Provider) {
			return "", authError(fmt.Sprintf("Unknown provider %q. Use --list-models to see available providers.", a.Provider))
		}
		cand := candidate{id: a.Provider, model: &provider.Model{Provider: a.Provider}}
		if a.Model != "" {
			res, err := reg.ResolveModel(a.Provider, a.Model, provider.ResolveOptions{})
			if err != nil {
				return "", authError(err.Error())
			}
			cand.model = res.Model
		}
		candidates = append(candidates, cand)
	} else {
		for _, p := range authProviders(reg) {
			if _, ok := storedType[p.ID]; !ok {
				continue
			}
			if m, ok := reg.MatchModel(p.ID, a.Model); ok {
				candidates = append(candidates, candidate{p.ID, m})
			}
		}
		if len(candidates) == 0 {
			return "", authError(fmt.Sprintf("Model %q not found. Use --list-models to see available models.", a.Model))
		}
	}
	if c.kind == authBearer {
		d := defaultBearerValidity
		if c.minExpiry != nil {
			d = *c.minExpiry
		}
		ctx = provider.WithOAuthMinValidity(ctx, d)
	}
	type found struct{ id, value string }
	var creds []found
	for _, cand := range candidates {
		oauth := storedType[cand.id] == "oauth"
		if (c.kind == authAPIKey && oauth) || (c.kind == authBearer && !oauth) {
			continue
		}
		v, err := reg.Credential(ctx, cand.model)
		if err != nil {
			return "", err
		}
		if v != "" {
			creds = append(creds, found{cand.id, v})
		}
	}
	switch len(creds) {
	case 1:
		return creds[0].value, nil
	case 0:
		first := candidates[0].id
		oauth := storedType[first] == "oauth"
		if a.Provider != "" && c.kind == authAPIKey && oauth {
			return "", authError(fmt.Sprintf("Provider %q is configured with OAuth, not an API key", first))
		}
		if a.Provider != "" && c.kind == authBearer && !oauth {
			return "", authError(fmt.Sprintf("Provider %q is not configured with an OAuth bearer token", first))
		}
		what := "API key"
		if c.kind == authBearer {
			what = "OAuth bearer token"
		}
		return "", authError(fmt.Sprintf("No usable %s is configured", what))
	}
	ids := make([]string, len(creds))
	for i, f := range creds {
		ids[i] = f.id
	}
	return "", authError(fmt.Sprintf("Multiple configured providers matched (%s). Specify --provider.", strings.Join(ids, ", ")))
}

// controlChars is pi-tui's CONTROL_CHARACTERS: a provider name echoed
// back has them replaced by a space.
var controlChars = regexp.MustCompile("[\u0000-\u001f\u007f-\u009f]+")

// matchProvider is pi's findMatchingProviders: the first provider whose
// id or name is ref, ignoring case and surrounding space.
func matchProvider(providers []provider.ProviderInfo, ref string) (provider.ProviderInfo, bool) {
	ref = strings.TrimSpace(ref)
	for _, p := range providers {
		if ref != "" && (strings.EqualFold(p.ID, ref) || strings.EqualFold(p.Name, ref)) {
			return p, true
		}
	}
	return provider.ProviderInfo{}, false
}

// runAuthLogout is pi 1.6's `pi auth logout <provider>`: it removes the
// credential /login or `auth login` stored; the environment and
// models.json stay. Nothing stored is no error, so it can be repeated.
func runAuthLogout(ctx context.Context, args []string, io *IO) ExitCode {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(io.Stderr, "Usage: pigo auth logout <provider>")
		return ExitFailure
	}
	ctx, cancel := context.WithTimeout(ctx, authTimeout)
	defer cancel()
	ref, agentDir := args[0], agentsession.AgentDir(io)
	stored, err := provider.StoredCredentials(agentDir)
	if err != nil {
		fmt.Fprintf(io.Stderr, "Could not read stored credentials: %v\n", err)
		return ExitFailure
	}
	p, known := matchProvider(authProviders(authRegistry(io)), ref)
	id, name := ref, ref
	if known {
		id, name = p.ID, p.Name
	}
	i := slices.IndexFunc(stored, func(c provider.StoredCredential) bool { return c.Provider == id })
	if !known && i < 0 {
		ids := make([]string, len(stored))
		for i, c := range stored {
			ids[i] = c.Provider
		}
		fmt.Fprintf(io.Stderr, "Unknown provider %q.\nStored credentials: %s\n", controlChars.ReplaceAllString(ref, " "), cmp.Or(strings.Join(ids, ", "), "none"))
		return ExitFailure
	}
	if i < 0 {
		fmt.Fprintf(io.Stdout, "No stored credentials for %s. Environment variables and models.json config are unchanged.\n", name)
		return ExitOK
	}
	if err := provider.RemoveCredential(ctx, agentDir, id); err != nil {
		fmt.Fprintf(io.Stderr, "Logout failed: %v\n", err)
		return ExitFailure
	}
	if stored[i].Type == "oauth" {
		fmt.Fprintf(io.Stdout, "Logged out of %s.\n", name)
	} else {
		fmt.Fprintf(io.Stdout, "Removed stored API key for %s. Environment variables and models.json config are unchanged.\n", name)
	}
	return ExitOK
}
