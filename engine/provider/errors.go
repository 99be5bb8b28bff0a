package provider

import "errors"

// Sentinel errors, matched with errors.Is. Stream and Registry return them
// (inside an [*Error]) for the failures pi-ai throws before sending anything;
// every later failure is an error event on the stream instead.
var (
	// ErrNoAPIKey: no API key for the model's provider.
	ErrNoAPIKey = errors.New("no API key")
	// ErrUnknownAPI: nothing implements the model's api.
	ErrUnknownAPI = errors.New("no API provider registered")
	// ErrOAuthUnsupported: the credential is an OAuth login of a provider
	// pigo has no OAuth support for (see [OAuthProviders]).
	ErrOAuthUnsupported = errors.New("OAuth login not supported")
	// ErrOAuthRefresh: an expired OAuth login could not be refreshed, or
	// holds no access token.
	ErrOAuthRefresh = errors.New("OAuth login unusable")
	// ErrNoModel: a model reference matched nothing.
	ErrNoModel = errors.New("model not found")
)

// Error is a failure found before a request was sent. Its text is pi's own
// message ("No API key for provider: x", "No API provider registered for
// api: x", ...) so the agent loop can use it verbatim as the errorMessage of
// the failed turn, as pi does with a thrown error; errors.Is matches Kind and
// the optional cause Err.
type Error struct {
	Kind    error
	Message string
	Err     error
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns Kind and Err.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}
