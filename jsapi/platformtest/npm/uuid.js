// uuid: v4/v7 shape, name-based v3/v5 (deterministic), parse, validate.
import { v4, v5, v3, v7, v1, validate, version, parse, stringify, NIL, MAX } from "uuid";

export default async function () {
  const shape = (u) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(u);
  const a = v4();
  return {
    v4: [shape(a), version(a), a !== v4()],
    v4Random: v4({ random: Uint8Array.from({ length: 16 }, (_, i) => i * 7) }),
    v7: [shape(v7()), version(v7())],
    v1: version(v1()),
    v5: v5("hello", v5.URL),
    v3: v3("hello", v3.DNS),
    validate: [validate(a), validate("nope"), validate(NIL), validate(MAX)],
    roundTrip: stringify(parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")),
    bytes: Array.from(parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8").slice(0, 4)),
  };
}
