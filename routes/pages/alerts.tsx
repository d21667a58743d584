/**
 * The price alerts of a product page (mobile product detail, desktop trade pages): the island
 * with the customer's alerts, read with the session (`withAlertReads`).
 */
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";
import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { alertJson } from "../../edge/trading/alerts.ts";
import { symbolOf } from "../../contract/symbols.ts";
import { symbolName } from "../../locales/format.ts";
import PriceAlerts, { ALERT_TEXTS } from "../../islands/PriceAlerts.tsx";

/** A page's private reads and the customer's alerts, together with the session. */
export function withAlertReads(reads?: (c: Ctx, userId: string) => PrivateRead[]) {
  return (c: Ctx, userId: string): PrivateRead[] => [
    ...(reads?.(c, userId) ?? []),
    c.get("deps").alerts.listReads(c.get("tenant").id, userId),
  ];
}

export async function AlertsIsland(
  { c, s, symbol }: { c: Ctx; s: Session | null; symbol: string },
) {
  const def = symbolOf(symbol);
  if (!def) return null;
  const items = s ? await c.get("deps").alerts.list(c.get("tenant").id, s.userId) : null;
  const layout = c.req.path.startsWith("/pc/") ? "pc" : "wp";
  return (
    <Island
      of={PriceAlerts}
      props={{
        tx: pickTexts(c.get("t"), ALERT_TEXTS),
        locale: c.get("locale"),
        symbol,
        label: symbolName(symbol),
        priceDecimals: def.priceDecimals,
        items: items && items.map(alertJson),
        loginHref: `/${layout}/user/login?redirect=${encodeURIComponent(c.req.path)}`,
      }}
    />
  );
}
