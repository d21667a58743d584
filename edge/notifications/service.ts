/**
 * Account notifications: what the customer is told without the page open. They are derived from
 * the event log entries the ledger and the services already write (edge/ledger/events.ts), not
 * from calls added to every service: a fast contract settled (`fast.settled`), a position closed
 * by its stop-loss, take-profit, trailing stop or liquidation, or a one-cancels-other leg fired,
 * or its limit order filled (`position`), a liquidation warning the trigger engine wrote when
 * the margin ratio reached the customer's level (`liqWarn`), a spot limit filled (`spot`), a price alert fired
 * (`alert`), the messages the decisions write (`message`: recharge credited, withdrawal paid or
 * rejected, wealth matured), a wealth order's daily payout (`wealth`, staged by the payout's
 * journal), and a sign-in from a device the account never used (`signIn`,
 * staged by the sign-in's commit).
 *
 * The instance running the trigger engine derives them (`Notifications.listen`, `active`); each goes
 * out once (`NotificationStore.claim`: a "sent" mark committed only if absent, so a second
 * instance or a repeated entry sends nothing), then through every `Channel` the customer's
 * preferences allow for its kind. The in-app channel stores it (the message centre's
 * notifications tab) and stages an entry that the sockets turn into a toast; web push
 * (edge/push/) is another `Channel` of the same shape.
 */
import { formatDecimal, parseDecimal } from "../../core-wasm/mod.ts";
import type {
  ChannelName,
  NotificationJsonT,
  NotifyKind,
  NotifyPrefsJson,
} from "../../contract/notifications.ts";
import { symbolOf } from "../../contract/symbols.ts";
import { displayParams, formatPct, formatPrice, symbolName } from "../../locales/format.ts";
import { isLocale, type LocaleId } from "../../locales/languages.ts";
import { getUser } from "../customers/store.ts";
import type { EventRef, LogEntry } from "../ledger/events.ts";
import { journalId } from "../ledger/service.ts";
import { translator } from "../platform/locale.ts";
import type { Messages } from "../messages/service.ts";
import type { EventLogReader } from "../realtime/eventlog.ts";
import type { Alerts } from "../trading/alerts.ts";
import type { Contracts } from "../trading/contracts.ts";
import type { LiqWarnings } from "../trading/liq_warnings.ts";
import type { FastContracts } from "../trading/fast.ts";
import type { Spot } from "../trading/spot.ts";
import { payoutSchedule } from "../wealth/figures.ts";
import type { Wealth } from "../wealth/service.ts";
import { type NotificationRecord, NotificationStore } from "./store.ts";

/** A notification ready to deliver: rendered in the customer's language. */
export interface Notice {
  id: string;
  at: number;
  kind: NotifyKind;
  title: string;
  body: string;
  /** where it leads in the app (a mobile path), or null */
  url: string | null;
  /** as stored: the locale key prefix and its parameters (the list renders them again) */
  text: string;
  params: Record<string, string>;
}

/** One way of delivering a notification (in-app here; web push in edge/push/). */
export interface Channel {
  readonly name: ChannelName;
  deliver(t: string, userId: string, n: Notice): Promise<void>;
}

/** What a derivation produces before it is claimed and rendered. */
interface Draft {
  /** once per customer and key */
  key: string;
  kind: NotifyKind;
  text: string;
  params: Record<string, string>;
  url: string | null;
}

/** The in-app channel: the notifications tab, and a toast on the customer's open pages. */
export class InAppChannel implements Channel {
  readonly name = "inApp";
  constructor(private store: NotificationStore) {}

  deliver(t: string, userId: string, n: Notice): Promise<void> {
    return this.store.add(t, userId, {
      id: n.id,
      at: n.at,
      kind: n.kind,
      text: n.text,
      params: n.params,
      url: n.url,
      read: false,
    });
  }
}

/**
 * A notification's parameters for display: amounts, prices and ratios in the language's format,
 * a position's side in its words.
 */
function shown(
  params: Record<string, string>,
  locale: string,
  t: (key: string) => string,
): Record<string, string> {
  const out = displayParams(params, locale);
  const def = params.symbol ? symbolOf(params.symbol) : undefined;
  const p: Record<string, string> = { ...out };
  if (params.symbol) p.symbol = symbolName(params.symbol);
  for (const k of ["price", "level", "liq"]) {
    if (def && params[k]) p[k] = formatPrice(params[k], def.priceDecimals, locale);
  }
  // the ratio as measured; the customer's level as chosen ("80%")
  if (params.ratio) p.ratio = formatPct(parseDecimal(params.ratio), locale, { sign: false });
  if (params.warnAt) {
    p.warnAt = formatPct(parseDecimal(params.warnAt), locale, { sign: false, trim: true });
  }
  if (params.side && SIDES.has(params.side)) p.side = t(`notify.side.${params.side}`);
  return p;
}

/** A position's sides as a notification names them (the liquidation warning). */
const SIDES = new Set(["long", "short", "hedged"]);

