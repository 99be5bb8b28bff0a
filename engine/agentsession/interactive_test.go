package agentsession

import "testing"

// Only the terminal UI draws extension components; RPC mode and other
// clients answer dialogs only, as pi's RPC mode does.
func TestOnlyTheTUIRendersComponents(t *testing.T) {
	if !(serverViews{&rpcServer{clientID: tuiClientID}}).RendersComponents() {
		t.Errorf("the TUI client does not draw components")
	}
	for _, id := range []string{rpcClientID, "client"} {
		if (serverViews{&rpcServer{clientID: id}}).RendersComponents() {
			t.Errorf("client %q draws components", id)
		}
	}
}
