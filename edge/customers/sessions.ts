/**
 * Sessions: the token (which names its user), the session record with idle and absolute expiry,
 * the customer's devices and the ring of recent sign-ins.
 */
import { DomainError } from "../platform/errors.ts";
import { commitAttempts } from "../platform/kv_contention.ts";
import { type ListRead, outsideRequest } from "../platform/kv_round_trips.ts";
import { describeDevice } from "../platform/device.ts";
import { LIMITS } from "./limits.ts";
import { type Book, bookOfUser } from "../ledger/accounts.ts";
import { sha256Hex } from "./passwords.ts";
import {
  getUser,
  keys,
  type LoginRecord,
  type LoginResult,
  type SessionRecord,
  type UserRecord,
} from "./store.ts";
import { getAll } from "../platform/kvpage.ts";

/** What sessions need: the store, the clock and the configured lifetimes. */
export interface SessionDeps {
  kv: Deno.Kv;
  /** A second connection to the same store for the per-request session read (default `kv`). */
  reads?: Deno.Kv;
  now: () => number;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

const SESSION_TOUCH_MS = 60_000;
/** Recent sign-ins: a ring of this many per customer, each entry kept at most 90 days. */
export const LOGIN_LOG_SIZE = 50;
const LOGIN_LOG_TTL_MS = 90 * 24 * 3600_000;

/** Where a request comes from, kept with its session and its sign-in record. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
  /** The device token the client sent back (cookie or header), if any (devices.ts). */
  device?: string | null;
}