/** Title and body of a stored notification in `locale`. */
export function renderNotification(n: NotificationRecord, locale: LocaleId) {
  const t = translator(locale);
  const p = shown(n.params, locale, (k) => t(k));
  return { title: t(`${n.text}.title`, p), body: t(`${n.text}.body`, p) };
}

export function notificationJson(n: NotificationRecord, locale: LocaleId): NotificationJsonT {
  return {
    id: n.id,
    at: n.at,
    kind: n.kind,
    ...renderNotification(n, locale),
    url: n.url,
    read: n.read,
  };
}

/** Messages that are account notifications: their kind and where they lead. */
const FROM_MESSAGES: Record<string, { kind: NotifyKind; url: string }> = {
  rechargePassed: { kind: "recharge", url: "/wp/trade/property" },
  withdrawComplete: { kind: "withdrawal", url: "/wp/trade/property" },
  withdrawReject: { kind: "withdrawal", url: "/wp/trade/property" },
  wealthMatured: { kind: "wealth", url: "/wp/trade/property" },
};

const CLOSE_TEXTS = ["stopLoss", "takeProfit", "trailingStop", "liquidation"] as const;

export interface NotifierSources {
  fast: FastContracts;
  contracts: Contracts;
  spot: Spot;
  alerts: Alerts;
  messages: Messages;
  wealth: Wealth;
  warnings: LiqWarnings;
}

export class Notifications {
  readonly store: NotificationStore;
  readonly channels: Channel[];
  /** derivations and deliveries, one after another (never holding up the event log's reader) */
  private work = Promise.resolve();
  readonly stats = { sent: 0 };

  constructor(
    private kv: Deno.Kv,
    private src: NotifierSources,
    private now: () => number,
    /** derive only where this holds (the instance running the trigger engine) */
    private active: () => boolean = () => true,
  ) {
    this.store = new NotificationStore(kv);
    this.channels = [new InAppChannel(this.store)];
  }

  /** Add a delivery channel (web push). */
  addChannel(c: Channel) {
    this.channels.push(c);
  }

  /** Derive notifications from every new event-log entry (on the active instance). */
  listen(events: EventLogReader) {
    return events.subscribe((t, e) => {
      if (!this.active() || !e.refs?.length) return;
      this.work = this.work.then(() => this.fromEntry(t, e))
        .catch((err) => console.error("[notifications]", err));
    });
  }

  /** Wait for queued derivations (tests, shutdown). */
  idle() {
    return this.work;
  }

  page(t: string, userId: string, limit: number, cursor?: string) {
    return Promise.all([
      this.store.page(t, userId, limit, cursor),
      this.store.unread(t, userId),
    ]).then(([page, unread]) => ({ ...page, unread }));
  }

  prefs(t: string, userId: string): Promise<NotifyPrefsJson> {
    return this.store.prefs(t, userId);
  }

  async setPrefs(t: string, userId: string, p: NotifyPrefsJson): Promise<NotifyPrefsJson> {
    await this.store.setPrefs(t, userId, p, this.now());
    return p;
  }

  /** A stored notification as the customer's sockets get it (in their language), or null. */
  async forSocket(t: string, userId: string, id: string): Promise<NotificationJsonT | null> {
    const [n, user] = await Promise.all([
      this.store.get(t, userId, id),
      getUser(this.kv, t, userId),
    ]);
    const locale = user.value?.locale;
    return n && notificationJson(n, isLocale(locale) ? locale : "en");
  }

  markAllRead(t: string, userId: string) {
    return this.store.markAllRead(t, userId);
  }

  private async fromEntry(t: string, e: LogEntry) {
    for (const r of e.refs ?? []) {
      for (const d of await this.draftsOf(t, r)) await this.send(t, r.user, d);
    }
  }

  /** Send a draft once, through the channels the customer's preferences allow. */
  private async send(t: string, userId: string, d: Draft) {
    const at = this.now();
    if (!(await this.store.claim(t, userId, d.key, at))) return;
    const [prefs, user] = await Promise.all([
      this.store.prefs(t, userId),
      getUser(this.kv, t, userId),
    ]);
    const on = prefs[d.kind];
    const locale = user.value?.locale;
    const rec: NotificationRecord = { id: journalId(at), at, read: false, ...d };
    const n: Notice = {
      ...rec,
      ...renderNotification(rec, isLocale(locale) ? locale : "en"),
    };
    for (const c of this.channels) {
      if (!on[c.name]) continue;
      await c.deliver(t, userId, n).catch((err) =>
        console.error(`[notifications] ${c.name} delivery failed`, err)
      );
    }
    this.stats.sent++;
  }

