package tui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/google/uuid"
)

// pi's app.clipboard.pasteImage (ctrl+v): an image on the system
// clipboard is saved to a temporary file whose path goes into the editor
// (the prompt then attaches it, as a typed path does); otherwise the
// clipboard's text is inserted. On Linux the clipboard is read with pi's
// commands (wl-paste under Wayland or WSL, xclip, WSL's PowerShell for
// Windows screenshots); pi's native clipboard module (macOS file copies,
// images elsewhere) has no counterpart: there only text is read, with
// pbpaste on macOS.

// clipboardImageTypes are the image types pi takes, in its preference.
var clipboardImageTypes = []string{"image/png", "image/jpeg", "image/webp", "image/gif"}

// clipboardPasteMsg is what a ctrl+v read: text to insert, or an error.
type clipboardPasteMsg struct {
	text string
	err  error
}

// clipboardRunner runs a clipboard command: its stdout, or ok false when
// it failed or could not start (pi's runClipboardCommand).
type clipboardRunner func(timeout time.Duration, name string, args ...string) (out []byte, ok bool)

func runClipboardCommand(timeout time.Duration, name string, args ...string) ([]byte, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = "/"
	out, err := c.Output()
	return out, err == nil
}

// clipboardPaste reads the clipboard off the UI loop.
func (m *model) clipboardPaste() tea.Cmd {
	getenv, run := m.getenv, m.clipboard
	if run == nil {
		run = runClipboardCommand
	}
	return func() tea.Msg {
		text, err := readClipboardForPaste(runtime.GOOS, getenv, run, os.TempDir())
		return clipboardPasteMsg{text: text, err: err}
	}
}

// onClipboardPaste inserts what ctrl+v read, as one undo step.
func (m *model) onClipboardPaste(msg clipboardPasteMsg) {
	if msg.err != nil {
		m.notice("Failed to paste from clipboard: "+msg.err.Error(), "error")
		return
	}
	if msg.text != "" {
		m.ed.edit()
		m.ed.Insert(msg.text)
		m.updateAutocomplete()
	}
}

// readClipboardForPaste is pi's handleClipboardPaste for the clipboards
// pigo can read: an image's saved path, else the text ("" for nothing).
func readClipboardForPaste(goos string, getenv func(string) string, run clipboardRunner, tmp string) (string, error) {
	if img, mime := readClipboardImage(goos, getenv, run, tmp); img != nil {
		ext := strings.TrimPrefix(mime, "image/")
		if ext == "jpeg" {
			ext = "jpg"
		}
		path := filepath.Join(tmp, "pi-clipboard-"+uuid.NewString()+"."+ext)
		if err := os.WriteFile(path, img, 0o644); err != nil {
			return "", err
		}
		return path, nil
	}
	return readClipboardText(goos, getenv, run), nil
}

// readClipboardImage is pi's readClipboardImage on Linux: the image's
// bytes and type, or nil.
func readClipboardImage(goos string, getenv func(string) string, run clipboardRunner, tmp string) ([]byte, string) {
	if goos != "linux" || getenv("TERMUX_VERSION") != "" {
		return nil, ""
	}
	wsl := getenv("WSL_DISTRO_NAME") != "" || getenv("WSL_INTEROP") != ""
	tried := false // a command that ran, whatever it found (pi's undefined vs null)
	read := func(list []string, get func(typ string) []string) ([]byte, string) {
		out, ok := run(time.Second, list[0], list[1:]...)
		if !ok {
			return nil, ""
		}
		typ := preferredImageType(strings.Split(string(out), "\n"))
		if typ == "" {
			tried = true
			return nil, ""
		}
		args := get(typ)
		data, ok := run(3*time.Second, args[0], args[1:]...)
		tried = ok
		if !ok || len(data) == 0 {
			return nil, ""
		}
		return data, strings.ToLower(strings.TrimSpace(strings.SplitN(typ, ";", 2)[0]))
	}
	var img []byte
	var mime string
	if getenv("WAYLAND_DISPLAY") != "" || getenv("XDG_SESSION_TYPE") == "wayland" || wsl {
		img, mime = read([]string{"wl-paste", "--list-types"}, func(t string) []string { return []string{"wl-paste", "--type", t, "--no-newline"} })
	}
	if img == nil && !tried {
		img, mime = read([]string{"xclip", "-selection", "clipboard", "-t", "TARGETS", "-o"},
			func(t string) []string { return []string{"xclip", "-selection", "clipboard", "-t", t, "-o"} })
	}
	if img == nil && wsl {
		img, mime = readWindowsClipboardImage(run, tmp)
	}
	supported := false
	for _, t := range clipboardImageTypes {
		supported = supported || mime == t
	}
	if img == nil || !supported {
		return nil, "" // pi converts other types with Photon; pigo has no converter
	}
	return img, mime
}

// preferredImageType is pi's selectPreferredImageMimeType.
func preferredImageType(types []string) string {
	base := func(t string) string { return strings.ToLower(strings.TrimSpace(strings.SplitN(t, ";", 2)[0])) }
	for _, want := range clipboardImageTypes {
		for _, t := range types {
			if base(t) == want {
				return strings.TrimSpace(t)
			}
		}
	}
	for _, t := range types {
		if strings.HasPrefix(base(t), "image/") {
			return strings.TrimSpace(t)
		}
	}
	return ""
}

// readWindowsClipboardImage is pi's WSL fallback: PowerShell saves the
// Windows clipboard's image to a file.
func readWindowsClipboardImage(run clipboardRunner, tmp string) ([]byte, string) {
	file := filepath.Join(tmp, "pi-wsl-clip-"+uuid.NewString()+".png")
	defer os.Remove(file)
	win, ok := run(time.Second, "wslpath", "-w", file)
	if !ok || strings.TrimSpace(string(win)) == "" {
		return nil, ""
	}
	script := strings.Join([]string{
		"Add-Type -AssemblyName System.Windows.Forms",
		"Add-Type -AssemblyName System.Drawing",
		"$path = '" + strings.ReplaceAll(strings.TrimSpace(string(win)), "'", "''") + "'",
		"$img = [System.Windows.Forms.Clipboard]::GetImage()",
		"if ($img) { $img.Save($path, [System.Drawing.Imaging.ImageFormat]::Png); Write-Output 'ok' } else { Write-Output 'empty' }",
	}, "; ")
	out, ok := run(5*time.Second, "powershell.exe", "-NoProfile", "-Command", script)
	if !ok || strings.TrimSpace(string(out)) != "ok" {
		return nil, ""
	}
	data, err := os.ReadFile(file)
	if err != nil || len(data) == 0 {
		return nil, ""
	}
	return data, "image/png"
}

// readClipboardText is pi's readClipboardText: the first command that
// runs gives the text.
func readClipboardText(goos string, getenv func(string) string, run clipboardRunner) string {
	var cmds [][]string
	if getenv("TERMUX_VERSION") != "" {
		cmds = append(cmds, []string{"termux-clipboard-get"})
	}
	switch goos {
	case "linux":
		if getenv("WAYLAND_DISPLAY") != "" {
			cmds = append(cmds, []string{"wl-paste", "--no-newline", "--type", "text"})
		}
		if getenv("DISPLAY") != "" {
			cmds = append(cmds, []string{"xclip", "-selection", "clipboard", "-out"}, []string{"xsel", "--clipboard", "--output"})
		}
	case "darwin":
		cmds = append(cmds, []string{"pbpaste"})
	}
	for _, c := range cmds {
		if out, ok := run(5*time.Second, c[0], c[1:]...); ok {
			return string(out)
		}
	}
	return ""
}
