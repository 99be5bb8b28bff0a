package webapi_test

import "testing"

func TestStructuredClone(t *testing.T) { runJS(t, "clone.js") }
