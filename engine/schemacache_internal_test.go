package engine

import (
	"encoding/json"
	"runtime"
	"testing"
	"time"
)

// A reload rebuilds every tool; an unchanged schema is compiled once and
// shared, and its entry goes once no tool holds it.
func TestCompiledSchemasSharedByContent(t *testing.T) {
	schema := func(desc string) map[string]any {
		return map[string]any{"type": "object", "description": desc,
			"properties": map[string]any{"n": map[string]any{"type": "integer"}}}
	}
	a, err := compileSchema(schema("shared-by-content"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := compileSchema(schema("shared-by-content"))
	if a != b {
		t.Fatal("the same schema compiled twice")
	}
	c, _ := compileSchema(schema("another"))
	if c == a {
		t.Fatal("different schemas share a compiled form")
	}
	if err := c.Validate(map[string]any{"n": "x"}); err == nil {
		t.Fatal("shared schema does not validate")
	}
	if _, err := compileSchema(map[string]any{"type": 5}); err == nil {
		t.Fatal("invalid schema compiled")
	}
	text := func() string { b, _ := json.Marshal(schema("shared-by-content")); return string(b) }()
	runtime.KeepAlive(a)
	a, b = nil, nil
	for i := 0; i < 20; i++ {
		runtime.GC()
		compiledSchemas.mu.Lock()
		_, held := compiledSchemas.m[text]
		compiledSchemas.mu.Unlock()
		if !held {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("an unreferenced compiled schema stays in the cache")
}
