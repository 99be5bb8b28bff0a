package schema

import (
	"maps"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// messageTemplates is TypeBox's en_US locale, by error keyword: "{name}"
// stands for String(params.name), "{name|sep}" for params.name.join(sep).
// "type:list" is the "type" message when params.type is a list, ""
// the message of any other keyword. pigo's TypeScript TypeBox
// (jsapi/compat, pigo:schema-messages) words its errors from this table
// too.
var messageTemplates = map[string]string{
	"":                      "an unknown validation error occurred",
	"additionalProperties":  "must not have additional properties",
	"anyOf":                 "must match a schema in anyOf",
	"boolean":               "schema is false",
	"const":                 "must be equal to constant",
	"contains":              "must contain at least 1 valid item",
	"dependencies":          "must have properties {dependencies|, } when property {property} is present",
	"dependentRequired":     "must have properties {dependencies|, } when property {property} is present",
	"enum":                  "must be equal to one of the allowed values",
	"exclusiveMaximum":      "must be {comparison} {limit}",
	"exclusiveMinimum":      "must be {comparison} {limit}",
	"maximum":               "must be {comparison} {limit}",
	"minimum":               "must be {comparison} {limit}",
	"format":                `must match format "{format}"`,
	"if":                    `must match "{failingKeyword}" schema`,
	"maxItems":              "must not have more than {limit} items",
	"maxLength":             "must not have more than {limit} characters",
	"maxProperties":         "must not have more than {limit} properties",
	"minItems":              "must not have fewer than {limit} items",
	"minLength":             "must not have fewer than {limit} characters",
	"minProperties":         "must not have fewer than {limit} properties",
	"multipleOf":            "must be multiple of {multipleOf}",
	"not":                   "must not be valid",
	"oneOf":                 "must match exactly one schema in oneOf",
	"pattern":               `must match pattern "{pattern}"`,
	"propertyNames":         "property names {propertyNames|, } are invalid",
	"required":              "must have required properties {requiredProperties|, }",
	"type":                  "must be {type}",
	"type:list":             "must be either {type| or }",
	"unevaluatedItems":      "must not have unevaluated items",
	"unevaluatedProperties": "must not have unevaluated properties",
	"uniqueItems":           "must not have duplicate items",
	"~refine":               "{message}",
}

// MessageTemplates returns a copy of the table message words errors from,
// for the TypeScript side.
func MessageTemplates() map[string]string {
	return maps.Clone(messageTemplates)
}

// message is TypeBox's en_US message for an error.
func message(keyword string, p map[string]any) string {
	if _, isStr := p["type"].(string); keyword == "type" && !isStr {
		keyword = "type:list"
	}
	t, ok := messageTemplates[keyword]
	if !ok {
		t = messageTemplates[""]
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(t, '{')
		end := strings.IndexByte(t[open+1:], '}')
		if open < 0 || end < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:open])
		name, sep, isList := strings.Cut(t[open+1:open+1+end], "|")
		if isList {
			b.WriteString(join(p[name], sep))
		} else {
			b.WriteString(jsjson.String(p[name]))
		}
		t = t[open+1+end+1:]
	}
}
