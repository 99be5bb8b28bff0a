// settings-tool: declaring settings, and the two ways to read them.
//
// - Read at EXECUTE time (tool `shout`): always current, no coupling. Prefer this.
// - Read at BUILD time (tool `suffix`): needed only for what the model must see
//   up front — descriptions and schemas. A settings change triggers a rebuild
//   of the registries (not a reload), so the contribution runs again and the
//   description follows the setting.
import { defineExtension } from "@pigo/api";

export default defineExtension((pi) => {
  pi.settings.add((d) => {
    d.set("shout.upper", {
      schema: { type: "boolean" },
      default: false,
      description: "shout: upper-case the text",
    });
    d.set("shout.suffix", {
      schema: { type: "string", maxLength: 40 },
      default: "",
      description: "suffix: text appended by the suffix tool",
    });
  });

  pi.tools.add((d) =>
    d.set("shout", {
      description: "Repeat the text back, upper-cased if the shout.upper setting is on.",
      parameters: {
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
      },
      execute(_toolCallId, params: { text: string }) {
        // Execute-time read: sees the setting's value at the moment of the call.
        const upper = pi.settings.get("shout.upper") === true;
        return { content: [{ type: "text", text: upper ? params.text.toUpperCase() : params.text }] };
      },
    }),
  );

  pi.tools.add((d) => {
    // Build-time read: the description the model sees embeds the setting.
    // Contributions stay synchronous — settings.get is a plain read. When
    // shout.suffix changes, the host rebuilds and this runs again.
    // (undefined until the settings registry has been built: fall back to "".)
    const raw = pi.settings.get("shout.suffix");
    const suffix = typeof raw === "string" ? raw : "";
    d.set("suffix", {
      description: suffix
        ? `Append the configured suffix ${JSON.stringify(suffix)} to the text.`
        : "Return the text unchanged (no suffix configured; set shout.suffix).",
      parameters: {
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
      },
      execute(_toolCallId, params: { text: string }) {
        // Uses the value captured at build time, so behaviour matches the
        // description the model was given.
        return { content: [{ type: "text", text: params.text + suffix }], details: { suffix } };
      },
    });
  });
});
