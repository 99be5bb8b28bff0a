package compaction

import (
	"errors"
	"fmt"
	"strings"
)

// ResolveSettings is pi 1.6's getCompactionSettings(model): obj is
// settings.json's "compaction" object (project merged over agent dir),
// modelKey the model's "provider/modelId" ("" for none). reserveTokens and
// keepRecentTokens each resolve independently from
// modelOverrides[modelKey], then the ordinary setting, then the default.
// pi throws on a value that is not a non-negative safe integer, or an
// override that is not an object; here such a value is skipped (the next
// layer applies) and reported in the error with pi's message.
func ResolveSettings(obj map[string]any, modelKey string) (Settings, error) {
	s := DefaultSettings
	if b, ok := obj["enabled"].(bool); ok {
		s.Enabled = b
	}
	var errs []error
	var entry map[string]any
	if overrides, _ := obj["modelOverrides"].(map[string]any); modelKey != "" && overrides != nil {
		if v, ok := overrides[modelKey]; ok && v != nil {
			if entry, ok = v.(map[string]any); !ok {
				errs = append(errs, fmt.Errorf("Invalid compaction.modelOverrides[%q] setting: %s. Expected an object.", modelKey, jsText(v)))
			}
		}
	}
	resolve := func(field string, def int) int {
		out := def
		if v, ok := obj[field]; ok && v != nil {
			if n, ok := safeCount(v); ok {
				out = n
			} else {
				errs = append(errs, fmt.Errorf("Invalid compaction.%s setting: %s. Expected a non-negative safe integer.", field, jsText(v)))
			}
		}
		if v, ok := entry[field]; ok && v != nil {
			if n, ok := safeCount(v); ok {
				out = n
			} else {
				errs = append(errs, fmt.Errorf("Invalid compaction.modelOverrides[%q].%s setting: %s. Expected a non-negative safe integer.", modelKey, field, jsText(v)))
			}
		}
		return out
	}
	s.ReserveTokens = resolve("reserveTokens", s.ReserveTokens)
	s.KeepRecentTokens = resolve("keepRecentTokens", s.KeepRecentTokens)
	return s, errors.Join(errs...)
}

// safeCount is v as Number.isSafeInteger(v) && v >= 0 accepts it.
func safeCount(v any) (int, bool) {
	f, ok := v.(float64)
	if !ok || f < 0 || f > 1<<53-1 || f != float64(int64(f)) {
		return 0, false
	}
	return int(f), true
}

// jsText is String(v) for the values a settings error shows.
func jsText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		return "[object Object]"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = jsText(e)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}
