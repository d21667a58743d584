/** Operator sign-in for tests: an RFC 6238 TOTP written independently of the app's library. */
import type { OperatorRole } from "../edge/operators/store.ts";
import { bootstrapOperator } from "../tools/operator_create.ts";
import { lastCode, type TestServer } from "./server.ts";

export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
/** The demo tenant's second admin (tools/seed.ts), so four-eyes has two people. */
export const DEMO_ADMIN_2 = {
  username: "ops2",
  password: "Ops2-2026-demo",
  secret: "GEZDGNBVGY3TQOJQ",
};

/** An operator's credentials as the operator alone knows them. */
export type OperatorLogin = { username: string; password: string; secret: string };

/** RFC 6238 (SHA-1, 6 digits, 30 s). */
export async function totp(secretB32: string, atMs: number): Promise<string> {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secretB32) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = new Uint8Array(Math.floor(bits.length / 8));
  key.forEach((_, i) => key[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2));
  const counter = new DataView(new ArrayBuffer(8));
  counter.setBigUint64(0, BigInt(Math.floor(atMs / 30_000)));
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k, counter.buffer));
  const o = mac[19]! & 0xf;
  const n = ((mac[o]! & 0x7f) << 24) | (mac[o + 1]! << 16) | (mac[o + 2]! << 8) | mac[o + 3]!;
  return String(n % 1_000_000).padStart(6, "0");
}

/**
 * Sign the demo operator in (seeded server). A TOTP code is good once, so the server clock is
 * moved past the current 30 s step afterwards: the next sign-in gets a fresh code.
 */
export async function operatorToken(
  srv: TestServer,
  who = { username: "ops", password: "Ops-2026-demo", secret: DEMO_TOTP_SECRET },
  appKey?: string,
): Promise<string> {
  const code = await totp(who.secret, srv.deps.now());
  const r = await srv.call("/api/admin/login", {
    body: { username: who.username, password: who.password, totp: code },
    headers: appKey ? { appKey } : {},
  });
  if (r.body.code !== 0) throw new Error(`operator login: ${JSON.stringify(r.body)}`);
  srv.advance(30_000);
  return r.headers.get("authorization")!;
}

/**
 * An invited operator accepts their invitation as they would: username and the code their phone
 * received (the dev outbox), then the enrolment with a code from the new secret and their own
 * password. Returns the session and the credentials only the operator holds.
 */
export async function acceptInvitation(
  srv: TestServer,
  username: string,
  phone: string,
  password = "Operator-2026-test",
): Promise<{ token: string; who: OperatorLogin }> {
  const code = await lastCode(srv, phone, "operatorInvite");
  if (!code) throw new Error(`no invitation for ${username} at ${phone}`);
  const e = await srv.call<{ enrolToken: string; secret: string }>("/api/admin/invitation", {
    body: { username, code },
  });
  if (e.body.code !== 0) throw new Error(`invitation: ${JSON.stringify(e.body)}`);
  const { enrolToken, secret } = e.body.data;
  const r = await srv.call("/api/admin/enrol", {
    body: { enrolToken, totp: await totp(secret, srv.deps.now()), newPassword: password },
  });
  if (r.body.code !== 0) throw new Error(`enrol: ${JSON.stringify(r.body)}`);
  srv.advance(30_000); // the code is used: the next sign-in gets a fresh one
  return { token: r.headers.get("authorization")!, who: { username, password, secret } };
}

/** A test phone per operator (valid E.164, distinct). */
export const operatorPhone = () => `+1202555${String(1000 + phones++).slice(-4)}`;
let phones = 0;

/**
 * An operator with only some roles in the demo tenant, made by the server-side bootstrap (the
 * fixture door; creating operators in the console is a four-eyes proposal), signed in.
 */
export async function invitedOperator(srv: TestServer, username: string, roles: OperatorRole[]) {
  const phone = operatorPhone();
  await bootstrapOperator(srv.deps, "demo", { username, phone, roles });
  return await acceptInvitation(srv, username, phone);
}

/** Create an operator with only some roles in the demo tenant and sign it in. */
export async function operatorWithRoles(
  srv: TestServer,
  username: string,
  roles: OperatorRole[],
) {
  return (await invitedOperator(srv, username, roles)).token;
}

/**
 * Four-eyes in tests: `proposal` (a reply of a proposing call) approved by another operator
 * with the role to decide it (created once per server as `approver`, roles risk and funds).
 */
export async function approvedBy(
  srv: TestServer,
  proposal: { body: { code: number; data: unknown } },
  approver?: string,
) {
  if (proposal.body.code !== 0) throw new Error(`proposal: ${JSON.stringify(proposal.body)}`);
  const id = (proposal.body.data as { id: string }).id;
  const token = approver ??
    await operatorWithRoles(srv, `approver${approvers++}`, ["risk", "funds"]);
  const r = await srv.call<{ status: string }>(`/api/admin/proposals/${id}/approve`, {
    token,
    method: "POST",
  });
  if (r.body.code !== 0) throw new Error(`approve: ${JSON.stringify(r.body)}`);
  return r;
}
let approvers = 0;
