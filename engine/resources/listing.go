package resources

// BuiltinPrefix names pi's built-in extensions in `-e` and `extensions`.
const BuiltinPrefix = "builtin:"

// Resource is one file the package manager resolved: its sourceInfo
// (Meta.Path is the file) and whether settings leave it enabled.
type Resource struct {
	Meta    SourceInfo
	Enabled bool
}

// Resolved is what pi's DefaultPackageManager.resolve returns: each
// resource type's files in precedence order, disabled ones included.
type Resolved struct {
	Extensions, Skills, Prompts, Themes []Resource
}

// ResolveOptions say where to look; see Options.
type ResolveOptions struct {
	Cwd, AgentDir, Home             string
	GlobalSettings, ProjectSettings map[string]any
	UntrustedProject                bool
	// Builtins are the host's built-in extension names ("mcp", ...),
	// listed as "builtin:NAME" extensions after the files.
	Builtins []string
}

// Resolve is DefaultPackageManager.resolve for all four resource types,
// as `pigo config` lists them.
func Resolve(opts ResolveOptions) Resolved {
	r := resolver{cwd: opts.Cwd, agentDir: opts.AgentDir, home: opts.Home, untrusted: opts.UntrustedProject, want: allKinds()}
	acc := r.resolve(opts.GlobalSettings, opts.ProjectSettings)
	list := func(k kind) []Resource {
		var out []Resource
		for _, x := range acc.result(k) {
			m := x.meta
			m.Path = x.path
			out = append(out, Resource{Meta: m, Enabled: x.enabled})
		}
		return out
	}
	res := Resolved{Extensions: list(kindExtensions), Skills: list(kindSkills), Prompts: list(kindPrompts), Themes: list(kindThemes)}
	for _, name := range opts.Builtins {
		on, set := BuiltinOverride(settingsList(opts.ProjectSettings, "extensions"), name)
		scope := "project"
		if !set {
			scope = "user"
			on, set = BuiltinOverride(settingsList(opts.GlobalSettings, "extensions"), name)
			on = on || !set
		}
		res.Extensions = append(res.Extensions, Resource{Meta: SourceInfo{Path: BuiltinPrefix + name, Source: "builtin", Scope: scope, Origin: "top-level"}, Enabled: on})
	}
	return res
}

// BuiltinOverride is the last "+", "-" or "!" entry of a settings
// `extensions` array naming builtin:name: whether it enables the built-in,
// and whether there is one.
func BuiltinOverride(entries []string, name string) (on, set bool) {
	for _, e := range entries {
		switch e {
		case "+" + BuiltinPrefix + name:
			on, set = true, true
		case "-" + BuiltinPrefix + name, "!" + BuiltinPrefix + name:
			on, set = false, true
		}
	}
	return on, set
}
