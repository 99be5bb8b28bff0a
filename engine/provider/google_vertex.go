package provider

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai 1.6's api/google-vertex.js: the google-generative-ai
// stream of google.go sent to Vertex AI with @google/genai's Vertex URLs.
// With an API key: POST {base}/v1/publishers/google/models/{id}
// :streamGenerateContent?alt=sse, the key in x-goog-api-key, base being
// https://aiplatform.googleapis.com unless the model names its own
// (a baseUrl without "{location}"; one that already has a version path
// gets no "/v1"). Without one pi-ai uses Application Default Credentials
// (google_adc.go) for GOOGLE_CLOUD_PROJECT in GOOGLE_CLOUD_LOCATION:
// POST {regional host}/v1/projects/{project}/locations/{location}
// /publishers/google/models/{id}:streamGenerateContent?alt=sse with
// "Authorization: Bearer <token>".

const (
	vertexDefaultBaseURL = "https://aiplatform.googleapis.com"
	vertexAPIVersion     = "v1"
	// vertexCredentialsMarker is the apiKey pi-ai treats as "use ADC".
	vertexCredentialsMarker = "gcp-vertex-credentials"
)

var (
	placeholderKeyRe  = regexp.MustCompile(`^<[^>]+>$`)
	apiVersionPartRe  = regexp.MustCompile(`^v\d+(?:beta\d*)?$`)
	apiVersionInURLRe = regexp.MustCompile(`(?:^|/)v\d+(?:beta\d*)?(?:/|$)`)
	gemini4PlusRe     = regexp.MustCompile(`gemini-(?:[4-9]|[1-9]\d)`)
	gemini3ProFlashRe = regexp.MustCompile(`gemini-3(?:\.\d+)?-(?:pro|flash)`)
)

func streamGoogleVertex(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	st := &googleStream{producer: newProducer(model, opts), block: -1}
	st.out.API = APIGoogleVertex
	go func() {
		ep, err := vertexEndpoint(model, opts)
		if err != nil {
			st.finish(ctx, err)
			return
		}
		st.finish(ctx, st.stream(ctx, c, ep, googleThinkingFor(model, opts, false)))
	}()
	return st.s, nil
}

// vertexAPIKey is pi-ai's resolveApiKey: the key, unless it is missing,
// the ADC marker or a "<placeholder>".
func vertexAPIKey(opts *Options, provider string) string {
	key := strings.TrimSpace(opts.APIKey)
	if key == "" {
		key = strings.TrimSpace(EnvAPIKey(provider, opts.Env))
	}
	if key == vertexCredentialsMarker || placeholderKeyRe.MatchString(key) {
		return ""
	}
	return key
}

// vertexEndpoint is where @google/genai sends a Vertex request. With a
// key, the SDK's "express" form: the global host, no project path. Without
// one, Application Default Credentials for the project in the location;
// the token is fetched when the request is sent, after the payload hook,
// as the SDK does.
func vertexEndpoint(model *Model, opts *Options) (googleEndpoint, error) {
	key := vertexAPIKey(opts, model.Provider)
	var project, location string
	if key == "" {
		project = opts.Env["GOOGLE_CLOUD_PROJECT"]
		if project == "" {
			project = opts.Env["GCLOUD_PROJECT"]
		}
		if project == "" {
			return googleEndpoint{}, errors.New("Vertex AI requires a project ID. Set GOOGLE_CLOUD_PROJECT/GCLOUD_PROJECT or pass project in options.")
		}
		location = opts.Env["GOOGLE_CLOUD_LOCATION"]
		if location == "" {
			return googleEndpoint{}, errors.New("Vertex AI requires a location. Set GOOGLE_CLOUD_LOCATION or pass location in options.")
		}
	}
	base, version := vertexDefaultBaseURL, vertexAPIVersion
	// Models under a project: the SDK's regional hosts and resource path.
	// A model's own base URL is a collection the SDK does not prefix.
	resource := ""
	if key == "" {
		base = vertexRegionalBaseURL(location)
		resource = "projects/" + project + "/locations/" + location + "/"
	}
	if custom := strings.TrimSpace(model.BaseURL); custom != "" && !strings.Contains(custom, "{location}") {
		base, resource = custom, ""
		if baseURLHasAPIVersion(custom) {
			version = ""
		}
	}
	prefix := strings.TrimSuffix(base, "/") + "/"
	if version != "" {
		prefix += version + "/"
	}
	prefix += resource
	ep := googleEndpoint{
		// The SDK names Vertex models by their publisher.
		url: func(modelPath string) string { return prefix + "publishers/google/" + modelPath },
	}
	if key != "" {
		ep.headers = map[string]string{"x-goog-api-key": key}
	} else {
		ep.authHeaders = func(ctx context.Context) (map[string]string, error) {
			return googleADCHeaders(ctx, opts.Env, opts.client())
		}
	}
	return ep, nil
}

