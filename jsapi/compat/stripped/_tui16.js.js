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
  oklabToOkhslLightness: () => oklabToOkhslLightness
});
stdin_exports.backgroundAnsi = backgroundAnsi;
stdin_exports.colorToHex = colorToHex;
stdin_exports.colorToOkhsl = colorToOkhsl;
stdin_exports.colorToOklch = colorToOklch;
stdin_exports.colorToRgb = colorToRgb;
stdin_exports.foregroundAnsi = foregroundAnsi;
stdin_exports.indexedColor = indexedColor;
stdin_exports.mixColors = mixColors;
stdin_exports.okhslColor = okhslColor;
stdin_exports.oklchColor = oklchColor;
stdin_exports.parseColor = parseColor;
stdin_exports.parseTerminalColorSchemeReport = parseTerminalColorSchemeReport;
stdin_exports.rgbColor = rgbColor;
stdin_exports.styleText = styleText;
stdin_exports.styleTextWithAnsi = styleTextWithAnsi;
module.exports = stdin_exports;
var multiply = (m, [x, y, z]) => m.map((row) => row[0] * x + row[1] * y + row[2] * z);
var LINEAR_SRGB_TO_LMS = [
  [0.4122214694707629, 0.5363325372617349, 0.0514459932675022],
  [0.2119034958178251, 0.6806995506452344, 0.1073969535369405],
  [0.0883024591900564, 0.2817188391361215, 0.6299787016738222]
];
var LMS_TO_LAB = [
  [0.210454268309314, 0.793617774702305, -0.0040720430116193],
  [1.9779985324311684, -2.42859224204858, 0.450593709617411],
  [0.0259040424655478, 0.7827717124575296, -0.8086757549230774]
];
var LAB_TO_LMS = [
  [1, 0.3963377773761749, 0.2158037573099136],
  [1, -0.1055613458156586, -0.0638541728258133],
  [1, -0.0894841775298119, -1.2914855480194092]
];
var LMS_TO_LINEAR_SRGB = [
  [4.076741636075958, -3.307711539258063, 0.2309699031821043],
  [-1.2684379732850315, 2.609757349287688, -0.341319376002657],
  [-0.0041960761386756, -0.7034186179359362, 1.7076146940746117]
];
var SATURATION_FIT = [
  [
    [-1.8817031, -0.80936501],
    [1.19086277, 1.76576728, 0.59662641, 0.75515197, 0.56771245]
  ],
  [
    [1.8144408, -1.19445267],
    [0.73956515, -0.45954404, 0.08285427, 0.12541073, -0.14503204]
  ],
  [
    [0.13110758, 1.81333971],
    [1.35733652, -915799e-8, -1.1513021, -0.50559606, 692167e-8]
  ]
];
var K1 = 0.206;
var K2 = 0.03;
var K3 = (1 + K1) / (1 + K2);
var oklabToOkhslLightness = (x) => 0.5 * (K3 * x - K1 + Math.sqrt((K3 * x - K1) ** 2 + 4 * K2 * K3 * x));
var okhslToOklabLightness = (x) => (x * x + K1 * x) / (K3 * (x + K2));
var linearToSrgb = (value) => value > 31308e-7 ? 1.055 * value ** (1 / 2.4) - 0.055 : 12.92 * value;
var srgbToLinear = (value) => value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
function oklabToLinearSrgb(lab) {
  return multiply(LMS_TO_LINEAR_SRGB, multiply(LAB_TO_LMS, lab).map((value) => value ** 3));
}
function linearSrgbToOklab(rgb) {
  return multiply(LMS_TO_LAB, multiply(LINEAR_SRGB_TO_LMS, rgb).map(Math.cbrt));
}
function rgbToOklab({ r, g, b }) {
  return linearSrgbToOklab([r / 255, g / 255, b / 255].map(srgbToLinear));
}
function linearSrgbToRgb(linear) {
  const [r, g, b] = linear.map((value) => Math.round(Math.min(1, Math.max(0, linearToSrgb(value))) * 255));
  return { r, g, b };
}
function lmsSlopes(a, b) {
  return [LAB_TO_LMS[0], LAB_TO_LMS[1], LAB_TO_LMS[2]].map((row) => row[1] * a + row[2] * b);
}
function maxSaturation(a, b) {
  const channel = SATURATION_FIT.findIndex(([[x, y]], index) => index === 2 || x * a + y * b > 1);
  const [k0, k1, k2, k3, k4] = SATURATION_FIT[channel][1];
  const weights = LMS_TO_LINEAR_SRGB[channel];
  const saturation = k0 + k1 * a + k2 * b + k3 * a * a + k4 * a * b;
  const slopes = lmsSlopes(a, b);
  const base = slopes.map((k) => 1 + saturation * k);
  const dot = (values) => values.reduce((sum, value, index) => sum + weights[index] * value, 0);
  const f = dot(base.map((value) => value ** 3));
  const f1 = dot(base.map((value, index) => 3 * slopes[index] * value ** 2));
  const f2 = dot(base.map((value, index) => 6 * slopes[index] ** 2 * value));
  return saturation - f * f1 / (f1 * f1 - 0.5 * f * f2);
}
function cusp(a, b) {
  const saturation = maxSaturation(a, b);
  const lightness = Math.cbrt(1 / Math.max(...oklabToLinearSrgb([1, saturation * a, saturation * b])));
  return [lightness, lightness * saturation];
}
function maxChroma(a, b, lightness, [cuspL, cuspC]) {
  if (lightness <= cuspL)
    return cuspC * lightness / cuspL;
  const t = cuspC * (lightness - 1) / (cuspL - 1);
  const slopes = lmsSlopes(a, b);
  const lms = slopes.map((k) => lightness + t * k);
  const cubes = lms.map((value) => value ** 3);
  const first = lms.map((value, index) => 3 * slopes[index] * value ** 2);
  const second = lms.map((value, index) => 6 * slopes[index] ** 2 * value);
  const dot = (row, values) => row[0] * values[0] + row[1] * values[1] + row[2] * values[2];
  const steps = LMS_TO_LINEAR_SRGB.map((row) => {
    const f = dot(row, cubes) - 1;
    const f1 = dot(row, first);
    const f2 = dot(row, second);
    const u = f1 / (f1 * f1 - 0.5 * f * f2);
    return u >= 0 ? -f * u : Number.MAX_VALUE;
  });
  return t + Math.min(...steps);
}
function chromaStops(L, a, b) {
  const peak = cusp(a, b);
  const cMax = maxChroma(a, b, L, peak);
  const k = cMax / Math.min(L * (peak[1] / peak[0]), (1 - L) * (peak[1] / (1 - peak[0])));
  const midS = 0.11516993 + 1 / (7.4477897 + 4.1590124 * b + a * (-2.19557347 + 1.75198401 * b + a * (-2.13704948 - 10.02301043 * b + a * (-4.24894561 + 5.38770819 * b + 4.69891013 * a))));
  const midT = 0.11239642 + 1 / (1.6132032 - 0.68124379 * b + a * (0.40370612 + 0.90148123 * b + a * (-0.27087943 + 0.6122399 * b + a * (299215e-8 - 0.45399568 * b - 0.14661872 * a))));
  const cMid = 0.9 * k * Math.sqrt(Math.sqrt(1 / (1 / (L * midS) ** 4 + 1 / ((1 - L) * midT) ** 4)));
  const c0 = Math.sqrt(1 / (1 / (L * 0.4) ** 2 + 1 / ((1 - L) * 0.8) ** 2));
  return [c0, cMid, cMax];
}
function okhslToRgb(hue, saturation, lightness) {
  const L = okhslToOklabLightness(lightness);
  let lab = [L, 0, 0];
  if (L > 0 && L < 1 && saturation > 0) {
    const angle = 2 * Math.PI * ((hue % 360 + 360) % 360) / 360;
    const a = Math.cos(angle);
    const b = Math.sin(angle);
    const [c0, cMid, cMax] = chromaStops(L, a, b);
    let chroma;
    if (saturation < 0.8) {
      const t = 1.25 * saturation;
      const k1 = 0.8 * c0;
      chroma = t * k1 / (1 - (1 - k1 / cMid) * t);
    } else {
      const t = 5 * (saturation - 0.8);
      const k1 = 0.2 * cMid ** 2 * 1.25 ** 2 / c0;
      chroma = cMid + t * k1 / (1 - (1 - k1 / (cMax - cMid)) * t);
    }
    lab = [L, chroma * a, chroma * b];
  }
  return linearSrgbToRgb(oklabToLinearSrgb(lab));
}
function rgbToOkhsl(rgb) {
  const [L, labA, labB] = rgbToOklab(rgb);
  const chroma = Math.hypot(labA, labB);
  const lightness = oklabToOkhslLightness(L);
  if (chroma < 1e-9 || lightness <= 0 || lightness >= 1)
    return { h: 0, s: 0, l: lightness };
  const hue = (Math.atan2(labB, labA) * 180 / Math.PI + 360) % 360;
  const [c0, cMid, cMax] = chromaStops(L, labA / chroma, labB / chroma);
  let saturation;
  if (chroma < cMid) {
    const k1 = 0.8 * c0;
    saturation = 0.8 * (chroma / (k1 + (1 - k1 / cMid) * chroma));
  } else {
    const k1 = 0.2 * cMid ** 2 * 1.25 ** 2 / c0;
    const offset = chroma - cMid;
    saturation = 0.8 + 0.2 * (offset / (k1 + (1 - k1 / (cMax - cMid)) * offset));
  }
  return { h: hue, s: Math.min(1, Math.max(0, saturation)), l: lightness };
}
function requireFinite(value, name) {
  if (!Number.isFinite(value))
    throw new Error(`${name} must be finite`);
}
function indexedColor(index) {
  if (!Number.isInteger(index) || index < 0 || index > 255) {
    throw new Error(`ANSI color index must be an integer from 0 to 255: ${index}`);
  }
  return Object.freeze({ kind: "indexed", index });
}
function rgbColor(r, g, b) {
  for (const [name, value] of [
    ["r", r],
    ["g", g],
    ["b", b]
  ]) {
    requireFinite(value, name);
    if (value < 0 || value > 255)
      throw new Error(`${name} must be between 0 and 255: ${value}`);
  }
  return Object.freeze({ kind: "rgb", r, g, b });
}
function oklchColor(l, c, h) {
  requireFinite(l, "l");
  requireFinite(c, "c");
  requireFinite(h, "h");
  if (l < 0 || l > 1)
    throw new Error(`l must be between 0 and 1: ${l}`);
  if (c < 0)
    throw new Error(`c must not be negative: ${c}`);
  return Object.freeze({ kind: "oklch", l, c, h: (h % 360 + 360) % 360 });
}
var NUMBER_PATTERN = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
var OKLCH_PATTERN = new RegExp(`^oklch\\(\\s*(${NUMBER_PATTERN})(%)?\\s+(${NUMBER_PATTERN})\\s+(${NUMBER_PATTERN})(?:deg)?\\s*\\)$`, "i");
var OKHSL_PATTERN = new RegExp(`^okhsl\\(\\s*(${NUMBER_PATTERN})(?:deg)?\\s+(${NUMBER_PATTERN})(%)?\\s+(${NUMBER_PATTERN})(%)?\\s*\\)$`, "i");
function okhslColor(h, s, l) {
  requireFinite(h, "h");
  requireFinite(s, "s");
  requireFinite(l, "l");
  if (s < 0 || s > 1)
    throw new Error(`s must be between 0 and 1: ${s}`);
  if (l < 0 || l > 1)
    throw new Error(`l must be between 0 and 1: ${l}`);
  const { r, g, b } = okhslToRgb(h, s, l);
  return rgbColor(r, g, b);
}
function colorToOkhsl(color) {
  return rgbToOkhsl(colorToRgb(color));
}
function parseColor(value) {
  if (typeof value === "number")
    return indexedColor(value);
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join("") : hex[1];
    return rgbColor(Number.parseInt(digits.slice(0, 2), 16), Number.parseInt(digits.slice(2, 4), 16), Number.parseInt(digits.slice(4, 6), 16));
  }
  const oklch = OKLCH_PATTERN.exec(value);
  if (oklch) {
    const lightness = Number.parseFloat(oklch[1]) / (oklch[2] ? 100 : 1);
    return oklchColor(lightness, Number.parseFloat(oklch[3]), Number.parseFloat(oklch[4]));
  }
  const okhsl = OKHSL_PATTERN.exec(value);
  if (okhsl) {
    const saturation = Number.parseFloat(okhsl[2]) / (okhsl[3] ? 100 : 1);
    const lightness = Number.parseFloat(okhsl[4]) / (okhsl[5] ? 100 : 1);
    return okhslColor(Number.parseFloat(okhsl[1]), saturation, lightness);
  }
  throw new Error(`Invalid color value: ${value}`);
}
var BASIC_COLORS = [
  { r: 0, g: 0, b: 0 },
  { r: 128, g: 0, b: 0 },
  { r: 0, g: 128, b: 0 },
  { r: 128, g: 128, b: 0 },
  { r: 0, g: 0, b: 128 },
  { r: 128, g: 0, b: 128 },
  { r: 0, g: 128, b: 128 },
  { r: 192, g: 192, b: 192 },
  { r: 128, g: 128, b: 128 },
  { r: 255, g: 0, b: 0 },
  { r: 0, g: 255, b: 0 },
  { r: 255, g: 255, b: 0 },
  { r: 0, g: 0, b: 255 },
  { r: 255, g: 0, b: 255 },
  { r: 0, g: 255, b: 255 },
  { r: 255, g: 255, b: 255 }
];
var CUBE_VALUES = [0, 95, 135, 175, 215, 255];
var GRAY_VALUES = Array.from({ length: 24 }, (_, index) => 8 + index * 10);
function indexedToRgb(index) {
  if (index < 16)
    return { ...BASIC_COLORS[index] };
  if (index < 232) {
    const cubeIndex = index - 16;
    return {
      r: CUBE_VALUES[Math.floor(cubeIndex / 36)],
      g: CUBE_VALUES[Math.floor(cubeIndex % 36 / 6)],
      b: CUBE_VALUES[cubeIndex % 6]
    };
  }
  const gray = 8 + (index - 232) * 10;
  return { r: gray, g: gray, b: gray };
}
function isInSrgbGamut(linear) {
  const epsilon = 1e-7;
  return linear.every((channel) => channel >= -epsilon && channel <= 1 + epsilon);
}
function oklchToRgb({ l, c, h }) {
  const radians = h * Math.PI / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const atChroma = (chroma) => oklabToLinearSrgb([l, chroma * cos, chroma * sin]);
  const direct = atChroma(c);
  if (isInSrgbGamut(direct))
    return linearSrgbToRgb(direct);
  let linear = atChroma(0);
  let low = 0;
  let high = c;
  for (let index = 0; index < 20; index++) {
    const chroma = (low + high) / 2;
    const candidate = atChroma(chroma);
    if (isInSrgbGamut(candidate)) {
      low = chroma;
      linear = candidate;
    } else {
      high = chroma;
    }
  }
  return linearSrgbToRgb(linear);
}
function colorToRgb(color) {
  switch (color.kind) {
    case "indexed":
      return indexedToRgb(color.index);
    case "rgb":
      return { r: color.r, g: color.g, b: color.b };
    case "oklch":
      return oklchToRgb(color);
  }
}
function colorToOklch(color) {
  if (color.kind === "oklch")
    return { l: color.l, c: color.c, h: color.h };
  const [l, a, b] = rgbToOklab(colorToRgb(color));
  return { l, c: Math.hypot(a, b), h: (Math.atan2(b, a) * 180 / Math.PI + 360) % 360 };
}
function colorToHex(color) {
  const { r, g, b } = colorToRgb(color);
  const channel = (value) => Math.round(value).toString(16).padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}
