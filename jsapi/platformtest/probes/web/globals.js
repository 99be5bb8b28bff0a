// Web globals: presence and shape.
const names = [
  "Blob", "File", "FormData", "MessageChannel", "MessagePort", "BroadcastChannel", "navigator",
  "ReadableStream", "WritableStream", "TransformStream", "TextEncoderStream", "TextDecoderStream",
  "CompressionStream", "DecompressionStream", "WebSocket", "structuredClone", "queueMicrotask",
  "AbortController", "TextEncoder", "TextDecoder", "URL", "URLSearchParams", "fetch", "Headers",
  "Request", "Response", "EventTarget", "Event", "CustomEvent", "DOMException", "performance",
  "atob", "btoa", "crypto", "setTimeout", "setImmediate",
];

export default function () {
  const out = {};
  for (const n of names) out[n] = typeof globalThis[n];
  return out;
}
