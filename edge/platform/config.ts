/** Process configuration, read once from environment variables (documented in README.md). */
export interface AppConfig {
  port: number;
  /** Local file path, ":memory:", or a remote KV URL (http/https). */
  kvPath: string;
  feed: "simulated" | "replay" | "exchange";
  /** JSON file defining tenants; undefined = the built-in default (`demo`). */
  tenantsFile?: string;
  /** "dev" keeps codes in the local outbox (shown at /dev/outbox and in the log). */
  smsSender: "dev";
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy: boolean;
  /** Maximum JSON request body in bytes. */
  maxBodyBytes: number;
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

export function loadConfig(env: (k: string) => string | undefined = (k) => Deno.env.get(k)) {
  const feed = env("FEED") ?? "simulated";
  if (feed !== "simulated" && feed !== "replay" && feed !== "exchange") {
    throw new Error(`FEED must be simulated, replay or exchange (got ${feed})`);
  }
  const sender = env("SMS_SENDER") ?? "dev";
  if (sender !== "dev") throw new Error(`SMS_SENDER must be dev (the only sender so far)`);
  const config: AppConfig = {
    port: int(env, "PORT", 8000, 0),
    kvPath: env("KV_PATH") || ".data/tradewind.kv",
    feed,
    tenantsFile: env("TENANTS_FILE") || undefined,
    smsSender: sender,
    sessionIdleMinutes: int(env, "SESSION_IDLE_MINUTES", 120, 1),
    sessionMaxHours: int(env, "SESSION_MAX_HOURS", 168, 1),
    trustProxy: env("TRUST_PROXY") === "1",
    maxBodyBytes: int(env, "MAX_BODY_BYTES", 64 * 1024, 1024),
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
    exchangeWsUrl: env("EXCHANGE_WS_URL") || "",
    exchangeRestUrl: env("EXCHANGE_REST_URL") || "",
    exchangeHistoryDays: int(env, "EXCHANGE_HISTORY_DAYS", 365, 0),
    exchangeSymbols: (env("EXCHANGE_SYMBOLS") || "BTCUSDT,ETHUSDT").split(",").map((s) => s.trim())
      .filter((s) => /^[A-Z0-9]{2,20}$/.test(s)),
  };
  if (config.feed === "exchange" && (!config.exchangeWsUrl || !config.exchangeRestUrl)) {
    throw new Error("FEED=exchange needs EXCHANGE_WS_URL and EXCHANGE_REST_URL");
  }
  return config;
}

/** Open Deno KV from a path, ":memory:" or a remote URL; creates the folder of a local file. */
export async function openKv(path: string): Promise<Deno.Kv> {
  if (path !== ":memory:" && !/^https?:\/\//.test(path)) {
    const dir = path.replace(/[/\\][^/\\]*$/, "");
    if (dir && dir !== path) await Deno.mkdir(dir, { recursive: true });
  }
  return await Deno.openKv(path);
}
