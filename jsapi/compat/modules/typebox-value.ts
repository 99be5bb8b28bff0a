// typebox/value (and @sinclair/typebox/value) — see pigo:typebox-value.
import { Value } from "pigo:typebox-value";

export {
  Assert, AssertError, Check, Clean, Clone, Convert, Create, CreateError, Decode, DecodeError,
  DecodeUnsafe, Default, Delete, Diff, Edit, Encode, EncodeError, EncodeUnsafe, Equal, Errors,
  HasCodec, Hash, Insert, IsOptionalUndefined, Parse, ParseError, Parser, Patch, Pipeline, Pointer,
  Repair, UnionPrioritySort, UnionScoreSelect, Update, Value,
} from "pigo:typebox-value";
export default Value;
