package webapi_test

import "testing"

func TestBase64(t *testing.T) { runJS(t, "base64.js") }
