/** Process configuration, read once from environment variables (documented in README.md). */
import { parseTrustedProxies, type TrustedProxies } from "./clientip.ts";
import type { KvSim } from "./kv_round_trips.ts";
import { wrapKv } from "./kvstore.ts";

/**
 * What a process does (APP_ROLE). `core`: the market feed and tape writer, the trigger engine
 * and the leased jobs (always on, near the store's write region; two or more for failover),
 * serving only its health. `web`: pages, `/api` and sockets; never takes the market, engine or
 * job leases, follows the tape and the event log (safe to stop or evict at any time). `all`:
 * both in one process (the default, the embedded set-up).
 */
export type AppRole = "all" | "web" | "core";

export interface AppConfig {
  role: AppRole;
  port: number;
  /** Local file path, ":memory:", or a remote KV URL (http/https). */
  kvPath: string;
  /**
   * How often heads in KV (tape, event log) are polled, ms: a local KV file shared by several
   * processes does not announce one process's writes to another (`kv.watch` covers Deno Deploy,
   * denokv and this process's own writes).
   */
  kvPollMs: number;
  feed: "simulated" | "replay" | "exchange";
  /** JSON file defining tenants; undefined = the built-in default (`demo`). */
  tenantsFile?: string;
  /** `production` (APP_ENV): no development defaults (SMS sender must be configured). */
  production: boolean;
  /** "dev" keeps codes in the local outbox (shown at /dev/outbox and in the log). */
  smsSender: "dev" | "http";
  /** The HTTP SMS provider (a Twilio-compatible Messages API), when smsSender is "http". */
  smsHttp?: SmsHttpConfig;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Which reverse proxies' X-Forwarded-For / X-Forwarded-Proto count (TRUST_PROXY). */
  trustProxy: TrustedProxies;
  /** Maximum JSON request body in bytes. */
  maxBodyBytes: number;
  /**
   * A request body must arrive within this many ms (BODY_TIMEOUT_MS), plus 1 s per 32 KiB
   * received (a large upload on a slow line), else 408 and the connection is closed.
   */
  bodyTimeoutMs: number;
  /**
   * Where ticks older than the tape's retention are archived (TAPE_ARCHIVE_DIR): storage every
   * instance shares and that outlives them (a mounted volume or bucket). Unset: nothing is
   * archived and the store keeps every tick (an instance's own disk would lose them).
   */
  tapeArchiveDir: string | null;
  logRequests: boolean;
  /** USDT reference prices until live market data: "BTC=60000,ETH=3000". */
  referencePrices: string;
  /** Simulated feed seed. */
  simSeed: number;
  /** Simulated symbols (all when unset). */
  simSymbols: string[] | null;
  /** Days of minute history the simulated feed generates on first start (0: none). */
  simHistoryDays: number;
  replayFile?: string;
  /** 60 plays one minute per second. */
  replaySpeed: number;
  replaySymbol: string;
  /** "days": move the tape by whole days so that it ends today. */
  replayShift: "none" | "days";
  /** Replay position (file time, ms): earlier rows are back-filled as history at start. */
  replayStart?: number;
  exchangeWsUrl: string;
  exchangeRestUrl: string;
  exchangeSymbols: string[];
  /** Days of daily klines the exchange feed back-fills on first start (0: none). */
  exchangeHistoryDays: number;
  /** Start the market feed (tests of other capabilities run without one). */
  marketFeed: boolean;
  /**
   * A symbol whose latest tick is older than this (MARKET_STALE_MS, default 10 s) takes no new
   * orders (MARKET_STALE); a fast contract with no tick this long after its expiry is refunded.
   */
  marketStaleMs: number;
  /**
   * The Ed25519 key that signs checkpoints (CHECKPOINT_KEY_FILE: a JWK or PKCS8 PEM file,
   * outside the store; edge/checkpoints/key.ts). Outside production `.data/checkpoint-key.jwk`,
   * generated when missing; null in production without it (the server refuses to start).
   */
  checkpointKeyFile: string | null;
  /**
   * Web push (edge/push/): the VAPID key pair that signs every push request (VAPID_PUBLIC_KEY,
   * VAPID_PRIVATE_KEY: base64url, as `web-push generate-vapid-keys` prints them) and the contact
   * push services may write to (VAPID_SUBJECT: mailto: or https:). null when unset: outside
   * production a pair is generated once and kept in the store; production refuses to start
   * (subscriptions are bound to the public key, so it must be kept and must not change).
   */
  vapid: VapidConfig | null;
  /** Extra CA certificates (PEM file, PUSH_CA_FILE) trusted for push services (a TLS proxy). */
  pushCaFile: string | null;
  /**
   * A far store, simulated (KV_SIM_RTT_MS, KV_SIM_EVENTUAL_MS): every strong read, list batch
   * and commit waits `rttMs`, every eventual read `eventualMs` (edge/platform/kvstore.ts); the
   * handles opened with it share this object. null: off. Refused with APP_ENV=production.
   */
  kvSim: KvSim | null;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID settings: all three or none (none: generated outside production; production refuses
 * to start without them when the services are built, like the checkpoint key: edge/push/vapid.ts).
 */
function vapidConfig(env: (k: string) => string | undefined) {
  const publicKey = env("VAPID_PUBLIC_KEY") || "";
  const privateKey = env("VAPID_PRIVATE_KEY") || "";
  const subject = env("VAPID_SUBJECT") || "";
  if (!publicKey && !privateKey && !subject) return null;
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new Error(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 pair in base64url (87 and 43 " +
        "characters)",
    );
  }
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error("VAPID_SUBJECT must be a mailto: or https: URL");
  }
  return { publicKey, privateKey, subject };
}

