package llama

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// ModelInfo is one model of a llama.cpp router's GET /models.
type ModelInfo struct {
	ID     string `json:"id"`
	Source string `json:"source,omitempty"`
	Status struct {
		Value    string   `json:"value"`
		Args     []string `json:"args,omitempty"`
		Failed   bool     `json:"failed,omitempty"`
		ExitCode *int     `json:"exit_code,omitempty"`
	} `json:"status"`
	Meta *struct {
		NCtx      int `json:"n_ctx,omitempty"`
		NCtxTrain int `json:"n_ctx_train,omitempty"`
	} `json:"meta,omitempty"`
	Architecture *struct {
		InputModalities  []string `json:"input_modalities,omitempty"`
		OutputModalities []string `json:"output_modalities,omitempty"`
	} `json:"architecture,omitempty"`
}

// loaded is pi's modelIsLoaded: sleeping models wake on the next request.
func (m ModelInfo) loaded() bool { return m.Status.Value == "loaded" || m.Status.Value == "sleeping" }

// Props is what pi reads of GET /props.
type Props struct {
	ModelsAutoload *bool
	ChatTemplate   string
}

// Client talks to a llama.cpp router as pi's LlamaClient does: JSON over
// HTTP with an optional bearer key, each request bounded by 15 s.
type Client struct {
	ServerURL string // normalized (NormalizeServerURL)
	APIKey    string
	HTTP      *http.Client
	// PollInterval is how often loads and unloads poll the catalog (pi:
	// 250 ms for loads, 100 ms for unloads).
	PollInterval time.Duration
}

// NewClient returns a client of the server at serverURL.
func NewClient(serverURL, apiKey string) (*Client, error) {
	u, err := NormalizeServerURL(serverURL)
	if err != nil {
		return nil, err
	}
	return &Client{ServerURL: u, APIKey: apiKey, HTTP: http.DefaultClient}, nil
}

var trailingSlashes = regexp.MustCompile(`/+$`)

// NormalizeServerURL is pi's normalizeLlamaServerUrl: http(s) only, no
// query, fragment, trailing slash or trailing /v1.
func NormalizeServerURL(value string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(value))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", fmt.Errorf("Invalid URL: %s", strings.TrimSpace(value))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", errors.New("Server URL must use http or https")
	}
	u.Fragment, u.RawFragment, u.RawQuery, u.ForceQuery = "", "", "", false
	p := strings.TrimSuffix(trailingSlashes.ReplaceAllString(u.Path, ""), "/v1")
	u.Path, u.RawPath = p, ""
	return strings.TrimSuffix(u.String(), "/"), nil
}

// InferenceURL is the OpenAI-compatible base URL of a server (pi's
// llamaInferenceUrl).
func InferenceURL(serverURL string) string {
	u, err := NormalizeServerURL(serverURL)
	if err != nil {
		u = serverURL
	}
	return u + "/v1"
}

// request sends one JSON request and decodes the reply; a failed status
// reports the server's error.message, else "llama.cpp returned HTTP n".
func (c *Client) request(ctx context.Context, method, path string, body any, out any) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.ServerURL+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			return err
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("Could not reach llama.cpp server at %s: %v", c.ServerURL, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		var e struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &e) == nil && e.Error.Message != "" {
			return errors.New(e.Error.Message)
		}
		return fmt.Errorf("llama.cpp returned HTTP %d", resp.StatusCode)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return errInvalidCatalog
		}
	}
	return nil
}

var errInvalidCatalog = errors.New("llama.cpp returned an invalid model catalog")

// List is GET /models: the router's models. A server that is not a
// router (entries without a status) is an error, as in pi.
func (c *Client) List(ctx context.Context) ([]ModelInfo, error) {
	var payload struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := c.request(ctx, http.MethodGet, "/models", nil, &payload); err != nil {
		return nil, err
	}
	if payload.Data == nil {
		return nil, errInvalidCatalog
	}
	out := make([]ModelInfo, 0, len(payload.Data))
	for _, raw := range payload.Data {
		var m ModelInfo
		if json.Unmarshal(raw, &m) != nil || m.ID == "" || m.Status.Value == "" {
			return nil, errors.New("Server is not running in llama.cpp router mode")
		}
		out = append(out, m)
	}
	return out, nil
}

// Props is GET /props, for model (without autoloading it) when given.
func (c *Client) Props(ctx context.Context, model string) (Props, error) {
	path := "/props"
	if model != "" {
		path += "?model=" + url.QueryEscape(model) + "&autoload=false" // pi's URLSearchParams order
	}
	var payload map[string]any
	if err := c.request(ctx, http.MethodGet, path, nil, &payload); err != nil {
		return Props{}, err
	}
	var p Props
	if b, ok := payload["models_autoload"].(bool); ok {
		p.ModelsAutoload = &b
	}
	p.ChatTemplate, _ = payload["chat_template"].(string)
	return p, nil
}

// Load asks the router to load model (POST /models/load).
func (c *Client) Load(ctx context.Context, model string) error {
	return c.request(ctx, http.MethodPost, "/models/load", map[string]string{"model": model}, nil)
}

// Unload asks the router to unload model (POST /models/unload).
func (c *Client) Unload(ctx context.Context, model string) error {
	return c.request(ctx, http.MethodPost, "/models/unload", map[string]string{"model": model}, nil)
}

func (c *Client) poll() time.Duration {
	if c.PollInterval > 0 {
		return c.PollInterval
	}
	return 250 * time.Millisecond
}

// UnloadAndWait unloads model and polls the catalog until it is unloaded
// or gone.
func (c *Client) UnloadAndWait(ctx context.Context, model string) error {
	if err := c.Unload(ctx, model); err != nil {
		return err
	}
	for {
		models, err := c.List(ctx)
		if err != nil {
			return err
		}
		e := find(models, model)
		if e == nil || e.Status.Value == "unloaded" {
			return nil
		}
		if err := sleep(ctx, c.poll()); err != nil {
			return err
		}
	}
}

// LoadAndWait loads model and polls the catalog until it is loaded, or
// reports why it failed ("Model exited with code n"). pi also watches
// /models/sse for progress; the catalog decides here as it does there.
func (c *Client) LoadAndWait(ctx context.Context, model string) (ModelInfo, error) {
	if err := c.Load(ctx, model); err != nil {
		return ModelInfo{}, err
	}
	for {
		models, err := c.List(ctx)
		if err != nil {
			return ModelInfo{}, err
		}
		e := find(models, model)
		if e != nil && e.Status.Value == "loaded" {
			return *e, nil
		}
		if e != nil && e.Status.Failed {
			if e.Status.ExitCode != nil {
				return ModelInfo{}, fmt.Errorf("Model exited with code %d", *e.Status.ExitCode)
			}
			return ModelInfo{}, errors.New("Model failed to load")
		}
		if err := sleep(ctx, c.poll()); err != nil {
			return ModelInfo{}, err
		}
	}
}

func find(models []ModelInfo, id string) *ModelInfo {
	for i := range models {
		if models[i].ID == id {
			return &models[i]
		}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
