// pigo:agent-yaml — the YAML pi's frontmatter needs (pi uses the `yaml`
// package, YAML 1.2 core schema): block mappings and sequences, flow
// collections, plain/single/double-quoted scalars, literal and folded block
// scalars with chomping indicators, comments, anchors and aliases, and the
// core schema's null/bool/int/float resolution. Not supported: complex
// (`? `) keys, multi-document streams, custom tags (a tag is ignored except
// !!str). Invalid input throws an Error naming the line.

interface Line {
  indent: number;
  text: string; // without indentation
  raw: string;
  no: number; // 1-based
}

class YamlError extends Error {
  constructor(msg: string, line?: number) {
    super(line ? `${msg} at line ${line}` : msg);
    this.name = "YAMLParseError";
  }
}

const NULLS = new Set(["", "~", "null", "Null", "NULL"]);

function resolvePlain(s: string): any {
  if (NULLS.has(s)) return null;
  if (s === "true" || s === "True" || s === "TRUE") return true;
  if (s === "false" || s === "False" || s === "FALSE") return false;
  if (/^[-+]?[0-9]+$/.test(s)) return parseInt(s, 10);
  if (/^0o[0-7]+$/.test(s)) return parseInt(s.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return parseFloat(s);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(s)) return NaN;
  return s;
}

// stripComment removes a " #" comment outside quotes from a plain line part.
function stripComment(s: string): string {
  let inS = false;
  let inD = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && inD) {
      i++;
      continue;
    }
    if (c === "'" && !inD) inS = !inS;
    else if (c === '"' && !inS) inD = !inD;
    else if (c === "#" && !inS && !inD && (i === 0 || s[i - 1] === " " || s[i - 1] === "\t")) return s.slice(0, i).trimEnd();
  }
  return s.trimEnd();
}

function unescapeDouble(s: string, lineNo: number): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = s[++i];
    const hex = (n: number) => {
      const h = s.slice(i + 1, i + 1 + n);
      if (!/^[0-9a-fA-F]+$/.test(h) || h.length !== n) throw new YamlError("Invalid escape sequence", lineNo);
      i += n;
      return String.fromCodePoint(parseInt(h, 16));
    };
    switch (e) {
      case "0": out += "\0"; break;
      case "a": out += "\x07"; break;
      case "b": out += "\b"; break;
      case "t": case "\t": out += "\t"; break;
      case "n": out += "\n"; break;
      case "v": out += "\v"; break;
      case "f": out += "\f"; break;
      case "r": out += "\r"; break;
      case "e": out += "\x1b"; break;
      case " ": out += " "; break;
      case '"': out += '"'; break;
      case "/": out += "/"; break;
      case "\\": out += "\\"; break;
      case "N": out += "\u0085"; break;
      case "_": out += "\u00a0"; break;
      case "L": out += "\u2028"; break;
      case "P": out += "\u2029"; break;
      case "x": out += hex(2); break;
      case "u": out += hex(4); break;
      case "U": out += hex(8); break;
      default:
        throw new YamlError(`Invalid escape sequence \\${e}`, lineNo);
    }
  }
  return out;
}

// foldQuotedLines joins the lines of a multi-line quoted scalar.
function foldQuotedLines(parts: string[]): string {
  let out = "";
  let pendingBreaks = 0;
  parts.forEach((p, idx) => {
    const t = idx === 0 ? p.replace(/[ \t]+$/, "") : idx === parts.length - 1 ? p.replace(/^[ \t]+/, "") : p.trim();
    if (idx > 0 && t === "" && idx < parts.length - 1) {
      pendingBreaks++;
      return;
    }
    if (idx > 0) out += pendingBreaks > 0 ? "\n".repeat(pendingBreaks) : " ";
    pendingBreaks = 0;
    out += t;
  });
  return out;
}

