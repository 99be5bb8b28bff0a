package webapi_test

import "testing"

func TestEvent(t *testing.T) { runJS(t, "event.js") }

func TestDOMException(t *testing.T) { runJS(t, "domexception.js") }