export interface DeviceSession {
  id: string;
  device: string | null;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** The public id of a session in the devices list (never the token or its stored hash). */
async function sessionId(tokenHash: string) {
  return (await sha256Hex(`session-id:${tokenHash}`)).slice(0, 24);
}

/**
 * A session token: 32 bytes, base64url (43 characters), as opaque to clients as a random one.
 * For a numeric user id below 2^32 the first five bytes name the user (a marker byte, then the
 * id), so a request reads its session and its user in one KV read; the other 27 bytes (216 bits)
 * are random. The stored hash covers every byte, so the named user cannot be swapped.
 */
export function sessionToken(userId: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const n = Number(userId);
  if (/^[1-9]\d{0,9}$/.test(userId) && n <= 0xffff_ffff) {
    bytes[0] = TOKEN_NAMES_USER;
    new DataView(bytes.buffer).setUint32(1, n);
  }
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

const TOKEN_NAMES_USER = 0x01;

/** The user id a session token names (a hint to verify against the session), else null. */
export function userOfToken(token: string): string | null {
  if (token.length !== 43 || !/^[A-Za-z0-9_-]{8}/.test(token)) return null;
  const head = atob(token.slice(0, 8).replace(/-/g, "+").replace(/_/g, "/"));
  if (head.charCodeAt(0) !== TOKEN_NAMES_USER) return null;
  const n = ((head.charCodeAt(1) << 24) >>> 0) + (head.charCodeAt(2) << 16) +
    (head.charCodeAt(3) << 8) + head.charCodeAt(4);
  return n === 0 ? null : String(n);
}

/**
 * What the signed-in devices list (`Sessions.list`) reads, to start with the session: the index
 * of the customer's sessions and the session records it names.
 */
export function devicesRead(t: string, userId: string): ListRead {
  return {
    selector: { prefix: keys.userSessions(t, userId) },
    record: (tokenHash) => keys.session(t, tokenHash),
  };
}

export interface Session {
  /** the account the session acts as: the customer's, or their demo account's after a switch */
  userId: string;
  tokenHash: string;
  user: UserRecord;
  /**
   * the versionstamp of `user` as read with the session: a write that decides on the customer
   * checks it at its commit without reading the record again
   */
  userVersionstamp: string | null;
  /** the book the acting account trades in */
  book: Book;
  /** the account that owns the session record (the live customer, or a visitor's demo account) */
  owner: string;
  /** the live account behind the session (null: a visitor's demo session) */
  liveUserId: string | null;
  /** the session was opened by the registration (a new customer, not one who is back) */
  opensAccount: boolean;
  /** when the customer signed in (the session reminder counts from it) */
  startedAt: number;
  /** the session record as read (the devices list shows this device without reading it again) */
  record: SessionRecord;
}

export class Sessions {
  constructor(private d: SessionDeps) {}

  /**
   * A new session for a user; `guard` adds the checks and writes that must commit with it (a
   * TOTP step consumed). Returns null when that commit lost a race.
   */
  async create(
    t: string,
    user: UserRecord,
    meta: ClientMeta,
    guard?: (op: Deno.AtomicOperation) => Deno.AtomicOperation,
    lifetime?: { idleMs: number; maxMs: number },
    /** `register`: the session the registration opens (the customer is new, not back) */
    origin: "register" | "signIn" = "signIn",
  ) {
    const op = this.d.kv.atomic();
    const made = await this.createInto(op, t, user, meta, lifetime, origin);
    if (guard) guard(op);
    if (!(await op.commit()).ok) throw new DomainError("TOTP_INVALID");
    return made;
  }

  /** A new session's writes into `op` (the caller's commit): its token and expiry. */
  async createInto(
    op: Deno.AtomicOperation,
    t: string,
    user: UserRecord,
    meta: ClientMeta,
    lifetime?: { idleMs: number; maxMs: number },
    origin: "register" | "signIn" = "signIn",
  ) {
    const token = sessionToken(user.userId);
    const tokenHash = await sha256Hex(token);
    const now = this.d.now();
    const maxMs = lifetime?.maxMs ?? this.d.sessionMaxMs;
    const rec: SessionRecord = {
      userId: user.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + maxMs,
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent.slice(0, 256),
      ...(lifetime ? { idleMs: lifetime.idleMs } : {}),
      ...(origin === "register" ? { opensAccount: true } : {}),
    };
    op.set(keys.session(t, tokenHash), rec, { expireIn: maxMs })
      .set(keys.userSession(t, user.userId, tokenHash), now, { expireIn: maxMs });
    return { token, tokenHash, expiresAt: rec.expiresAt };
  }

  /**
   * Make a live session act as the customer's demo account (`demo`), or as the customer again
   * (null): the same token, so every page and socket of it follows after a reload.
   */
  async actAs(t: string, s: Session, demo: string | null) {
    for await (const _attempt of commitAttempts(8)) {
      const entry = await this.d.kv.get<SessionRecord>(keys.session(t, s.tokenHash));
      if (!entry.value) throw new DomainError("UNAUTHORIZED");
      const { demo: _was, ...rest } = entry.value;
      const next: SessionRecord = demo ? { ...rest, demo } : rest;
      const res = await this.d.kv.atomic().check(entry).set(entry.key, next, {
        expireIn: Math.max(1000, entry.value.expiresAt - this.d.now()),
      }).commit();
      if (res.ok) return;
    }
    throw new DomainError("STORE_BUSY");
  }

  /**
   * Append a sign-in attempt to the customer's ring of recent sign-ins. Refused attempts of a
   * locked source are recorded once per lock window, so one source hammering a lock cannot push
   * the owner's own sign-ins out of the ring.
   */
  async recordLogin(t: string, userId: string, meta: ClientMeta, result: LoginResult) {
    for await (const _attempt of commitAttempts(20)) {
      const read = await this.d.kv.getMany<[number, true]>(this.loginKeys(t, userId, meta));
      if (result === "throttled" && read[1].value) return;
      const op = this.recordInto(this.d.kv.atomic(), t, userId, meta, result, read);
      if ((await op.commit()).ok) return;
    }
  }

  /** What `recordInto` reads (with the attempt's other reads): the ring's counter, the lock note. */
  loginKeys(t: string, userId: string, meta: ClientMeta): [Deno.KvKey, Deno.KvKey] {
    return [keys.loginSeq(t, userId), [
      ...keys.rate(t, "login-throttled", userId),
      meta.ip.slice(0, 64),
    ]];
  }

  /** `recordLogin` into the attempt's commit, from the entries of `loginKeys` read. */
  recordInto(
    op: Deno.AtomicOperation,
    t: string,
    userId: string,
    meta: ClientMeta,
    result: LoginResult,
    [seq, seen]: [Deno.KvEntryMaybe<number>, Deno.KvEntryMaybe<true>],
  ) {
    if (result === "throttled" && seen.value) return op;
    const rec: LoginRecord = {
      at: this.d.now(),
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent.slice(0, 256),
      result,
    };
    const n = seq.value ?? 0;
    op.check(seq).set(seq.key, n + 1).set(keys.login(t, userId, String(n % LOGIN_LOG_SIZE)), rec, {
      expireIn: LOGIN_LOG_TTL_MS,
    });
    if (result === "throttled") {
      op.check(seen).set(seen.key, true, { expireIn: LIMITS.login.perAccountSource.windowMs });
    }
    return op;
  }

  /** What `logins` reads, to start with the session. */
  loginsRead(t: string, userId: string): ListRead {
    return { selector: { prefix: keys.logins(t, userId) } };
  }

  /** Recent sign-in attempts on the customer's account, newest first. */
  async logins(t: string, s: Session) {
    const out: LoginRecord[] = [];
    for await (const e of this.d.kv.list<LoginRecord>(this.loginsRead(t, s.userId).selector)) {
      out.push(e.value);
    }
    return out.sort((a, b) => b.at - a.at).map((r) => ({
      at: r.at,
      ip: r.ip,
      device: describeDevice(r.userAgent),
      result: r.result,
    }));
  }

  /**
   * The customer's signed-in devices (live sessions), the newest sign-in first: the index, then
   * the records it names together (one round trip; none when started with the session:
   * `devicesRead`). This session's own record is the one the session was read from.
   */
  async list(t: string, s: Session): Promise<DeviceSession[]> {
    const now = this.d.now();
    const hashes: string[] = [];
    for await (const e of this.d.kv.list<number>(devicesRead(t, s.userId).selector)) {
      hashes.push(e.key[e.key.length - 1] as string);
    }
    const others = hashes.filter((h) => h !== s.tokenHash);
    const records = await getAll<SessionRecord>(this.d.kv, others.map((h) => keys.session(t, h)));
    const byHash = new Map(others.map((h, i) => [h, records[i]]));
    const out: DeviceSession[] = [];
    for (const tokenHash of hashes) {
      const current = tokenHash === s.tokenHash;
      const rec = current ? { ...s.record, lastSeenAt: now } : byHash.get(tokenHash);
      if (!rec || now >= rec.expiresAt || now - rec.lastSeenAt > this.d.sessionIdleMs) continue;
      if (rec.createdAt < s.user.passwordChangedAt) continue;
      out.push({
        id: await sessionId(tokenHash),
        device: describeDevice(rec.userAgent),
        ip: rec.ip ?? null,
        createdAt: rec.createdAt,
        lastSeenAt: rec.lastSeenAt,
        current,
      });
    }
    return out.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Sign one of the customer's devices out; another customer's (or no) session is NOT_FOUND. */
  async revoke(t: string, id: string, s: Session) {
    for await (const e of this.d.kv.list<number>({ prefix: keys.userSessions(t, s.userId) })) {
      const tokenHash = e.key[e.key.length - 1] as string;
      if ((await sessionId(tokenHash)) !== id) continue;
      await this.d.kv.atomic().delete(keys.session(t, tokenHash)).delete(e.key).commit();
      return;
    }
    throw new DomainError("NOT_FOUND");
  }

  /**
   * Resolve a token to a live session (idle and absolute expiry), refreshing last-seen.
   * `known`: the token's SHA-256 when the caller computed it already (the HTTP layer hashes it
   * to prefetch the session: once per request, not twice).
   */
  async session(
    t: string,
    token: string | undefined | null,
    known?: string,
  ): Promise<Session | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = known ?? await sha256Hex(token);
    // the user the token names (see sessionToken): the session and the user in one read; a
    // token that names nobody, or someone else, costs a second read
    const named = userOfToken(token);
    const reads = this.d.reads ?? this.d.kv;
    const [entry, namedUser] = named === null
      ? [await reads.get<SessionRecord>(keys.session(t, tokenHash)), null]
      : await reads.getMany<[SessionRecord, UserRecord]>([
        keys.session(t, tokenHash),
        keys.user(t, named),
      ]);
    const s = entry.value;
    if (!s) return null;
    const now = this.d.now();
    if (now >= s.expiresAt || now - s.lastSeenAt > (s.idleMs ?? this.d.sessionIdleMs)) {
      await this.d.kv.atomic().delete(entry.key).delete(keys.userSession(t, s.userId, tokenHash))
        .commit();
      return null;
    }
    const user = namedUser && named === s.userId ? namedUser : await getUser(reads, t, s.userId);
    // A login that raced a password change may have written its session after the sweep; a
    // customer an operator locked has no session at all (the one place trading and withdrawing
    // are refused; the engine's closes need none).
    if (!user.value || s.createdAt < user.value.passwordChangedAt || user.value.locked) {
      return null;
    }
    if (now - s.lastSeenAt > SESSION_TOUCH_MS) {
      // the last-seen time, written beside the request: the page or order does not wait a round
      // trip for it (one a minute per customer; far from the store, the page took two round trips
      // instead of one). The check keeps a session signed out meanwhile signed out; a touch that
      // fails or is lost (an evicted isolate) is made by the next request.
      void outsideRequest(() =>
        this.d.kv.atomic().check(entry).set(entry.key, { ...s, lastSeenAt: now }, {
          expireIn: Math.max(1000, s.expiresAt - now),
        }).commit()
      ).catch((e) => console.error("[sessions] last-seen not written", e));
    }
    const owner = s.userId;
    const liveUserId = bookOfUser(owner) === "live" ? owner : null;
    // switched to demo: the session acts as the customer's demo account
    const demo = s.demo ? await getUser(reads, t, s.demo) : null;
    const actingEntry = demo?.value ? demo : user;
    const acting = actingEntry.value!;
    return {
      userId: acting.userId,
      tokenHash,
      user: acting,
      userVersionstamp: actingEntry.versionstamp,
      book: bookOfUser(acting.userId),
      owner,
      liveUserId,
      opensAccount: s.opensAccount === true,
      startedAt: s.createdAt,
      record: s,
    };
  }

  /**
   * Whether a session (by its token hash) is still live, without refreshing it: the realtime
   * hub asks before every private event and every 30 s.
   */
  async alive(t: string, tokenHash: string): Promise<boolean> {
    const s = (await this.d.kv.get<SessionRecord>(keys.session(t, tokenHash))).value;
    if (!s) return false;
    const now = this.d.now();
    if (now >= s.expiresAt || now - s.lastSeenAt > (s.idleMs ?? this.d.sessionIdleMs)) return false;
    const user = await getUser(this.d.kv, t, s.userId);
    return !!user.value && s.createdAt >= user.value.passwordChangedAt && !user.value.locked;
  }

  async logout(t: string, s: Session) {
    await this.d.kv.atomic().delete(keys.session(t, s.tokenHash))
      .delete(keys.userSession(t, s.owner, s.tokenHash)).commit();
  }
}
