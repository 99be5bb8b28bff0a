package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// AuthCredential is one entry of <agentDir>/auth.json.
type AuthCredential struct {
	// Type is "api_key" or "oauth".
	Type string
	// Key is the api_key value: a literal, an environment variable name or
	// "!command", resolved like models.json's apiKey (commands run once and
	// are cached for the registry's lifetime, as in pi). It may be empty: pi
	// 1.6's /login stores a Bedrock profile or Vertex project as Env only,
	// and a chosen ambient credential chain as {"type": "api_key"}.
	Key string
	// Env overlays the environment of this provider's requests and of its
	// key's resolution (pi-ai 1.6 credential.env: AWS_PROFILE,
	// GOOGLE_CLOUD_PROJECT, ...).
	Env map[string]string
	// OAuth is the login of an "oauth" entry.
	OAuth *OAuthCredential
}

// ParseAuthJSON parses auth.json: {"<provider>": {"type": "api_key", "key"?:
// "...", "env"?: {...}} | {"type": "oauth", "access": ..., "refresh": ..., "expires": ...,
// ...}}. Entries that cannot be used are reported and skipped; OAuth entries
// are read leniently, as pi does (see [OAuthCredential]).
func ParseAuthJSON(data []byte, file string) (map[string]AuthCredential, []error) {
	var raw map[string]json.RawMessage
	if len(bytes.TrimSpace(data)) == 0 {
		return map[string]AuthCredential{}, nil
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			// Valid JSON that is not an object: pi looks its providers
			// up in it and finds none.
			return map[string]AuthCredential{}, nil
		}
		return nil, []error{&ConfigError{File: file, Message: "Failed to parse auth.json: " + err.Error()}}
	}
	out := map[string]AuthCredential{}
	var errs []error
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		var e struct {
			Type string          `json:"type"`
			Key  json.RawMessage `json:"key"`
			Env  json.RawMessage `json:"env"`
		}
		if err := json.Unmarshal(raw[name], &e); err != nil {
			errs = append(errs, &ConfigError{File: file, Path: name, Message: "Expected object"})
			continue
		}
		switch e.Type {
		case "api_key":
			// pi 1.6's shape: key and env optional, env's values strings.
			var key string
			if len(e.Key) > 0 && json.Unmarshal(e.Key, &key) != nil {
				errs = append(errs, &ConfigError{File: file, Path: name + ".key", Message: "Expected string"})
				continue
			}
			var env map[string]string
			if len(e.Env) > 0 && (json.Unmarshal(e.Env, &env) != nil || env == nil) {
				errs = append(errs, &ConfigError{File: file, Path: name + ".env", Message: "Expected object of strings"})
				continue
			}
			if len(env) == 0 {
				env = nil
			}
			out[name] = AuthCredential{Type: "api_key", Key: key, Env: env}
		case "oauth":
			out[name] = AuthCredential{Type: "oauth", OAuth: parseOAuthCredential(raw[name])}
		default:
			errs = append(errs, &ConfigError{File: file, Path: name + ".type", Message: fmt.Sprintf("unknown credential type %q", e.Type)})
		}
	}
	return out, errs
}

// CommandRunner runs a "!command" config value and returns its stdout.
type CommandRunner func(ctx context.Context, command string) (string, error)

// ShellRunner returns the default [CommandRunner]: `sh -c command` with the
// given environment (KEY=VALUE from env only), stderr discarded and a 10 s
// timeout, as pi's execSync.
func ShellRunner(env map[string]string) CommandRunner {
	vars := make([]string, 0, len(env))
	for k, v := range env {
		vars = append(vars, k+"="+v)
	}
	sort.Strings(vars)
	return func(ctx context.Context, command string) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, "sh", "-c", command)
		cmd.Env = vars
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("run %q: %w", command, err)
		}
		return string(out), nil
	}
}

