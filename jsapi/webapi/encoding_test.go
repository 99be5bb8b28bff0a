package webapi_test

import "testing"

func TestEncoding(t *testing.T) { runJS(t, "encoding.js") }
