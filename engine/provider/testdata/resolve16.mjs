// Runs pi 1.6's own model resolution (resolveCliModel and
// resolveModelScopeFromModels over pi's built-in model runtime) for the
// cases on stdin, one JSON array of {env, provider, model, thinking,
// apiKey, scope}, and prints what pi resolved, for resolve16_test.go.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ModelRuntime } from "../../../node_modules/@earendil-works/pi-coding-agent/dist/core/model-runtime.js";
import { resolveCliModel, resolveModelScopeFromModels } from "../../../node_modules/@earendil-works/pi-coding-agent/dist/core/model-resolver.js";

const cases = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (const c of cases) {
	for (const k of Object.keys(process.env)) if (/_API_KEY$|_TOKEN$|^AWS_|^HF_TOKEN$/.test(k)) delete process.env[k];
	Object.assign(process.env, c.env ?? {});
	const runtime = await ModelRuntime.create({ modelsPath: null, authPath: join(mkdtempSync(join(tmpdir(), "resolve16-")), "auth.json") });

	if (c.scope) {
		const available = runtime.getAvailableSnapshot();
		const r = resolveModelScopeFromModels(c.scope, available);
		out.push({ scope: r.scopedModels.map((s) => `${s.model.provider}/${s.model.id}:${s.thinkingLevel ?? ""}`), warnings: r.diagnostics.map((d) => d.message) });
		continue;
	}
	const r = resolveCliModel({ cliProvider: c.provider || undefined, cliModel: c.model, cliThinking: c.thinking || undefined, inlineApiKey: c.apiKey || undefined, modelRuntime: runtime });
	out.push({
		model: r.model ? `${r.model.provider}/${r.model.id}` : "",
		api: r.model?.api ?? "",
		reasoning: r.model?.reasoning ?? false,
		thinking: r.thinkingLevel ?? "",
		warning: r.warning ?? "",
		error: r.error ?? "",
	});
}
console.log(JSON.stringify(out));
