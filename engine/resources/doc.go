// Package resources loads pi's prompt templates and skills and expands
// them in prompts, as pi 0.73.1 does (@mariozechner/pi-coding-agent
// core/prompt-templates.js, skills.js, the skills and prompts part of
// resource-loader.js and package-manager.js, and agent-session.js's
// expansion). It reads the file system only and imports neither goja,
// esbuild nor the rest of the engine, except engine/pathrules (pi's
// settings patterns, globs and path rules, shared with jsapi/discover).
//
// # Where resources come from
//
// Load resolves paths the way pi's package manager does, then loads them:
//
//   - -e/--extension values that are local package directories (their
//     skills/ and prompts/ directories, or package.json pi.skills and
//     pi.prompts);
//   - settings `skills` and `prompts` entries (project <cwd>/.pi/settings.json
//     relative to <cwd>/.pi, global <agentDir>/settings.json relative to the
//     agent dir; files, directories, globs, and "!glob", "+path", "-path"
//     patterns);
//   - auto-discovery: <cwd>/.pi/skills, .agents/skills in cwd and its
//     ancestors up to the git root, <cwd>/.pi/prompts, <agentDir>/skills,
//     ~/.agents/skills, <agentDir>/prompts (the "!", "+", "-" patterns of
//     the scope's settings array filter them);
//   - settings `packages` that are local paths;
//   - --skill and --prompt-template paths;
//   - later, resources_discover results (Set.Extend).
//
// Settings-resolved paths are ordered by pi's precedence (project entries,
// project auto-discovery, user entries, user auto-discovery, packages);
// the first resource of a name wins and the others are reported as
// collisions. NoSkills and NoPromptTemplates drop everything but the CLI
// paths and -e packages.
//
// A skill directory holds SKILL.md (nothing below it is scanned); in
// <agentDir>/skills, <cwd>/.pi/skills, --skill directories and settings
// directories the top-level .md files are skills too, in .agents/skills
// they are not. Templates are the .md files directly in a prompts
// directory (package and settings directories are searched recursively,
// as pi's package manager does). Names starting with "." and
// node_modules are skipped and .gitignore, .ignore and .fdignore apply.
//
// # Formats
//
// Frontmatter is YAML between leading "---" lines (ParseFrontmatter; a
// YAML subset, see yaml.go). A template's name is its file name without
// ".md"; its description is the frontmatter `description` or the first
// non-empty body line. A skill's name is the frontmatter `name` or its
// directory's name; `description` is required; names and descriptions that
// break the Agent Skills rules load with warnings. Diagnostics are
// returned, not printed: pi shows them only in its interactive mode.
//
// # Expansion
//
// Set.Expand turns "/skill:name args" into pi's <skill> block and
// "/template args" into the template with $1, $@, $ARGUMENTS, ${@:N} and
// ${@:N:L} substituted. FormatSkillsForPrompt renders the system prompt's
// <available_skills> section. Set.Commands lists templates and skills the
// way pi's get_commands does after the extension commands.
//
// # Not supported
//
// npm: and git: package sources (pi installs them); skills and prompts of
// packages are read only from local package directories.
package resources
