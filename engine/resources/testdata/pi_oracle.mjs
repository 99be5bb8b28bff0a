// pi_oracle.mjs asks the real pi 1.6 which prompt templates and skills
// it would load, through its own DefaultResourceLoader.
//
// Usage: node pi_oracle.mjs <pi-coding-agent package dir> < cases.json
// Input:  [{"cwd", "agentDir", "home", "ext": [...], "skills": [...],
//           "prompts": [...], "noSkills", "noPrompts",
//           "extend": {"skills": [{path, extension}], "prompts": [...]}}, ...]
// Output: [{"skills": {skills, diagnostics}, "prompts": {prompts, diagnostics},
//           "expanded": [...]}, ...]
//
// Extensions, themes and context files are not loaded. "extend" repeats
// what AgentSession.extendResourcesFromExtensions does with
// resources_discover results. "expand" texts are expanded the way
// AgentSession.prompt does (skill command, then template).
import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = join(process.argv[2], "dist");
const load = (p) => import(pathToFileURL(join(dist, p)).href);
const { DefaultResourceLoader } = await load("core/resource-loader.js");
const { SettingsManager } = await load("core/settings-manager.js");
const { expandPromptTemplate } = await load("core/prompt-templates.js");
const { stripFrontmatter } = await load("utils/frontmatter.js");
const { isLocalPath } = await load("utils/paths.js");

const label = (ext) => {
	if (ext.startsWith("<")) return `extension:${ext.replace(/[<>]/g, "")}`;
	return `extension:${basename(ext).replace(/\.(ts|js)$/, "")}`;
};
const toPaths = (list) =>
	(list ?? []).map((e) => ({
		path: e.path,
		metadata: {
			source: label(e.extension),
			scope: "temporary",
			origin: "top-level",
			baseDir: e.extension.startsWith("<") ? undefined : dirname(e.extension),
		},
	}));

process.env.PI_OFFLINE = "1"; // never install npm:/git: sources
const cases = JSON.parse(readFileSync(0, "utf-8"));
const results = [];
for (const c of cases) {
	process.env.HOME = c.home;
	const cli = (vals) => (vals ?? []).map((v) => (isLocalPath(v) ? resolve(c.cwd, v) : v));
	const loader = new DefaultResourceLoader({
		cwd: c.cwd,
		agentDir: c.agentDir,
		settingsManager: SettingsManager.create(c.cwd, c.agentDir),
		additionalExtensionPaths: cli(c.ext),
		additionalSkillPaths: cli(c.skills),
		additionalPromptTemplatePaths: cli(c.prompts),
		noExtensions: true,
		noSkills: !!c.noSkills,
		noPromptTemplates: !!c.noPrompts,
		noThemes: true,
		noContextFiles: true,
	});
	await loader.reload();
	if (c.extend) {
		// resolveResourcePath resolves against the loader's cwd.
		loader.extendResources({ skillPaths: toPaths(c.extend.skills), promptPaths: toPaths(c.extend.prompts), themePaths: [] });
	}
	const skills = loader.getSkills().skills;
	const prompts = loader.getPrompts().prompts;
	const expanded = (c.expand ?? []).map((text) => {
		let out = text;
		if (out.startsWith("/skill:")) {
			const sp = out.indexOf(" ");
			const name = sp === -1 ? out.slice(7) : out.slice(7, sp);
			const args = sp === -1 ? "" : out.slice(sp + 1).trim();
			const skill = skills.find((s) => s.name === name);
			if (skill) {
				try {
					const body = stripFrontmatter(readFileSync(skill.filePath, "utf-8")).trim();
					const block = `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body}\n</skill>`;
					out = args ? `${block}\n\n${args}` : block;
				} catch (err) {
					out = `ERROR ${err.message}`;
				}
			}
		}
		return expandPromptTemplate(out, prompts);
	});
	results.push({ skills: loader.getSkills(), prompts: loader.getPrompts(), expanded });
}
process.stdout.write(JSON.stringify(results));
