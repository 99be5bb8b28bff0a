// What pigo:typebox-core (and the typebox root) hands out, for the modules
// here that import it: the facade is a namespace built at run time over
// pigo:typebox-basic and pigo:typebox-ext, which tsc cannot see through.
export * from "./_typebox-basic";
export * from "./_typebox-ext";
export declare const Type: Record<string, any>;
