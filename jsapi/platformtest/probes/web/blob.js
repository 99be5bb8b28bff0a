// Blob, File, FormData, navigator and fetch bodies made of them.
const t = async (f) => {
  try {
    return await f();
  } catch (e) {
    return e && e.name ? e.name : String(e);
  }
};

export default async function () {
  const out = {};
  out.blobBasics = await t(async () => {
    const b = new Blob(["ab", new Uint8Array([99, 100]), new Blob(["é"])], { type: "Text/Plain" });
    return [b.size, b.type, await b.text(), Object.prototype.toString.call(b), Array.from(await b.bytes())];
  });
  out.blobBadType = await t(() => new Blob([], { type: "a\u00e9" }).type);
  out.blobSlice = await t(async () => {
    const b = new Blob(["hello world"]);
    return [await b.slice(6).text(), await b.slice(-5, -2).text(), b.slice(3, 1).size, b.slice(0, 1, "X/Y").type];
  });
  out.blobArrayBuffer = await t(async () => {
    const ab = await new Blob(["xyz"]).arrayBuffer();
    return [ab instanceof ArrayBuffer, ab.byteLength];
  });
  out.blobStream = await t(async () => {
    const chunks = [];
    for await (const c of new Blob(["abc"]).stream()) chunks.push(Array.from(c));
    return chunks;
  });
  out.blobEndings = await t(async () => new Blob(["a\r\nb\rc"], { endings: "native" }).text());
  out.blobBadParts = await t(() => new Blob("abc"));
  out.blobProto = await t(() => Object.getOwnPropertyNames(Blob.prototype).sort());
  out.file = await t(async () => {
    const f = new File(["x", "y"], "a.txt", { type: "text/plain", lastModified: 42 });
    return [f.name, f.lastModified, f.size, f.type, f instanceof Blob, Object.prototype.toString.call(f), await f.text()];
  });
  out.fileArgs = await t(() => new File(["x"]));
  out.fileDefaultTime = await t(() => Math.abs(new File([], "n").lastModified - Date.now()) < 5000);
  out.formData = await t(() => {
    const fd = new FormData();
    fd.append("a", "1");
    fd.append("a", 2);
    fd.append("f", new Blob(["z"], { type: "text/x" }));
    fd.append("g", new Blob(["q"]), "q.bin");
    fd.set("b", "x");
    const f = fd.get("f");
    return [
      [...fd.keys()],
      fd.getAll("a"),
      fd.has("b"),
      fd.get("nope"),
      [f instanceof File, f.name, f.type, f.size],
      fd.get("g").name,
      Object.prototype.toString.call(fd),
    ];
  });
  out.formDataSetReplaces = await t(() => {
    const fd = new FormData();
    fd.append("a", "1");
    fd.append("b", "2");
    fd.append("a", "3");
    fd.set("a", "4");
    fd.delete("b");
    const seen = [];
    fd.forEach((v, k) => seen.push(k + "=" + v));
    return seen;
  });
  out.formDataArgs = await t(() => new FormData().append("a"));
  out.formDataForm = await t(() => new FormData({}));
  out.responseFormDataMultipart = await t(async () => {
    const fd = new FormData();
    fd.append("name", "Ada\nL");
    fd.append("file", new File(["bytes"], "f.txt", { type: "text/plain" }));
    const res = new Response(fd);
    const ct = res.headers.get("content-type");
    const back = await res.formData();
    const file = back.get("file");
    return [ct.startsWith("multipart/form-data; boundary="), back.get("name"), file.name, file.type, await file.text()];
  });
  out.responseFormDataUrlencoded = await t(async () => {
    const res = new Response("a=1&b=x+y", { headers: { "content-type": "application/x-www-form-urlencoded" } });
    return [...(await res.formData())];
  });
  out.responseBlob = await t(async () => {
    const b = await new Response(new Blob(["hi"], { type: "text/plain" })).blob();
    return [b.type, await b.text()];
  });
  out.requestBlobBody = await t(async () => {
    const r = new Request("http://example.invalid/", { method: "POST", body: new Blob(["zz"], { type: "a/b" }) });
    return [r.headers.get("content-type"), await r.text()];
  });
  out.cloneBlob = await t(async () => {
    const c = structuredClone(new File(["q"], "n.txt", { type: "t/t", lastModified: 1 }));
    return [c instanceof File, c.name, c.type, c.lastModified, await c.text()];
  });
  out.navigator = await t(() => [
    navigator.userAgent,
    typeof navigator.hardwareConcurrency,
    navigator.hardwareConcurrency > 0,
    navigator.language,
    navigator.languages,
    navigator.platform,
    Object.getOwnPropertyNames(Object.getPrototypeOf(navigator)).sort(),
  ]);
  return out;
}
