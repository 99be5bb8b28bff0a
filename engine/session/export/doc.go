// Package export writes a pi session as one self-contained HTML file, as
// pi's /export, `pi --export` and the RPC command export_html do. It
// belongs to the engine layer: it imports engine/session and the standard
// library only (never goja, esbuild or jsapi).
//
// The page is rendered in Go from an embedded html/template: the header
// (session name and id, date, working directory, models, message counts,
// tokens and cost), the system prompt and tools when known, the session
// tree as a sidebar, and every entry of the session, the ones on the
// selected branch (root to leaf) visible and the others hidden until
// selected. It reads without JavaScript: collapsible parts are <details>
// elements and the tree links to the entries. A small embedded script adds
// what pi's viewer does interactively: choosing another branch in the
// tree, filtering and searching the tree, local times, and deep links
// (?leafId=...&targetId=...).
//
// Every piece of session text reaches the page through html/template's
// contextual escaping; images are embedded only as data: URLs of the
// image types pi produces, with their base64 payload checked.
//
// As in pi, the session itself (header, entries, leaf id, system prompt,
// tools) is embedded as base64 of its JSON in
// <script id="session-data" type="application/json">, so tools that read
// pi's exports can recover it; [Decode] does that for pigo's and pi's
// files alike.
//
//	tr, warnings, err := session.Read("session.jsonl")
//	...
//	err = export.WriteFile("out.html", export.FromTree(tr), export.Options{})
package export
