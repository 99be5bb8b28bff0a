package tui

import (
	"embed"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
)

// pi's built-in themes, resolved to hex by pi-tui's own colour code
// (pi's files use okhsl(), which only pi-tui converts the way pi shows it).
//
//go:embed themes/*.json
var builtinThemes embed.FS

// Theme is a pi theme: colour tokens by name (docs/themes.md).
type Theme struct {
	Name       string
	Appearance string
	colors     map[string]color.Color
	// SGR sequences per token, made once: styling runs for every line of
	// every frame, and lipgloss's Render is too slow for that.
	fg, bg map[string]string
	// path and mod are a theme file's, to re-apply it when it changes.
	path string
	mod  time.Time
}

type themeFile struct {
	Name       string         `json:"name"`
	Appearance string         `json:"appearance"`
	Vars       map[string]any `json:"vars"`
	Colors     map[string]any `json:"colors"`
}

// LoadTheme returns the theme named name: a built-in one (dark, light) or
// a theme file NAME.json in one of dirs (pi's agent and project themes).
func LoadTheme(name string, dirs ...string) (*Theme, error) {
	if name == "" {
		name = "dark"
	}
	data, err := builtinThemes.ReadFile("themes/" + name + ".json")
	path := ""
	if err != nil {
		for _, d := range dirs {
			path = filepath.Join(d, name+".json")
			if data, err = os.ReadFile(path); err == nil {
				break
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("theme %q not found", name)
	}
	t, err := parseTheme(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	t.path = path
	if fi, err := os.Stat(path); err == nil && path != "" {
		t.mod = fi.ModTime()
	}
	return t, nil
}

// Changed reports whether the theme's file was saved since it was read.
func (t *Theme) Changed() bool {
	if t.path == "" {
		return false
	}
	fi, err := os.Stat(t.path)
	return err == nil && !fi.ModTime().Equal(t.mod)
}

func parseTheme(data []byte) (*Theme, error) {
	var f themeFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("theme: %v", err)
	}
	base, _ := builtinThemes.ReadFile("themes/dark.json")
	if f.Appearance == "light" {
		base, _ = builtinThemes.ReadFile("themes/light.json")
	}
	var fallback themeFile
	_ = json.Unmarshal(base, &fallback)
	t := &Theme{Name: f.Name, Appearance: f.Appearance, colors: map[string]color.Color{}}
	// Tokens the file leaves out (or writes in a notation pigo cannot
	// convert) take the built-in theme's colour of the same appearance.
	for k, v := range fallback.Colors {
		t.colors[k] = parseColor(v, nil)
	}
	for k, v := range f.Colors {
		if c := parseColor(v, f.Vars); c != nil || v == "" {
			t.colors[k] = c
		}
	}
	t.fg, t.bg = map[string]string{}, map[string]string{}
	for k, c := range t.colors {
		if c != nil {
			t.fg[k], t.bg[k] = sgr(c, 38), sgr(c, 48)
		}
	}
	return t, nil
}

// sgr is the escape sequence setting c as foreground (38) or background
// (48); the renderer downsamples it to what the terminal supports.
func sgr(c color.Color, base int) string {
	if a, ok := c.(lipgloss.ANSIColor); ok {
		return fmt.Sprintf("\x1b[%d;5;%dm", base, int(a))
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("\x1b[%d;2;%d;%d;%dm", base, r>>8, g>>8, b>>8)
}

// parseColor reads a theme colour: "#rrggbb", a 256-colour index, a var
// name, or "" (the terminal's default, nil).
func parseColor(v any, vars map[string]any) color.Color {
	for range 8 {
		s, ok := v.(string)
		if !ok || vars == nil {
			break
		}
		ref, found := vars[s]
		if !found {
			break
		}
		v = ref
	}
	switch x := v.(type) {
	case float64:
		return lipgloss.ANSIColor(int(x))
	case string:
		if strings.HasPrefix(x, "#") {
			return lipgloss.Color(x)
		}
		if n, err := strconv.Atoi(x); err == nil {
			return lipgloss.ANSIColor(n)
		}
	}
	return nil
}

// Color returns a token's colour (nil: the terminal's default).
func (t *Theme) Color(token string) color.Color { return t.colors[token] }

// Fg colours s with a token's foreground colour. Styles end with their
// own reset (39, 49, 22, 23), never a full reset, so they nest.
func (t *Theme) Fg(token, s string) string {
	seq := t.fg[token]
	if seq == "" || s == "" {
		return s
	}
	return seq + s + "\x1b[39m"
}

// Bg gives s a token's background colour.
func (t *Theme) Bg(token, s string) string {
	seq := t.bg[token]
	if seq == "" || s == "" {
		return s
	}
	return seq + s + "\x1b[49m"
}

// Bold makes s bold.
func Bold(s string) string { return "\x1b[1m" + s + "\x1b[22m" }

// Italic makes s italic.
func Italic(s string) string { return "\x1b[3m" + s + "\x1b[23m" }
