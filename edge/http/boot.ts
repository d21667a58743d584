import { OperatorsService } from "../operators/service.ts";
import { observe } from "../platform/telemetry.ts";
import { OperatorAccounts } from "../operators/staff.ts";
import { Customers } from "../operators/customers.ts";
import { Reports } from "../operators/reports.ts";
import { Messages } from "../messages/service.ts";
import { Demo } from "../demo/service.ts";
import { Wealth } from "../wealth/service.ts";
import { Liabilities } from "../liabilities/service.ts";
import { Content } from "../content/service.ts";
import { Proposals } from "../operators/proposals.ts";
import { FundsSettings } from "../funds/settings.ts";
import { PaymentMethods } from "../funds/methods.ts";
import { DataExport } from "../privacy/export.ts";
import { Erasure } from "../privacy/erasure.ts";
import { Recharges } from "../funds/recharge.ts";
import { Withdrawals } from "../funds/withdraw.ts";
import { Identity } from "../identity/certify.ts";
import { ImageStore } from "../uploads/service.ts";
import { Support } from "../support/service.ts";
import type { SupportCustomerJson } from "../../contract/support.ts";
import { AccountsService } from "../customers/service.ts";
import { DevOutboxSender, HttpSmsSender } from "../customers/sender.ts";
import { Ledger } from "../ledger/service.ts";
import { LOCAL_GROUPS, REMOTE_GROUPS } from "../ledger/group_commit.ts";
import { ReferencePrices } from "../market/prices.ts";
import { MarketService } from "../market/service.ts";
import { Hub } from "../realtime/hub.ts";
import type { EventRef } from "../ledger/events.ts";
import { EventLogReader } from "../realtime/eventlog.ts";
import type { UserEvent } from "../../contract/realtime.ts";
import { FastContracts, fastJson } from "../trading/fast.ts";
import { TradingEngine } from "../trading/engine.ts";
import { Alerts } from "../trading/alerts.ts";
import { LiqWarnings } from "../trading/liq_warnings.ts";
import { warnRatioOf } from "../../contract/notifications.ts";
import { Notifications } from "../notifications/service.ts";
import { Contracts, type Position } from "../trading/contracts.ts";
import { Verify } from "../settlements/service.ts";
import { Checkpoints } from "../checkpoints/service.ts";
import { loadCheckpointKey } from "../checkpoints/key.ts";
import { VerifyStore } from "../settlements/store.ts";
import { Exchange } from "../trading/exchange.ts";
import { HoldingFees } from "../trading/holding_fee.ts";
import { Spot, spotJson } from "../trading/spot.ts";
import { ProductTerms } from "../trading/terms.ts";
import { type AppConfig, openKv } from "../platform/config.ts";
import { TenantRegistry } from "../platform/tenants.ts";
import { TenantSettings } from "../operators/tenant_settings.ts";
import { Push } from "../push/service.ts";
import { loadVapid } from "../push/vapid.ts";
import { Standings } from "../customers/standing.ts";
import { LossFigures } from "../trading/loss_figure.ts";

function isRemote(path: string): boolean {
  return /^https?:\/\//.test(path);
}

/**
 * On a local KV file, a second connection serves the reads of the request path (the session,
 * the balances before a journal): reads on the connection that commits wait behind its commits'
 * disk writes. In memory and remote stores have one connection. A probe written through `kv`
 * must be visible through the second one (a caller's `kv` may not be the configured file).
 */
async function readConnection(config: AppConfig, kv: Deno.Kv): Promise<Deno.Kv> {
  const path = config.kvPath;
  if (path === ":memory:" || isRemote(path)) return kv;
  const reads = await openKv(path, config.kvSim).catch(() => null);
  if (!reads) return kv;
  const probe = crypto.randomUUID();
  await kv.set(READS_PROBE, probe);
  if ((await reads.get(READS_PROBE)).value === probe) return reads;
  reads.close();
  return kv;
}

/** The key of that probe (one per store, outside the tenants' keys like market data). */
const READS_PROBE = ["platform", "readsProbe"];

