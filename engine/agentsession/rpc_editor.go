package agentsession

import (
	"errors"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// setEditorText is an interactive client telling the host what its
// editor holds (sent debounced as the user types), so that
// ctx.ui.getEditorText returns typed text as in pi's interactive mode,
// where the editor is in the same process. It is not echoed back as a
// setEditorText UI call.
func (s *rpcServer) setEditorText(c *rpcCommand) (any, bool, error) {
	text, ok := c.raw["text"].(string)
	if !ok {
		return nil, false, errors.New("set_editor_text: text must be a string")
	}
	piapi.Of(s.rt.host).UI().SetTypedEditorText(text)
	return nil, false, nil
}
