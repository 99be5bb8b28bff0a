// pigo:typebox-core — pigo's implementation of the typebox 1.x type builder
// (the `typebox` / `@sinclair/typebox` root module re-exports it).
//
// Types are plain JSON Schema objects. TypeBox's own metadata sits on
// non-enumerable keys exactly as typebox 1.4.3 puts it there: `~kind` on
// every built type, `~optional` / `~readonly` / `~immutable` modifiers,
// `~unsafe` (null) on Type.Unsafe, `~refine` and `~codec` for refinements and
// codecs. JSON.stringify(schema) therefore equals real typebox's output.
//
// Scope: every builder an extension is likely to call is real (String ...
// Object, Optional, Union, Intersect, Record, Tuple, Partial/Required/Pick/
// Omit/KeyOf/Index/Evaluate, Cyclic, Ref, TemplateLiteral, Refine, Codec,
// Extends/Exclude/Extract ...). The generic type engine (Call, Mapped,
// Module, Script — a TypeScript-syntax parser) is not ported: those throw
// "not supported yet" when called. Evaluation of unions/intersections is a
// simplified structural version of typebox's (good for the object/literal/
// primitive shapes tool schemas use).
//
// Extras for @sinclair/typebox 0.34-era code: `Type.Recursive` and
// `Type.Strict` (non-enumerable on Type, also root exports), and the
// constants `Kind` ("~kind"), `OptionalKind` ("~optional"), `ReadonlyKind`
// ("~readonly"), `Hint` ("~hint") so `schema[Kind] === "Object"` keeps working.
//
// This module is the names only: a namespace (pigo:namespace) over
// pigo:typebox-basic, which holds what tool schemas use, and
// pigo:typebox-ext, the rest, evaluated only when one of its names is first
// read. `Type` is a namespace of its own over the same two modules, as
// typebox's `Type` is a module namespace (117 names; Recursive and Strict
// are added non-enumerable).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

const BASIC = "pigo:typebox-basic";
const EXT = "pigo:typebox-ext";

// typebox 1.4.3's `Type` names, in its order. The list is built once per
// process (a spec function runs once), not per runtime; each name is read
// from pigo:typebox-basic when it has it, else from pigo:typebox-ext.
function typeTable(): { computed: string[] } {
  return {
    computed: [
      "Any", "Array", "BigInt", "Boolean", "Call", "Capitalize", "Codec", "Conditional", "Constructor",
      "ConstructorParameters", "Cyclic", "Decode", "DecodeBuilder", "Dependent", "Encode", "EncodeBuilder",
      "Enum", "Evaluate", "Exclude", "Extends", "ExtendsResult", "Extract", "Function", "Generic",
      "Identifier", "Immutable", "Index", "Infer", "InstanceType", "Instantiate", "Integer", "Interface",
      "Intersect", "IsAny", "IsArray", "IsBigInt", "IsBoolean", "IsCall", "IsCodec", "IsConstructor",
      "IsCyclic", "IsDependent", "IsEnum", "IsEnumValue", "IsFunction", "IsGeneric", "IsIdentifier",
      "IsImmutable", "IsInfer", "IsInteger", "IsIntersect", "IsKind", "IsLiteral", "IsNever", "IsNull",
      "IsNumber", "IsObject", "IsOptional", "IsParameter", "IsReadonly", "IsRecord", "IsRef", "IsRefine",
      "IsRest", "IsSchema", "IsString", "IsSymbol", "IsTemplateLiteral", "IsThis", "IsTuple", "IsUndefined",
      "IsUnion", "IsUnknown", "IsUnsafe", "IsVoid", "KeyOf", "Literal", "Lowercase", "Mapped", "Module",
      "Never", "NonNullable", "Null", "Number", "Object", "Omit", "Optional", "Parameter", "Parameters",
      "Partial", "Pick", "Readonly", "ReadonlyObject", "ReadonlyType", "Record", "RecordKey",
      "RecordPattern", "RecordValue", "Ref", "Refine", "Required", "Rest", "ReturnType", "Script", "String",
      "Symbol", "TemplateLiteral", "This", "Tuple", "Uncapitalize", "Undefined", "Union", "Unknown",
      "Unsafe", "Uppercase", "Void", "With"
    ],
  };
}

