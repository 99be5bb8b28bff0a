// ajv: compile, validate, errors, formats-free keywords, async schemas, standalone-free.
import Ajv from "ajv";

export default async function () {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false });
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2, pattern: "^\\p{Lu}" },
      age: { type: "integer", minimum: 0 },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true, default: [] },
      kind: { enum: ["a", "b"] },
      nested: { type: "object", properties: { x: { const: 1 } }, additionalProperties: false },
    },
    required: ["name", "kind"],
    additionalProperties: false,
  };
  const validate = ajv.compile(schema);
  const good = { name: "Ada", kind: "a" };
  const out = {};
  out.good = [validate(good), good];
  const bad = { name: "x", age: -1.5, tags: ["a", "a"], kind: "c", nested: { x: 2, y: 0 }, extra: 1 };
  out.bad = validate(bad);
  out.errors = validate.errors.map((e) => [e.instancePath, e.keyword, e.message]);
  out.errorsText = ajv.errorsText(validate.errors);
  ajv.addSchema({ $id: "https://x/def.json", definitions: { pos: { type: "number", exclusiveMinimum: 0 } } });
  out.ref = ajv.validate({ $ref: "https://x/def.json#/definitions/pos" }, -1);
  const asyncV = ajv.compile({ $async: true, type: "string" });
  out.async = await asyncV("s");
  out.asyncBad = await asyncV(1).catch((e) => [e.constructor.name, e.errors.length]);
  out.compileError = (() => {
    try {
      ajv.compile({ type: "nope" });
    } catch (e) {
      return e.message;
    }
  })();
  return out;
}
