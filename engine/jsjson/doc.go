// Package jsjson writes JSON as JavaScript writes it, for the places where
// pigo's bytes must be pi's: JSON.stringify(v) and JSON.stringify(v, null,
// indent) of pigo's data (map[string]any, []any, string, float64, bool,
// nil), JSON.parse with JavaScript's property order, and how JavaScript
// code sees such a value: String(v) (a template literal, Array#join) and
// Boolean(v).
//
// encoding/json writes the same data differently: it escapes <, > and &
// (unless told not to), escapes U+2028 and U+2029, sorts map keys,
// writes -0 as -0 and fails on NaN and ±Infinity, where JSON.stringify
// writes 0 and null. A Go map has no insertion order, so every writer
// here takes the key order as a [KeyOrder]: [JSOrder] is the order
// JavaScript enumerates an object decoded from Go's JSON (array indices
// first), [SortedOrder] is encoding/json's, and callers that know the
// order in which pi builds its objects supply their own. [Object] is an
// object that keeps its members' order.
//
// An [Encoder] holds the variants pigo's writers need: indentation, the
// key order, nil maps and slices as null, invalid UTF-8 escaped, and
// EncodingJSON, which writes exactly what encoding/json writes (HTML
// escaping off) for the RPC stream whose bytes are compared with it.
// [Marshal] is that encoding.
package jsjson