function typeMember(name: string): any {
  const basic = require(BASIC);
  return name in basic ? basic[name] : require(EXT)[name];
}

function makeType(): any {
  const Type = require("pigo:namespace").lazy("pigo:typebox-core Type", typeTable, typeMember);
  const basic = require(BASIC);
  Object.defineProperty(Type, "Recursive", { value: basic.Recursive, enumerable: false });
  Object.defineProperty(Type, "Strict", { value: basic.Strict, enumerable: false });
  return Type;
}

module.exports = require("pigo:namespace").lazy(
  "pigo:typebox-core",
  () => ({
    from: {
      [BASIC]: [
        "AddImmutable", "AddOptional", "AddReadonly", "Any", "Array", "BigInt", "Boolean", "CallConstruct",
        "Constructor", "Cyclic", "Deferred", "Dependent", "Enum", "Function", "Generic", "Identifier",
        "Immutable", "Infer", "Integer", "Intersect", "IsCodec", "IsEnumValue", "IsImmutable",
        "IsInterfaceDeferred", "IsKind", "IsLiteralValue", "IsOptional", "IsReadonly", "IsRefine",
        "IsRefinement", "IsSchema", "IsTemplateLiteralDeferred", "IsTypeScriptEnumLike", "IsUnsafe",
        "Literal", "LiteralTypeName", "Never", "Null", "Number", "Object", "Optional", "Parameter",
        "PropertyKeys", "PropertyValues", "Readonly", "ReadonlyObject", "ReadonlyType", "Recursive", "Ref",
        "RemoveImmutable", "RemoveOptional", "RemoveReadonly", "RequiredArray", "Rest", "Strict", "String",
        "Symbol", "This", "Tuple", "TypeScriptEnumToEnumValues", "Undefined", "Union", "Unknown", "Unsafe",
        "Void", "_Array_", "_Function_", "_Object_", "ArrayOptions", "BigIntPattern", "ConstructorOptions",
        "CyclicOptions", "DependentOptions", "FunctionOptions", "Hint", "IntegerKey", "IntegerPattern",
        "IntersectOptions", "InvalidLiteralValue", "IsAny", "IsArray", "IsBigInt", "IsBoolean", "IsCall",
        "IsConstructor", "IsCyclic", "IsDeferred", "IsDependent", "IsEnum", "IsFunction", "IsGeneric",
        "IsIdentifier", "IsInfer", "IsInteger", "IsIntersect", "IsLiteral", "IsLiteralBigInt",
        "IsLiteralBoolean", "IsLiteralNumber", "IsLiteralString", "IsNever", "IsNull", "IsNumber",
        "IsObject", "IsParameter", "IsRecord", "IsRef", "IsRest", "IsString", "IsSymbol",
        "IsTemplateLiteral", "IsThis", "IsTuple", "IsUndefined", "IsUnion", "IsUnknown", "IsVoid", "Kind",
        "NeverPattern", "NumberKey", "NumberPattern", "ObjectOptions", "OptionalKind", "ReadonlyKind",
        "RecordOptions", "StringKey", "StringPattern", "TupleOptions", "UnionOptions"
      ],
      [EXT]: [
        "Broaden", "Codec", "CollapseToObject", "Compare", "Composite", "Conditional",
        "ConstructorParameters", "ConvertToIntegerKey", "CyclicCandidates", "CyclicCheck",
        "CyclicDependencies", "CyclicExtends", "CyclicTarget", "Decode", "Distribute", "Encode", "Evaluate",
        "EvaluateDependent", "EvaluateEnum", "EvaluateIntersect", "EvaluateTemplateLiteral", "EvaluateType",
        "EvaluateUnion", "EvaluateUnionFast", "Exclude", "Extends", "Extract", "Flatten", "Index",
        "InstanceType", "Instantiate", "InstantiateCyclic", "Interface", "IsTemplateLiteralFinite",
        "IsTemplateLiteralPattern", "KeyOf", "KeysToIndexer", "Narrow", "NonNullable", "Omit", "Parameters",
        "ParsePatternIntoTypes", "ParseTemplateIntoTypes", "Partial", "Pick", "Priority", "Record",
        "RecordFromPattern", "RecordKey", "RecordPattern", "RecordPatternToType", "RecordValue",
        "RefInstantiate", "Refine", "RefineAdd", "Required", "ReturnType", "TemplateLiteral",
        "TemplateLiteralCreate", "TemplateLiteralDecode", "TemplateLiteralDecodeUnsafe",
        "TemplateLiteralEncode", "TemplateLiteralFromString", "TemplateLiteralFromTypes", "With",
        "AddImmutableDeferred", "AddOptionalDeferred", "AddReadonlyDeferred", "Call", "Capitalize",
        "CapitalizeAction", "CapitalizeDeferred", "CapitalizeInstantiate", "CompareResultDisjoint",
        "CompareResultEqual", "CompareResultLeftInside", "CompareResultRightInside", "ConditionalAction",
        "ConditionalDeferred", "ConditionalInstantiate", "ConstructorParametersAction",
        "ConstructorParametersDeferred", "ConstructorParametersInstantiate", "DecodeBuilder",
        "EncodeBuilder", "EvaluateAction", "EvaluateDeferred", "EvaluateInstantiate",
        "EvaluatePropertyIntersect", "EvaluatePropertyUnion", "ExcludeAction", "ExcludeDeferred",
        "ExcludeInstantiate", "ExtendsResult", "ExtractAction", "ExtractDeferred", "ExtractInstantiate",
        "IndexAction", "IndexDeferred", "IndexInstantiate", "InstanceTypeAction", "InstanceTypeDeferred",
        "InstanceTypeInstantiate", "InterfaceAction", "InterfaceDeferred", "InterfaceInstantiate",
        "KeyOfAction", "KeyOfDeferred", "KeyOfInstantiate", "Lowercase", "LowercaseAction",
        "LowercaseDeferred", "LowercaseInstantiate", "Mapped", "MappedAction", "MappedDeferred",
        "MappedInstantiate", "Module", "ModuleDeferred", "ModuleInstantiate", "NonNullableAction",
        "NonNullableDeferred", "NonNullableInstantiate", "OmitAction", "OmitDeferred", "OmitInstantiate",
        "ParametersAction", "ParametersDeferred", "ParametersInstantiate", "PartialAction",
        "PartialDeferred", "PartialInstantiate", "PickAction", "PickDeferred", "PickInstantiate",
        "ReadonlyObjectAction", "ReadonlyObjectDeferred", "ReadonlyObjectInstantiate", "RecordAction",
        "RecordDeferred", "RecordInstantiate", "RemoveImmutableDeferred", "RemoveOptionalDeferred",
        "RemoveReadonlyDeferred", "RequiredAction", "RequiredDeferred", "RequiredInstantiate",
        "ReturnTypeAction", "ReturnTypeDeferred", "ReturnTypeInstantiate", "Script",
        "TemplateLiteralDeferred", "Uncapitalize", "UncapitalizeAction", "UncapitalizeDeferred",
        "UncapitalizeInstantiate", "Uppercase", "UppercaseAction", "UppercaseDeferred",
        "UppercaseInstantiate", "WithAction", "WithDeferred", "WithInstantiate"
      ],
    },
    computed: ["Type"],
  }),
  () => makeType(),
);
