// Runs pi 1.6's config selector (pi config) headless for TestConfigMatchesPi:
// node pi_config.mjs <piDir> < {cwd, agentDir, builtins, scope, projectMode,
// width, height, keys}. It prints, after start and after each key, the
// rendered lines with ANSI sequences removed, then the settings files.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const piDir = process.argv[2];
const req = JSON.parse(readFileSync(0, "utf8"));
const imp = (p) => import(join(piDir, "dist", p));
const { DefaultPackageManager } = await imp("core/package-manager.js");
const { SettingsManager } = await imp("core/settings-manager.js");
const { ConfigSelectorComponent } = await imp("modes/interactive/components/config-selector.js");
const { initTheme } = await imp("modes/interactive/theme/theme.js");
const { KeybindingsManager } = await imp("core/keybindings.js");
const { setKeybindings } = await import("@earendil-works/pi-tui");

initTheme("dark", false);
setKeybindings(KeybindingsManager.create(req.agentDir));
const builtinExtensions = req.builtins;
const settingsManager = SettingsManager.create(req.cwd, req.agentDir, { projectTrusted: req.projectMode });
const globalSettingsManager = SettingsManager.create(req.cwd, req.agentDir, { projectTrusted: false });
const global = await new DefaultPackageManager({ cwd: req.cwd, agentDir: req.agentDir, settingsManager: globalSettingsManager, builtinExtensions }).resolve();
const project = req.projectMode
	? await new DefaultPackageManager({ cwd: req.cwd, agentDir: req.agentDir, settingsManager, builtinExtensions }).resolve()
	: global;
const selector = new ConfigSelectorComponent({ global, project }, settingsManager, req.cwd, req.agentDir,
	() => {}, () => {}, () => {}, req.height, req.scope, req.projectMode);
selector.focused = true;

const keys = { down: "\x1b[B", up: "\x1b[A", space: " ", tab: "\t", enter: "\r", backspace: "\x7f", pgdown: "\x1b[6~", pgup: "\x1b[5~" };
const strip = (s) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b_[^\x07\x1b]*(\x07|\x1b\\)|\x1b\][^\x07]*\x07/g, "").trimEnd();
const frames = [selector.render(req.width).map(strip)];
for (const k of req.keys) {
	if (k.startsWith("type:")) {
		for (const ch of k.slice(5)) selector.getResourceList().handleInput(ch);
	} else {
		selector.getResourceList().handleInput(keys[k]);
	}
	frames.push(selector.render(req.width).map(strip));
}
await settingsManager.flush?.();
const read = (p) => (existsSync(p) ? readFileSync(p, "utf8") : null);
process.stdout.write(JSON.stringify({
	frames,
	global: read(join(req.agentDir, "settings.json")),
	project: read(join(req.cwd, ".pi", "settings.json")),
}));
