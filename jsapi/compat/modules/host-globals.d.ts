// Ambient declarations for type-checking the host modules in this directory
// (tsconfig.json here). Type-only: nothing in this file reaches the runtime.
// The file name has no leading "_", so sources.go never serves it.
//
// Every host module runs inside `function(exports, require, module){...}`
// (jsapi/modules.go), after esbuild turned it into CommonJS; `require`
// returns whatever module the host serves, hence `any`.
declare var exports: any;
declare var module: any;
declare function require(id: string): any;

// Node globals the pigo runtime installs (its node shims, not Node itself).
// Typed `any`: the modules use a handful of members, and a precise Node
// typing would have to be kept in step with the shims by hand.
declare var process: any;
declare var Buffer: any;
declare var crypto: any;
// The web platform's clock (jsapi/webapi performance.go).
declare var performance: { now(): number; timeOrigin: number };

// Node built-ins the host serves as shims. Shorthand ambient modules: every
// import from them is `any`.
declare module "fs";
declare module "fs/promises";
declare module "path";
declare module "os";
declare module "events";
declare module "child_process";
declare module "crypto";
