// nanoid: default ids, custom alphabets, the non-secure variant.
import { nanoid, customAlphabet, urlAlphabet } from "nanoid";
import { nanoid as weak } from "nanoid/non-secure";

export default async function () {
  const id = nanoid();
  const hex = customAlphabet("0123456789abcdef", 12);
  return {
    length: [id.length, nanoid(5).length, weak().length],
    alphabet: [...id].every((c) => urlAlphabet.includes(c)),
    unique: new Set(Array.from({ length: 200 }, () => nanoid())).size,
    hex: /^[0-9a-f]{12}$/.test(hex()),
    urlAlphabet,
  };
}
