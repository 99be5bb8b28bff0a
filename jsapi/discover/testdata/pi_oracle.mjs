// pi_oracle.mjs asks the real pi (1.6) which extension files it would load.
//
// Usage: node pi_oracle.mjs <pi-coding-agent package dir> < cases.json
// Input:  [{"cwd", "agentDir", "home", "noExtensions", "cli": [...]}, ...]
// Output: [{"paths": [...]}, ...]
//
// It runs pi's own SettingsManager and DefaultPackageManager (resolve and
// resolveExtensionSources) and repeats what DefaultResourceLoader.reload and
// main.ts do with their results (resolveCliPaths, the enabled filter,
// mergePaths). It does not load the extensions; where pi would hand a
// directory to jiti, it asks jiti which file that directory resolves to and
// drops a repeat, as discover does. Missing packages are skipped, not
// installed.
import { createRequire } from "node:module";
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const piDir = process.argv[2];
const dist = join(piDir, "dist");
const load = (p) => import(pathToFileURL(join(dist, p)).href);
const { DefaultPackageManager } = await load("core/package-manager.js");
const { SettingsManager } = await load("core/settings-manager.js");
const { canonicalizePath, isLocalPath } = await load("utils/paths.js");
const require = createRequire(join(dist, "index.js"));
const { createJiti } = await import(pathToFileURL(require.resolve("jiti")).href);
const jiti = createJiti(import.meta.url, { moduleCache: false });

const cases = JSON.parse(readFileSync(0, "utf-8"));
const results = [];
for (const c of cases) {
	process.env.HOME = c.home; // package-manager's getHomeDir reads it on each call
	const cli = (c.cli ?? []).map((v) => (isLocalPath(v) ? resolve(c.cwd, v) : v));
	const settings = SettingsManager.create(c.cwd, c.agentDir);
	const pm = new DefaultPackageManager({ cwd: c.cwd, agentDir: c.agentDir, settingsManager: settings });
	const enabled = (list) => list.filter((r) => r.enabled).map((r) => r.path);
	const fromCli = enabled((await pm.resolveExtensionSources(cli.filter(isLocalPath), { temporary: true })).extensions);
	const fromSettings = c.noExtensions ? [] : enabled((await pm.resolve(async () => "skip")).extensions);
	const seen = new Set();
	const paths = [];
	for (const p of [...fromCli, ...fromSettings]) {
		let abs = resolve(c.cwd, p);
		let key = canonicalizePath(abs);
		if (seen.has(key)) continue;
		seen.add(key);
		if (statSync(abs).isDirectory()) {
			try {
				abs = fileURLToPath(jiti.esmResolve(abs));
			} catch {
				continue; // pi: "Failed to load extension: Cannot find module"
			}
			key = canonicalizePath(abs);
			if (seen.has(key)) continue;
			seen.add(key);
		}
		paths.push(abs);
	}
	results.push({ paths });
}
process.stdout.write(JSON.stringify(results));
