// Package session is pi's session entry tree: entries with id/parentId in
// pi's session-file shape (version 3), a moving leaf, labels and the
// session name. This first version keeps the tree in memory; durable JSONL
// files in pi's format come with the agent-harness work and will reuse the
// same Entry shape.
package session
