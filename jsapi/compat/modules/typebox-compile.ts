// typebox/compile (and @sinclair/typebox/compile): Compile(type) returns a
// Validator. pigo has no JIT: a Validator interprets the schema with the
// validator in pigo:typebox-value (same results and errors as typebox's
// compiled code; IsAccelerated() is false and Code() is not supported).
import {
  Clean, Convert, Create, Decode, Default, Encode, HasCodec, ParseError, Parser, settings,
  schemaCheck, schemaErrors,
} from "pigo:typebox-value";

type Ctx = Record<string, unknown>;

function notSupported(what: string): never {
  throw new Error(`not supported yet: typebox/compile ${what} (pigo validates by interpreting the schema; there is no generated code)`);
}

export class Validator {
  private readonly context: Ctx;
  private readonly type: any;
  private readonly hasCodec: boolean;

  /** Constructs a Validator: new Validator(context, type). */
  constructor(context: Ctx, type: any) {
    this.context = context ?? {};
    this.type = type;
    this.hasCodec = HasCodec(this.context, type);
  }
  /** Always false: pigo interprets the schema instead of compiling it. */
  IsAccelerated(): boolean {
    return false;
  }
  Context(): Ctx {
    return this.context;
  }
  Type(): any {
    return this.type;
  }
  Code(): string {
    return notSupported("Validator.Code()");
  }
  Check(value: unknown): boolean {
    return schemaCheck(this.context, this.type, value);
  }
  Parse(value: unknown): unknown {
    if (this.Check(value)) return value;
    if (settings.correctiveParse) return Parser(this.context, this.type, value);
    throw new ParseError(value, schemaErrors(this.context, this.type, value, settings.maxParseErrors)[1]);
  }
  Errors(value: unknown): any[] {
    return schemaErrors(this.context, this.type, value)[1];
  }
  Clean(value: unknown): unknown {
    return Clean(this.context, this.type, value);
  }
  Convert(value: unknown): unknown {
    return Convert(this.context, this.type, value);
  }
  Create(): unknown {
    return Create(this.context, this.type);
  }
  Default(value: unknown): unknown {
    return Default(this.context, this.type, value);
  }
  Decode(value: unknown): unknown {
    return this.hasCodec ? Decode(this.context, this.type, value) : this.Parse(value);
  }
  Encode(value: unknown): unknown {
    return this.hasCodec ? Encode(this.context, this.type, value) : this.Parse(value);
  }
}

/** Compiles a type into a Validator: Compile(type) or Compile(context, type). */
export function Compile(...args: any[]): Validator {
  return args.length >= 2 ? new Validator(args[0], args[1]) : new Validator({}, args[0]);
}

/** Not supported: typebox's standalone ESM validator source. */
export function Code(..._args: any[]): never {
  return notSupported("Code()");
}
Object.defineProperty(Code, "__pigoUnsupported", { value: true });

export default Compile;
