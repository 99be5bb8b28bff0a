package tui

import (
	"bytes"
	"hash/fnv"
	"io"
	"os"
	"regexp"
	"strconv"
	"sync"
)

// iTerm2 images through the frame renderer. It keeps only string-type
// sequences (APC, DCS, ...) in cells and drops OSC and CSI ones, which
// could move the cursor out of its model. iterm2Cells puts a private APC
// marker where pi-tui's iTerm2 sequence (a cursor-up and the OSC 1337
// image) was; imageWriter, the terminal's writer, replaces the marker
// with the sequence between a cursor save and restore. The marker is
// named after the sequence's hash, so an unchanged image is an unchanged
// cell the renderer does not send again.

// iterm2Image is pi-tui's iTerm2 image sequence, with its cursor-up.
var iterm2Image = regexp.MustCompile(`(?:\x1b\[\d+A)?\x1b\]1337;File=[^\x07]*\x07`)

const markerStart, markerEnd = "\x1b_pigo-iterm2:", "\x1b\\"

// imageMarkers maps marker names to the sequences they stand for.
type imageMarkers struct {
	mu   sync.Mutex
	seqs map[string]string
	old  map[string]string // the previous generation, still on screen
}

// maxMarkers bounds the table: past it a new generation starts, and the
// previous one is kept for the frames being written.
const maxMarkers = 64

var markers = &imageMarkers{seqs: map[string]string{}}

// iterm2Cells replaces each iTerm2 image sequence of s by its marker.
func iterm2Cells(s string) string {
	if !iterm2Image.MatchString(s) {
		return s
	}
	return iterm2Image.ReplaceAllStringFunc(s, markers.put)
}

func (t *imageMarkers) put(seq string) string {
	h := fnv.New64a()
	_, _ = io.WriteString(h, seq)
	name := strconv.FormatUint(h.Sum64(), 36)
	t.mu.Lock()
	if _, ok := t.seqs[name]; !ok {
		if len(t.seqs) >= maxMarkers {
			t.old, t.seqs = t.seqs, map[string]string{}
		}
		t.seqs[name] = seq
	}
	t.mu.Unlock()
	return markerStart + name + markerEnd
}

func (t *imageMarkers) get(name string) (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s, ok := t.seqs[name]; ok {
		return s, true
	}
	s, ok := t.old[name]
	return s, ok
}

// expand replaces the markers in p by their sequences, each between a
// cursor save and restore (DECSC, DECRC); an unknown one is dropped.
func (t *imageMarkers) expand(p []byte) []byte {
	var out []byte
	for {
		i := bytes.Index(p, []byte(markerStart))
		if i < 0 {
			return append(out, p...)
		}
		j := bytes.Index(p[i+len(markerStart):], []byte(markerEnd))
		if j < 0 {
			return append(out, p...)
		}
		out = append(out, p[:i]...)
		if seq, ok := t.get(string(p[i+len(markerStart) : i+len(markerStart)+j])); ok {
			out = append(append(append(out, "\x1b7"...), seq...), "\x1b8"...)
		}
		p = p[i+len(markerStart)+j+len(markerEnd):]
	}
}

// imageWriter is the terminal (an *os.File, so the program still sees a
// terminal) with iTerm2 markers expanded on the way out.
type imageWriter struct {
	*os.File
	pending []byte // a write's tail that may be the start of a marker
}

func (w *imageWriter) Write(p []byte) (int, error) {
	buf := append(w.pending, p...)
	w.pending = nil
	// Hold back an unterminated marker for the next write.
	if i := bytes.LastIndex(buf, []byte(markerStart)); i >= 0 && !bytes.Contains(buf[i:], []byte(markerEnd)) {
		w.pending = append([]byte(nil), buf[i:]...)
		buf = buf[:i]
	} else if k := partialPrefix(buf, markerStart); k > 0 {
		w.pending = append([]byte(nil), buf[len(buf)-k:]...)
		buf = buf[:len(buf)-k]
	}
	if _, err := w.File.Write(markers.expand(buf)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// WriteString and ReadFrom go through Write too: the file's own (which
// io.WriteString and io.Copy prefer) would bypass it.
func (w *imageWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

func (w *imageWriter) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(struct{ io.Writer }{w}, r)
}

// partialPrefix is the length of the longest end of b that begins
// prefix (shorter than prefix).
func partialPrefix(b []byte, prefix string) int {
	for k := min(len(prefix)-1, len(b)); k > 0; k-- {
		if bytes.HasSuffix(b, []byte(prefix[:k])) {
			return k
		}
	}
	return 0
}