class Parser {
  lines: Line[];
  pos = 0;
  anchors = new Map<string, any>();
  constructor(text: string) {
    this.lines = text.split("\n").map((raw, i) => {
      const r = raw.replace(/\r$/, "");
      const m = r.match(/^( *)(.*)$/)!;
      return { indent: m[1].length, text: m[2], raw: r, no: i + 1 };
    });
  }
  isBlank(l: Line): boolean {
    return l.text.trim() === "" || l.text.trimStart().startsWith("#");
  }
  skipBlank(): void {
    while (this.pos < this.lines.length && this.isBlank(this.lines[this.pos])) this.pos++;
  }
  parseDocument(): any {
    this.skipBlank();
    if (this.pos < this.lines.length && this.lines[this.pos].indent === 0 && /^---(\s|$)/.test(this.lines[this.pos].text)) {
      const rest = this.lines[this.pos].text.slice(3).trim();
      if (rest) this.lines[this.pos] = { ...this.lines[this.pos], indent: 4, text: rest };
      else this.pos++;
    }
    this.skipBlank();
    if (this.pos >= this.lines.length) return null;
    const v = this.parseNode(this.lines[this.pos].indent, -1);
    this.skipBlank();
    if (this.pos < this.lines.length) {
      const l = this.lines[this.pos];
      if (!(l.indent === 0 && /^(\.\.\.|---)(\s|$)/.test(l.text))) throw new YamlError("Unexpected content", l.no);
    }
    return v;
  }
  // parseNode parses the node starting at the current line, whose
  // indentation is `indent`; parentIndent bounds continuation lines.
  parseNode(indent: number, parentIndent: number): any {
    this.skipBlank();
    if (this.pos >= this.lines.length) return null;
    const l = this.lines[this.pos];
    if (/^-( |$)/.test(l.text)) return this.parseSequence(l.indent);
    if (this.keyOf(l.text) !== undefined) return this.parseMapping(l.indent);
    return this.parseInlineValue(l.text, l.no, parentIndent, l.indent);
  }
  keyOf(text: string): { key: string; rest: string } | undefined {
    let t = text;
    if (t.startsWith("? ")) return undefined;
    let key: string;
    let i: number;
    if (t[0] === '"' || t[0] === "'") {
      const q = t[0];
      let j = 1;
      for (; j < t.length; j++) {
        if (q === '"' && t[j] === "\\") {
          j++;
          continue;
        }
        if (t[j] === q) {
          if (q === "'" && t[j + 1] === "'") {
            j++;
            continue;
          }
          break;
        }
      }
      if (j >= t.length) return undefined;
      const body = t.slice(1, j);
      key = q === '"' ? unescapeDouble(body, 0) : body.replace(/''/g, "'");
      i = j + 1;
      while (t[i] === " ") i++;
      if (t[i] !== ":" || (i + 1 < t.length && t[i + 1] !== " " && t[i + 1] !== "\t")) return undefined;
      return { key, rest: t.slice(i + 1) };
    }
    if (t[0] === "[" || t[0] === "{" || t[0] === "#" || t[0] === "&" || t[0] === "*" || t[0] === "!" || t[0] === "|" || t[0] === ">") {
      if (t[0] !== "&" && t[0] !== "!") return undefined;
    }
    for (i = 0; i < t.length; i++) {
      if (t[i] === ":" && (i + 1 === t.length || t[i + 1] === " " || t[i + 1] === "\t")) {
        key = t.slice(0, i).trimEnd();
        if (key.includes(" #")) return undefined;
        return { key, rest: t.slice(i + 1) };
      }
      if (t[i] === "#" && i > 0 && (t[i - 1] === " " || t[i - 1] === "\t")) return undefined;
    }
    return undefined;
  }
  parseMapping(indent: number): any {
    const out: any = {};
    for (;;) {
      this.skipBlank();
      if (this.pos >= this.lines.length) break;
      const l = this.lines[this.pos];
      if (l.indent < indent) break;
      if (l.indent > indent) throw new YamlError("Bad indentation of a mapping entry", l.no);
      if (l.indent === 0 && /^(\.\.\.|---)(\s|$)/.test(l.text)) break;
      const kv = this.keyOf(l.text);
      if (!kv) {
        if (/^-( |$)/.test(l.text)) break;
        throw new YamlError("Implicit keys need to be followed by map values", l.no);
      }
      let key: any = kv.key;
      if (key === "<<") key = "<<";
      const keyStr = String(resolveKey(key));
      if (Object.prototype.hasOwnProperty.call(out, keyStr)) throw new YamlError("Map keys must be unique", l.no);
      this.pos++;
      const value = this.parseValueAfterIndicator(kv.rest, l, indent, true);
      if (keyStr === "<<" && value && typeof value === "object") Object.assign(out, value);
      else out[keyStr] = value;
    }
    return out;
  }
  parseSequence(indent: number): any[] {
    const out: any[] = [];
    for (;;) {
      this.skipBlank();
      if (this.pos >= this.lines.length) break;
      const l = this.lines[this.pos];
      if (l.indent < indent || !/^-( |$)/.test(l.text)) break;
      if (l.indent > indent) throw new YamlError("Bad indentation of a sequence entry", l.no);
      const rest = l.text.slice(1);
      const inner = rest.replace(/^ +/, "");
      if (inner === "" || inner.startsWith("#")) {
        this.pos++;
        this.skipBlank();
        const next = this.lines[this.pos];
        if (next && next.indent > indent) out.push(this.parseNode(next.indent, indent));
        else out.push(null);
        continue;
      }
      // Re-read the item's content as a line of its own at its column.
      const col = l.indent + 1 + (rest.length - inner.length);
      this.lines[this.pos] = { indent: col, text: inner, raw: l.raw, no: l.no };
      out.push(this.parseNode(col, indent));
    }
    return out;
  }
  // parseValueAfterIndicator parses what follows "key:" (rest of the line
  // and, for an empty rest, the indented block below).
  parseValueAfterIndicator(rest: string, l: Line, indent: number, inMapping: boolean): any {
    let text = stripComment(rest.trim() === "" ? "" : rest).trim();
    let anchor: string | undefined;
    let forceStr = false;
    const props = () => {
      for (;;) {
        const m = text.match(/^&([^\s,\[\]{}]+)\s*/);
        if (m) {
          anchor = m[1];
          text = text.slice(m[0].length);
          continue;
        }
        const t = text.match(/^!(!?)([^\s]*)\s*/);
        if (t) {
          if (t[1] === "!" && t[2] === "str") forceStr = true;
          text = text.slice(t[0].length);
          continue;
        }
        break;
      }
    };
    props();
    let value: any;
    if (text === "") {
      this.skipBlank();
      const next = this.lines[this.pos];
      if (next && (next.indent > indent || (inMapping && next.indent === indent && /^-( |$)/.test(next.text)))) {
        value = this.parseNode(next.indent, indent);
      } else value = null;
    } else {
      value = this.parseInlineValue(text, l.no, indent, undefined, forceStr);
    }
    if (anchor) this.anchors.set(anchor, value);
    return value;
  }
  // parseInlineValue parses a scalar, alias, block scalar or flow
  // collection that starts on line text (the current line when startIndent
  // is given, else the line before the current position).
  parseInlineValue(text: string, lineNo: number, parentIndent: number, startIndent?: number, forceStr = false): any {
    if (startIndent !== undefined) {
      // a node that starts at the current line (document root or sequence item)
      this.pos++;
      const t = stripComment(text).trim();
      const m = t.match(/^&([^\s,\[\]{}]+)\s*(.*)$/);
      if (m) {
        const v = this.inlineScalarOrFlow(m[2], lineNo, parentIndent, forceStr);
        this.anchors.set(m[1], v);
        return v;
      }
      return this.inlineScalarOrFlow(t, lineNo, parentIndent, forceStr);
    }
    return this.inlineScalarOrFlow(text, lineNo, parentIndent, forceStr);
  }
  inlineScalarOrFlow(text: string, lineNo: number, parentIndent: number, forceStr: boolean): any {
    if (text.startsWith("*")) {
      const name = text.slice(1).trim();
      if (!this.anchors.has(name)) throw new YamlError(`Unresolved alias "${name}"`, lineNo);
      return this.anchors.get(name);
    }
    if (text.startsWith("|") || text.startsWith(">")) return this.blockScalar(text, lineNo, parentIndent);
    if (text.startsWith("[") || text.startsWith("{")) {
      let src = text;
      while (!flowBalanced(src) && this.pos < this.lines.length) {
        src += " " + stripComment(this.lines[this.pos].text).trim();
        this.pos++;
      }
      const fp = new FlowParser(src, lineNo, this.anchors);
      const v = fp.parse();
      return v;
    }
    if (text.startsWith('"') || text.startsWith("'")) {
      const q = text[0];
      const parts = [text.slice(1)];
      const closed = (s: string) => findQuoteEnd(s, q) !== -1;
      while (!closed(parts[parts.length - 1]) && this.pos < this.lines.length) {
        parts.push(this.lines[this.pos].raw);
        this.pos++;
      }
      const last = parts[parts.length - 1];
      const end = findQuoteEnd(last, q);
      if (end === -1) throw new YamlError("Missing closing quote", lineNo);
      const tail = stripComment(last.slice(end + 1)).trim();
      if (tail) throw new YamlError("Unexpected content after quoted scalar", lineNo);
      parts[parts.length - 1] = last.slice(0, end);
      const body = foldQuotedLines(parts);
      return q === '"' ? unescapeDouble(body, lineNo) : body.replace(/''/g, "'");
    }
    // plain scalar, maybe continued on more-indented lines
    const parts = [text];
    while (this.pos < this.lines.length) {
      const n = this.lines[this.pos];
      if (n.text.trim() === "") {
        // blank lines inside a multi-line plain scalar become newlines
        let k = this.pos;
        while (k < this.lines.length && this.lines[k].text.trim() === "") k++;
        if (k < this.lines.length && this.lines[k].indent > parentIndent && !this.lines[k].text.startsWith("#") && this.keyOf(this.lines[k].text) === undefined && !/^-( |$)/.test(this.lines[k].text)) {
          for (let b = this.pos; b < k; b++) parts.push("");
          this.pos = k;
          continue;
        }
        break;
      }
      if (n.indent <= parentIndent || n.text.startsWith("#")) break;
      if (this.keyOf(n.text) !== undefined || /^-( |$)/.test(n.text)) break;
      parts.push(stripComment(n.text).trim());
      this.pos++;
    }
    let s = "";
    let breaks = 0;
    parts.forEach((p, i) => {
      if (i > 0 && p === "") {
        breaks++;
        return;
      }
      if (i > 0) s += breaks > 0 ? "\n".repeat(breaks) : " ";
      breaks = 0;
      s += p;
    });
    return forceStr ? s : resolvePlain(s);
  }
  blockScalar(header: string, lineNo: number, parentIndent: number): string {
    const m = header.match(/^([|>])([1-9]?)([+-]?)([1-9]?)\s*(#.*)?$/);
    if (!m) throw new YamlError("Invalid block scalar header", lineNo);
    const folded = m[1] === ">";
    const chomp = m[3];
    const explicit = m[2] || m[4];
    let contentIndent = explicit ? parentIndent + Number(explicit) : -1;
    const body: string[] = [];
    while (this.pos < this.lines.length) {
      const l = this.lines[this.pos];
      if (l.text.trim() === "") {
        body.push(l.raw.length > (contentIndent < 0 ? 0 : contentIndent) ? l.raw.slice(Math.max(contentIndent, 0)) : "");
        this.pos++;
        continue;
      }
      if (contentIndent < 0) {
        if (l.indent <= parentIndent) break;
        contentIndent = l.indent;
      }
      if (l.indent < contentIndent) break;
      body.push(l.raw.slice(contentIndent));
      this.pos++;
    }
    // trailing blank lines belong to chomping
    let end = body.length;
    while (end > 0 && body[end - 1].trim() === "") end--;
    const content = body.slice(0, end);
    const trailing = body.length - end;
    let text: string;
    if (!folded) {
      text = content.join("\n");
    } else {
      text = "";
      for (let i = 0; i < content.length; i++) {
        const line = content[i];
        if (i === 0) {
          text = line;
          continue;
        }
        const prev = content[i - 1];
        const moreIndented = (s: string) => s.startsWith(" ") || s.startsWith("\t");
        if (line === "") text += "\n";
        else if (prev === "" || moreIndented(line) || moreIndented(prev)) text += (prev === "" ? "" : "\n") + line;
        else text += " " + line;
      }
    }
    if (content.length === 0) return chomp === "+" ? "\n".repeat(trailing) : "";
    if (chomp === "-") return text;
    if (chomp === "+") return text + "\n" + "\n".repeat(trailing);
    return text + "\n";
  }
}

function resolveKey(k: string): string {
  return k;
}

function findQuoteEnd(s: string, q: string): number {
  for (let i = 0; i < s.length; i++) {
    if (q === '"' && s[i] === "\\") {
      i++;
      continue;
    }
    if (s[i] === q) {
      if (q === "'" && s[i + 1] === "'") {
        i++;
        continue;
      }
      return i;
    }
  }
  return -1;
}

function flowBalanced(s: string): boolean {
  let depth = 0;
  let q = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) {
      if (q === '"' && c === "\\") i++;
      else if (c === q) q = "";
      continue;
    }
    if (c === '"' || c === "'") q = c;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
  }
  return depth <= 0;
}

