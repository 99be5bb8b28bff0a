package schema

import "testing"

func TestMessageTemplates(t *testing.T) {
	for _, c := range []struct {
		keyword string
		params  map[string]any
		want    string
	}{
		{"pattern", map[string]any{"pattern": "a{2}|{b}"}, `must match pattern "a{2}|{b}"`}, // values are not templates
		{"type", map[string]any{"type": "string"}, "must be string"},
		{"type", map[string]any{"type": []any{"string", "null"}}, "must be either string or null"},
		{"required", map[string]any{"requiredProperties": []string{"a", "b"}}, "must have required properties a, b"},
		{"maximum", map[string]any{"comparison": "<=", "limit": 1e21}, "must be <= 1e+21"},
		{"dependentRequired", map[string]any{"dependencies": []any{"x", nil}, "property": "p"}, "must have properties x,  when property p is present"},
		{"~refine", map[string]any{"message": "custom"}, "custom"},
		{"nope", nil, "an unknown validation error occurred"},
	} {
		if got := message(c.keyword, c.params); got != c.want {
			t.Errorf("message(%s, %v) = %q, want %q", c.keyword, c.params, got, c.want)
		}
	}
}