  /** What one changed record tells its customer (read as it is now). */
  private async draftsOf(t: string, r: EventRef): Promise<Draft[]> {
    const d = (v: bigint) => formatDecimal(v);
    if (r.kind === "fast.settled") {
      const o = await this.src.fast.get(t, r.id);
      if (!o || o.status !== "settled" || !o.outcome) return [];
      return [{
        key: `fast:${o.id}`,
        kind: "fastSettled",
        text: `notify.fast_${o.outcome}`,
        params: { symbol: o.symbol, amount: d(o.payout ?? 0n), currency: "USDT" },
        url: `/wp/product/detail/${o.symbol}`,
      }];
    }
    if (r.kind === "position") return this.positionDrafts(t, r.id);
    if (r.kind === "liqWarn") return this.warningDrafts(t, r);
    if (r.kind === "spot") {
      const o = await this.src.spot.get(t, r.id);
      if (!o || o.status !== "filled" || o.type !== "limit") return [];
      return [{
        key: `spot:${o.id}`,
        kind: "limitFilled",
        text: "notify.spotFilled",
        params: { symbol: o.symbol, price: d(o.fill?.price ?? o.price), side: o.side },
        url: `/wp/product/detail/${o.symbol}`,
      }];
    }
    if (r.kind === "alert") {
      const a = await this.src.alerts.get(t, r.user, r.id);
      if (!a || a.status !== "fired" || !a.fired) return [];
      const level = a.kind === "move" ? d(a.level * 100n) : d(a.level);
      return [{
        key: `alert:${a.id}:${a.rev}`,
        kind: "priceAlert",
        text: `notify.price_${a.kind}`,
        params: { symbol: a.symbol, price: d(a.fired.tick.price), level, pct: level },
        url: `/wp/product/detail/${a.symbol}`,
      }];
    }
    if (r.kind === "wealth") {
      const [orderId, day] = r.id.split(".");
      const o = await this.src.wealth.get(t, orderId!);
      const paid = o && payoutSchedule(o).find((x) => x.day === Number(day));
      if (!o || !paid) return [];
      return [{
        key: `wealth:${r.id}`,
        kind: "wealth",
        text: "notify.wealthPayout",
        params: {
          product: o.productName,
          amount: paid.amount,
          currency: "USDT",
          day: String(paid.day),
        },
        url: "/wp/trade/property",
      }];
    }
    if (r.kind === "signIn") {
      return [{
        key: `signIn:${r.id}`,
        kind: "signIn",
        text: "notify.newDevice",
        params: {},
        url: "/wp/user/setSafe/devices",
      }];
    }
    if (r.kind === "message") {
      const m = await this.src.messages.get(t, r.user, r.id);
      const map = m && FROM_MESSAGES[m.kind];
      if (!m || !map) return [];
      return [{
        key: `msg:${m.id}`,
        kind: map.kind,
        text: `messages.${m.kind}`,
        params: m.params,
        url: map.url,
      }];
    }
    return [];
  }

  /** A liquidation warning the trigger engine wrote (the latest of the position or group). */
  private async warningDrafts(t: string, r: EventRef): Promise<Draft[]> {
    const w = await this.src.warnings.get(t, r.user, r.id);
    if (!w) return [];
    const d = (v: bigint) => formatDecimal(v);
    return [{
      key: `liqWarn:${w.id}:${w.n}`,
      kind: "liquidationWarning",
      text: w.side === "hedged" ? "notify.liqWarnGroup" : "notify.liqWarn",
      params: {
        symbol: w.symbol,
        side: w.side,
        ratio: d(w.ratio),
        warnAt: d(w.level),
        liq: d(w.liquidationPrice),
        price: d(w.tick.price),
      },
      url: `/wp/product/leveragedDeals?symbol=${w.symbol}`,
    }];
  }

  /** A position's news: its limit order filled, a pair's leg fired, closed by a trigger. */
  private async positionDrafts(t: string, id: string): Promise<Draft[]> {
    const p = await this.src.contracts.get(t, id);
    if (!p) return [];
    const d = (v: bigint) => formatDecimal(v);
    const url = `/wp/product/detail/${p.symbol}`;
    const out: Draft[] = [];
    if (p.limitPrice != null && (p.status === "holding" || p.status === "closed")) {
      out.push({
        key: `pos:${p.id}:filled`,
        kind: "limitFilled",
        text: "notify.limitFilled",
        params: { symbol: p.symbol, price: d(p.entry.price), side: p.side },
        url,
      });
    }
    const fired = p.ocoFired ?? [];
    const last = fired.at(-1);
    if (last) {
      out.push({
        key: `pos:${p.id}:oco:${fired.length}`,
        kind: "stopFired",
        text: `notify.${last.leg}`,
        params: {
          symbol: p.symbol,
          price: d(last.tick.price),
          amount: d(last.pnl),
          currency: "USDT",
        },
        url,
      });
    }
    const reason = p.closeReason;
    if (p.status === "closed" && reason && (CLOSE_TEXTS as readonly string[]).includes(reason)) {
      out.push({
        key: `pos:${p.id}:closed`,
        kind: reason === "liquidation" ? "liquidation" : "stopFired",
        text: `notify.${reason}`,
        params: {
          symbol: p.symbol,
          price: d(p.closeTick?.price ?? 0n),
          amount: d(p.realizedPnl),
          currency: "USDT",
        },
        url,
      });
    }
    return out;
  }
}
