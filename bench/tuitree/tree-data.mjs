// The benchmark session of bench/tuitree: engine/tui's benchTreeData
// builds the same one in Go.
export function benchTree() {
  const entries = [];
  let parent = null;
  const ts = (i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  const add = (e, p) => { const n = { entry: { ...e, id: `e${entries.length}`, parentId: p, timestamp: ts(entries.length) }, children: [] }; entries.push(n); return n; };
  const byId = new Map();
  let leafId = null;
  for (let i = 0; i < 2000; i++) {
    let e;
    switch (i % 4) {
      case 0: e = { type: "message", message: { role: "user", content: `question ${i}: what does this do?` } }; break;
      case 1: e = { type: "message", message: { role: "assistant", stopReason: "toolUse", content: [{ type: "toolCall", id: `c${i}`, name: "bash", arguments: { command: "ls -la" } }] } }; break;
      case 2: e = { type: "message", message: { role: "toolResult", toolCallId: `c${i - 1}`, toolName: "bash", content: [{ type: "text", text: "file.go" }] } }; break;
      default: e = { type: "message", message: { role: "assistant", stopReason: "stop", content: [{ type: "text", text: `answer ${i}: it prints the numbers` }] } };
    }
    // every 50 entries one entry branches off five entries back
    const p = i % 50 === 49 && i > 0 ? entries[i - 5].entry.id : parent;
    const n = add(e, p);
    byId.set(n.entry.id, n);
    if (p !== null) byId.get(p).children.push(n);
    if (!(i % 50 === 49)) parent = n.entry.id;
    leafId = parent;
  }
  const roots = entries.filter((n) => n.entry.parentId === null);
  return { tree: roots, leafId };
}
