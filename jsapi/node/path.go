package node

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// path is Node's POSIX path module, ported function by function from
// Node's lib/path.js so edge cases ("//", trailing slashes, dot files,
// "..") match; resolve uses Runtime.Cwd() as the working directory.
// path.win32 is the same object as path.posix: pigo runs on POSIX hosts
// and no pi extension relies on Windows path semantics.
//
// Strings are handled as UTF-8 bytes; '/' and '.' never occur inside a
// multi-byte character, so every index the algorithms use is safe.

// pathModule instantiates path. Loop only.
func pathModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	p := vm.NewObject()
	str := func(call goja.FunctionCall, i int, name string) string {
		return pathString(vm, call.Argument(i), name)
	}
	sysMethod(vm, p, "join", func(call goja.FunctionCall) goja.Value {
		parts := make([]string, len(call.Arguments))
		for i := range call.Arguments {
			parts[i] = str(call, i, "path")
		}
		return vm.ToValue(pathJoin(parts...))
	})
	sysMethod(vm, p, "resolve", func(call goja.FunctionCall) goja.Value {
		parts := make([]string, len(call.Arguments))
		for i := range call.Arguments {
			parts[i] = str(call, i, "paths["+strconv.Itoa(i)+"]")
		}
		return vm.ToValue(pathResolve(rt.Cwd(), parts...))
	})
	sysMethod(vm, p, "normalize", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(pathNormalize(str(call, 0, "path")))
	})
	sysMethod(vm, p, "isAbsolute", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(strings.HasPrefix(str(call, 0, "path"), "/"))
	})
	sysMethod(vm, p, "relative", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(pathRelative(rt.Cwd(), str(call, 0, "from"), str(call, 1, "to")))
	})
	sysMethod(vm, p, "dirname", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(pathDirname(str(call, 0, "path")))
	})
	sysMethod(vm, p, "basename", func(call goja.FunctionCall) goja.Value {
		ext, hasExt := "", false
		if a := call.Argument(1); !goja.IsUndefined(a) {
			ext, hasExt = pathString(vm, a, "ext"), true
		}
		return vm.ToValue(pathBasename(str(call, 0, "path"), ext, hasExt))
	})
	sysMethod(vm, p, "extname", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(pathExtname(str(call, 0, "path")))
	})
	sysMethod(vm, p, "parse", func(call goja.FunctionCall) goja.Value {
		r := pathParse(str(call, 0, "path"))
		obj := vm.NewObject()
		_ = obj.Set("root", r.root)
		_ = obj.Set("dir", r.dir)
		_ = obj.Set("base", r.base)
		_ = obj.Set("ext", r.ext)
		_ = obj.Set("name", r.name)
		return obj
	})
	sysMethod(vm, p, "format", func(call goja.FunctionCall) goja.Value {
		obj, ok := call.Argument(0).(*goja.Object)
		if !ok {
			sysThrowArgType(vm, "pathObject", "of type object", call.Argument(0))
		}
		field := func(name string) string {
			v := obj.Get(name)
			if v == nil || !v.ToBoolean() {
				return ""
			}
			return v.String()
		}
		return vm.ToValue(pathFormat(field("root"), field("dir"), field("base"), field("name"), field("ext")))
	})
	sysMethod(vm, p, "toNamespacedPath", func(call goja.FunctionCall) goja.Value {
		return call.Argument(0)
	})
	_ = p.Set("sep", "/")
	_ = p.Set("delimiter", ":")
	_ = p.Set("posix", p)
	// win32 is posix on purpose; see the comment at the top of the file.
	_ = p.Set("win32", p)
	return module.Set("exports", p)
}

// pathPosixModule instantiates path/posix as the path object itself, so
// require("path").posix === require("path/posix"). Loop only.
func pathPosixModule(rt modules.Runtime, module *goja.Object) error {
	p, err := rt.Require("path")
	if err != nil {
		return fmt.Errorf("load path: %w", err)
	}
	return module.Set("exports", p)
}

// pathString validates a string argument like Node's validateString.
// Loop only.
func pathString(vm *goja.Runtime, v goja.Value, name string) string {
	if v == nil || sysIsObject(v) || goja.IsUndefined(v) || goja.IsNull(v) || sysTypeof(v) != "string" {
		sysThrowArgType(vm, name, "of type string", v)
	}
	return v.String()
}

