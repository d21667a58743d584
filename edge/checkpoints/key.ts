/**
 * The checkpoint signing key: an Ed25519 key kept outside the store (whoever can write the store
 * must not be able to sign), read from the file `CHECKPOINT_KEY_FILE` names: a JWK (`{"kty":
 * "OKP","crv":"Ed25519","d":...,"x":...}`) or a PKCS8 PEM (`openssl genpkey -algorithm
 * ed25519`). Outside production a missing file is generated on first start (JWK, mode 0600;
 * several instances starting at once agree on the first one written). In production the file
 * must exist: the server refuses to start without it, never signing with a key nobody keeps.
 */
import { hex } from "@scure/base";

export interface CheckpointKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** the raw 32-byte public key, lowercase hex: what checkpoints are published with */
  publicHex: string;
}

const ED = { name: "Ed25519" } as const;

/** Import an Ed25519 public key from its hex form (64 hex digits). */
export async function publicKeyOf(text: string): Promise<CryptoKey> {
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error("an Ed25519 public key is 64 hex digits");
  const raw = hex.decode(text);
  return await crypto.subtle.importKey("raw", new Uint8Array(raw), ED, true, ["verify"]);
}

async function fromPrivate(privateKey: CryptoKey): Promise<CheckpointKey> {
  const jwk = await crypto.subtle.exportKey("jwk", privateKey);
  const { d: _d, key_ops: _ops, ...pub } = jwk;
  const publicKey = await crypto.subtle.importKey("jwk", pub, ED, true, ["verify"]);
  const publicHex = hex.encode(new Uint8Array(await crypto.subtle.exportKey("raw", publicKey)));
  return { privateKey, publicKey, publicHex };
}

/** Parse a key file's text (JWK or PKCS8 PEM). */
export async function parseKey(text: string): Promise<CheckpointKey> {
  const pem = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(text);
  const privateKey = pem
    ? await crypto.subtle.importKey(
      "pkcs8",
      Uint8Array.from(atob(pem[1]!.replace(/\s+/g, "")), (ch) => ch.charCodeAt(0)),
      ED,
      true,
      ["sign"],
    )
    : await crypto.subtle.importKey("jwk", JSON.parse(text), ED, true, ["sign"]);
  return await fromPrivate(privateKey);
}

/** A new key (JWK text). */
export async function newKeyJwk(): Promise<string> {
  const pair = await crypto.subtle.generateKey(ED, true, ["sign", "verify"]) as CryptoKeyPair;
  const { key_ops: _ops, ...jwk } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify(jwk) + "\n";
}

/**
 * The key named by configuration: read it, or (outside production) generate it when the file is
 * missing. `file` null: none configured (production refuses).
 */
export async function loadCheckpointKey(
  file: string | null,
  o: { production: boolean },
): Promise<CheckpointKey> {
  if (!file) {
    throw new Error(
      "APP_ENV=production needs CHECKPOINT_KEY_FILE: the Ed25519 key that signs checkpoints, " +
        "kept outside the store",
    );
  }
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    if (o.production) {
      throw new Error(
        `CHECKPOINT_KEY_FILE ${file} does not exist: refused with APP_ENV=production (a key is ` +
          "generated only in development)",
      );
    }
    const dir = file.replace(/[/\\][^/\\]*$/, "");
    if (dir && dir !== file) await Deno.mkdir(dir, { recursive: true });
    try {
      await Deno.writeTextFile(file, await newKeyJwk(), { createNew: true, mode: 0o600 });
    } catch (w) {
      // another instance wrote it first: use that one
      if (!(w instanceof Deno.errors.AlreadyExists)) throw w;
    }
    text = await Deno.readTextFile(file);
  }
  try {
    return await parseKey(text);
  } catch (e) {
    throw new Error(`CHECKPOINT_KEY_FILE ${file}: not an Ed25519 JWK or PKCS8 key (${e})`);
  }
}
