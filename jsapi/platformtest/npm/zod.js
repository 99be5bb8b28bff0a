// zod: schemas, parse/safeParse, transforms, error shapes, JSON Schema.
import { z } from "zod";

export default async function () {
  const out = {};
  const User = z.object({
    name: z.string().min(2),
    age: z.number().int().nonnegative().optional(),
    email: z.string().email(),
    tags: z.array(z.string()).default([]),
    role: z.enum(["admin", "user"]),
  });
  out.ok = User.parse({ name: "Ada", email: "ada@example.com", role: "admin" });
  const bad = User.safeParse({ name: "A", age: -1.5, email: "nope", role: "root" });
  out.badSuccess = bad.success;
  out.badIssues = bad.error.issues.map((i) => [i.path.join("."), i.code]);
  out.flatten = z.flattenError(bad.error).fieldErrors;
  out.transform = z.string().transform((s) => s.length).pipe(z.number().max(3)).safeParse("abcd").success;
  out.coerce = z.coerce.number().parse("42");
  out.union = z.union([z.string(), z.number()]).parse(7);
  out.discriminated = z
    .discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.string() }), z.object({ kind: z.literal("b"), b: z.number() })])
    .parse({ kind: "b", b: 2 });
  out.refine = z.string().refine((s) => s.startsWith("x"), "must start with x").safeParse("y").error.issues[0].message;
  out.jsonSchema = z.toJSONSchema(User);
  out.async = await z.string().refine(async (s) => s === "ok").safeParseAsync("ok");
  out.record = z.record(z.string(), z.number()).parse({ a: 1 });
  out.regex = z.string().regex(/^\p{Lu}/u).safeParse("Ärger").success;
  return out;
}