// pathNormalizeString resolves "." and ".." segments and drops empty ones
// (Node's normalizeString with '/' separators).
func pathNormalizeString(path string, allowAboveRoot bool) string {
	res := ""
	lastSegmentLength := 0
	lastSlash := -1
	dots := 0
	var code byte
	for i := 0; i <= len(path); i++ {
		if i < len(path) {
			code = path[i]
		} else if code == '/' {
			break
		} else {
			code = '/'
		}
		switch {
		case code == '/':
			switch {
			case lastSlash == i-1 || dots == 1:
				// NOOP
			case dots == 2:
				if len(res) < 2 || lastSegmentLength != 2 || res[len(res)-1] != '.' || res[len(res)-2] != '.' {
					if len(res) > 2 {
						if idx := strings.LastIndexByte(res, '/'); idx == -1 {
							res = ""
							lastSegmentLength = 0
						} else {
							res = res[:idx]
							lastSegmentLength = len(res) - 1 - strings.LastIndexByte(res, '/')
						}
						lastSlash = i
						dots = 0
						continue
					} else if len(res) != 0 {
						res = ""
						lastSegmentLength = 0
						lastSlash = i
						dots = 0
						continue
					}
				}
				if allowAboveRoot {
					if len(res) > 0 {
						res += "/.."
					} else {
						res = ".."
					}
					lastSegmentLength = 2
				}
			default:
				if len(res) > 0 {
					res += "/" + path[lastSlash+1:i]
				} else {
					res = path[lastSlash+1 : i]
				}
				lastSegmentLength = i - lastSlash - 1
			}
			lastSlash = i
			dots = 0
		case code == '.' && dots != -1:
			dots++
		default:
			dots = -1
		}
	}
	return res
}

// pathNormalize is path.normalize.
func pathNormalize(path string) string {
	if path == "" {
		return "."
	}
	abs := path[0] == '/'
	trailing := path[len(path)-1] == '/'
	path = pathNormalizeString(path, !abs)
	if path == "" {
		if abs {
			return "/"
		}
		if trailing {
			return "./"
		}
		return "."
	}
	if trailing {
		path += "/"
	}
	if abs {
		return "/" + path
	}
	return path
}

// pathJoin is path.join.
func pathJoin(parts ...string) string {
	joined, any := "", false
	for _, p := range parts {
		if p == "" {
			continue
		}
		if !any {
			joined, any = p, true
		} else {
			joined += "/" + p
		}
	}
	if !any {
		return "."
	}
	return pathNormalize(joined)
}

// pathResolve is path.resolve with cwd as the working directory.
func pathResolve(cwd string, parts ...string) string {
	resolved, abs := "", false
	for i := len(parts) - 1; i >= -1 && !abs; i-- {
		p := cwd
		if i >= 0 {
			p = parts[i]
		}
		if p == "" {
			continue
		}
		resolved = p + "/" + resolved
		abs = p[0] == '/'
	}
	resolved = pathNormalizeString(resolved, !abs)
	if abs {
		return "/" + resolved
	}
	if resolved == "" {
		return "."
	}
	return resolved
}

// pathRelative is path.relative.
func pathRelative(cwd, from, to string) string {
	if from == to {
		return ""
	}
	from, to = pathResolve(cwd, from), pathResolve(cwd, to)
	if from == to {
		return ""
	}
	const fromStart, toStart = 1, 1
	fromEnd := len(from)
	fromLen := fromEnd - fromStart
	toLen := len(to) - toStart
	length := min(fromLen, toLen)
	lastCommonSep := -1
	i := 0
	for ; i < length; i++ {
		c := from[fromStart+i]
		if c != to[toStart+i] {
			break
		} else if c == '/' {
			lastCommonSep = i
		}
	}
	if i == length {
		if toLen > length {
			if to[toStart+i] == '/' {
				return to[toStart+i+1:]
			}
			if i == 0 {
				return to[toStart+i:]
			}
		} else if fromLen > length {
			if from[fromStart+i] == '/' {
				lastCommonSep = i
			} else if i == 0 {
				lastCommonSep = 0
			}
		}
	}
	out := ""
	for i = fromStart + lastCommonSep + 1; i <= fromEnd; i++ {
		if i == fromEnd || from[i] == '/' {
			if out == "" {
				out = ".."
			} else {
				out += "/.."
			}
		}
	}
	return out + to[toStart+lastCommonSep:]
}

