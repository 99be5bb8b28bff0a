package tui

import (
	"strconv"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// client is the UI's end of the protocol: commands go out with an id,
// and the response to each is routed back to the handler that sent it.
type client struct {
	conn    protocol.Conn
	enc     *protocol.Encoder
	next    int
	pending map[string]respHandler
}

// response is a command's answer.
type response struct {
	ok   bool
	data map[string]any
	err  string
}

type respHandler func(m *model, r response)

func newClient(conn protocol.Conn) *client {
	return &client{conn: conn, enc: protocol.NewEncoder(nil), pending: map[string]respHandler{}}
}

// send sends a record as it is.
func (c *client) send(v any) { _ = c.enc.Send(c.conn, v) }

// request sends command cmd (its "type" and members); h gets the
// response (nil: the response is ignored).
func (c *client) request(cmd map[string]any, h respHandler) {
	c.next++
	id := "tui-" + strconv.Itoa(c.next)
	cmd["id"] = id
	if h != nil {
		c.pending[id] = h
	}
	c.send(cmd)
}

// take returns and forgets the handler of a response record.
func (c *client) take(rec map[string]any) (respHandler, response, bool) {
	id, _ := rec["id"].(string)
	h, ok := c.pending[id]
	if !ok {
		return nil, response{}, false
	}
	delete(c.pending, id)
	r := response{ok: rec["success"] == true}
	r.data, _ = rec["data"].(map[string]any)
	r.err, _ = rec["error"].(string)
	return h, r, true
}

// cmd builds a command record.
func cmd(typ string, kv ...any) map[string]any {
	m := map[string]any{"type": typ}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}
