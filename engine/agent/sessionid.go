package agent

// sessionID is the current session's id for a model request ("" when the
// agent has no session).
func (a *Agent) sessionID() string {
	if a.opts.SessionID == nil {
		return ""
	}
	return a.opts.SessionID()
}