// pathDirname is path.dirname.
func pathDirname(path string) string {
	if path == "" {
		return "."
	}
	hasRoot := path[0] == '/'
	end := -1
	matchedSlash := true
	for i := len(path) - 1; i >= 1; i-- {
		if path[i] == '/' {
			if !matchedSlash {
				end = i
				break
			}
		} else {
			matchedSlash = false
		}
	}
	if end == -1 {
		if hasRoot {
			return "/"
		}
		return "."
	}
	if hasRoot && end == 1 {
		return "//"
	}
	return path[:end]
}

// pathBasename is path.basename; hasSuffix tells whether suffix was given.
func pathBasename(path, suffix string, hasSuffix bool) string {
	start, end := 0, -1
	matchedSlash := true
	if hasSuffix && len(suffix) > 0 && len(suffix) <= len(path) {
		if suffix == path {
			return ""
		}
		extIdx := len(suffix) - 1
		firstNonSlashEnd := -1
		for i := len(path) - 1; i >= 0; i-- {
			c := path[i]
			if c == '/' {
				if !matchedSlash {
					start = i + 1
					break
				}
				continue
			}
			if firstNonSlashEnd == -1 {
				matchedSlash = false
				firstNonSlashEnd = i + 1
			}
			if extIdx >= 0 {
				if c == suffix[extIdx] {
					extIdx--
					if extIdx == -1 {
						end = i
					}
				} else {
					extIdx = -1
					end = firstNonSlashEnd
				}
			}
		}
		if start == end {
			end = firstNonSlashEnd
		} else if end == -1 {
			end = len(path)
		}
		return path[start:end]
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			if !matchedSlash {
				start = i + 1
				break
			}
		} else if end == -1 {
			matchedSlash = false
			end = i + 1
		}
	}
	if end == -1 {
		return ""
	}
	return path[start:end]
}

// pathExtname is path.extname.
func pathExtname(path string) string {
	startDot, startPart, end := -1, 0, -1
	matchedSlash := true
	preDotState := 0
	for i := len(path) - 1; i >= 0; i-- {
		c := path[i]
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		if c == '.' {
			if startDot == -1 {
				startDot = i
			} else if preDotState != 1 {
				preDotState = 1
			}
		} else if startDot != -1 {
			preDotState = -1
		}
	}
	if startDot == -1 || end == -1 || preDotState == 0 ||
		(preDotState == 1 && startDot == end-1 && startDot == startPart+1) {
		return ""
	}
	return path[startDot:end]
}

// pathParts is the result of path.parse.
type pathParts struct{ root, dir, base, ext, name string }

// pathParse is path.parse.
func pathParse(path string) pathParts {
	var ret pathParts
	if path == "" {
		return ret
	}
	abs := path[0] == '/'
	start := 0
	if abs {
		ret.root = "/"
		start = 1
	}
	startDot, startPart, end := -1, 0, -1
	matchedSlash := true
	preDotState := 0
	for i := len(path) - 1; i >= start; i-- {
		c := path[i]
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		if c == '.' {
			if startDot == -1 {
				startDot = i
			} else if preDotState != 1 {
				preDotState = 1
			}
		} else if startDot != -1 {
			preDotState = -1
		}
	}
	if end != -1 {
		s := startPart
		if startPart == 0 && abs {
			s = 1
		}
		if startDot == -1 || preDotState == 0 ||
			(preDotState == 1 && startDot == end-1 && startDot == startPart+1) {
			ret.base = path[s:end]
			ret.name = ret.base
		} else {
			ret.name = path[s:startDot]
			ret.base = path[s:end]
			ret.ext = path[startDot:end]
		}
	}
	if startPart > 0 {
		ret.dir = path[:startPart-1]
	} else if abs {
		ret.dir = "/"
	}
	return ret
}

// pathFormat is path.format; empty strings stand for absent fields.
func pathFormat(root, dir, base, name, ext string) string {
	if dir == "" {
		dir = root
	}
	if base == "" {
		if ext != "" && ext[0] != '.' {
			ext = "." + ext
		}
		base = name + ext
	}
	if dir == "" {
		return base
	}
	if dir == root {
		return dir + base
	}
	return dir + "/" + base
}
