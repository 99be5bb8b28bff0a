// A pi extension, unchanged: the embedding program (main.go) loads it from
// the binary through go:embed.
import { Type } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "weather",
    label: "Weather",
    description: "The weather in a city",
    parameters: Type.Object({ city: Type.String() }),
    async execute(_id, params) {
      const forecast = params.city === "Oslo" ? "light snow, -3°C" : "sunny, 21°C";
      return { content: [{ type: "text", text: `${params.city}: ${forecast}` }], details: { city: params.city } };
    },
  });
}
