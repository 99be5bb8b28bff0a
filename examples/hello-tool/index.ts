// hello-tool: the smallest v2 extension — one tool and one command.
import type { Pi, ToolDefinition } from "@pigo/api";

interface GreetParams {
  name: string;
  excited?: boolean;
}

interface GreetDetails {
  name: string;
}

const greet: ToolDefinition<GreetParams, GreetDetails> = {
  label: "Greet",
  description: "Greet someone by name.",
  parameters: {
    type: "object",
    properties: {
      name: { type: "string", description: "Who to greet" },
      excited: { type: "boolean", description: "Greet with extra enthusiasm" },
    },
    required: ["name"],
    additionalProperties: false,
  },
  execute(_toolCallId, params) {
    const text = `Hello, ${params.name}${params.excited ? "!!!" : "!"}`;
    return {
      content: [{ type: "text", text }],
      details: { name: params.name },
    };
  },
};

export default function (pi: Pi) {
  // Contributions are synchronous: they only describe what this plugin adds.
  // The key is the tool name the model sees.
  pi.tools.add((d) => d.set("greet", greet));

  pi.commands.add((d) =>
    d.set("hello", {
      description: "Say hello in the diagnostics",
      handler(args) {
        pi.diagnostics.info("hello " + args);
      },
    }),
  );
}
