/**
 * A push service for tests (what a browser vendor runs): an HTTPS server on loopback, with a
 * certificate of the test CA in tests/fixtures/push_tls/ (the app trusts it through PUSH_CA_FILE).
 * It keeps every request it receives and answers 201, or 410 for an endpoint whose path has
 * `/gone/` (a subscription the browser dropped). `browserKeys` makes the key pair and auth secret
 * a browser would, and `open` decrypts what the app sent with them (RFC 8291, aes128gcm, through
 * the `http_ece` library web-push itself uses).
 */
import { Buffer } from "node:buffer";
import { createECDH, type ECDH } from "node:crypto";
import ece from "http_ece";

const dir = new URL("./fixtures/push_tls/", import.meta.url);
export const PUSH_CA_FILE = new URL("ca.pem", dir).pathname;

export interface Received {
  path: string;
  headers: Headers;
  body: Uint8Array;
}

export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth };
}

/** The plaintext of a received push, decrypted with the browser's keys. */
export function open(r: Received, k: BrowserKeys): string {
  return ece.decrypt(Buffer.from(r.body), {
    version: "aes128gcm",
    privateKey: k.ecdh,
    authSecret: k.auth,
  }).toString("utf8");
}

export async function startPushService() {
  const received: Received[] = [];
  const server = Deno.serve({
    port: 0,
    hostname: "127.0.0.1",
    cert: await Deno.readTextFile(new URL("push.pem", dir)),
    key: await Deno.readTextFile(new URL("push.key", dir)),
    onListen: () => {},
  }, async (req) => {
    const path = new URL(req.url).pathname;
    const body = new Uint8Array(await req.arrayBuffer());
    received.push({ path, headers: new Headers(req.headers), body });
    return new Response(null, { status: path.includes("/gone/") ? 410 : 201 });
  });
  const base = `https://127.0.0.1:${server.addr.port}`;
  return {
    base,
    received,
    /** Wait until `n` requests reached `path` (a delivery runs after the decision's reply). */
    async waitFor(path: string, n = 1): Promise<Received[]> {
      for (let i = 0; i < 400; i++) {
        const got = received.filter((r) => r.path === path);
        if (got.length >= n) return got;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no push reached ${path} (got ${received.map((r) => r.path).join(", ")})`);
    },
    close: () => server.shutdown(),
  };
}
