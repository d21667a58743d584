/** The image store (service.ts, store.ts): chunks, meta records, ids, the public use. */
import { assert, assertEquals } from "../../tests/assert.ts";
import { MAX_UPLOAD_BYTES, sanitizeImage, UploadRejected } from "./sanitize.ts";
import { ImageStore } from "./service.ts";
import { CHUNK_BYTES } from "./store.ts";
import { decode, JPEG_PROGRESSIVE, PNG_RGBA, WEBP_ANIMATED } from "../../tests/fixtures/uploads.ts";

// ---------------------------------------------------------------------------------------------
// ImageStore

function randomBytes(n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(b.subarray(i, Math.min(n, i + 65536)));
  return b;
}

Deno.test("ImageStore: chunked round trip, meta record, keys under the tenant", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ImageStore(kv, () => 1_700_000_000_000);
  const bytes = randomBytes(200_000);
  const id = await store.save("t1", "u:42", { mime: "image/png", bytes });
  assert(/^[0-9a-f-]{36}$/.test(id));
  const chunks = Math.ceil(200_000 / CHUNK_BYTES);
  assertEquals(chunks, 4);
  const expectedMeta = {
    id,
    owner: "u:42",
    mime: "image/png",
    size: 200_000,
    chunks,
    at: 1_700_000_000_000,
  };
  assertEquals(await store.meta("t1", id), expectedMeta);
  const read = await store.read("t1", id);
  assertEquals(read?.meta, expectedMeta);
  assertEquals(read?.bytes, bytes);

  const keys: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: [] })) keys.push(e.key);
  // the chunks, the meta record and the "not attached yet" index entry the expiry sweep reads
  assertEquals(keys.length, chunks + 2);
  for (const k of keys) assertEquals(k.slice(0, 2), ["t1", "images"]);
  for (const e of (await kv.getMany<Uint8Array[]>(keys.filter((k) => k[2] === "chunk")))) {
    assert(e.value!.length <= CHUNK_BYTES);
  }
  kv.close();
});

Deno.test("ImageStore: missing, invalid and other-tenant ids read as null", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ImageStore(kv);
  const id = await store.save("t1", "u:1", { mime: "image/jpeg", bytes: randomBytes(1000) });
  assertEquals(await store.read("t2", id), null, "other tenant");
  assertEquals(await store.meta("t2", id), null, "other tenant");
  assertEquals(await store.read("t1", crypto.randomUUID()), null, "unknown id");
  for (const bad of ["", "not-a-uuid", "../" + id, id.toUpperCase(), id + "x", `${id}\0`]) {
    assertEquals(await store.read("t1", bad), null, `invalid id ${JSON.stringify(bad)}`);
    assertEquals(await store.meta("t1", bad), null, `invalid id ${JSON.stringify(bad)}`);
  }
  // a record planted under a non-uuid id is never looked up
  await kv.set(["t1", "images", "meta", "not-a-uuid"], { id: "not-a-uuid" });
  assertEquals(await store.meta("t1", "not-a-uuid"), null);
  // chunks without their meta record (an interrupted save) are never served
  const orphan = crypto.randomUUID();
  await kv.set(["t1", "images", "chunk", orphan, 0], randomBytes(10));
  assertEquals(await store.read("t1", orphan), null);
  kv.close();
});

Deno.test("ImageStore: a maximum-size image fits the KV atomic limits", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ImageStore(kv);
  const bytes = randomBytes(MAX_UPLOAD_BYTES);
  const id = await store.save("t", "u:9", { mime: "image/webp", bytes });
  const read = await store.read("t", id);
  assertEquals(read?.meta.chunks, Math.ceil(MAX_UPLOAD_BYTES / CHUNK_BYTES));
  assert(read);
  assertEquals(read.bytes, bytes);
  // sizes outside the upload bounds are refused
  for (const n of [0, MAX_UPLOAD_BYTES + 1]) {
    let reason = "";
    try {
      await store.save("t", "u:9", { mime: "image/webp", bytes: new Uint8Array(n) });
    } catch (e) {
      reason = e instanceof UploadRejected ? e.reason : String(e);
    }
    assertEquals(reason, "SIZE");
  }
  kv.close();
});

Deno.test("upload flow: sanitize, store, read back, decode", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ImageStore(kv);
  for (const input of [JPEG_PROGRESSIVE, PNG_RGBA, WEBP_ANIMATED]) {
    const img = sanitizeImage(input);
    const id = await store.save("demo", "u:7", img);
    const read = await store.read("demo", id);
    assert(read);
    assertEquals(read.bytes, img.bytes);
    assertEquals(read?.meta.mime, img.mime);
    assertEquals(await decode(read.bytes, read.meta.mime), [4, 4]);
  }
  kv.close();
});

Deno.test("public use: readable by anyone, never pending; private ones keep their rules", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ImageStore(kv, () => 1_700_000_000_000);
  const img = sanitizeImage(PNG_RGBA);
  const banner = await store.save("t", "op:1", img, { use: "public" });
  const own = await store.save("t", "u:7", img);
  assertEquals(await store.use("t", banner), "public");
  for (const viewer of [null, { userId: "8" }, { roles: ["funds"] }]) {
    assertEquals(await store.mayRead("t", banner, viewer), true, JSON.stringify(viewer));
    assertEquals(await store.mayRead("t", own, viewer), false, JSON.stringify(viewer));
  }
  assertEquals(await store.mayRead("t", own, { userId: "7" }), true);
  assertEquals(await store.mayRead("t2", banner, null), false, "other tenant");
  // only the private upload waits for an attach; the expiry job leaves the public one alone
  const later = new ImageStore(kv, () => 1_700_000_000_000 + 2 * 86_400_000);
  assertEquals(await later.sweep(["t"]), 1);
  assertEquals((await store.read("t", banner))?.bytes, img.bytes);
  assertEquals(await store.read("t", own), null);
  kv.close();
});