// resolveConfigValue is pi's resolveConfigValue: "!cmd" runs cmd (trimmed
// stdout, empty = unresolved). pi 1.6 interpolates "$NAME" and "${NAME}"
// (unresolved when a variable is unset; "$$" and "$!" are a literal "$"
// and "!"); a value without "$" keeps 0.73.1's meaning, an environment
// variable's name if one is set, else the literal value, so providers
// written for 0.73.1 still find their keys.
func resolveConfigValue(ctx context.Context, value string, env map[string]string, run CommandRunner) (string, bool) {
	if cmd, ok := strings.CutPrefix(value, "!"); ok {
		out, err := run(ctx, cmd)
		if err != nil {
			return "", false
		}
		out = strings.TrimSpace(out)
		return out, out != ""
	}
	if strings.Contains(value, "$") {
		return interpolateEnv(value, env)
	}
	if v := env[value]; v != "" {
		return v, true
	}
	return value, true
}

// configValueConfigured is pi 1.6's check of a configured API key: a
// command counts as configured without running it, a "$NAME" or
// "${NAME}" template only while every variable it names is set, any other
// non-empty value as it is.
func configValueConfigured(value string, env map[string]string) bool {
	if value == "" {
		return false
	}
	if strings.HasPrefix(value, "!") || !strings.Contains(value, "$") {
		return true
	}
	_, ok := interpolateEnv(value, env)
	return ok
}

// interpolateEnv is pi 1.6's config value template.
func interpolateEnv(value string, env map[string]string) (string, bool) {
	isStart := func(c byte) bool { return c == '_' || (c|0x20) >= 'a' && (c|0x20) <= 'z' }
	isPart := func(c byte) bool { return isStart(c) || c >= '0' && c <= '9' }
	var b strings.Builder
	for i := 0; i < len(value); {
		c := value[i]
		if c != '$' || i+1 >= len(value) {
			b.WriteByte(c)
			i++
			continue
		}
		next := value[i+1]
		switch {
		case next == '$' || next == '!':
			b.WriteByte(next)
			i += 2
		case next == '{':
			end := strings.IndexByte(value[i+2:], '}')
			name := ""
			if end >= 0 {
				name = value[i+2 : i+2+end]
			}
			valid := name != "" && isStart(name[0])
			for j := 1; valid && j < len(name); j++ {
				valid = isPart(name[j])
			}
			switch {
			case end < 0:
				b.WriteByte('$')
				i++
			case !valid:
				b.WriteString(value[i : i+3+end])
				i += 3 + end
			default:
				v := env[name]
				if v == "" {
					return "", false
				}
				b.WriteString(v)
				i += 3 + end
			}
		case isStart(next):
			j := i + 1
			for j < len(value) && isPart(value[j]) {
				j++
			}
			v := env[value[i+1:j]]
			if v == "" {
				return "", false
			}
			b.WriteString(v)
			i = j
		default:
			b.WriteByte('$')
			i++
		}
	}
	return b.String(), true
}

// resolveConfigValueOrError is pi's resolveConfigValueOrThrow.
func resolveConfigValueOrError(ctx context.Context, value, what string, env map[string]string, run CommandRunner) (string, error) {
	if v, ok := resolveConfigValue(ctx, value, env, run); ok {
		return v, nil
	}
	if cmd, ok := strings.CutPrefix(value, "!"); ok {
		return "", fmt.Errorf("Failed to resolve %s from shell command: %s", what, cmd)
	}
	return "", fmt.Errorf("Failed to resolve %s", what)
}

// ResolveConfigValue16 is pi 1.6's resolveConfigValueOrThrow for values
// that never had 0.73.1's meaning (MCP servers' env and headers): "!cmd"
// runs cmd, a value with "$" is the "$NAME"/"${NAME}" template, anything
// else is literal. what names the value in the error.
func ResolveConfigValue16(ctx context.Context, value, what string, env map[string]string, run CommandRunner) (string, error) {
	if !strings.HasPrefix(value, "!") && !strings.Contains(value, "$") {
		return value, nil
	}
	return resolveConfigValueOrError(ctx, value, what, env, run)
}

// configValueEnvNames are the variables a "$NAME" or "${NAME}" config
// value template names (pi 1.6's getConfigValueEnvVarNames); none for a
// command or a value without "$".
func configValueEnvNames(value string) []string {
	if strings.HasPrefix(value, "!") {
		return nil
	}
	var names []string
	for _, m := range templateRef.FindAllStringSubmatch(value, -1) {
		if name := m[1] + m[2]; name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// templateRef is one "$$", "$!", "${NAME}" or "$NAME" of a config value.
var templateRef = regexp.MustCompile(`\$\$|\$!|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)
