// pigo:pi16 — for the @earendil-works modules of pi 1.6 (namespaces over
// the 0.73.1 modules, see pigo:namespace): what pigo cannot do yet, marked
// so the export tests can count it.
/* eslint-disable @typescript-eslint/no-explicit-any */

function notSupported(module: string, name: string): Error {
  return new Error(`not supported yet: ${module} ${name}`);
}

/**
 * unsupported is an export pigo does not implement yet: importing it works,
 * calling or constructing it throws "not supported yet: <module> <name>".
 * Capitalized names are classes (constructible, with static members that
 * throw too), the rest functions.
 */
export function unsupported(module: string, name: string): any {
  let v: any;
  if (/^[A-Z]/.test(name)) {
    v = class {
      constructor(..._args: any[]) {
        throw notSupported(module, name);
      }
    };
  } else {
    v = function (..._args: any[]): any {
      throw notSupported(module, name);
    };
  }
  Object.defineProperty(v, "name", { value: name });
  Object.defineProperty(v, "__pigoUnsupported", { value: true });
  return v;
}
