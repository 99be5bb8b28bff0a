package provider

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// sseEvent is one server-sent event.
type sseEvent struct {
	Event string   // the "event:" field, "" when absent
	Data  string   // "data:" lines joined by "\n"
	Raw   []string // the lines that made the event
}

// sseReader decodes a text/event-stream body as the WHATWG spec (and both
// SDKs) do: lines end in \n, \r\n or \r; "field: value" lines accumulate;
// comments (":...") are skipped; a blank line dispatches the event.
type sseReader struct {
	r        *bufio.Reader
	pending  [][]byte // lines split off a chunk by lone '\r'
	event    string
	data     []string
	raw      []string
	started  bool
	trailing *sseEvent // set at EOF when the input ended inside an event
	endLine  []byte    // unterminated last line, returned with endErr
	endErr   error     // the read error that ended the input
	// shape, when set, changes each event's data as the API's SDK hands
	// it on, before the stream event hook sees it.
	shape func(data any) any
}

func newSSEReader(r io.Reader) *sseReader {
	return &sseReader{r: bufio.NewReaderSize(r, 32<<10)}
}

// next returns the next complete event. At the end of the body it returns
// io.EOF (the body ended cleanly) or the read error; if the body ended in the
// middle of an event, that incomplete event is in s.trailing.
func (s *sseReader) next() (sseEvent, error) {
	for {
		line, err := s.readLine()
		if err != nil {
			if line != nil {
				s.field(line)
			}
			if s.started {
				ev := s.take()
				s.trailing = &ev
			}
			return sseEvent{}, err
		}
		if len(line) == 0 {
			if !s.started {
				continue
			}
			return s.take(), nil
		}
		s.field(line)
	}
}

func (s *sseReader) take() sseEvent {
	ev := sseEvent{Event: s.event, Data: joinLines(s.data), Raw: s.raw}
	s.event, s.data, s.raw, s.started = "", nil, nil, false
	return ev
}

func joinLines(lines []string) string {
	switch len(lines) {
	case 0:
		return ""
	case 1:
		return lines[0]
	}
	var b bytes.Buffer
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

// field applies one non-blank line.
func (s *sseReader) field(line []byte) {
	if len(line) == 0 {
		return
	}
	s.raw = append(s.raw, string(line))
	if line[0] == ':' {
		return
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "event":
		s.event, s.started = string(value), true
	case "data":
		s.data, s.started = append(s.data, string(value)), true
	}
}

// readLine returns the next line without its terminator. At the end of input
// it returns the unterminated rest (possibly nil) with the error.
func (s *sseReader) readLine() ([]byte, error) {
	if len(s.pending) > 0 {
		l := s.pending[0]
		s.pending = s.pending[1:]
		return l, nil
	}
	if s.endErr != nil {
		l := s.endLine
		s.endLine = nil
		return l, s.endErr
	}
	chunk, err := s.r.ReadBytes('\n')
	if err != nil {
		// Unterminated final line: its complete \r-separated parts first,
		// then the rest together with the error.
		parts := bytes.Split(chunk, []byte{'\r'})
		s.pending = append(s.pending, parts[:len(parts)-1]...)
		if last := parts[len(parts)-1]; len(last) > 0 {
			s.endLine = last
		}
		s.endErr = err
		return s.readLine()
	}
	chunk = chunk[:len(chunk)-1] // drop '\n'
	if n := len(chunk); n > 0 && chunk[n-1] == '\r' {
		chunk = chunk[:n-1]
	}
	if bytes.IndexByte(chunk, '\r') < 0 {
		return chunk, nil
	}
	parts := bytes.Split(chunk, []byte{'\r'})
	s.pending = append(s.pending, parts[1:]...)
	return parts[0], nil
}

// isCleanEOF reports whether err is the clean end of a body.
func isCleanEOF(err error) bool {
	return errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF)
}
