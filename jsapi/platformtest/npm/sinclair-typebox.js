// @sinclair/typebox: schema builders, Static-free JSON output, Value check/convert/errors, TypeCompiler.
import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { TypeCompiler } from "@sinclair/typebox/compiler";

export default async function () {
  const T = Type.Object({
    name: Type.String({ minLength: 2 }),
    age: Type.Optional(Type.Integer({ minimum: 0 })),
    kind: Type.Union([Type.Literal("a"), Type.Literal("b")]),
    tags: Type.Array(Type.String(), { default: [] }),
    when: Type.String({ format: "date-time", default: "1970-01-01T00:00:00Z" }),
  });
  const out = {};
  out.schema = JSON.parse(JSON.stringify(T));
  out.check = [Value.Check(T, { name: "Ada", kind: "a", tags: [], when: "x" }), Value.Check(T, { name: "A", kind: "c" })];
  out.errors = [...Value.Errors(T, { name: "A", age: -1, kind: "c", tags: [1] })].map((e) => [e.path, e.message]);
  out.convert = Value.Convert(Type.Object({ n: Type.Number(), b: Type.Boolean() }), { n: "42", b: "true" });
  out.default = Value.Default(T, { name: "x", kind: "a" });
  out.create = Value.Create(T);
  out.clean = Value.Clean(Type.Object({ a: Type.Number() }), { a: 1, b: 2 });
  out.diff = Value.Diff({ a: 1, b: [1] }, { a: 2, b: [1, 2] });
  const C = TypeCompiler.Compile(Type.Object({ x: Type.Number(), s: Type.RegExp(/^\p{Lu}/u) }));
  out.compiled = [C.Check({ x: 1, s: "Ä" }), C.Check({ x: "1", s: "a" }), [...C.Errors({ x: "1", s: "Ä" })].map((e) => e.path)];
  out.composite = JSON.parse(JSON.stringify(Type.Composite([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })])));
  return out;
}