/** The market: the configured reference prices until live data, the configured staleness. */
function marketService(config: AppConfig, kv: Deno.Kv, now: () => number) {
  const fallback = new ReferencePrices(config.referencePrices);
  return new MarketService(kv, undefined, fallback, now, { staleMs: config.marketStaleMs });
}

/**
 * Wire the capabilities together (used by main.ts and by the tests' real servers). `Deps` is
 * the type of what this returns.
 */
export async function buildDeps(
  config: AppConfig,
  kv: Deno.Kv,
  opts: { now?: () => number; log?: (line: string) => void } = {},
) {
  const now = opts.now ?? Date.now;
  // first: production without the checkpoint key refuses to start before anything is written
  const checkpointKey = await loadCheckpointKey(config.checkpointKeyFile, config);
  const reads = await readConnection(config, kv);
  const tenants = await TenantRegistry.load(config.tenantsFile);
  // the settings operators edit, over the static tenants (each instance follows them: `start`)
  const tenantSettings = new TenantSettings(kv, tenants, now);
  const messages = new Messages(kv);
  await messages.migrate(tenants.byId.keys());
  const sender = config.smsSender === "http" && config.smsHttp
    ? new HttpSmsSender(config.smsHttp, opts.log)
    : new DevOutboxSender(kv, opts.log);
  // registration records the agreement version content serves (built below)
  let content: Content | null = null;
  const accounts = new AccountsService({
    kv,
    reads,
    sender,
    now,
    sessionIdleMs: config.sessionIdleMinutes * 60_000,
    sessionMaxMs: config.sessionMaxHours * 3600_000,
    agreementVersion: (t: string) => content!.agreementVersion(t),
  });
  const ledger = new Ledger(kv, now, {
    reads,
    groups: isRemote(config.kvPath) ? REMOTE_GROUPS : LOCAL_GROUPS,
  });
  const market = marketService(config, kv, now);
  const base = { config, kv, now, log: opts.log, reads, tenants, accounts, ledger, market };
  const trading = tradingDeps({ ...base, messages });
  const funds = await fundsDeps({ ...base, notifications: trading.notifications });
  const operatorAccounts = new OperatorAccounts(kv, now);
  const erasure = new Erasure({ kv, ...funds, ...trading });
  const proposals = new Proposals(kv, ledger, now, {
    ...trading,
    withdrawals: funds.withdrawals,
    sender,
    operatorAccounts,
    erasure,
  });
  const fundsSettings = new FundsSettings(kv, now);
  content = new Content(kv, funds.images, trading.wealth, fundsSettings, trading.terms, now);
  const deps = {
    ...trading,
    ...funds,
    kv,
    /** the connection for the request path's reads (a second one on a local file) */
    reads,
    config,
    tenants,
    tenantSettings,
    sender,
    accounts,
    operators: new OperatorsService(kv, now),
    /** operator administration: the console's list, invitations, sessions (accounts.ts) */
    operatorAccounts,
    ledger,
    prices: market,
    market,
    proposals,
    /** erasure on request (the proposals' `customer.erase`; the resume job) */
    erasure,
    messages,
    fundsSettings,
    content,
    ...recordsDeps({ ...base, ...trading, ...funds, messages, checkpointKey }),
    now,
  };
  // the console's customers section reads across every capability above
  const customers = new Customers(deps);
  return { ...deps, customers, support: supportOf(deps, customers) };
}

/** The support chat: the customer beside a conversation, the operators it can be assigned to. */
function supportOf(
  d: { kv: Deno.Kv; images: ImageStore; now: () => number; operatorAccounts: OperatorAccounts },
  customers: Customers,
) {
  return new Support({
    kv: d.kv,
    images: d.images,
    now: d.now,
    customer: (t, userId) => supportCustomer(customers, t, userId),
    assignable: async (t) =>
      (await d.operatorAccounts.all(t)).filter((o) =>
        !o.disabled && o.roles.some((r) => r === "support" || r === "admin")
      ).map((o) => o.username),
  });
}

/** What every part below is built on. */
interface Base {
  config: AppConfig;
  kv: Deno.Kv;
  now: () => number;
  log?: (line: string) => void;
  reads: Deno.Kv;
  tenants: TenantRegistry;
  accounts: AccountsService;
  ledger: Ledger;
  market: MarketService;
}

