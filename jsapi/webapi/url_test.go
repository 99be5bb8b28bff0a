package webapi_test

import "testing"

func TestURL(t *testing.T) { runJS(t, "url.js") }
