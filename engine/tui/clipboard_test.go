package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeClipboard answers clipboard commands from a table: command line →
// output; a command not in it fails, as one that is not installed.
type fakeClipboard struct {
	out  map[string]string
	ran  []string
	then func(cmd string) // side effects (PowerShell writing its file)
}

func (f *fakeClipboard) run(_ time.Duration, name string, args ...string) ([]byte, bool) {
	line := strings.Join(append([]string{name}, args...), " ")
	f.ran = append(f.ran, line)
	for prefix, out := range f.out {
		if strings.HasPrefix(line, prefix) {
			if f.then != nil {
				f.then(line)
			}
			return []byte(out), true
		}
	}
	return nil, false
}

func envOf(kv ...string) func(string) string {
	return func(k string) string {
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i] == k {
				return kv[i+1]
			}
		}
		return ""
	}
}

func TestClipboardPasteImageAndText(t *testing.T) {
	tmp := t.TempDir()
	// Wayland: wl-paste lists the types; the preferred image type wins.
	f := &fakeClipboard{out: map[string]string{
		"wl-paste --list-types":                  "text/plain\nimage/jpeg\nimage/png\n",
		"wl-paste --type image/png --no-newline": "PNGDATA",
	}}
	got, err := readClipboardForPaste("linux", envOf("WAYLAND_DISPLAY", "wayland-0"), f.run, tmp)
	if err != nil || !strings.HasPrefix(filepath.Base(got), "pi-clipboard-") || filepath.Ext(got) != ".png" {
		t.Fatalf("image path %q, %v", got, err)
	}
	if data, _ := os.ReadFile(got); string(data) != "PNGDATA" {
		t.Errorf("saved image %q", data)
	}

	// X11 without an image: the text, through xclip.
	f = &fakeClipboard{out: map[string]string{
		"xclip -selection clipboard -t TARGETS -o": "UTF8_STRING\nTEXT\n",
		"xclip -selection clipboard -out":          "some text",
	}}
	if got, _ := readClipboardForPaste("linux", envOf("DISPLAY", ":0"), f.run, tmp); got != "some text" {
		t.Errorf("text %q (ran %q)", got, f.ran)
	}

	// A JPEG through xclip gets pi's .jpg; an unsupported type is not
	// an image (pi converts it with Photon, pigo has no converter).
	f = &fakeClipboard{out: map[string]string{
		"xclip -selection clipboard -t TARGETS -o":    "image/jpeg\n",
		"xclip -selection clipboard -t image/jpeg -o": "JPG",
	}}
	if got, _ := readClipboardForPaste("linux", envOf("DISPLAY", ":0"), f.run, tmp); filepath.Ext(got) != ".jpg" {
		t.Errorf("jpeg path %q", got)
	}
	f = &fakeClipboard{out: map[string]string{
		"xclip -selection clipboard -t TARGETS -o":   "image/bmp\n",
		"xclip -selection clipboard -t image/bmp -o": "BMP",
	}}
	if got, _ := readClipboardForPaste("linux", envOf(), f.run, tmp); got != "" {
		t.Errorf("an unsupported image type pasted %q", got)
	}

	// WSL: a Windows screenshot through PowerShell when wl-paste has none.
	var psFile string
	f = &fakeClipboard{out: map[string]string{
		"wl-paste --list-types": "text/plain\n",
		"wslpath -w":            `C:\tmp\x.png`,
		"powershell.exe":        "ok\n",
	}}
	f.then = func(line string) {
		if strings.HasPrefix(line, "wslpath -w ") {
			psFile = strings.TrimPrefix(line, "wslpath -w ")
		}
		if strings.HasPrefix(line, "powershell.exe") {
			_ = os.WriteFile(psFile, []byte("WINPNG"), 0o600)
		}
	}
	got, _ = readClipboardForPaste("linux", envOf("WSL_DISTRO_NAME", "Ubuntu"), f.run, tmp)
	if data, _ := os.ReadFile(got); string(data) != "WINPNG" {
		t.Errorf("WSL image %q: %q (ran %q)", got, data, f.ran)
	}
	if _, err := os.Stat(psFile); !os.IsNotExist(err) {
		t.Errorf("PowerShell's file was left behind: %v", err)
	}

	// Nothing to read: nothing pasted, no error.
	if got, err := readClipboardForPaste("linux", envOf(), (&fakeClipboard{}).run, tmp); got != "" || err != nil {
		t.Errorf("empty clipboard: %q %v", got, err)
	}
}

// ctrl+v inserts what the clipboard holds at the cursor, as one undo step.
func TestClipboardPasteKey(t *testing.T) {
	h := newHarness(t, Options{Env: []string{"DISPLAY=:0"}})
	h.m.clipboard = (&fakeClipboard{out: map[string]string{"xclip -selection clipboard -out": "pasted"}}).run
	h.typ("a ")
	cmd := h.press("ctrl+v")
	if cmd == nil {
		t.Fatal("ctrl+v read nothing")
	}
	h.m.Update(cmd())
	h.sync()
	if h.m.ed.Text() != "a pasted" {
		t.Fatalf("editor %q", h.m.ed.Text())
	}
	h.press("ctrl+-")
	if h.m.ed.Text() != "a " {
		t.Errorf("undo after a paste: %q", h.m.ed.Text())
	}
}
