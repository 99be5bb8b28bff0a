// pigo:pi16 — helpers for the @earendil-works modules of pi 1.6: they
// serve pi 1.6's export names on top of the 0.73.1 modules (same values,
// so one registry per runtime whichever scope an extension imports), and
// mark what pigo cannot do yet so the export tests can count it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** copyExports makes target re-export every own property of source (getters stay getters). */
export function copyExports(target: any, source: any): void {
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(source))) {
    if (k === "__esModule" || k === "default") continue;
    if (Object.prototype.hasOwnProperty.call(target, k)) continue;
    const desc: PropertyDescriptor = d as PropertyDescriptor;
    if (desc.get) {
      // Forward lazily: the source's getter loads its module on first use.
      Object.defineProperty(target, k, { enumerable: true, configurable: true, get: () => source[k] });
    } else {
      Object.defineProperty(target, k, { enumerable: true, configurable: true, writable: false, value: desc.value });
    }
  }
}

/** pick copies the named exports of a module loaded on first access. */
export function lazyNames(target: any, names: string[], load: () => any): void {
  for (const name of names) {
    Object.defineProperty(target, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load()[name];
        Object.defineProperty(target, name, { enumerable: true, configurable: true, writable: false, value });
        return value;
      },
    });
  }
}

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

/**
 * addUnsupported defines each name as unsupported(module, name), made on
 * first access as the modules' lazy exports are: a runtime importing
 * pi-coding-agent would otherwise build ~40 classes it never touches.
 */
export function addUnsupported(target: any, module: string, names: string[]): void {
  for (const n of names) {
    if (Object.prototype.hasOwnProperty.call(target, n)) continue;
    Object.defineProperty(target, n, {
      enumerable: true,
      configurable: true,
      get() {
        const value = unsupported(module, n);
        Object.defineProperty(target, n, { enumerable: true, configurable: true, writable: false, value });
        return value;
      },
    });
  }
}
