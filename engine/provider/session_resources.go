package provider

// CleanupSessionResources releases what providers keep for a session
// (its cached Codex WebSockets, its strict tools' rejection), as pi-ai's cleanupSessionResources,
// which pi runs when a session is disposed: replaced by another (new,
// resume, fork) or ended with the process.
func CleanupSessionResources(sessionID string) {
	if sessionID == "" {
		return
	}
	CloseCodexWebSockets(sessionID)
	forgetStrictToolLimits(sessionID)
	forgetThreadState(sessionID)
}
