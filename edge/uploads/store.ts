/**
 * Uploaded images in Deno KV, per tenant: `[t, "images", ...]`. The bytes are kept in
 * 60,000-byte chunks (KV values are limited to 64 KiB) written before the meta record, which is
 * the commit point; the use (what the image was attached for) and the "not attached yet" index
 * the expiry job reads sit beside them.
 */
import type { ImageMime } from "./sanitize.ts";

export type ImageMeta = {
  id: string;
  /** Opaque owner reference, e.g. "u:<userId>". */
  owner: string;
  mime: ImageMime;
  size: number;
  chunks: number;
  /** Saved at, epoch milliseconds. */
  at: number;
};

/**
 * What an image is for; set once. `funds` and `identity`: evidence attached by a recharge or a
 * verification (its owner and the operators of that role may read it). `public`: served to
 * anyone (banners), set when it is saved; it never expires.
 */
export type ImageUse = "funds" | "identity" | "support" | "public";

/** KV values are limited to 64 KiB. */
export const CHUNK_BYTES = 60_000;
/** Chunks per atomic commit: 10 x 60 KB stays well under the ~800 KB commit payload limit. */
export const CHUNKS_PER_COMMIT = 10;
/** Written in place of the use when an upload expires, so a late attach fails (then forgotten). */
export const EXPIRED = "expired";
const EXPIRED_KEPT_MS = 30 * 86_400_000;

/** Every key of the capability. */
export const uploadKeys = {
  meta: (t: string, id: string): Deno.KvKey => [t, "images", "meta", id],
  chunk: (t: string, id: string, i: number): Deno.KvKey => [t, "images", "chunk", id, i],
  chunks: (t: string, id: string): Deno.KvKey => [t, "images", "chunk", id],
  use: (t: string, id: string): Deno.KvKey => [t, "images", "use", id],
  /** Uploads not attached yet, with their upload time: what the expiry job looks at. */
  pending: (t: string, id: string): Deno.KvKey => [t, "images", "pending", id],
  pendingAll: (t: string): Deno.KvKey => [t, "images", "pending"],
};

/**
 * Attach an image to a submission inside the submission's own commit: the image must not be
 * attached yet (one receipt, one recharge) nor expired, and from then on operators of that role
 * may read it (and it never expires).
 */
export function attachImage(op: Deno.AtomicOperation, t: string, id: string, use: ImageUse) {
  op.check({ key: uploadKeys.use(t, id), versionstamp: null }).set(uploadKeys.use(t, id), use)
    .delete(uploadKeys.pending(t, id));
}

/** Typed reads and writes of the `images` keys. */
export class UploadStore {
  constructor(private kv: Deno.Kv) {}

  async use(t: string, id: string): Promise<ImageUse | null> {
    const use = (await this.kv.get<ImageUse | typeof EXPIRED>(uploadKeys.use(t, id))).value;
    return use === EXPIRED ? null : use;
  }

  async meta(t: string, id: string): Promise<ImageMeta | null> {
    return (await this.kv.get<ImageMeta>(uploadKeys.meta(t, id))).value;
  }

  /** The uploads not attached yet, with their upload times. */
  async *pending(t: string): AsyncGenerator<{ entry: Deno.KvEntry<number>; id: string }> {
    for await (const e of this.kv.list<number>({ prefix: uploadKeys.pendingAll(t) })) {
      yield { entry: e, id: e.key.at(-1) as string };
    }
  }

  /** Expire an upload still unattached: false when it was attached meanwhile. */
  async expire(t: string, pending: Deno.KvEntry<number>, id: string): Promise<boolean> {
    const res = await this.kv.atomic()
      .check(pending)
      .check({ key: uploadKeys.use(t, id), versionstamp: null })
      .delete(pending.key)
      .delete(uploadKeys.meta(t, id))
      .set(uploadKeys.use(t, id), EXPIRED, { expireIn: EXPIRED_KEPT_MS })
      .commit();
    return res.ok;
  }

  /** Write chunks `from` .. `to` (exclusive) of `bytes` in one commit. */
  async writeChunks(t: string, id: string, bytes: Uint8Array, from: number, to: number) {
    const op = this.kv.atomic();
    for (let j = from; j < to; j++) {
      // slice: a copy, so a caller reusing its buffer cannot change what is stored
      op.set(uploadKeys.chunk(t, id, j), bytes.slice(j * CHUNK_BYTES, (j + 1) * CHUNK_BYTES));
    }
    await commit(op);
  }

  /** The commit point of a save: the meta record, and either its use or the pending index. */
  async writeMeta(t: string, meta: ImageMeta, use?: ImageUse) {
    const key = uploadKeys.meta(t, meta.id);
    const op = this.kv.atomic().check({ key, versionstamp: null }).set(key, meta);
    if (use) {
      op.check({ key: uploadKeys.use(t, meta.id), versionstamp: null }).set(
        uploadKeys.use(t, meta.id),
        use,
      );
    } else op.set(uploadKeys.pending(t, meta.id), meta.at);
    await commit(op);
  }

  async readChunks(
    t: string,
    id: string,
    from: number,
    to: number,
    consistency: Deno.KvConsistencyLevel = "strong",
  ) {
    const keys: Deno.KvKey[] = [];
    for (let j = from; j < to; j++) keys.push(uploadKeys.chunk(t, id, j));
    return await this.kv.getMany<Uint8Array[]>(keys, { consistency });
  }

  /** Delete an image whatever its use (a customer's erasure): meta, use and index, then bytes. */
  async forget(t: string, id: string): Promise<void> {
    await this.kv.atomic().delete(uploadKeys.meta(t, id)).delete(uploadKeys.use(t, id))
      .delete(uploadKeys.pending(t, id)).commit();
    await this.dropChunks(t, id);
  }

  async dropChunks(t: string, id: string): Promise<void> {
    for await (const e of this.kv.list({ prefix: uploadKeys.chunks(t, id) })) {
      await this.kv.delete(e.key);
    }
  }
}

async function commit(op: Deno.AtomicOperation): Promise<void> {
  const res = await op.commit();
  if (!res.ok) throw new Error("image store: atomic commit failed");
}
