// @sinclair/typebox: schema builders, JSON output, Value check/convert/errors, TypeCompiler.
// gap: errors an extension's own files get pigo's TypeBox (the 1.x pi uses) for @sinclair/typebox, whatever its package.json asks (a dependency asking for 0.34 gets its installed copy): its error messages are 1.x's
// gap: compiled pigo's TypeBox has no 0.34 Type.RegExp and no @sinclair/typebox/compiler (1.x has typebox/compile)
// gap: composite Type.Composite is 0.34 API, gone in the TypeBox 1.x pigo serves
import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

const t = (f) => {
  try {
    return f();
  } catch (e) {
    return String(e);
  }
};

export default async function () {
  const T = Type.Object({
    name: Type.String({ minLength: 2 }),
    age: Type.Optional(Type.Integer({ minimum: 0 })),
    kind: Type.Union([Type.Literal("a"), Type.Literal("b")]),
    tags: Type.Array(Type.String(), { default: [] }),
    when: Type.String({ format: "date-time", default: "1970-01-01T00:00:00Z" }),
  });
  const out = {};
  out.schema = t(() => JSON.parse(JSON.stringify(T)));
  out.check = t(() => [Value.Check(T, { name: "Ada", kind: "a", tags: [], when: "x" }), Value.Check(T, { name: "A", kind: "c" })]);
  out.errors = t(() => [...Value.Errors(T, { name: "A", age: -1, kind: "c", tags: [1] })].map((e) => [e.path, e.message]));
  out.convert = t(() => Value.Convert(Type.Object({ n: Type.Number(), b: Type.Boolean() }), { n: "42", b: "true" }));
  out.default = t(() => Value.Default(T, { name: "x", kind: "a" }));
  out.create = t(() => Value.Create(T));
  out.clean = t(() => Value.Clean(Type.Object({ a: Type.Number() }), { a: 1, b: 2 }));
  out.diff = t(() => Value.Diff({ a: 1, b: [1] }, { a: 2, b: [1, 2] }));
  // Loaded on its own so that the rest is compared where it is missing.
  const { TypeCompiler } = await import("@sinclair/typebox/compiler").catch((e) => ({ TypeCompiler: String(e) }));
  out.compiled = t(() => {
    const C = TypeCompiler.Compile(Type.Object({ x: Type.Number(), s: Type.RegExp(/^\p{Lu}/u) }));
    return [C.Check({ x: 1, s: "Ä" }), C.Check({ x: "1", s: "a" }), [...C.Errors({ x: "1", s: "Ä" })].map((e) => e.path)];
  });
  out.composite = t(() => JSON.parse(JSON.stringify(Type.Composite([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]))));
  return out;
}
