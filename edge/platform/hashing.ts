/** Hashing of the kernel: tokens, one-time codes and idempotency requests are hashed the same way. */
import { createHash } from "node:crypto";

/**
 * SHA-256 hex, for tokens and one-time codes (high entropy or attempt-limited). Computed in
 * place (node:crypto): WebCrypto's digest is a trip through the thread pool on every request.
 */
export function sha256Hex(text: string): Promise<string> {
  return Promise.resolve(createHash("sha256").update(text).digest("hex"));
}
