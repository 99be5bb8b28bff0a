var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  CODEMODE_OPTIONS_PREFIX: () => CODEMODE_OPTIONS_PREFIX,
  CODEMODE_SOURCE_GRAMMAR: () => CODEMODE_SOURCE_GRAMMAR,
  CodemodeSourceError: () => CodemodeSourceError,
  DEFAULT_INPUT_SCHEMA_MAX_CHARS: () => DEFAULT_INPUT_SCHEMA_MAX_CHARS,
  MAX_OUTPUT_CHARS: () => MAX_OUTPUT_CHARS,
  MAX_OUTPUT_ITEMS: () => MAX_OUTPUT_ITEMS,
  MAX_STORE_TOTAL_CHARS: () => MAX_STORE_TOTAL_CHARS,
  MAX_STORE_VALUE_CHARS: () => MAX_STORE_VALUE_CHARS,
  PRELUDE_SOURCE: () => PRELUDE_SOURCE
});
stdin_exports.parseCodemodeSource = parseCodemodeSource;
stdin_exports.renderDeclarations = renderDeclarations;
stdin_exports.renderToolOutputType = renderToolOutputType;
stdin_exports.renderToolSample = renderToolSample;
stdin_exports.renderToolSignature = renderToolSignature;
stdin_exports.resolveSchemaRef = resolveSchemaRef;
stdin_exports.schemaToType = schemaToType;
stdin_exports.toCodemodeIdentifier = toCodemodeIdentifier;
module.exports = stdin_exports;
function toCodemodeIdentifier(name) {
  let identifier = "";
  for (const char of name) {
    const valid = identifier === "" ? /^[A-Za-z_$]$/.test(char) : /^[A-Za-z0-9_$]$/.test(char);
    identifier += valid ? char : "_";
  }
  return identifier === "" ? "_" : identifier;
}
var IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
var INDENT = "  ";
var DEFAULT_INPUT_SCHEMA_MAX_CHARS = 16e3;
var MAX_REF_EXPANSIONS = 32;
var TAG_KEYWORDS = [
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems"
];
var LOWER_BOUNDS = /* @__PURE__ */ new Set(["minimum", "exclusiveMinimum", "minLength", "minItems"]);
var UPPER_BOUNDS = /* @__PURE__ */ new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems"]);
var MAX_TAG_CHARS = 80;
var LINE_TERMINATORS = /[\r\n\u2028\u2029]/g;
function renderDeclarations(options) {
  const sections = [];
  const tools = options.tools ?? [];
  if (tools.length > 0) {
    const members = tools.map((tool) => `${docComment(tool.description, INDENT)}${INDENT}${renderToolSignature(tool)}`);
    sections.push(`declare const tools: {
${members.join("\n")}
};`);
  }
  const namespaces = /* @__PURE__ */ new Map();
  for (const global of options.globals ?? []) {
    const dot = global.name.indexOf(".");
    if (dot === -1) {
      sections.push(renderGlobal(`declare function ${global.name}`, global, ""));
      continue;
    }
    const namespace = global.name.slice(0, dot);
    const members = namespaces.get(namespace) ?? [];
    if (members.length === 0)
      namespaces.set(namespace, members);
    members.push(renderGlobal(global.name.slice(dot + 1), global, INDENT));
  }
  for (const [namespace, members] of namespaces) {
    sections.push(`declare const ${namespace}: {
${members.join("\n")}
};`);
  }
  return sections.join("\n\n");
}
function renderToolSignature(tool, options = {}) {
  const input = tool.inputSchema === void 0 ? "unknown" : schemaToType(tool.inputSchema, { maxChars: options.inputMaxChars ?? DEFAULT_INPUT_SCHEMA_MAX_CHARS });
  return `${toCodemodeIdentifier(tool.name)}(args: ${input}): Promise<${renderToolOutputType(tool.outputSchema)}>;`;
}
function renderToolSample(tool, options = {}) {
  const declaration = `declare const tools: { ${renderToolSignature(tool, options)} };`;
  return `${tool.description?.trim() ?? ""}

codemode tool declaration:
\`\`\`ts
${declaration}
\`\`\``;
}
function renderToolOutputType(schema) {
  return schema === void 0 ? "unknown" : schemaToType(schema);
}
function renderGlobal(head, global, indent) {
  if (global.signature !== void 0) {
    return `${docComment(global.description, indent)}${indent}${head}${global.signature};`;
  }
  const input = global.inputSchema === void 0 ? "unknown" : schemaToType(global.inputSchema);
  const output = global.outputSchema === void 0 ? "unknown" : schemaToType(global.outputSchema);
  return `${docComment(global.description, indent)}${indent}${head}(args: ${input}): Promise<${output}>;`;
}
function docComment(description, indent) {
  const text = description?.trim();
  if (!text)
    return "";
  const lines = text.replaceAll("*/", "*\\/").split(/\r?\n/);
  if (lines.length === 1)
    return `${indent}/** ${lines[0]} */
`;
  return `${indent}/**
${lines.map((line) => `${indent} *${line ? ` ${line}` : ""}`).join("\n")}
${indent} */
`;
}
function propertyKey(name) {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}
function union(types) {
  const unique = [...new Set(types)];
  if (unique.includes("unknown"))
    return "unknown";
  return unique.length === 0 ? "never" : unique.join(" | ");
}
function schemaToType(schema, options = {}) {
  const render = (tags) => toType(schema, { root: schema, resolving: /* @__PURE__ */ new Set(), expansions: 0, tags });
  const type = render(true);
  if (options.maxChars === void 0 || type.length <= options.maxChars)
    return type;
  const untagged = render(false);
  return untagged.length <= options.maxChars ? untagged : "unknown";
}
function resolveSchemaRef(ref, root) {
  if (ref !== "#" && !ref.startsWith("#/"))
    return void 0;
  let current = root;
  for (const segment of ref.slice(2).split("/").filter(Boolean)) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return void 0;
    }
    const key = decoded.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof current !== "object" || current === null || Array.isArray(current) || !(key in current)) {
      return void 0;
    }
    current = current[key];
  }
  if (typeof current === "boolean")
    return current;
  return typeof current === "object" && current !== null && !Array.isArray(current) ? current : void 0;
}
function toType(schema, context) {
  if (schema === true)
    return "unknown";
  if (schema === false)
    return "never";
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return "unknown";
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (context.resolving.has(ref) || context.expansions >= MAX_REF_EXPANSIONS)
      return "unknown";
    const target = resolveSchemaRef(ref, context.root);
    if (target === void 0)
      return "unknown";
    context.expansions++;
    context.resolving.add(ref);
    try {
      return toType(target, context);
    } finally {
      context.resolving.delete(ref);
    }
  }
  if ("const" in schema)
    return JSON.stringify(schema.const) ?? "unknown";
  if (Array.isArray(schema.enum))
    return union(schema.enum.map((value) => JSON.stringify(value) ?? "unknown"));
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : void 0;
  if (variants)
    return union(variants.map((variant) => toType(variant, context)));
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => toType(part, context)).filter((part) => part !== "unknown");
    return parts.length === 0 ? "unknown" : parts.map((part) => part.includes(" | ") ? `(${part})` : part).join(" & ");
  }
  const type = schema.type;
  if (Array.isArray(type))
    return union(type.map((entry) => toType({ ...schema, type: entry }, context)));
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayType(schema, context);
    case "object":
      return objectType(schema, context);
    case void 0:
      if ("properties" in schema || "additionalProperties" in schema || "required" in schema) {
        return objectType(schema, context);
      }
      if ("items" in schema || "prefixItems" in schema)
        return arrayType(schema, context);
      return "unknown";
    default:
      return "unknown";
  }
}
function arrayType(schema, context) {
  if (schema.items !== void 0 && !Array.isArray(schema.items)) {
    return `Array<${toType(schema.items, context)}>`;
  }
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  if (tuple.length > 0)
    return `[${tuple.map((item) => toType(item, context)).join(", ")}]`;
  return "unknown[]";
}
function descriptionOf(property) {
  const description = property?.description;
  return typeof description === "string" ? description.trim() : "";
}
function constraintTags(schema) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return "";
  const property = schema;
  const variants = Array.isArray(property.anyOf) ? property.anyOf : property.oneOf;
  const nonNull = Array.isArray(variants) ? variants.filter((variant) => variant?.type !== "null") : [];
  const branch = nonNull.length === 1 ? nonNull[0] : void 0;
  const branches = typeof branch === "object" && branch !== null && !Array.isArray(branch) ? [property, branch] : [property];
  const schemas = branches.map((schema2) => ({
    ...schema2,
    ...schema2.exclusiveMinimum === true ? { minimum: void 0, exclusiveMinimum: schema2.minimum } : {},
    ...schema2.exclusiveMaximum === true ? { maximum: void 0, exclusiveMaximum: schema2.maximum } : {}
  }));
  const tags = [];
  const isInteger = (type) => type === "integer" || Array.isArray(type) && type.includes("integer");
  if (schemas.some((schema2) => isInteger(schema2.type)))
    tags.push("@integer");
  for (const keyword of TAG_KEYWORDS) {
    const values = schemas.map((schema2) => schema2[keyword]);
    if (LOWER_BOUNDS.has(keyword) || UPPER_BOUNDS.has(keyword)) {
      const numbers = values.filter((value) => typeof value === "number");
      if (numbers.length === 0)
        continue;
      tags.push(`@${keyword} ${LOWER_BOUNDS.has(keyword) ? Math.max(...numbers) : Math.min(...numbers)}`);
      continue;
    }
    for (const value of new Set(values)) {
      if (typeof value === "number" || typeof value === "string")
        tags.push(`@${keyword} ${value}`);
    }
  }
  if (schemas.some((schema2) => schema2.uniqueItems === true))
    tags.push("@uniqueItems");
  if (property.default !== void 0 && property.default !== null) {
    tags.push(`@default ${JSON.stringify(property.default)}`);
  }
  if (property.deprecated === true)
    tags.push("@deprecated");
  return tags.filter((tag) => tag.length <= MAX_TAG_CHARS).map((tag) => tag.replace(LINE_TERMINATORS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)).join(" ");
}
function objectType(schema, context) {
  const properties = typeof schema.properties === "object" && schema.properties !== null && !Array.isArray(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(properties).sort();
  const members = names.map((name) => {
    const optional = required.has(name) ? "" : "?";
    return `${propertyKey(name)}${optional}: ${toType(properties[name], context)};`;
  });
  const additional = schema.additionalProperties;
  if (additional !== void 0 && additional !== false) {
    const type = additional === true ? "unknown" : toType(additional, context);
    members.push(`[key: string]: ${type};`);
  } else if (additional === void 0 && names.length === 0) {
    members.push("[key: string]: unknown;");
  }
  if (members.length === 0)
    return "{}";
  const comments = names.map((name) => {
    const lines2 = descriptionOf(properties[name]).split(LINE_TERMINATORS).map((line) => line.trim()).filter(Boolean);
    const tags = context.tags ? constraintTags(properties[name]) : "";
    return tags ? [...lines2, tags] : lines2;
  });
  if (!comments.some((comment) => comment.length > 0))
    return `{ ${members.join(" ")} }`;
  const lines = ["{"];
  comments.forEach((comment, index) => {
    for (const line of comment)
      lines.push(`${INDENT}// ${line}`);
    lines.push(`${INDENT}${members[index].replaceAll("\n", `
${INDENT}`)}`);
  });
  for (const member of members.slice(names.length))
    lines.push(`${INDENT}${member}`);
  lines.push("}");
  return lines.join("\n");
}
var MAX_STORE_VALUE_CHARS = 256 * 1024;
var MAX_STORE_TOTAL_CHARS = 1024 * 1024;
var MAX_OUTPUT_CHARS = 16 * 1024 * 1024;
var MAX_OUTPUT_ITEMS = 1e5;
var IMAGE_HELPER_EXPECTS = 'image expects a non-empty image URL string, an object with image_url, or an image block { type: "image", data, mimeType }';
var PRELUDE_SOURCE = `(function (bridge, toolsJson, globalsJson, storeJson) {
	"use strict";

	// Freeze every object reachable from the built-in globals, plus the intrinsics that are only
	// reachable from instances (iterator and generator prototypes, %TypedArray%).
	//
	// Freezing alone breaks ordinary code through the "override mistake": a data property that is
	// read-only on a prototype cannot be assigned on an instance either, so
	// this.name = "MyError" in an Error subclass would throw. Commonly overridden properties
	// become accessors whose setter defines an own property on the instance instead.
	(function lockdown() {
		const OVERRIDABLE = new Set(["constructor", "name", "message", "toString", "toLocaleString", "valueOf", "toJSON"]);
		const seen = new Set([globalThis]);
		const queue = [];
		const add = (value) => {
			if ((typeof value === "object" && value !== null) || typeof value === "function") {
				if (!seen.has(value)) {
					seen.add(value);
					queue.push(value);
				}
			}
		};

		// Accessors from an object literal have no own prototype object, unlike function expressions,
		// whose prototype.constructor would be converted again without end.
		function allowOverride(object, key, value, enumerable) {
			const { get, set } = Object.getOwnPropertyDescriptor(
				{
					get accessor() {
						return value;
					},
					set accessor(next) {
						if (this === object) {
							throw new TypeError("Cannot assign to read only property '" + String(key) + "' of a built-in");
						}
						if ((typeof this !== "object" || this === null) && typeof this !== "function") return;
						Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
					},
				},
				"accessor",
			);
			Object.defineProperty(object, key, { get, set, enumerable, configurable: false });
			add(get);
			add(set);
		}

		for (const key of Reflect.ownKeys(globalThis)) {
			const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
			add(descriptor.value);
			add(descriptor.get);
			add(descriptor.set);
			if ("value" in descriptor && descriptor.configurable) {
				Object.defineProperty(globalThis, key, { writable: false, configurable: false });
			}
		}
		add(Object.getPrototypeOf(function* () {}));
		add(Object.getPrototypeOf(async function () {}));
		add(Object.getPrototypeOf(async function* () {}));
		add(Object.getPrototypeOf(Int8Array));
		add(Object.getPrototypeOf([][Symbol.iterator]()));
		add(Object.getPrototypeOf(new Map()[Symbol.iterator]()));
		add(Object.getPrototypeOf(new Set()[Symbol.iterator]()));
		add(Object.getPrototypeOf(""[Symbol.iterator]()));
		add(Object.getPrototypeOf(/a/[Symbol.matchAll]("")));
		if (typeof Iterator === "function") {
			if (typeof Iterator.prototype.map === "function") add(Object.getPrototypeOf([].values().map((x) => x)));
			if (typeof Iterator.from === "function") add(Object.getPrototypeOf(Iterator.from({ next() {} })));
		}

		while (queue.length > 0) {
			const object = queue.pop();
			add(Object.getPrototypeOf(object));
			const descriptors = Object.getOwnPropertyDescriptors(object);
			for (const key of Reflect.ownKeys(descriptors)) {
				const descriptor = descriptors[key];
				if ("value" in descriptor) {
					add(descriptor.value);
					if (
						descriptor.writable &&
						descriptor.configurable &&
						(object === Object.prototype || OVERRIDABLE.has(key))
					) {
						allowOverride(object, key, descriptor.value, descriptor.enumerable);
					}
				} else {
					add(descriptor.get);
					add(descriptor.set);
				}
			}
			Object.freeze(object);
		}
	})();
	const stringify = JSON.stringify;
	const parse = JSON.parse;
	const promiseThen = Promise.prototype.then;
	const ErrorCtor = Error;
	const TypeErrorCtor = TypeError;
	const RangeErrorCtor = RangeError;
	const pending = new Map();
	let nextId = 1;
	let finished = false;
	// Thrown by exit() to unwind the script after it already reported success.
	const EXIT = Object.freeze({});

	function done(ok, payload, writes) {
		if (finished) return;
		finished = true;
		bridge("done", ok, payload, writes);
	}

	function serialize(value) {
		return value === undefined ? undefined : stringify(value);
	}

	// QuickJS stacks list frames only. Prefix "Name: message" like V8 so the
	// text reads the same as a Node error, and drop this prelude's frames.
	function errorText(error) {
		const head = error.message ? error.name + ": " + error.message : String(error.name);
		const frames =
			typeof error.stack === "string"
				? error.stack.split("\\n").filter((line) => line.trim() && !line.includes("codemode-prelude.js"))
				: [];
		return [head, ...frames].join("\\n");
	}

	function format(value) {
		if (typeof value === "string") return value;
		if (value instanceof ErrorCtor) return errorText(value);
		// JSON.stringify turns NaN and Infinity into "null".
		if (typeof value === "number") return String(value);
		try {
			const json = stringify(value);
			return json === undefined ? String(value) : json;
		} catch {
			return String(value);
		}
	}

	// The host requires string fields. A script can set an error's name or message to anything, so
	// they are coerced, and a value whose coercion throws gets a placeholder.
	function describeError(error) {
		try {
			if (error instanceof ErrorCtor) {
				return stringify({ name: String(error.name), message: String(error.message), stack: errorText(error) });
			}
			return stringify({ message: String(format(error)) });
		} catch {
			return stringify({ message: "The script threw a value that cannot be described" });
		}
	}

	function caller(kind, name, spread) {
		return (...args) =>
			new Promise((resolve, reject) => {
				let json;
				try {
					json = serialize(spread ? args : args[0]);
				} catch (error) {
					reject(error);
					return;
				}
				const id = nextId++;
				pending.set(id, { resolve, reject });
				bridge(kind, id, name, json);
			});
	}

	const tools = Object.create(null);
	const allTools = [];
	for (const { name, jsName, description } of parse(toolsJson)) {
		const fn = caller("call", name);
		// The first tool wins when two names normalize to the same identifier.
		if (!(jsName in tools)) {
			tools[jsName] = fn;
			allTools.push(Object.freeze({ name: jsName, description }));
		}
		if (!(name in tools)) tools[name] = fn;
	}
	Object.freeze(tools);
	Object.freeze(allTools);

	// Reading a member that does not exist throws an error that names the close matches, instead of
	// a later "not a function". \`in\` checks still work.
	const comparable = (name) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
	function guard(target, label, names, hint) {
		return new Proxy(target, {
			get(object, property, receiver) {
				if (typeof property !== "string" || property in object || property in Object.prototype || property === "then" || property === "toJSON") {
					return Reflect.get(object, property, receiver);
				}
				const wanted = comparable(property);
				const exact = names.filter((name) => comparable(name) === wanted);
				const close = exact.length > 0 ? exact : names.filter((name) => wanted && (comparable(name).includes(wanted) || wanted.includes(comparable(name))));
				let message = label + "." + property + " does not exist.";
				if (close.length > 0) message += " Did you mean " + close.slice(0, 5).map((name) => label + "." + name).join(", ") + "?";
				else if (names.length <= 20) message += " Available: " + names.join(", ") + ".";
				if (hint) message += " " + hint;
				message += ' Check for a member with "' + property + '" in ' + label + ".";
				throw new TypeErrorCtor(message);
			},
		});
	}
	const toolsProxy = guard(
		tools,
		"tools",
		allTools.map((tool) => tool.name),
		"ALL_TOOLS lists every tool; searchTools(query) finds tools by topic.",
	);

	const namespaces = new Map();
	for (const { name, spread } of parse(globalsJson)) {
		const fn = caller("global", name, spread);
		const dot = name.indexOf(".");
		if (dot === -1) {
			Object.defineProperty(globalThis, name, { value: fn, enumerable: true });
			continue;
		}
		const namespace = name.slice(0, dot);
		if (!namespaces.has(namespace)) namespaces.set(namespace, Object.create(null));
		namespaces.get(namespace)[name.slice(dot + 1)] = fn;
	}
	for (const [namespace, members] of namespaces) {
		Object.freeze(members);
		const value = guard(members, namespace, Object.keys(members));
		Object.defineProperty(globalThis, namespace, { value, enumerable: true });
	}

	// key -> JSON text. Sizes count key and JSON characters.
	const stored = new Map(Object.entries(parse(storeJson)));
	const writes = new Map();
	let storedChars = 0;
	for (const [key, json] of stored) storedChars += key.length + json.length;

	const STORE_HINT =
		"store() is for small state such as IDs or summaries. Show images with image(), keep large data in variables, or write it to a file with a tool.";

	function checkKey(name, key) {
		if (typeof key !== "string") throw new TypeError(name + "() key must be a string");
	}

	function store(key, value) {
		checkKey("store", key);
		const previous = stored.has(key) ? key.length + stored.get(key).length : 0;
		if (value === undefined) {
			stored.delete(key);
			storedChars -= previous;
			writes.set(key, undefined);
			return;
		}
		let json;
		try {
			json = stringify(value);
		} catch (error) {
			throw new TypeError("store(" + stringify(key) + ") value is not JSON-serializable: " + format(error));
		}
		if (json === undefined) {
			throw new TypeError("store(" + stringify(key) + ") value is not JSON-serializable");
		}
		if (json.length > ${MAX_STORE_VALUE_CHARS}) {
			throw new RangeError(
				"store(" + stringify(key) + ") value has " + json.length + " characters of JSON, more than the limit of ${MAX_STORE_VALUE_CHARS}. " +
					STORE_HINT,
			);
		}
		const next = storedChars - previous + key.length + json.length;
		if (next > ${MAX_STORE_TOTAL_CHARS}) {
			throw new RangeError(
				"store is full: stored values would exceed ${MAX_STORE_TOTAL_CHARS} characters of JSON. Delete keys with store(key, undefined). " +
					STORE_HINT,
			);
		}
		stored.set(key, json);
		storedChars = next;
		writes.set(key, json);
	}

	function load(key) {
		checkKey("load", key);
		const json = stored.get(key);
		return json === undefined ? undefined : parse(json);
	}

	function serializeWrites() {
		const entries = [];
		for (const [key, json] of writes) entries.push(json === undefined ? [key] : [key, json]);
		return stringify(entries);
	}

	Object.defineProperty(globalThis, "store", { value: store, enumerable: true });
	Object.defineProperty(globalThis, "load", { value: load, enumerable: true });

	let outputChars = 0;
	let outputItems = 0;

	// Past the output limits the script fails: done() reports the error, so catching it does not
	// resume output, and the host ends the script.
	function output(kind, data, mimeType) {
		if (finished) return;
		outputChars += data.length;
		outputItems++;
		if (outputChars > ${MAX_OUTPUT_CHARS} || outputItems > ${MAX_OUTPUT_ITEMS}) {
			const error = new RangeErrorCtor(
				"script output exceeded the limit of ${MAX_OUTPUT_CHARS} characters or ${MAX_OUTPUT_ITEMS} text(), image(), and console calls. " +
					"Print a summary instead, or write large data to a file with a tool.",
			);
			done(false, describeError(error));
			throw error;
		}
		bridge("output", kind, data, mimeType);
	}

	// Primitives become their string form, everything else JSON.
	function outputText(value) {
		if (value === undefined || value === null || typeof value !== "object" && typeof value !== "function") {
			return String(value);
		}
		const json = stringify(value);
		return json === undefined ? String(value) : json;
	}

	function text(value) {
		let rendered;
		try {
			rendered = outputText(value);
		} catch (error) {
			throw new TypeErrorCtor(error instanceof ErrorCtor ? error.message : String(error));
		}
		output("text", rendered);
	}

	function imageUrl(value) {
		if (typeof value === "string") return value;
		if (typeof value !== "object" || value === null || Array.isArray(value)) {
			throw new TypeErrorCtor(${JSON.stringify(IMAGE_HELPER_EXPECTS)});
		}
		if (value.image_url !== undefined) {
			if (typeof value.image_url !== "string") throw new TypeErrorCtor(${JSON.stringify(IMAGE_HELPER_EXPECTS)});
			return value.image_url;
		}
		if (typeof value.type !== "string") throw new TypeErrorCtor(${JSON.stringify(IMAGE_HELPER_EXPECTS)});
		if (value.type !== "image") {
			throw new TypeErrorCtor('image only accepts image blocks, got "' + value.type + '"');
		}
		if (typeof value.data !== "string" || value.data === "") throw new TypeErrorCtor("image expected image block data");
		if (value.data.toLowerCase().startsWith("data:")) return value.data;
		return "data:;base64," + value.data;
	}

	// Base64 of the signatures of the formats providers accept inline (PNG, JPEG except
	// JPEG-LS, GIF, "RIFF....WEBP"). Signatures start at byte 0, so their encodings are prefixes.
	const IMAGE_SIGNATURES = [
		["image/png", /^iVBORw0KGg/],
		["image/jpeg", /^[/]9j[/](?!9)/],
		["image/gif", /^R0lGOD[dl]h/],
		["image/webp", /^UklG.{8}RUJQ/],
	];

	function image(value) {
		const url = imageUrl(value);
		if (url === "") throw new TypeErrorCtor(${JSON.stringify(IMAGE_HELPER_EXPECTS)});
		const colon = url.indexOf(":");
		const scheme = colon === -1 ? "" : url.slice(0, colon).toLowerCase();
		if (scheme === "http" || scheme === "https") {
			throw new TypeErrorCtor("remote image URLs are not supported in tool outputs. Pass a base64 data URI instead");
		}
		const comma = url.indexOf(",");
		const header = comma === -1 ? [] : url.slice(colon + 1, comma).split(";");
		if (scheme !== "data" || comma === -1 || header.slice(1).every((part) => part.toLowerCase() !== "base64")) {
			throw new TypeErrorCtor("invalid image output. Pass a base64 data URI instead");
		}
		// Providers reject the whole request on a bad image, and a persisted image block would be
		// resent on every later turn. Line breaks from wrapped base64 are dropped. The declared type
		// is ignored in favor of the detected one, as providers also reject mismatches.
		const data = url.slice(comma + 1).replace(/\\s+/g, "");
		if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
			throw new TypeErrorCtor("invalid image output. The image data is not valid base64 (truncated or corrupted?)");
		}
		const head = data.slice(0, 16);
		const signature = IMAGE_SIGNATURES.find(([, pattern]) => pattern.test(head));
		if (!signature) {
			throw new TypeErrorCtor("invalid image output. The image data is not a PNG, JPEG, GIF, or WebP image");
		}
		output("image", data, signature[0]);
	}

	function exit() {
		let writesJson;
		try {
			writesJson = serializeWrites();
		} catch (error) {
			done(false, describeError(error));
			throw EXIT;
		}
		done(true, undefined, writesJson);
		throw EXIT;
	}

	const console = {};
	for (const level of ["log", "info", "warn", "error", "debug"]) {
		console[level] = (...args) => {
			output("console", args.map(format).join(" "));
		};
	}
	Object.freeze(console);

	Object.defineProperty(globalThis, "tools", { value: toolsProxy, enumerable: true });
	Object.defineProperty(globalThis, "ALL_TOOLS", { value: allTools, enumerable: true });
	Object.defineProperty(globalThis, "console", { value: console, enumerable: true });
	Object.defineProperty(globalThis, "text", { value: text, enumerable: true });
	Object.defineProperty(globalThis, "image", { value: image, enumerable: true });
	Object.defineProperty(globalThis, "exit", { value: exit, enumerable: true });

	return {
		settle(id, ok, payload, propertiesJson) {
			const entry = pending.get(id);
			if (!entry) return;
			pending.delete(id);
			if (!ok) {
				const error = new ErrorCtor(payload);
				if (propertiesJson !== undefined) {
					const properties = parse(propertiesJson);
					for (const key of Object.keys(properties)) {
						if (key === "name" || key === "message" || key === "stack") continue;
						Object.defineProperty(error, key, { value: properties[key], writable: true, enumerable: true, configurable: true });
					}
				}
				entry.reject(error);
				return;
			}
			let value;
			try {
				value = payload === undefined ? undefined : parse(payload);
			} catch (error) {
				entry.reject(error);
				return;
			}
			entry.resolve(value);
		},
		run(fn) {
			let promise;
			try {
				promise = fn(toolsProxy, console);
			} catch (error) {
				done(false, describeError(error));
				return;
			}
			promiseThen.call(
				promise,
				(value) => {
					let json;
					try {
						json = serialize(value);
					} catch (error) {
						done(false, describeError(error));
						return;
					}
					done(true, json, serializeWrites());
				},
				(error) => {
					done(false, describeError(error));
				},
			);
		},
		stalled() {
			if (finished || pending.size > 0) return false;
			done(
				false,
				stringify({
					name: "Error",
					message:
						"The script is waiting on a promise that can never settle: no tool call is pending, and timers do not exist here.",
				}),
			);
			return true;
		},
	};
})`;
var CODEMODE_OPTIONS_PREFIX = "// @options:";
var SUPPORTED_FIELDS = ["max_output_tokens", "timeout_ms"];
var SUPPORTED_FIELDS_TEXT = "`max_output_tokens` and `timeout_ms`";
var MAX_TIMEOUT_MS = 2147483647;
var CODEMODE_SOURCE_GRAMMAR = String.raw`
start: options_source | plain_source
options_source: OPTIONS_LINE NEWLINE SOURCE
plain_source: SOURCE

OPTIONS_LINE: /[ \t]*\/\/ @options:[^\r\n]*/
NEWLINE: /\r?\n/
SOURCE: /[\s\S]+/
`;
var CodemodeSourceError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "CodemodeSourceError";
  }
};
function isSafeInteger(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
function parseOptions(directive) {
  if (directive === "") {
    throw new CodemodeSourceError(`@options must be a JSON object with supported fields ${SUPPORTED_FIELDS_TEXT}`);
  }
  let value;
  try {
    value = JSON.parse(directive);
  } catch (error) {
    throw new CodemodeSourceError(`@options must be valid JSON with supported fields ${SUPPORTED_FIELDS_TEXT}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CodemodeSourceError(`@options must be a JSON object with supported fields ${SUPPORTED_FIELDS_TEXT}`);
  }
  const fields = value;
  for (const key of Object.keys(fields)) {
    if (!SUPPORTED_FIELDS.includes(key)) {
      throw new CodemodeSourceError(`@options only supports ${SUPPORTED_FIELDS_TEXT}; got \`${key}\``);
    }
  }
  const options = {};
  const { max_output_tokens, timeout_ms } = fields;
  if (max_output_tokens !== void 0) {
    if (!isSafeInteger(max_output_tokens)) {
      throw new CodemodeSourceError("@options field `max_output_tokens` must be a non-negative safe integer");
    }
    options.maxOutputTokens = max_output_tokens;
  }
  if (timeout_ms !== void 0) {
    if (!isSafeInteger(timeout_ms) || timeout_ms === 0 || timeout_ms > MAX_TIMEOUT_MS) {
      throw new CodemodeSourceError(`@options field \`timeout_ms\` must be a positive integer up to ${MAX_TIMEOUT_MS}`);
    }
    options.timeoutMs = timeout_ms;
  }
  return options;
}
function parseCodemodeSource(input) {
  if (input.trim() === "") {
    throw new CodemodeSourceError('Expected JavaScript source text (non-empty). Provide JS only, optionally with a first line `// @options: {"max_output_tokens": 1000}`.');
  }
  const lines = input.split("\n");
  const misplaced = lines.findIndex((line, index) => index > 0 && line.trimStart().startsWith(CODEMODE_OPTIONS_PREFIX));
  if (misplaced !== -1) {
    throw new CodemodeSourceError(`The ${CODEMODE_OPTIONS_PREFIX} line must be the first line of the input; found one on line ${misplaced + 1}`);
  }
  const newline = input.indexOf("\n");
  const firstLine = lines[0].replace(/\r$/, "");
  const trimmed = firstLine.trimStart();
  if (!trimmed.startsWith(CODEMODE_OPTIONS_PREFIX))
    return { code: input, options: {} };
  const code = newline === -1 ? "" : input.slice(newline);
  if (code.trim() === "") {
    throw new CodemodeSourceError("The @options line must be followed by JavaScript source on subsequent lines");
  }
  return { code, options: parseOptions(trimmed.slice(CODEMODE_OPTIONS_PREFIX.length).trim()) };
}
