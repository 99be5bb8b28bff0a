// typebox / @sinclair/typebox — pigo's typebox 1.x root module. The builders
// live in pigo:typebox-core, so every alias in one runtime shares them.
import { Type } from "pigo:typebox-core";

export * from "pigo:typebox-core";
export default Type;
