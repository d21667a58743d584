import { argon2id, argon2Verify } from "hash-wasm";

/**
 * Password hashing with Argon2id (memory-hard), OWASP's minimum profile: 19 MiB, 2 passes,
 * 1 lane, 16-byte random salt, stored in the standard encoded form.
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return await argon2id({ ...PARAMS, password, salt, outputType: "encoded" });
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash: encoded });
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spend the same time as a real check when there is no account (no enumeration by timing). */
export async function burnVerify(password: string): Promise<false> {
  dummy ??= hashPassword("not-a-real-account-password");
  await verifyPassword(password, await dummy);
  return false;
}

export { sha256Hex } from "../platform/hashing.ts";

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replace(/\+/g, "-").replace(/\//g, "_").replace(
    /=+$/,
    "",
  );
}

/** Uniform random digits (rejection sampling, no modulo bias). */
export function randomDigits(n: number): string {
  let out = "";
  while (out.length < n) {
    const b = crypto.getRandomValues(new Uint8Array(1))[0]!;
    if (b < 250) out += String(b % 10);
  }
  return out;
}

/** Compare two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
