// Package compat holds pigo's implementations of the modules pi extensions
// import — @mariozechner/* (pi 0.73.1's pi-coding-agent, pi-ai, pi-tui,
// pi-agent-core), @earendil-works/* (pi 1.6.0's: the same plus pi-mcp,
// pi-codemode and pi-schema), typebox and @sinclair/typebox — as embedded
// TypeScript/JavaScript sources plus the Go helpers they need, and the
// adapter that gives an extension pi's ExtensionAPI on top of the v2 `pi`
// object (an adapter, not a second engine).
//
// compat does not import engine or jsapi: jsapi serves these sources as
// host modules (compiled once per process, instantiated per runtime on
// first require).
package compat