export interface SmsHttpConfig {
  /** e.g. https://api.twilio.com (no trailing slash) */
  baseUrl: string;
  account: string;
  token: string;
  from: string;
  timeoutMs: number;
}

function int(env: (k: string) => string | undefined, key: string, dflt: number, min: number) {
  const raw = env(key);
  if (raw === undefined || raw === "") return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${key} must be an integer >= ${min}`);
  return n;
}

/** A time as ms since the epoch or an ISO date(-time) in UTC; undefined when unset. */
function time(env: (k: string) => string | undefined, key: string): number | undefined {
  const raw = env(key);
  if (raw === undefined || raw === "") return undefined;
  // a date alone is UTC midnight; a date-time without a zone is read as UTC too
  const iso = /^\d{4}-\d\d-\d\dT[^Zz+]*$/.test(raw) && !/-\d\d:?\d\d$/.test(raw.slice(10))
    ? raw + "Z"
    : raw;
  const t = /^\d+$/.test(raw) ? Number(raw) : Date.parse(iso);
  if (!Number.isSafeInteger(t)) throw new Error(`${key} must be a time (ms or ISO date)`);
  return t;
}

/** The SMS sender (SMS_SENDER) and, for "http", its provider's settings. */
function smsConfig(
  env: (k: string) => string | undefined,
  production: boolean,
): { sender: "dev" | "http"; smsHttp?: SmsHttpConfig } {
  // Outside production the development outbox is the default, so a fresh checkout runs as is;
  // production must name its sender, and gets the dev one only when told so explicitly.
  const sender = env("SMS_SENDER") || (production ? undefined : "dev");
  if (sender === undefined) {
    throw new Error("APP_ENV=production needs SMS_SENDER (http, or dev with ALLOW_DEV_SMS=1)");
  }
  if (sender !== "dev" && sender !== "http") {
    throw new Error(`SMS_SENDER must be dev or http (got ${sender})`);
  }
  if (sender === "dev" && production && env("ALLOW_DEV_SMS") !== "1") {
    throw new Error(
      "SMS_SENDER=dev keeps reset codes on this server: refused with APP_ENV=production " +
        "unless ALLOW_DEV_SMS=1",
    );
  }
  let smsHttp: SmsHttpConfig | undefined;
  if (sender === "http") {
    const need = (k: string) => {
      const v = env(k);
      if (!v) throw new Error(`SMS_SENDER=http needs ${k}`);
      return v;
    };
    const baseUrl = (env("SMS_API_URL") || "https://api.twilio.com").replace(/\/+$/, "");
    if (!/^https?:\/\//.test(baseUrl)) throw new Error("SMS_API_URL must be an http(s) URL");
    smsHttp = {
      baseUrl,
      account: need("SMS_ACCOUNT"),
      token: need("SMS_TOKEN"),
      from: need("SMS_FROM"),
      timeoutMs: int(env, "SMS_TIMEOUT_MS", 10_000, 100),
    };
  }
  return { sender, smsHttp };
}

export function loadConfig(env: (k: string) => string | undefined = (k) => Deno.env.get(k)) {
  const feed = env("FEED") ?? "simulated";
  if (feed !== "simulated" && feed !== "replay" && feed !== "exchange") {
    throw new Error(`FEED must be simulated, replay or exchange (got ${feed})`);
  }
  const production = env("APP_ENV") === "production";
  const { sender, smsHttp } = smsConfig(env, production);
  const role = env("APP_ROLE") || "all";
  if (role !== "all" && role !== "web" && role !== "core") {
    throw new Error(`APP_ROLE must be all, web or core (got ${role})`);
  }
  const config: AppConfig = {
    role,
    port: int(env, "PORT", 8000, 0),
    kvPath: env("KV_PATH") || ".data/tradewind.kv",
    kvPollMs: int(env, "KV_POLL_MS", 100, 10),
    feed,
    tenantsFile: env("TENANTS_FILE") || undefined,
    production,
    smsSender: sender,
    smsHttp,
    sessionIdleMinutes: int(env, "SESSION_IDLE_MINUTES", 120, 1),
    sessionMaxHours: int(env, "SESSION_MAX_HOURS", 168, 1),
    trustProxy: parseTrustedProxies(env("TRUST_PROXY")),
    maxBodyBytes: int(env, "MAX_BODY_BYTES", 64 * 1024, 1024),
    bodyTimeoutMs: int(env, "BODY_TIMEOUT_MS", 15_000, 100),
    tapeArchiveDir: env("TAPE_ARCHIVE_DIR") || null,
    logRequests: env("LOG_REQUESTS") === "1",
    referencePrices: env("REFERENCE_PRICES") || "BTC=60000,ETH=3000",
    simSeed: int(env, "SIM_SEED", 20260101, 0),
    simHistoryDays: int(env, "SIM_HISTORY_DAYS", 365, 0),
    simSymbols: env("SIM_SYMBOLS") ? env("SIM_SYMBOLS")!.split(",").map((x) => x.trim()) : null,
    replayFile: env("REPLAY_FILE") || undefined,
    replaySpeed: int(env, "REPLAY_SPEED", 60, 1),
    replaySymbol: env("REPLAY_SYMBOL") || "BTCUSDT",
    replayShift: env("REPLAY_SHIFT") === "days" ? "days" : "none",
    replayStart: time(env, "REPLAY_START"),
    marketFeed: env("MARKET_FEED") !== "off",
    marketStaleMs: int(env, "MARKET_STALE_MS", 10_000, 1_000),
    checkpointKeyFile: env("CHECKPOINT_KEY_FILE") ||
      (production ? null : ".data/checkpoint-key.jwk"),
    vapid: vapidConfig(env),
    pushCaFile: env("PUSH_CA_FILE") || null,
    exchangeWsUrl: env("EXCHANGE_WS_URL") || "",
    exchangeRestUrl: env("EXCHANGE_REST_URL") || "",
    exchangeHistoryDays: int(env, "EXCHANGE_HISTORY_DAYS", 365, 0),
    exchangeSymbols: (env("EXCHANGE_SYMBOLS") || "BTCUSDT,ETHUSDT").split(",").map((s) => s.trim())
      .filter((s) => /^[A-Z0-9]{2,20}$/.test(s)),
    kvSim: null,
  };
  // set at all (even to 0): one simulator object for every handle, which tests may turn up later
  if (env("KV_SIM_RTT_MS") || env("KV_SIM_EVENTUAL_MS")) {
    config.kvSim = {
      rttMs: int(env, "KV_SIM_RTT_MS", 0, 0),
      eventualMs: int(env, "KV_SIM_EVENTUAL_MS", 0, 0),
    };
  }
  if (config.kvSim && production) {
    throw new Error(
      "KV_SIM_RTT_MS and KV_SIM_EVENTUAL_MS slow the store down: not with APP_ENV=production",
    );
  }
  if (config.feed === "exchange" && (!config.exchangeWsUrl || !config.exchangeRestUrl)) {
    throw new Error("FEED=exchange needs EXCHANGE_WS_URL and EXCHANGE_REST_URL");
  }
  return config;
}

/**
 * Open Deno KV from a path, ":memory:" or a remote URL; creates the folder of a local file. The
 * handle retries a busy store and measures commits (`kvstore.ts`), and waits the simulated round
 * trips of `sim` (the config's `kvSim`).
 */
export async function openKv(path: string, sim: KvSim | null = null): Promise<Deno.Kv> {
  if (path !== ":memory:" && !/^https?:\/\//.test(path)) {
    const dir = path.replace(/[/\\][^/\\]*$/, "");
    if (dir && dir !== path) await Deno.mkdir(dir, { recursive: true });
  }
  // Deno Deploy: the project's own database
  return wrapKv(path === "deploy" ? await Deno.openKv() : await Deno.openKv(path), {}, sim);
}
