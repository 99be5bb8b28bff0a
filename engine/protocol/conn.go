package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"sync"
)

// Conn is one side of a connection between a client and a session host.
// Recv returns the records in the order the peer sent them, then io.EOF
// once the peer closed; a *SyntaxError is one bad line and the connection
// stays usable. Send does not keep m.Line once it returned. A Pipe's Send
// never waits for the peer: records queue, so a slow client does not
// stall the agent and two sides sending at once cannot deadlock.
type Conn interface {
	Send(m Message) error
	Recv() (Message, error)
	// Close ends this side's sending; the peer receives what was sent,
	// then io.EOF. Receiving goes on until the peer closes too.
	Close() error
}

// ErrClosed is Send after Close.
var ErrClosed = errors.New("protocol: connection closed")

// Pipe returns the two ends of an in-process connection. Every record is
// copied and parsed again on the receiving side, as over a socket.
func Pipe() (a, b Conn) {
	ab, ba := newQueue(), newQueue()
	return &pipeEnd{out: ab, in: ba}, &pipeEnd{out: ba, in: ab}
}

type pipeEnd struct{ out, in *queue }

func (p *pipeEnd) Send(m Message) error { return p.out.push(append([]byte(nil), m.Line...)) }

func (p *pipeEnd) Recv() (Message, error) {
	line, err := p.in.pop()
	if err != nil {
		return Message{}, err
	}
	return Parse(line)
}

func (p *pipeEnd) Close() error { p.out.close(); return nil }

// queue is an unbounded FIFO of lines.
type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	lines  [][]byte
	closed bool
}

func newQueue() *queue {
	q := &queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *queue) push(line []byte) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.lines = append(q.lines, line)
	q.cond.Signal()
	return nil
}

func (q *queue) pop() ([]byte, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.lines) == 0 {
		if q.closed {
			return nil, io.EOF
		}
		q.cond.Wait()
	}
	line := q.lines[0]
	q.lines[0] = nil
	q.lines = q.lines[1:]
	return line, nil
}

func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Broadcast()
	q.mu.Unlock()
}

// NewStream returns a Conn that reads records from r and writes them to w
// as JSON lines (stdin and stdout, a socket). Close closes w when it is an
// io.Closer. Writes are serialized; a failed write fails that Send. A nil
// r is a stream with nothing to receive (a writer of records).
func NewStream(r io.Reader, w io.Writer) Conn {
	s := &stream{w: w}
	if r != nil {
		s.r = bufio.NewReaderSize(r, 64<<10)
	}
	return s
}

type stream struct {
	r *bufio.Reader

	mu     sync.Mutex
	w      io.Writer
	closed bool
	buf    []byte
}

func (s *stream) Send(m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.buf = append(append(s.buf[:0], m.Line...), '\n')
	_, err := s.w.Write(s.buf)
	if cap(s.buf) > maxPooledBuf {
		s.buf = nil
	}
	return err
}

func (s *stream) Recv() (Message, error) {
	if s.r == nil {
		return Message{}, io.EOF
	}
	line, err := readLine(s.r)
	if err != nil {
		return Message{}, err
	}
	return Parse(line)
}

func (s *stream) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if c, ok := s.w.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// ReadLines calls line for every line of r as pi's JSONL reader splits
// them: on "\n" only (never on U+2028/U+2029, which JSON strings may
// contain), a trailing "\r" removed, the last line delivered even without
// "\n", no limit on length. It returns nil at EOF.
func ReadLines(r io.Reader, line func([]byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		l, err := readLine(br)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		line(l)
	}
}

// readLine returns the next line (see ReadLines), or io.EOF.
func readLine(br *bufio.Reader) ([]byte, error) {
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			b = bytes.TrimSuffix(b, []byte("\n"))
			b = bytes.TrimSuffix(b, []byte("\r"))
			if len(b) > 0 || err == nil {
				return b, nil
			}
		}
		if err != nil {
			return nil, err
		}
	}
}
