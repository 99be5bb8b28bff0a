var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var pigo_typebox_value_exports = __defProp({}, "__esModule", { value: true });
__export(pigo_typebox_value_exports, {
  Assert: () => import_pigo_typebox_value2.Assert,
  AssertError: () => import_pigo_typebox_value2.AssertError,
  Check: () => import_pigo_typebox_value2.Check,
  Clean: () => import_pigo_typebox_value2.Clean,
  Clone: () => import_pigo_typebox_value2.Clone,
  Convert: () => import_pigo_typebox_value2.Convert,
  Create: () => import_pigo_typebox_value2.Create,
  CreateError: () => import_pigo_typebox_value2.CreateError,
  Decode: () => import_pigo_typebox_value2.Decode,
  DecodeError: () => import_pigo_typebox_value2.DecodeError,
  DecodeUnsafe: () => import_pigo_typebox_value2.DecodeUnsafe,
  Default: () => import_pigo_typebox_value2.Default,
  Delete: () => import_pigo_typebox_value2.Delete,
  Diff: () => import_pigo_typebox_value2.Diff,
  Edit: () => import_pigo_typebox_value2.Edit,
  Encode: () => import_pigo_typebox_value2.Encode,
  EncodeError: () => import_pigo_typebox_value2.EncodeError,
  EncodeUnsafe: () => import_pigo_typebox_value2.EncodeUnsafe,
  Equal: () => import_pigo_typebox_value2.Equal,
  Errors: () => import_pigo_typebox_value2.Errors,
  HasCodec: () => import_pigo_typebox_value2.HasCodec,
  Hash: () => import_pigo_typebox_value2.Hash,
  Insert: () => import_pigo_typebox_value2.Insert,
  IsOptionalUndefined: () => import_pigo_typebox_value2.IsOptionalUndefined,
  Parse: () => import_pigo_typebox_value2.Parse,
  ParseError: () => import_pigo_typebox_value2.ParseError,
  Parser: () => import_pigo_typebox_value2.Parser,
  Patch: () => import_pigo_typebox_value2.Patch,
  Pipeline: () => import_pigo_typebox_value2.Pipeline,
  Pointer: () => import_pigo_typebox_value2.Pointer,
  Repair: () => import_pigo_typebox_value2.Repair,
  UnionPrioritySort: () => import_pigo_typebox_value2.UnionPrioritySort,
  UnionScoreSelect: () => import_pigo_typebox_value2.UnionScoreSelect,
  Update: () => import_pigo_typebox_value2.Update,
  Value: () => import_pigo_typebox_value2.Value,
  default: () => pigo_typebox_value_default
});
module.exports = pigo_typebox_value_exports;
var import_pigo_typebox_value = require("pigo:typebox-value");
var import_pigo_typebox_value2 = require("pigo:typebox-value");
var pigo_typebox_value_default = import_pigo_typebox_value.Value;
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  Assert,
  AssertError,
  Check,
  Clean,
  Clone,
  Convert,
  Create,
  CreateError,
  Decode,
  DecodeError,
  DecodeUnsafe,
  Default,
  Delete,
  Diff,
  Edit,
  Encode,
  EncodeError,
  EncodeUnsafe,
  Equal,
  Errors,
  HasCodec,
  Hash,
  Insert,
  IsOptionalUndefined,
  Parse,
  ParseError,
  Parser,
  Patch,
  Pipeline,
  Pointer,
  Repair,
  UnionPrioritySort,
  UnionScoreSelect,
  Update,
  Value
});
