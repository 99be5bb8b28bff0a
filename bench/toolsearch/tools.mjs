// The deferred tools both sides of the tool_search benchmark search: n
// tools over ten namespaces, with descriptions and schemas built from a
// fixed word list (the same on both sides).
const words = ["create", "issue", "repository", "list", "pull", "request", "comment", "search", "code", "file", "read",
  "write", "branch", "commit", "review", "label", "user", "team", "project", "release", "tag", "workflow", "run", "log"];
const pick = (i, k) => words[(i * 7 + k * 13) % words.length];

export function makeTools(n) {
  const tools = [];
  for (let i = 0; i < n; i++) {
    const ns = `mcp__srv${i % 10}`;
    tools.push({
      name: `${ns}__${pick(i, 0)}_${pick(i, 1)}_${i}`,
      description: `${pick(i, 2)} the ${pick(i, 3)} of a ${pick(i, 4)}s. Returns ${pick(i, 5)} and ${pick(i, 6)} details.`,
      parameters: {
        type: "object",
        properties: {
          [pick(i, 7)]: { type: "string", description: `The ${pick(i, 8)} to ${pick(i, 9)}` },
          [`${pick(i, 10)}Id`]: { type: "number", description: `Which ${pick(i, 11)}` },
        },
      },
      exposure: "deferred",
      namespace: { name: ns, aliases: [`srv${i % 10}`], description: `Server ${i % 10} for ${pick(i % 10, 12)}s` },
    });
  }
  return tools;
}