// vertexRegionalBaseURL is @google/genai's host for a Vertex location.
func vertexRegionalBaseURL(location string) string {
	switch location {
	case "global":
		return vertexDefaultBaseURL
	case "us", "eu": // the SDK's multi-regional locations
		return "https://aiplatform." + location + ".rep.googleapis.com"
	}
	return "https://" + location + "-aiplatform.googleapis.com"
}

// baseURLHasAPIVersion is pi-ai's baseUrlIncludesApiVersion.
func baseURLHasAPIVersion(base string) bool {
	u, err := url.Parse(base)
	if err != nil || u.Scheme == "" {
		return apiVersionInURLRe.MatchString(base)
	}
	for _, part := range strings.Split(u.Path, "/") {
		if apiVersionPartRe.MatchString(part) {
			return true
		}
	}
	return false
}

// usesGoogleThinkingLevel is pi-ai 1.6's: models that take thinkingLevel
// rather than a token budget.
func usesGoogleThinkingLevel(id string) bool {
	id = strings.ToLower(id)
	return gemini3ProFlashRe.MatchString(id) || gemini4PlusRe.MatchString(id) ||
		id == "gemini-flash-latest" || id == "gemini-flash-lite-latest" || gemma4Re.MatchString(id)
}

// resolveGoogleThinkingLevel is pi-ai 1.6's: the model's mapping of l
// (lower-cased), else l, which must be one of Google's four levels.
func resolveGoogleThinkingLevel(m *Model, l ThinkingLevel) (string, error) {
	resolved, mapped := string(l), "undefined"
	if v, ok := m.ThinkingLevelMap[l]; ok {
		mapped = "null"
		if v != nil {
			resolved, mapped = strings.ToLower(*v), *v
		}
	}
	switch resolved {
	case "minimal", "low", "medium", "high":
		return resolved, nil
	}
	return "", fmt.Errorf("Unsupported Google thinking level mapping for %s/%s: %s -> %s", m.Provider, m.ID, l, mapped)
}

// JSON Schema keywords whose values are subschemas, and those whose values
// map names to subschemas (pi-ai 1.6's google-shared).
var (
	jsonSchemaSubschemas = map[string]bool{"additionalProperties": true, "unevaluatedProperties": true, "propertyNames": true,
		"items": true, "prefixItems": true, "additionalItems": true, "unevaluatedItems": true, "contains": true, "allOf": true,
		"anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true, "contentSchema": true}
	jsonSchemaNameMaps = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
		"dependentSchemas": true, "dependencies": true}
)

// rewriteConstAsEnum is pi-ai 1.6's: string and number consts become
// single-value enums, which Gemini honours (it ignores const). An ordered
// object keeps its order, the enum last, as pi-ai's copy has it.
func rewriteConstAsEnum(v any, nameMap bool) any {
	switch x := v.(type) {
	case *jsjson.Object:
		out := make(jsjson.Object, 0, len(*x))
		for _, mb := range *x {
			out = append(out, jsjson.Member{Key: mb.Key, Value: rewriteConstMember(mb.Key, mb.Value, nameMap)})
		}
		if c, ok := out.Get("const"); ok && !nameMap && isConstScalar(c) {
			if _, hasEnum := out.Get("enum"); !hasEnum {
				out.Delete("const")
				out.Set("enum", []any{c})
			}
		}
		return &out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = rewriteConstAsEnum(e, false)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = rewriteConstMember(k, e, nameMap)
		}
		_, hasEnum := out["enum"]
		if c, ok := out["const"]; ok && !nameMap && !hasEnum && isConstScalar(c) {
			delete(out, "const")
			out["enum"] = []any{c}
		}
		return out
	}
	return v
}

// rewriteConstMember rewrites the value of key k of a schema (or, in a
// name map, of a name).
func rewriteConstMember(k string, v any, nameMap bool) any {
	switch {
	case nameMap || jsonSchemaSubschemas[k]:
		return rewriteConstAsEnum(v, false)
	case jsonSchemaNameMaps[k]:
		return rewriteConstAsEnum(v, true)
	}
	return cloneValue(v)
}

// isConstScalar: the consts pi-ai rewrites, strings and numbers.
func isConstScalar(v any) bool {
	switch v.(type) {
	case string, float64, int, int64:
		return true
	}
	return false
}
