package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
)

func TestPipeDeliversInOrderThenEOF(t *testing.T) {
	a, b := Pipe()
	line := []byte(`{"type":"one"}`)
	if err := a.Send(Raw(line)); err != nil {
		t.Fatal(err)
	}
	copy(line, `{"type":"two"}`) // the pipe copied the first record
	_ = a.Send(Raw(line))
	_ = a.Send(Raw([]byte(`not json`)))
	_ = a.Close()
	if err := a.Send(Raw(line)); !errors.Is(err, ErrClosed) {
		t.Fatalf("Send after Close = %v", err)
	}
	var got []string
	for {
		m, err := b.Recv()
		if err == io.EOF {
			break
		}
		var se *SyntaxError
		if errors.As(err, &se) {
			got = append(got, "syntax: "+se.Msg)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, m.Type)
	}
	want := []string{"one", "two", `syntax: Unexpected token 'o', "not json" is not valid JSON`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	// b's own direction is still open.
	if err := b.Send(Raw([]byte(`{"type":"back"}`))); err != nil {
		t.Fatal(err)
	}
	if m, err := a.Recv(); err != nil || m.Type != "back" {
		t.Fatalf("a.Recv = %v, %v", m, err)
	}
}

// Both sides sending without receiving must not block: the queues are
// unbounded.
func TestPipeSendNeverBlocks(t *testing.T) {
	a, b := Pipe()
	for i := range 10000 {
		_ = a.Send(Raw([]byte(fmt.Sprintf(`{"type":"a","i":%d}`, i))))
		_ = b.Send(Raw([]byte(fmt.Sprintf(`{"type":"b","i":%d}`, i))))
	}
	var wg sync.WaitGroup
	for _, c := range []Conn{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10000 {
				m, err := c.Recv()
				o, _ := m.Object()
				if err != nil || o["i"] != float64(i) {
					t.Errorf("record %d: %v %v", i, o, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestStream(t *testing.T) {
	in := "{\"type\":\"a\",\"s\":\"x\u2028y\"}\r\n\nbad\n{\"type\":\"last\"}"
	var out bytes.Buffer
	c := NewStream(strings.NewReader(in), &out)
	var got []string
	for {
		m, err := c.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, "error: "+err.Error())
			continue
		}
		got = append(got, m.Type)
	}
	want := []string{"a", "error: Unexpected end of JSON input", `error: Unexpected token 'b', "bad" is not valid JSON`, "last"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	_ = c.Send(Raw([]byte(`{"type":"r"}`)))
	_ = c.Close()
	if err := c.Send(Raw([]byte(`{}`))); !errors.Is(err, ErrClosed) {
		t.Fatalf("Send after Close = %v", err)
	}
	if out.String() != "{\"type\":\"r\"}\n" {
		t.Fatalf("wrote %q", out.String())
	}
}

func TestReadLinesLongLine(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	var n []int
	_ = ReadLines(strings.NewReader(long+"\n"+long), func(l []byte) { n = append(n, len(l)) })
	if fmt.Sprint(n) != fmt.Sprint([]int{1 << 20, 1 << 20}) {
		t.Fatalf("line lengths %v", n)
	}
}
