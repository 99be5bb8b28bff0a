package protocol

import "github.com/pigo-dev/pigo/engine/jsjson"

// jsonParseError is V8's JSON.parse message for src (jsjson.ParseError):
// pi's RPC mode answers an unparsable line with "Failed to parse command:
// <message>".
func jsonParseError(src string) string { return jsjson.ParseError(src) }

// JSONParseError is V8's JSON.parse message for src, or "" when src is
// valid JSON, for other files pi reads with JSON.parse (trust.json).
func JSONParseError(src string) string { return jsjson.ParseError(src) }
