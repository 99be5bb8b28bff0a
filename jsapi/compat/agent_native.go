package compat

import (
	"encoding/base64"
	"fmt"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/images"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/resources"
	"github.com/pigo-dev/pigo/engine/schema"
	"github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// agentNativeModules are the Go host modules behind pigo's pi-coding-agent:
// pi logic the host implements in Go for itself, served to the TypeScript
// modules so both sides run one implementation.
func agentNativeModules() map[string]modules.Module {
	return map[string]modules.Module{
		// pigo:compaction-prompts: engine/compaction's summarization prompts
		// and engine/session's summary wrappers under pi's constant names
		// (SUMMARIZATION_PROMPT, COMPACTION_SUMMARY_PREFIX, ...).
		"pigo:compaction-prompts": func(rt modules.Runtime, module *goja.Object) error {
			texts := compaction.Prompts()
			texts["COMPACTION_SUMMARY_PREFIX"] = session.CompactionSummaryPrefix
			texts["COMPACTION_SUMMARY_SUFFIX"] = session.CompactionSummarySuffix
			texts["BRANCH_SUMMARY_PREFIX"] = session.BranchSummaryPrefix
			texts["BRANCH_SUMMARY_SUFFIX"] = session.BranchSummarySuffix
			return setExports(rt.VM(), module, "pigo:compaction-prompts", texts)
		},
		// pigo:ai-catalog: pi-ai 1.6's built-in model catalog, held by
		// engine/provider as JSON so a runtime builds the objects of a
		// provider only when it reads that provider's models.
		// providers() lists pi-ai's providers in its order; models(provider,
		// "chat" | "image") gives their models as a JSON array, or
		// undefined for a provider pi-ai does not know.
		"pigo:ai-catalog": func(rt modules.Runtime, module *goja.Object) error {
			vm := rt.VM()
			return setExports(vm, module, "pigo:ai-catalog", map[string]any{
				"providers": func() *goja.Object {
					var ps []any
					for _, p := range provider.PiAIProviders() {
						ps = append(ps, p)
					}
					return vm.NewArray(ps...)
				},
				"models": func(p, modelType string) goja.Value {
					models, ok := provider.PiAIModelsJSON(p, modelType)
					if !ok {
						return goja.Undefined()
					}
					return vm.ToValue(models)
				},
			})
		},
		// pigo:schema-messages: engine/schema's TypeBox error message
		// templates by keyword, for the TypeScript TypeBox's errors.
		"pigo:schema-messages": func(rt modules.Runtime, module *goja.Object) error {
			return setExports(rt.VM(), module, "pigo:schema-messages", schema.MessageTemplates())
		},
		// pigo:skills: engine/resources' skill loader, pi's loadSkills
		// (cwd, agentDir, absolute paths, includeDefaults) and
		// loadSkillsFromDir (dir, source), each giving {skills, diagnostics}.
		"pigo:skills": func(rt modules.Runtime, module *goja.Object) error {
			vm := rt.VM()
			result := func(skills []resources.Skill, diags []resources.Diagnostic) goja.Value {
				return orderedToJS(vm, skillsResult(skills, diags))
			}
			return setExports(vm, module, "pigo:skills", map[string]any{
				"loadSkills": func(cwd, agentDir string, paths []string, includeDefaults bool) goja.Value {
					return result(resources.LoadSkills(cwd, agentDir, paths, includeDefaults))
				},
				"loadSkillsFromDir": func(dir, source string) goja.Value {
					return result(resources.LoadSkillsFromDir(dir, source))
				},
			})
		},
		// pigo:tool-arguments: the host's check of tool-call arguments
		// (engine.ArgumentsValidator: pi 1.6's coercion, pi-schema's
		// wording) for pi-ai's validateToolArguments, so a tool call an
		// extension validates itself gets what the host's own check gives.
		// compile(schemaJSON) returns validate(name, argsJSON), which gives
		// {value: JSON} or {error: pi's text}; compile throws when the schema
		// does not compile.
		"pigo:tool-arguments": func(rt modules.Runtime, module *goja.Object) error {
			vm := rt.VM()
			return setExports(vm, module, "pigo:tool-arguments", map[string]any{
				"compile": func(schemaJSON string) func(string, string) *goja.Object {
					// Parsed in order, so errors come in the order the schema
					// declares its properties, as pi-schema reports them.
					parsed, err := jsjson.Parse([]byte(schemaJSON))
					var params map[string]any
					if err == nil {
						params, _ = jsjson.AsMap(parsed)
					}
					v, err := engine.NewArgumentsValidator(params)
					if err != nil {
						panic(vm.NewTypeError("tool parameters do not compile as JSON Schema: " + err.Error()))
					}
					return func(name, argsJSON string) *goja.Object {
						out := vm.NewObject()
						args, err := jsjson.Parse([]byte(argsJSON))
						if err == nil {
							var value any
							if value, err = v.Validate(name, args); err == nil {
								_ = out.Set("value", jsjson.Stringify(value))
								return out
							}
						}
						_ = out.Set("error", err.Error())
						return out
					}
				},
			})
		},
		// pigo:image: engine/images' processImage for the read tool:
		// processImage(base64, mimeType, autoResize, resizeOptions?) gives
		// {ok: true, data, mimeType, hints} or {ok: false, message}.
		"pigo:image": func(rt modules.Runtime, module *goja.Object) error {
			vm := rt.VM()
			return setExports(vm, module, "pigo:image", map[string]any{
				"processImage": func(data, mimeType string, autoResize bool, o goja.Value) goja.Value {
					return vm.ToValue(processImage(data, mimeType, autoResize, resizeOptions(o)))
				},
				// resizeImage(base64, mimeType, options?): pi's ResizedImage or null.
				"resizeImage": func(data, mimeType string, o goja.Value) goja.Value {
					raw, err := base64.StdEncoding.DecodeString(data)
					if err != nil {
						return goja.Null()
					}
					r, ok := images.Resize(raw, mimeType, resizeOptions(o))
					if !ok {
						return goja.Null()
					}
					return vm.ToValue(map[string]any{"data": r.Data, "mimeType": r.MimeType, "originalWidth": r.OriginalWidth,
						"originalHeight": r.OriginalHeight, "width": r.Width, "height": r.Height, "wasResized": r.WasResized})
				},
				// toPNG(base64): the image as PNG in base64, or null.
				"toPNG": func(data string) goja.Value {
					raw, err := base64.StdEncoding.DecodeString(data)
					if err != nil {
						return goja.Null()
					}
					png, ok := images.ToPNG(raw)
					if !ok {
						return goja.Null()
					}
					return vm.ToValue(base64.StdEncoding.EncodeToString(png))
				},
			})
		},
		// pigo:frontmatter: engine/resources' parseFrontmatter and its YAML
		// parser. parseFrontmatter(content) returns {frontmatter, body}, or
		// {error} with the YAML error's message for the JS side to throw.
		"pigo:frontmatter": func(rt modules.Runtime, module *goja.Object) error {
			vm := rt.VM()
			return setExports(vm, module, "pigo:frontmatter", map[string]any{
				"parseFrontmatter": func(content string) *goja.Object {
					out := vm.NewObject()
					fm, body, err := resources.FrontmatterValue(content)
					if err != nil {
						_ = out.Set("error", err.Error())
						return out
					}
					_ = out.Set("frontmatter", orderedToJS(vm, fm))
					_ = out.Set("body", body)
					return out
				},
			})
		},
	}
}

// skillsResult is {skills, diagnostics} with pi's key order.
func skillsResult(skills []resources.Skill, diags []resources.Diagnostic) *jsjson.Object {
	list := make([]any, len(skills))
	for i, s := range skills {
		info := s.SourceInfo
		list[i] = &jsjson.Object{{Key: "name", Value: s.Name}, {Key: "description", Value: s.Description},
			{Key: "filePath", Value: s.FilePath}, {Key: "baseDir", Value: s.BaseDir},
			{Key: "sourceInfo", Value: &jsjson.Object{{Key: "path", Value: info.Path}, {Key: "source", Value: info.Source},
				{Key: "scope", Value: info.Scope}, {Key: "origin", Value: info.Origin}, {Key: "baseDir", Value: info.BaseDir}}},
			{Key: "disableModelInvocation", Value: s.DisableModelInvocation}}
	}
	ds := make([]any, len(diags))
	for i, d := range diags {
		o := &jsjson.Object{{Key: "type", Value: d.Type}, {Key: "message", Value: d.Message}, {Key: "path", Value: d.Path}}
		if c := d.Collision; c != nil {
			o.Set("collision", &jsjson.Object{{Key: "resourceType", Value: c.ResourceType}, {Key: "name", Value: c.Name},
				{Key: "winnerPath", Value: c.WinnerPath}, {Key: "loserPath", Value: c.LoserPath}})
		}
		ds[i] = o
	}
	return &jsjson.Object{{Key: "skills", Value: list}, {Key: "diagnostics", Value: ds}}
}

// orderedToJS converts JSON data whose objects are *jsjson.Object, keeping
// their member order (rt.ToJS takes Go maps, which have none). A value met
// twice (a YAML alias) becomes one JS value, as the yaml package gives.
func orderedToJS(vm *goja.Runtime, v any) goja.Value {
	return (&jsConverter{vm: vm, seen: map[any]goja.Value{}}).value(v)
}

type jsConverter struct {
	vm   *goja.Runtime
	seen map[any]goja.Value // by *jsjson.Object, or a non-empty slice's first element
}

func (c *jsConverter) value(v any) goja.Value {
	switch x := v.(type) {
	case *jsjson.Object:
		if js, ok := c.seen[x]; ok {
			return js
		}
		o := c.vm.NewObject()
		c.seen[x] = o
		for _, m := range *x {
			// defined, not assigned: a "__proto__" key is data, as in yaml
			_ = o.DefineDataProperty(m.Key, c.value(m.Value), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		}
		return o
	case []any:
		var key any
		if len(x) > 0 {
			key = &x[0]
			if js, ok := c.seen[key]; ok {
				return js
			}
		}
		items := make([]any, len(x))
		for i, e := range x {
			items[i] = c.value(e)
		}
		a := c.vm.NewArray(items...)
		if key != nil {
			c.seen[key] = a
		}
		return a
	case nil:
		return goja.Null()
	}
	return c.vm.ToValue(v)
}

// setExports copies values onto module.exports.
func setExports[V any](vm *goja.Runtime, module *goja.Object, spec string, values map[string]V) error {
	exports := module.Get("exports").ToObject(vm)
	for name, v := range values {
		if err := exports.Set(name, v); err != nil {
			return fmt.Errorf("%s: set %s: %w", spec, name, err)
		}
	}
	return nil
}

// processImage is engine/images' Process for base64 data, as JavaScript
// data (pi's ProcessedImage).
func processImage(data, mimeType string, autoResize bool, o images.ResizeOptions) map[string]any {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return map[string]any{"ok": false, "message": "[Image omitted: could not be converted to a supported inline image format.]"}
	}
	p := images.Process(raw, mimeType, autoResize, o)
	if !p.OK {
		return map[string]any{"ok": false, "message": p.Message}
	}
	hints := make([]any, len(p.Hints))
	for i, h := range p.Hints {
		hints[i] = h
	}
	return map[string]any{"ok": true, "data": p.Data, "mimeType": p.MimeType, "hints": hints}
}

// resizeOptions reads pi's ImageResizeOptions ({maxWidth, maxHeight,
// maxBytes, jpegQuality}, each optional); undefined gives the defaults.
func resizeOptions(v goja.Value) images.ResizeOptions {
	var o images.ResizeOptions
	obj, ok := v.(*goja.Object)
	if !ok || v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return o
	}
	num := func(k string) int {
		x := obj.Get(k)
		if x == nil || goja.IsUndefined(x) || goja.IsNull(x) {
			return 0
		}
		return int(x.ToInteger())
	}
	o.MaxWidth, o.MaxHeight, o.MaxBytes, o.JPEGQuality = num("maxWidth"), num("maxHeight"), num("maxBytes"), num("jpegQuality")
	return o
}
