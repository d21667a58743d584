/**
 * Request and reply schemas of price alerts and account notifications (the notifications
 * capability: edge/notifications/; alerts fire in the trigger engine, edge/trading/alerts.ts).
 * Islands `import type` the inferred types and use the limits here before confirming.
 */
import { z } from "zod";
import { parseDecimal } from "../core-wasm/mod.ts";
import { SYMBOLS } from "./symbols.ts";

/** At most this many price alerts per customer (fired ones count until deleted). */
export const MAX_ALERTS = 50;

export const ALERT_KINDS = ["above", "below", "move"] as const;
export type AlertKind = typeof ALERT_KINDS[number];

const CODES = SYMBOLS.map((s) => s.code) as [string, ...string[]];

/**
 * `value`: the price for `above` / `below` (> 0, at most 8 decimals); for `move` the percentage
 * of the 24 h move (0.1 to 100), up or down.
 */
export const AlertBody = z.strictObject({
  symbol: z.enum(CODES, { error: "invalid" }),
  kind: z.enum(ALERT_KINDS, { error: "invalid" }),
  value: z.string({ error: "required" }).regex(/^\d{1,12}(\.\d{1,8})?$/, { error: "invalid" }),
}).superRefine((b, ctx) => {
  const v = parseDecimal(b.value);
  const ok = b.kind === "move" ? v >= parseDecimal("0.1") && v <= parseDecimal("100") : v > 0n;
  if (!ok) ctx.addIssue({ code: "custom", path: ["value"], message: "invalid" });
}).meta({ id: "AlertBody" });
export type AlertBodyJson = z.infer<typeof AlertBody>;

export const AlertJson = z.object({
  id: z.string(),
  symbol: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** the price (above / below) or the percentage (move), as set */
  value: z.string(),
  status: z.enum(["active", "fired"]),
  createdAt: z.number().int(),
  /** the tick that fired it: its tape sequence number, time and price (null: not fired) */
  fired: z.object({
    seq: z.number().int().nullable(),
    time: z.number().int(),
    price: z.string(),
  }).nullable(),
}).meta({ id: "Alert" });
export type AlertJsonT = z.infer<typeof AlertJson>;

export const AlertList = z.object({
  items: z.array(AlertJson),
  max: z.number().int(),
}).meta({ id: "AlertList" });
export type AlertListJson = z.infer<typeof AlertList>;

/**
 * What a customer can be told about, each with its own preferences: price alerts, a fast contract
 * settled, a stop (stop-loss, take-profit, trailing) fired, a liquidation warning (the margin ratio
 * reached the customer's level), a liquidation, a limit order filled,
 * a recharge credited, a withdrawal paid or rejected, a wealth order matured, a sign-in from a
 * device the account never used.
 */
export const NOTIFY_KINDS = [
  "priceAlert",
  "fastSettled",
  "stopFired",
  "liquidationWarning",
  "liquidation",
  "limitFilled",
  "recharge",
  "withdrawal",
  "wealth",
  "signIn",
] as const;
export type NotifyKind = typeof NOTIFY_KINDS[number];

/** The ways a notification is delivered (in the app; web push, built in edge/push/). */
export const CHANNELS = ["inApp", "push"] as const;
export type ChannelName = typeof CHANNELS[number];

const Switches = z.strictObject({
  inApp: z.boolean({ error: "invalid" }),
  push: z.boolean({ error: "invalid" }),
});

/**
 * The margin ratios a customer can be warned at, in %, and the level everyone starts with. The
 * ratio is the share of the way from the entry price to the liquidation price the position shows
 * (the part lost of the margin between the position and its liquidation; at 100 % it is
 * liquidated): edge/trading/liq_warnings.ts.
 */
export const WARN_RATIOS = [50, 60, 70, 80, 90] as const;
export const DEFAULT_WARN_RATIO = 80;
/** Warned once; armed again when the ratio is back this many points under the level. */
export const WARN_REARM_POINTS = 10;

/** The liquidation warning's switches and its level. */
const WarningSwitches = Switches.extend({
  ratio: z.number({ error: "warnRatio" }).refine(
    (v) => (WARN_RATIOS as readonly number[]).includes(v),
    { error: "warnRatio" },
  ),
});

type Kinds = Exclude<NotifyKind, "liquidationWarning">;

/**
 * Per kind: in-app and push on or off (everything on until the customer says otherwise); the
 * liquidation warning also says at which margin ratio.
 */
export const NotifyPrefs = z.strictObject({
  ...Object.fromEntries(
    NOTIFY_KINDS.filter((k) => k !== "liquidationWarning").map((k) => [k, Switches]),
  ) as Record<Kinds, typeof Switches>,
  liquidationWarning: WarningSwitches,
}).meta({ id: "NotifyPrefs" });
export type NotifyPrefsJson = z.infer<typeof NotifyPrefs>;

export function defaultPrefs(): NotifyPrefsJson {
  const p = Object.fromEntries(
    NOTIFY_KINDS.map((k) => [k, { inApp: true, push: true }]),
  ) as NotifyPrefsJson;
  p.liquidationWarning.ratio = DEFAULT_WARN_RATIO;
  return p;
}

/** The margin ratio (in %) the customer is warned at, or null when both channels are off. */
export function warnRatioOf(p: NotifyPrefsJson): number | null {
  const w = p.liquidationWarning;
  return w.inApp || w.push ? w.ratio : null;
}

export const NotificationJson = z.object({
  id: z.string(),
  at: z.number().int(),
  kind: z.enum(NOTIFY_KINDS),
  title: z.string(),
  body: z.string(),
  /** where it leads in the app (a mobile path; the desktop pages map it), or null */
  url: z.string().nullable(),
  read: z.boolean(),
}).meta({ id: "Notification" });
export type NotificationJsonT = z.infer<typeof NotificationJson>;

export const NotificationPage = z.object({
  items: z.array(NotificationJson),
  cursor: z.string().nullable(),
  unread: z.number().int(),
}).meta({ id: "NotificationPage" });