function mixColors(first, second, amount, space = "oklch") {
  requireFinite(amount, "amount");
  if (amount < 0 || amount > 1)
    throw new Error(`amount must be between 0 and 1: ${amount}`);
  if (space === "srgb") {
    const a2 = colorToRgb(first);
    const b2 = colorToRgb(second);
    return rgbColor(a2.r + (b2.r - a2.r) * amount, a2.g + (b2.g - a2.g) * amount, a2.b + (b2.b - a2.b) * amount);
  }
  const a = colorToOklch(first);
  const b = colorToOklch(second);
  const firstHue = a.c < 1e-7 ? b.h : a.h;
  const secondHue = b.c < 1e-7 ? firstHue : b.h;
  const hueDelta = (secondHue - firstHue + 540) % 360 - 180;
  return oklchColor(a.l + (b.l - a.l) * amount, a.c + (b.c - a.c) * amount, firstHue + hueDelta * amount);
}
function findClosest(values, target) {
  let closestIndex = 0;
  let closestDistance = Infinity;
  for (let index = 0; index < values.length; index++) {
    const distance = Math.abs(target - values[index]);
    if (distance < closestDistance) {
      closestIndex = index;
      closestDistance = distance;
    }
  }
  return closestIndex;
}
function colorDistance(first, second) {
  const dr = first.r - second.r;
  const dg = first.g - second.g;
  const db = first.b - second.b;
  return dr * dr * 0.299 + dg * dg * 0.587 + db * db * 0.114;
}
function rgbToAnsi256(color) {
  const rIndex = findClosest(CUBE_VALUES, color.r);
  const gIndex = findClosest(CUBE_VALUES, color.g);
  const bIndex = findClosest(CUBE_VALUES, color.b);
  const cubeColor = { r: CUBE_VALUES[rIndex], g: CUBE_VALUES[gIndex], b: CUBE_VALUES[bIndex] };
  const cubeIndex = 16 + 36 * rIndex + 6 * gIndex + bIndex;
  const gray = Math.round(0.299 * color.r + 0.587 * color.g + 0.114 * color.b);
  const grayOffset = findClosest(GRAY_VALUES, gray);
  const grayValue = GRAY_VALUES[grayOffset];
  const spread = Math.max(color.r, color.g, color.b) - Math.min(color.r, color.g, color.b);
  if (spread < 10 && colorDistance(color, { r: grayValue, g: grayValue, b: grayValue }) < colorDistance(color, cubeColor)) {
    return 232 + grayOffset;
  }
  return cubeIndex;
}
function colorAnsi(color, mode, background) {
  if (color.kind === "indexed")
    return `\x1B[${background ? 48 : 38};5;${color.index}m`;
  const rgb = colorToRgb(color);
  if (mode === "truecolor") {
    return `\x1B[${background ? 48 : 38};2;${Math.round(rgb.r)};${Math.round(rgb.g)};${Math.round(rgb.b)}m`;
  }
  return `\x1B[${background ? 48 : 38};5;${rgbToAnsi256(rgb)}m`;
}
function foregroundAnsi(color, mode) {
  return colorAnsi(color, mode, false);
}
function backgroundAnsi(color, mode) {
  return colorAnsi(color, mode, true);
}
function styleText(text, options, mode) {
  return styleTextWithAnsi(text, options.fg && foregroundAnsi(options.fg, mode), options.bg && backgroundAnsi(options.bg, mode), options);
}
function styleTextWithAnsi(text, fgAnsi, bgAnsi, options) {
  let prefix = "";
  let suffix = "";
  if (fgAnsi) {
    prefix += fgAnsi;
    suffix = "\x1B[39m";
  }
  if (bgAnsi) {
    prefix += bgAnsi;
    suffix = `\x1B[49m${suffix}`;
  }
  if (options.bold)
    prefix += "\x1B[1m";
  if (options.dim)
    prefix += "\x1B[2m";
  if (options.bold || options.dim)
    suffix = `\x1B[22m${suffix}`;
  if (options.italic) {
    prefix += "\x1B[3m";
    suffix = `\x1B[23m${suffix}`;
  }
  if (options.underline) {
    prefix += "\x1B[4m";
    suffix = `\x1B[24m${suffix}`;
  }
  if (options.inverse) {
    prefix += "\x1B[7m";
    suffix = `\x1B[27m${suffix}`;
  }
  if (options.strikethrough) {
    prefix += "\x1B[9m";
    suffix = `\x1B[29m${suffix}`;
  }
  return `${prefix}${text}${suffix}`;
}
var COLOR_SCHEME_REPORT_PATTERN = /^(?:\x1b\[\?997;(1|2)n)+$/;
function parseTerminalColorSchemeReport(data) {
  const match = data.match(COLOR_SCHEME_REPORT_PATTERN);
  if (!match) {
    return void 0;
  }
  return match[1] === "2" ? "light" : "dark";
}
