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
  // depd's way of reading call sites.
  function depdGetStack() {
    const prep = Error.prepareStackTrace;
    Error.prepareStackTrace = (obj, stack) => stack;
    const obj = {};
    Error.captureStackTrace(obj);
    const stack = obj.stack;
    Error.prepareStackTrace = prep;
    return stack;
  }
  function depdCaller() {
    return depdGetStack();
  }
  try {
    const sites = depdCaller();
    out.prepareIsArray = Array.isArray(sites);
    const s = sites[0];
    out.prepareFirstName = s.getFunctionName();
    out.prepareSecondName = sites[1].getFunctionName();
    out.prepareTypes = [typeof s.getFileName(), typeof s.getLineNumber(), typeof s.getColumnNumber(), s.isNative(), s.isEval(), typeof s.toString()];
    out.prepareRestored = typeof Error.prepareStackTrace;
    const viaDefault = {};
    Error.captureStackTrace(viaDefault);
    const fake = { name: "E", message: "m" };
    out.defaultPrepare = Error.prepareStackTrace(fake, []);
    const wrapped = Error.prepareStackTrace;
    Error.prepareStackTrace = (e, trace) => "wrapped:" + wrapped(e, trace).split("\n")[0];
    const w = { message: "hi" };
    Error.captureStackTrace(w);
    // V8 formats on first read, so read before restoring.
    const st = w.stack;
    Error.prepareStackTrace = wrapped;
    out.wrappedPrepare = st;
  } catch (e) {
    out.prepareThrows = e.name;
  }
  try {
    const o = {};
    (function named() {
      Error.captureStackTrace(o);
    })();
    out.frameFormat = /^    at named \(.*:\d+:\d+\)$/.test(o.stack.split("\n")[1]);
  } catch (e) {
    out.frameFormatThrows = e.name;
  }
  out.stackIsString = typeof new Error("x").stack;
  out.stackHeader = new TypeError("bad").stack.split("\n")[0];
  return out;
}
