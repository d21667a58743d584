/**
 * Operator sessions: the token (it names its operator, so a request reads the session and the
 * operator together), the session record and its per-operator index written in one commit, and
 * ending an operator's sessions (password change, disabling, second-factor reset). Apart from
 * the service so that staff changes and approved proposals end sessions without the sign-in.
 */
import { randomToken, sha256Hex } from "../customers/passwords.ts";
import { keys, type OperatorSessionIndex, type OperatorSessionRecord } from "./store.ts";

/** Operator sessions end after 8 hours (one shift); there is no idle refresh. */
export const OPERATOR_SESSION_MS = 8 * 3600_000;

/** At most this many sessions end in one commit (password change, disabling). */
export const MAX_SESSIONS_ENDED = 200;

/**
 * An operator's session token names its operator after the secret (`<random>.<base64url name>`),
 * so a request reads the session and the operator record together (one round trip far from the
 * store); the session record still decides whose session it is.
 */
function operatorSessionToken(username: string): string {
  const name = btoa(String.fromCharCode(...new TextEncoder().encode(username)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${randomToken()}.${name}`;
}

/** The operator a session token names (null: an older token, or none). */
export function operatorOfToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot < 0) return null;
  try {
    const bytes = atob(token.slice(dot + 1).replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true })
      .decode(Uint8Array.from(bytes, (ch) => ch.charCodeAt(0))) || null;
  } catch {
    return null;
  }
}

/** A new session: its token (secret), the hash it is stored under, its public id. */
export async function newSession(username: string, ip: string | null, now: number) {
  const token = operatorSessionToken(username);
  const tokenHash = await sha256Hex(token);
  const id = randomToken().slice(0, 16);
  const record: OperatorSessionRecord = {
    username,
    createdAt: now,
    expiresAt: now + OPERATOR_SESSION_MS,
    id,
    ip,
  };
  return { token, tokenHash, id, record };
}

/** Write a session and its index entry into `op`. */
export function sessionInto(
  op: Deno.AtomicOperation,
  t: string,
  s: Awaited<ReturnType<typeof newSession>>,
) {
  const index: OperatorSessionIndex = {
    id: s.id,
    tokenHash: s.tokenHash,
    createdAt: s.record.createdAt,
    expiresAt: s.record.expiresAt,
    ip: s.record.ip ?? null,
  };
  op.set(keys.session(t, s.tokenHash), s.record, { expireIn: OPERATOR_SESSION_MS })
    .set(keys.sessionOf(t, s.record.username, s.id), index, { expireIn: OPERATOR_SESSION_MS });
}

/** The operator's indexed sessions (at most MAX_SESSIONS_ENDED + 1, oldest first). */
export async function sessionsOf(kv: Deno.Kv, t: string, username: string) {
  const out: OperatorSessionIndex[] = [];
  for await (
    const e of kv.list<OperatorSessionIndex>({ prefix: keys.sessionsOf(t, username) }, {
      limit: MAX_SESSIONS_ENDED + 1,
    })
  ) out.push(e.value);
  return out;
}

/** End these sessions in `op` (the session record and its index entry). */
export function endSessionsInto(
  op: Deno.AtomicOperation,
  t: string,
  username: string,
  sessions: OperatorSessionIndex[],
) {
  for (const s of sessions.slice(0, MAX_SESSIONS_ENDED)) {
    op.delete(keys.session(t, s.tokenHash)).delete(keys.sessionOf(t, username, s.id));
  }
}
