/**
 * Checkpoints kept elsewhere, as the verifier tools read them: what `GET /api/checkpoints` gave
 * (the whole reply, its `data`, or its items), one reply per line when several pages were saved,
 * or any mix; repeated ids count once. The public key is the one the copies were published with
 * (a verifier may insist on another, `--key`).
 */
import type { SignedCheckpoint } from "../audit/checkpoint.ts";

interface Page {
  publicKey?: string;
  items?: SignedCheckpoint[];
}

export function parseCheckpointsFile(
  text: string,
): { publicKey: string | null; items: SignedCheckpoint[] } {
  const values: unknown[] = [];
  try {
    values.push(JSON.parse(text));
  } catch {
    for (const line of text.split("\n")) if (line.trim()) values.push(JSON.parse(line));
  }
  let publicKey: string | null = null;
  const byId = new Map<string, SignedCheckpoint>();
  const add = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(add);
    if (!v || typeof v !== "object") return;
    const o = v as Page & { data?: Page } & Partial<SignedCheckpoint>;
    if (o.data) return add(o.data);
    if (o.publicKey && o.items) publicKey ??= o.publicKey;
    if (o.items) return o.items.forEach(add);
    if (typeof o.id === "string" && typeof o.payload === "string") {
      byId.set(o.id, {
        id: o.id,
        payload: o.payload,
        signature: String(o.signature),
        publicKey: o.publicKey,
      });
    }
  };
  values.forEach(add);
  const items = [...byId.values()].sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { publicKey: publicKey ?? items[0]?.publicKey ?? null, items };
}
