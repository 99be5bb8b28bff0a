package agentsession

import (
	"fmt"
	"slices"
	"strings"
)

// transports are the values of pi 1.6's transport setting, in the order
// its settings selector lists them.
var transports = []string{"sse", "websocket", "websocket-cached", "auto"}

// getTransport is pigo's command for the settings selector's "Transport"
// entry: the transport model requests use now.
func (s *rpcServer) getTransport(*rpcCommand) (any, bool, error) {
	return ordered{{"transport", s.rt.transport.Load().(string)}}, true, nil
}

// setTransport is the "Transport" entry's choice (pi 1.6's
// onTransportChange): saved in the global settings and used from the next
// model request on.
func (s *rpcServer) setTransport(c *rpcCommand) (any, bool, error) {
	t, _ := c.raw["transport"].(string)
	if !slices.Contains(transports, t) {
		return nil, false, fmt.Errorf("set_transport: transport %q is not one of %s", jsString(orUndefined(c.raw, "transport")), strings.Join(transports, ", "))
	}
	if err := s.rt.settings.set("transport", t); err != nil {
		return nil, false, err
	}
	s.rt.transport.Store(t)
	return nil, false, nil
}
