package agentsession

import (
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// records encodes what the session writes: JSON.stringify's text with
// keys in pi's order (see keyOrder), strings and numbers as encoding/json
// writes them (pi's stdout is compared byte for byte with what pigo wrote
// before), omitted members left out, nil maps and slices as {} and [].
var records = protocol.NewEncoder(newKeyOrder())

// recordWriter sends records to a client. Safe for concurrent use; after
// Stop nothing more is sent.
type recordWriter struct {
	mu      sync.Mutex
	conn    protocol.Conn
	stopped bool
}

func newRecordWriter(conn protocol.Conn) *recordWriter { return &recordWriter{conn: conn} }

// Write sends v as one record. Values that cannot be encoded are dropped.
func (o *recordWriter) Write(v any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.stopped {
		_ = records.Send(o.conn, v)
	}
}

// Stop ends output.
func (o *recordWriter) Stop() { o.mu.Lock(); o.stopped = true; o.mu.Unlock() }

// ordered is a JSON object whose keys keep their order (pi's responses and
// UI requests are written with JS's insertion order); members with an
// omitted value are left out, as JSON.stringify leaves out undefined.
type ordered []member

type member struct {
	key   string
	value any
}

// omitted marks a member JSON.stringify would leave out (undefined).
type omittedValue struct{}

var omitted = omittedValue{}

// Members implements jsjson.Ordered: the members not omitted.
func (o ordered) Members(yield func(string, any) bool) {
	for _, m := range o {
		if _, skip := m.value.(omittedValue); skip {
			continue
		}
		if !yield(m.key, m.value) {
			return
		}
	}
}

// MarshalJSON implements json.Marshaler.
func (o ordered) MarshalJSON() ([]byte, error) { return jsjson.Marshal(o) }

// orOmitted returns omitted for "" and nil, else v.
func orOmitted(v any) any {
	switch x := v.(type) {
	case nil:
		return omitted
	case string:
		if x == "" {
			return omitted
		}
	}
	return v
}

// newKeyOrder is pi's event key order (piapi.EventOrder) with omitted
// members left out.
func newKeyOrder() *piapi.EventKeyOrder {
	return piapi.NewEventOrder(func(v any) bool { _, skip := v.(omittedValue); return skip })
}