class FlowParser {
  i = 0;
  constructor(public s: string, public lineNo: number, public anchors: Map<string, any>) {}
  ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
  parse(): any {
    const v = this.value();
    this.ws();
    if (this.i < this.s.length && this.s[this.i] !== "#") throw new YamlError("Unexpected content after flow collection", this.lineNo);
    return v;
  }
  value(): any {
    this.ws();
    const c = this.s[this.i];
    if (c === "[") return this.seq();
    if (c === "{") return this.map();
    if (c === '"' || c === "'") {
      const end = findQuoteEnd(this.s.slice(this.i + 1), c);
      if (end === -1) throw new YamlError("Missing closing quote", this.lineNo);
      const body = this.s.slice(this.i + 1, this.i + 1 + end);
      this.i += end + 2;
      return c === '"' ? unescapeDouble(body, this.lineNo) : body.replace(/''/g, "'");
    }
    if (c === "*") {
      const m = this.s.slice(this.i + 1).match(/^[^\s,\[\]{}]+/);
      const name = m ? m[0] : "";
      this.i += 1 + name.length;
      if (!this.anchors.has(name)) throw new YamlError(`Unresolved alias "${name}"`, this.lineNo);
      return this.anchors.get(name);
    }
    let j = this.i;
    while (j < this.s.length && !",]}".includes(this.s[j]) && !(this.s[j] === ":" && /[\s,\]}]/.test(this.s[j + 1] ?? " "))) j++;
    const raw = this.s.slice(this.i, j).trim();
    this.i = j;
    return resolvePlain(raw);
  }
  seq(): any[] {
    this.i++;
    const out: any[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === "]") {
        this.i++;
        return out;
      }
      if (this.i >= this.s.length) throw new YamlError("Missing closing ]", this.lineNo);
      const v = this.value();
      this.ws();
      if (this.s[this.i] === ":") {
        this.i++;
        const val = this.value();
        out.push({ [String(v)]: val });
      } else out.push(v);
      this.ws();
      if (this.s[this.i] === ",") this.i++;
      else if (this.s[this.i] !== "]") throw new YamlError("Expected , or ] in flow sequence", this.lineNo);
    }
  }
  map(): any {
    this.i++;
    const out: any = {};
    for (;;) {
      this.ws();
      if (this.s[this.i] === "}") {
        this.i++;
        return out;
      }
      if (this.i >= this.s.length) throw new YamlError("Missing closing }", this.lineNo);
      const k = this.value();
      this.ws();
      let v: any = null;
      if (this.s[this.i] === ":") {
        this.i++;
        this.ws();
        v = this.s[this.i] === "," || this.s[this.i] === "}" ? null : this.value();
      }
      const key = String(k);
      if (Object.prototype.hasOwnProperty.call(out, key)) throw new YamlError("Map keys must be unique", this.lineNo);
      out[key] = v;
      this.ws();
      if (this.s[this.i] === ",") this.i++;
      else if (this.s[this.i] !== "}") throw new YamlError("Expected , or } in flow mapping", this.lineNo);
    }
  }
}

/** parse is `yaml`'s parse(text) for one document. */
export function parse(text: string): any {
  return new Parser(String(text).replace(/^\uFEFF/, "").replace(/\t/g, (m) => m)).parseDocument();
}