/**
 * The products and what carries their events: the orders, the engine, the event log and the
 * sockets' hub, price alerts and the notifications derived from the log.
 */
function tradingDeps(b: Base & { messages: Messages }) {
  const { config, kv, now, reads, tenants, accounts, ledger, market } = b;
  const terms = new ProductTerms(kv);
  const fast = new FastContracts(kv, ledger, market, now, terms);
  const contracts = new Contracts(kv, ledger, market, now, terms);
  const spot = new Spot(kv, ledger, market, now, terms);
  // private events of every instance reach the sockets of this one through the event log
  const events = new EventLogReader(kv, [...tenants.byId.keys()], now, {
    pollMs: config.kvPollMs,
    reads,
  });
  let notifications: Notifications | null = null;
  const resolve = userEventsOf({ fast, spot, contracts, notifications: () => notifications! });
  // a reconnecting socket resumes from the stored tape and event log
  const hub = new Hub(
    market.quotes,
    market.symbols,
    (t, tokenHash) => accounts.sessionAlive(t, tokenHash),
    { tape: market.tape, log: events, resolve, now },
  );
  market.onTicks((e) => hub.publish(e));
  // the gauges of this process (edge/platform/telemetry.ts): tape lag per symbol, open sockets
  observe({
    tapeLag: () =>
      market.symbols.flatMap((s) => {
        const last = market.tape.lastTick(s.code);
        return last ? [[s.code, Math.max(0, now() - last.time)] as [string, number]] : [];
      }),
    sockets: () => hub.size,
  });
  events.subscribe((t, e, place) => hub.fromLog(t, e, place));
  const engine = new TradingEngine(fast, contracts, spot, market, tenants, now, kv);
  // price alerts fire in the engine; account notifications are derived from the event log where
  // the engine runs (edge/notifications/)
  const alerts = new Alerts(kv, now);
  engine.watchAlerts(alerts);
  const wealth = new Wealth(kv, ledger, now);
  const warnings = new LiqWarnings(kv);
  notifications = new Notifications(
    kv,
    { fast, contracts, spot, alerts, messages: b.messages, wealth, warnings },
    now,
    () => engine.running,
  );
  // liquidation warnings at the level each customer chose in their notification preferences
  const store = notifications.store;
  engine.watchLiquidations(warnings, {
    all: (t) => store.warnLevels(t),
    of: async (t, userId) => warnRatioOf(await store.prefs(t, userId)),
  });
  notifications.listen(events);
  if (b.log) engine.log = market.log = b.log;
  return {
    terms,
    fast,
    contracts,
    spot,
    events,
    hub,
    engine,
    alerts,
    wealth,
    notifications,
    exchange: new Exchange(kv, ledger, market, now, terms),
    holdingFees: new HoldingFees(kv, ledger, contracts, tenants, now),
    demo: new Demo(kv, ledger, accounts, { fast, contracts, spot }, now),
  };
}

/** What a customer is told about the records one commit changed (read as they are now). */
function userEventsOf(d: {
  fast: FastContracts;
  spot: Spot;
  contracts: Contracts;
  notifications: () => Notifications;
}) {
  return async (t: string, refs: EventRef[]): Promise<UserEvent[]> => {
    const out: UserEvent[] = [];
    const bySymbol = new Map<string, Position[]>();
    for (const r of refs) {
      if (r.kind === "fast.settled") {
        const o = await d.fast.get(t, r.id);
        if (o) out.push({ type: "fast.settled", order: fastJson(o) });
      } else if (r.kind === "spot") {
        const o = await d.spot.get(t, r.id);
        if (o) out.push({ type: "spot", order: spotJson(o) });
      } else if (r.kind === "position") {
        const p = await d.contracts.get(t, r.id);
        if (p) bySymbol.set(p.symbol, [...bySymbol.get(p.symbol) ?? [], p]);
      } else if (r.kind === "notification") {
        const n = await d.notifications().forSocket(t, r.user, r.id);
        if (n) out.push({ type: "notification", notification: n });
      }
    }
    for (const changed of bySymbol.values()) {
      for (const position of await d.contracts.changedJson(t, changed)) {
        out.push({ type: "position", position });
      }
    }
    return out;
  };
}

