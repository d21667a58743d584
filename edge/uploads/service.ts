/**
 * Uploaded images: saved sanitized (sanitize.ts), private to their owner until a recharge or a
 * verification attaches them (then also to the operators of that role), deleted when nobody
 * attached them within a day (the `uploads-expiry` job); or `public` (banners): anyone may read.
 */
import { type ImageMime, MAX_UPLOAD_BYTES, UploadRejected } from "./sanitize.ts";
import {
  CHUNK_BYTES,
  CHUNKS_PER_COMMIT,
  type ImageMeta,
  type ImageUse,
  uploadKeys,
  UploadStore,
} from "./store.ts";

export { attachImage, type ImageMeta, type ImageUse } from "./store.ts";

/**
 * What a submission that attaches image `id` reads (with its other records: one round trip):
 * its meta record (absent: no such image) and its use (set: attached already or expired). Null
 * when `id` cannot be an image's.
 */
export function evidenceReads(t: string, id: string): [Deno.KvKey, Deno.KvKey] | null {
  return isImageId(id) ? [uploadKeys.meta(t, id), uploadKeys.use(t, id)] : null;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MIMES: readonly ImageMime[] = ["image/jpeg", "image/png", "image/webp"];

export const isImageId = (id: string): boolean => UUID_V4.test(id);

/** An upload not attached to a recharge or a verification within this long is deleted. */
export const UNATTACHED_TTL_MS = 24 * 3600_000;

/** Who asks to read an image: a customer, an operator with roles, or nobody signed in. */
export type Viewer = { userId: string } | { roles: readonly string[] } | null;

export class ImageStore {
  private store: UploadStore;
  constructor(kv: Deno.Kv, private now: () => number = Date.now) {
    this.store = new UploadStore(kv);
  }

  /** The use an image was attached for (null while it is only its owner's upload). */
  use(t: string, id: string): Promise<ImageUse | null> {
    if (!t || !isImageId(id)) return Promise.resolve(null);
    return this.store.use(t, id);
  }

  /** Delete an image and its bytes, attached or not (a customer's erasure). */
  async erase(t: string, id: string): Promise<void> {
    if (isImageId(id)) await this.store.forget(t, id);
  }

  /**
   * Delete the uploads of these tenants that were not attached within UNATTACHED_TTL_MS (run
   * periodically). The meta record goes in one commit with the check that the image is still
   * unattached, and a tombstone makes a concurrent attach fail; the chunks follow.
   */
  async sweep(tenants: Iterable<string>): Promise<number> {
    const cutoff = this.now() - UNATTACHED_TTL_MS;
    let n = 0;
    for (const t of tenants) {
      for await (const { entry, id } of this.store.pending(t)) {
        if (entry.value > cutoff) continue;
        if (!await this.store.expire(t, entry, id)) continue; // attached meanwhile
        await this.store.dropChunks(t, id);
        n++;
      }
    }
    return n;
  }

  /**
   * Stores a sanitized image; returns its new id. Chunks first, the meta record last. A `public`
   * image is attached for that use at once (it is never pending, never expires).
   */
  async save(
    t: string,
    owner: string,
    img: { mime: ImageMime; bytes: Uint8Array },
    opts: { use?: "public" } = {},
  ): Promise<string> {
    if (!t) throw new TypeError("tenant required");
    if (!MIMES.includes(img.mime)) throw new TypeError(`unsupported mime ${img.mime}`);
    const size = img.bytes.length;
    if (size === 0 || size > MAX_UPLOAD_BYTES) throw new UploadRejected("SIZE", `${size} bytes`);
    const id = crypto.randomUUID();
    const chunks = Math.ceil(size / CHUNK_BYTES);
    try {
      for (let i = 0; i < chunks; i += CHUNKS_PER_COMMIT) {
        await this.store.writeChunks(t, id, img.bytes, i, Math.min(chunks, i + CHUNKS_PER_COMMIT));
      }
      const meta: ImageMeta = { id, owner, mime: img.mime, size, chunks, at: this.now() };
      await this.store.writeMeta(t, meta, opts.use);
    } catch (e) {
      await this.store.dropChunks(t, id).catch(() => {}); // best effort: no meta, never served
      throw e;
    }
    return id;
  }

  /** The meta record, or null when the id is invalid or unknown in this tenant. */
  meta(t: string, id: string): Promise<ImageMeta | null> {
    if (!t || !isImageId(id)) return Promise.resolve(null);
    return this.store.meta(t, id);
  }

  /**
   * Whether `viewer` may read the image: a public one anyone; otherwise its owner, or an
   * operator whose role reviews what it was attached to (vouchers: funds; documents: identity).
   */
  async mayRead(t: string, id: string, viewer: Viewer): Promise<boolean> {
    return (await this.readable(t, id, viewer)) !== null;
  }

  /**
   * The image `viewer` may read (`mayRead`), or null: no such image, or not theirs to see. Its
   * meta record and use are read together (`evidenceReads`: with the session when started with
   * it), its bytes from a nearby replica (`bytes`).
   */
  async readAs(
    t: string,
    id: string,
    viewer: Viewer,
  ): Promise<{ meta: ImageMeta; bytes: Uint8Array } | null> {
    const meta = await this.readable(t, id, viewer);
    return meta && { meta, bytes: await this.bytes(t, meta) };
  }

  /** The meta record when `viewer` may read the image (see `mayRead`), else null. */
  private async readable(t: string, id: string, viewer: Viewer): Promise<ImageMeta | null> {
    if (!t || !isImageId(id)) return null;
    const [meta, use] = await Promise.all([this.store.meta(t, id), this.store.use(t, id)]);
    if (!meta) return null;
    if (use === "public") return meta;
    if (!viewer) return null;
    if ("roles" in viewer) return use !== null && viewer.roles.includes(use) ? meta : null;
    return meta.owner === `u:${viewer.userId}` ? meta : null;
  }

  /**
   * The keys an image's reader reads: its use, its meta record and its first chunks (an
   * evidence image's every chunk, most often), read together with the reader's session.
   */
  reads(t: string, id: string): Deno.KvKey[] {
    if (!t || !isImageId(id)) return [];
    const chunks = Array.from({ length: CHUNKS_PER_COMMIT }, (_, i) => uploadKeys.chunk(t, id, i));
    return [uploadKeys.use(t, id), uploadKeys.meta(t, id), ...chunks];
  }

  /** The image reassembled from its chunks, or null when it has no meta record. */
  async read(t: string, id: string): Promise<{ meta: ImageMeta; bytes: Uint8Array } | null> {
    const meta = await this.meta(t, id);
    return meta && { meta, bytes: await this.bytes(t, meta) };
  }

  /**
   * The bytes of an image whose meta record was read. Its chunks are written before the meta
   * record and never change, so a nearby replica's copy is the chunk (eventual reads: no round
   * trip to the write region); a replica without them yet (an image a moment old) is passed
   * over for the store (one round trip: every batch in flight together).
   */
  private async bytes(t: string, meta: ImageMeta): Promise<Uint8Array> {
    const read = async (consistency: Deno.KvConsistencyLevel) => {
      const batches = [];
      for (let i = 0; i < meta.chunks; i += CHUNKS_PER_COMMIT) {
        const to = Math.min(meta.chunks, i + CHUNKS_PER_COMMIT);
        batches.push(this.store.readChunks(t, meta.id, i, to, consistency));
      }
      return (await Promise.all(batches)).flat();
    };
    let chunks = await read("eventual");
    if (chunks.some((e) => e.versionstamp === null)) chunks = await read("strong");
    const bytes = new Uint8Array(meta.size);
    let at = 0;
    for (const entry of chunks) {
      const part = entry.value;
      if (!(part instanceof Uint8Array) || at + part.length > meta.size) {
        throw new Error(`image ${meta.id}: chunk ${String(entry.key.at(-1))} missing or oversized`);
      }
      bytes.set(part, at);
      at += part.length;
    }
    if (at !== meta.size) throw new Error(`image ${meta.id}: ${at} of ${meta.size} bytes stored`);
    return bytes;
  }
}
