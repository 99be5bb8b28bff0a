package payload

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sample() *App {
	return &App{ID: "mine", Plugins: []Plugin{
		{Ref: "@pi/tool-ls", ID: "@pi/tool-ls", Config: map[string]any{"b": 1.0, "a": "x"}},
		{Ref: "./ext.ts", ID: "ext", Bundle: &Bundle{Entry: "/src/ext.ts", Code: "module.exports = 1;\n", Hash: "h"}},
	}}
}

func write(t *testing.T, runtime []byte, app *App) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, bytes.NewReader(runtime), int64(len(runtime)), app); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(p, buf.Bytes(), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRoundTrip(t *testing.T) {
	runtime := []byte("\x7fELF pretend binary")
	p := write(t, runtime, sample())
	app, size, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if size != int64(len(runtime)) {
		t.Errorf("runtime size %d, want %d", size, len(runtime))
	}
	if app == nil || len(app.Plugins) != 2 || app.Plugins[1].Bundle.Code != "module.exports = 1;\n" || app.Plugins[0].Config["a"] != "x" {
		t.Fatalf("read back %+v", app)
	}
}

func TestPlainBinary(t *testing.T) {
	p := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(p, bytes.Repeat([]byte("x"), 200), 0o755); err != nil {
		t.Fatal(err)
	}
	app, size, err := Read(p)
	if err != nil || app != nil || size != 200 {
		t.Fatalf("plain binary: app %v size %d err %v", app, size, err)
	}
	if err := os.WriteFile(p, []byte("tiny"), 0o755); err != nil {
		t.Fatal(err)
	}
	if app, _, err := Read(p); err != nil || app != nil {
		t.Fatalf("tiny file: app %v err %v", app, err)
	}
}

// Equal apps encode to equal bytes, whatever the map iteration order.
func TestEncodeReproducible(t *testing.T) {
	a, _ := Encode(sample())
	for range 20 {
		b, _ := Encode(sample())
		if !bytes.Equal(a, b) {
			t.Fatalf("encodings differ:\n%s\n%s", a, b)
		}
	}
}

func TestBadPayloads(t *testing.T) {
	good, err := os.ReadFile(write(t, []byte("runtime"), sample()))
	if err != nil {
		t.Fatal(err)
	}
	n := len(good)
	cases := map[string]struct {
		mutate func([]byte) []byte
		want   string
	}{
		"flipped byte": {func(b []byte) []byte { b[len("runtime")+5] ^= 1; return b }, "corrupt: checksum mismatch"},
		"cut payload":  {func(b []byte) []byte { return append(b[:len("runtime")-6:len("runtime")-6], b[n-TrailerSize-20:]...) }, "truncated"},
		"version": {func(b []byte) []byte {
			b[n-len(magic)-4] = 9
			return b
		}, "format version 9, this pigo reads versions 1 to 2"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			b := c.mutate(append([]byte(nil), good...))
			p := filepath.Join(t.TempDir(), "bad")
			if err := os.WriteFile(p, b, 0o755); err != nil {
				t.Fatal(err)
			}
			_, _, err := Read(p)
			var pe *Error
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), p+": ") {
				t.Fatalf("err = %v, want *Error naming %s with %q", err, p, c.want)
			}
		})
	}
}
