// V8's Error extensions that Node code relies on.
export default function () {
  const out = {};
  out.captureStackTraceType = typeof Error.captureStackTrace;
  out.stackTraceLimitType = typeof Error.stackTraceLimit;
  out.stackTraceLimit = Error.stackTraceLimit;
  try {
    const o = {};
    Error.captureStackTrace(o);
    out.captureOnObject = typeof o.stack;
    out.captureStackIsString = typeof o.stack === "string" && o.stack.startsWith("Error");
    const e = new Error("boom");
    function hide() {
      Error.captureStackTrace(e, hide);
    }
    hide();
    out.captureOnError = e.stack.split("\n")[0];
    out.captureHidesFrame = !e.stack.includes("hide");
    const m = { message: "msg", name: "Custom" };
    Error.captureStackTrace(m);
    out.captureHeaderUsesName = m.stack.split("\n")[0];
  } catch (e) {
    out.captureThrows = e.name;
  }
  out.stackIsString = typeof new Error("x").stack;
  out.stackHeader = new TypeError("bad").stack.split("\n")[0];
  return out;
}
