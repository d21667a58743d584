/**
 * Price alerts: a customer asks to be told when a symbol trades at or above a price, at or below
 * one, or when it has moved a percentage over 24 h (up or down). At most `MAX_ALERTS` per
 * customer (a per-customer guard key is checked and bumped by every change, so two creates racing
 * at 49 cannot both pass).
 *
 * Alerts are watched by the trigger engine (engine.ts) like stops: `AlertWatcher` keeps them in
 * per-symbol `TriggerIndex`es (a price level, or the 24 h move's threshold), so a tick looks only
 * at what it crosses. An alert fires once: the firing commit checks the record as it was indexed,
 * marks it fired with the tick (tape sequence, time, price) and stages an event-log entry naming
 * it; the notifications capability derives the customer's notification from that entry and
 * delivers it (edge/notifications/). Setting, editing and deleting stage an entry too, so the
 * engine's instance hears of changes made through any instance. Editing a fired alert arms it
 * again (a new revision, notified once more when it fires).
 */
import { formatDecimal, mulDiv, parseDecimal, SCALE } from "../../core-wasm/mod.ts";
import {
  type AlertBodyJson,
  type AlertJsonT,
  type AlertKind,
  MAX_ALERTS,
} from "../../contract/notifications.ts";
import { stageEvents } from "../ledger/events.ts";
import { journalId } from "../ledger/service.ts";
import { DomainError } from "../platform/errors.ts";
import { Emitter } from "../platform/emitter.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import type { TickRef } from "./fast.ts";
import { alertKeys } from "./store.ts";

export interface Alert {
  id: string;
  userId: string;
  symbol: string;
  kind: AlertKind;
  /** above / below: the price; move: the fraction of the 24 h move (0.05 = 5 %), 10^-8 units */
  level: bigint;
  status: "active" | "fired";
  createdAt: number;
  /** bumped by every edit: a fired alert edited is armed again, and notified again */
  rev: number;
  fired: { tick: TickRef; at: number } | null;
}

export function alertJson(a: Alert): AlertJsonT {
  return {
    id: a.id,
    symbol: a.symbol,
    kind: a.kind,
    value: formatDecimal(a.kind === "move" ? a.level * 100n : a.level),
    status: a.status,
    createdAt: a.createdAt,
    fired: a.fired
      ? {
        seq: a.fired.tick.seq ?? null,
        time: a.fired.tick.time,
        price: formatDecimal(a.fired.tick.price),
      }
      : null,
  };
}

/** The stored level of a request: the price, or the percentage as a fraction. */
function levelOf(b: AlertBodyJson): bigint {
  const v = parseDecimal(b.value);
  return b.kind === "move" ? v / 100n : v;
}

export class Alerts {
  /** set, edited or deleted through this instance (the engine here indexes it at once) */
  readonly events = new Emitter<{
    changed: [t: string, a: Alert];
    removed: [t: string, userId: string, id: string];
  }>("alerts");

  constructor(private kv: Deno.Kv, private now: () => number) {}

  /** The customer's alerts as `list` reads them (started with the session). */
  listReads(t: string, userId: string): ListRead {
    return { selector: { prefix: alertKeys.byUser(t, userId) } };
  }

  async list(t: string, userId: string): Promise<Alert[]> {
    const out: Alert[] = [];
    for await (const e of this.kv.list<Alert>(this.listReads(t, userId).selector)) {
      out.push(e.value);
    }
    return out.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }

  async get(t: string, userId: string, id: string): Promise<Alert | null> {
    return (await this.kv.get<Alert>(alertKeys.alert(t, userId, id))).value;
  }

  /** Every alert of a tenant (the engine's index on takeover). */
  async *all(t: string): AsyncIterable<Alert> {
    for await (const e of this.kv.list<Alert>({ prefix: alertKeys.all(t) })) yield e.value;
  }

  /** Set a new alert, or edit one (`id`): a fired alert edited is armed again. */
  async save(t: string, userId: string, b: AlertBodyJson, id?: string): Promise<Alert> {
    for await (const _attempt of commitAttempts()) {
      const [guard, current] = await Promise.all([
        this.kv.get(alertKeys.guard(t, userId)),
        this.list(t, userId),
      ]);
      const before = id ? current.find((a) => a.id === id) : undefined;
      if (id && !before) throw new DomainError("NOT_FOUND");
      if (!id && current.length >= MAX_ALERTS) {
        throw new DomainError("ALERT_LIMIT", { max: MAX_ALERTS });
      }
      const at = this.now();
      const a: Alert = {
        id: before?.id ?? journalId(at),
        userId,
        symbol: b.symbol,
        kind: b.kind,
        level: levelOf(b),
        status: "active",
        createdAt: before?.createdAt ?? at,
        rev: (before?.rev ?? 0) + 1,
        fired: null,
      };
      const op = this.kv.atomic().check(guard)
        .set(alertKeys.alert(t, userId, a.id), a)
        .set(alertKeys.guard(t, userId), at);
      stageEvents(op, t, at, { refs: [{ user: userId, kind: "alert", id: a.id }] });
      if ((await op.commit()).ok) {
        this.events.emit("changed", t, a);
        return a;
      }
    }
    throw storeBusy();
  }

  /** Delete one of the customer's alerts (NOT_FOUND when there is none). */
  async remove(t: string, userId: string, id: string): Promise<void> {
    const key = alertKeys.alert(t, userId, id);
    const entry = await this.kv.get<Alert>(key);
    if (!entry.value) throw new DomainError("NOT_FOUND");
    const at = this.now();
    const op = this.kv.atomic().delete(key).set(alertKeys.guard(t, userId), at);
    stageEvents(op, t, at, { refs: [{ user: userId, kind: "alert", id }] });
    await op.commit();
    this.events.emit("removed", t, userId, id);
  }

  /**
   * Fire an alert at `tick`, once: only the revision the engine indexed, only while active (a
   * second engine racing, or an edit meanwhile, finds it changed and does nothing).
   */
  async fire(t: string, userId: string, id: string, rev: number, tick: TickRef) {
    const entry = await this.kv.get<Alert>(alertKeys.alert(t, userId, id));
    const a = entry.value;
    if (!a || a.rev !== rev || a.status !== "active") return null;
    const fired: Alert = { ...a, status: "fired", fired: { tick, at: this.now() } };
    const op = this.kv.atomic().check(entry).set(entry.key, fired);
    stageEvents(op, t, fired.fired!.at, { refs: [{ user: userId, kind: "alert", id }] });
    return (await op.commit()).ok ? fired : null;
  }
}

/** The absolute move of `price` from `open` as a fraction (10^-8 units). */
export function moveOf(price: bigint, open: bigint): bigint {
  if (open <= 0n) return 0n;
  const d = price >= open ? price - open : open - price;
  return mulDiv(d, SCALE, open, "down");
}