/** Money in and out: images, payment methods, identity, recharges, withdrawals, web push. */
async function fundsDeps(b: Base & { notifications: Notifications }) {
  const { config, kv, now, accounts, ledger, market } = b;
  const images = new ImageStore(kv, now);
  const methods = new PaymentMethods(kv, accounts, now);
  // production without the VAPID keys refuses to start here, before serving
  const push = new Push(kv, await loadVapid(config, kv), {
    now,
    log: b.log ?? console.log,
    client: config.pushCaFile
      ? Deno.createHttpClient({ caCerts: [await Deno.readTextFile(config.pushCaFile)] })
      : undefined,
  });
  // every notification the customer's preferences allow as a push reaches their browsers too
  b.notifications.addChannel({
    name: "push",
    deliver: (t, uid, n) =>
      push.deliver(t, uid, {
        kind: n.kind,
        title: n.title,
        body: n.body,
        url: n.url ?? "/wp/message?tab=notifications",
      }),
  });
  return {
    images,
    methods,
    identity: new Identity(kv, images, now),
    recharges: new Recharges(kv, ledger, images, market, now),
    withdrawals: new Withdrawals(kv, ledger, accounts, methods, now),
    push,
  };
}

/** What reads the books for operators, auditors and customers' requests. */
function recordsDeps(
  d: Base & ReturnType<typeof tradingDeps> & Awaited<ReturnType<typeof fundsDeps>> & {
    messages: Messages;
    checkpointKey: Awaited<ReturnType<typeof loadCheckpointKey>>;
  },
) {
  const { kv, now, market, ledger, wealth, contracts, fast } = d;
  return {
    reports: new Reports(kv, wealth, market, now),
    dataExport: new DataExport({ ...d, now }),
    verify: new Verify(new VerifyStore(kv, now), fast, contracts),
    liabilities: new Liabilities(kv, ledger, now),
    /** the limits customers set, their exclusions and acknowledgements (issue 30) */
    standings: new Standings(kv, now),
    /** the published loss figure per product (issue 30) */
    lossFigures: new LossFigures(kv, now),
    checkpoints: new Checkpoints(
      kv,
      d.checkpointKey,
      market.tape,
      () => market.symbols.map((s) => s.code),
      now,
    ),
  };
}

type Row = Record<string, unknown>;

/**
 * The customer beside a support conversation: the customers page's own view (never the
 * sensitive one: masked phone and card numbers, no document number), cut to identity status,
 * balances, the latest orders and fund movements.
 */
async function supportCustomer(
  customers: Customers,
  t: string,
  userId: string,
): Promise<SupportCustomerJson | null> {
  const d = await customers.detail(t, userId, { operator: "support", ip: null }, false)
    .catch(() => null);
  if (!d) return null;
  const orders = [
    ...(d.positions as Row[]).map((r) => ["contract", r] as const),
    ...(d.fastOrders as Row[]).map((r) => ["fast", r] as const),
    ...(d.spotOrders as Row[]).map((r) => ["spot", r] as const),
  ].map(([kind, r]) => ({
    kind,
    symbol: String(r.symbol ?? ""),
    at: Number(r.createdAt ?? r.openedAt ?? r.at ?? 0),
    status: String(r.status ?? ""),
  })).sort((a, b) => b.at - a.at).slice(0, 5);
  const funds = [
    ...d.recharges.map((r) => ["recharge", r] as const),
    ...d.withdrawals.map((w) => ["withdrawal", w] as const),
  ].map(([kind, r]) => ({
    kind,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    at: r.createdAt,
  })).sort((a, b) => b.at - a.at).slice(0, 5);
  return {
    userId: d.userId,
    phone: d.phone,
    certifyLevel: d.certifyLevel,
    verifiedName: d.verification.verifiedName ?? null,
    locked: d.locked !== null,
    balances: d.balances.filter((b) => b.total !== "0").map((b) => ({
      wallet: b.wallet,
      currency: b.currency,
      total: b.total,
    })),
    orders,
    funds,
  };
}
