// pigo:ai-typebox — pi-ai's StringEnum (utils/typebox-helpers.js) on its
// own. Most extensions import StringEnum (with Type) from pi-ai and use
// nothing else of it while they load; served from pigo:ai-core, it made
// every such runtime evaluate all of that module. pigo:ai-core re-exports
// it, so both scopes of pi-ai hand out this one function.

/* eslint-disable @typescript-eslint/no-explicit-any */
import { Type } from "pigo:typebox-core";

/** A string enum as {type:"string", enum:[...]} (for providers without anyOf/const support). */
export function StringEnum(values: readonly string[], options?: { description?: string; default?: string }): any {
  return Type.Unsafe({
    type: "string",
    enum: values,
    ...(options?.description && { description: options.description }),
    ...(options?.default && { default: options.default }),
  });
}
