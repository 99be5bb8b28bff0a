package provider

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func readAllSSE(t *testing.T, r io.Reader) ([]sseEvent, *sseEvent, error) {
	t.Helper()
	s := newSSEReader(r)
	var evs []sseEvent
	for {
		ev, err := s.next()
		if err != nil {
			return evs, s.trailing, err
		}
		evs = append(evs, ev)
	}
}

func TestSSEDecoding(t *testing.T) {
	t.Parallel()
	in := ": comment\n\nevent: a\ndata: one\ndata:two\n\n" + // multi-line data, optional space
		"data: crlf\r\n\r\n" + // CRLF
		"data: cr\r\rdata: x\n\n" + // lone CR line endings
		"id: 7\nretry: 10\n\n" + // fields without data dispatch nothing
		"data\n\n" + // field without colon
		"data: tail" // unterminated
	// One byte at a time exercises every split.
	evs, trailing, err := readAllSSE(t, iotest.OneByteReader(strings.NewReader(in)))
	if !errors.Is(err, io.EOF) {
		t.Fatalf("err = %v", err)
	}
	var got []string
	for _, e := range evs {
		got = append(got, e.Event+"|"+e.Data)
	}
	want := "a|one\ntwo,|crlf,|cr,|x,|"
	if strings.Join(got, ",") != want {
		t.Errorf("events = %q, want %q", strings.Join(got, ","), want)
	}
	if trailing == nil || trailing.Data != "tail" {
		t.Errorf("trailing = %+v", trailing)
	}
	// As in pi-ai's and the SDK's decoders, lines of a blank-line-terminated
	// block without fields stay in the next event's raw lines.
	if strings.Join(evs[0].Raw, "|") != ": comment|event: a|data: one|data:two" {
		t.Errorf("raw = %q", evs[0].Raw)
	}
}

func TestSSEReadError(t *testing.T) {
	t.Parallel()
	r := io.MultiReader(strings.NewReader("data: ok\n\ndata: {\"x\""), iotest.ErrReader(io.ErrUnexpectedEOF))
	evs, trailing, err := readAllSSE(t, r)
	if !errors.Is(err, io.ErrUnexpectedEOF) || isCleanEOF(err) || len(evs) != 1 || trailing == nil || trailing.Data != `{"x"` {
		t.Errorf("evs %v trailing %+v err %v", evs, trailing, err)
	}
}
