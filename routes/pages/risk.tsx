/**
 * The loss figure on the tickets, and the acknowledgement before a customer's first trade of a
 * product (issue 30, section 5): until it is stored, the ticket's place shows the figure and an
 * "I understand" button (islands/RiskAcknowledge.tsx). The standing record was read with the
 * session; the figure is public (an eventual read).
 */
import type { Session } from "../../edge/customers/service.ts";
import { readStanding, standingOf } from "../../edge/customers/standing.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import RiskAcknowledge, { RISK_ACK_TEXTS } from "../../islands/RiskAcknowledge.tsx";
import { LossFigureNote, lossFigureText } from "../../components/LossFigure.tsx";
import type { LossProduct } from "../../contract/limits.ts";

/** The product's published figure. */
async function figureOf(c: Ctx, product: LossProduct) {
  const all = await c.get("deps").lossFigures.published(c.get("tenant").id);
  return all.items.find((f) => f.product === product)!;
}

/**
 * In place of the ticket before the customer's first trade of `product` (live accounts): the
 * acknowledgement; null once it is stored (or for a demo account).
 */
export async function riskGate(c: Ctx, s: Session, product: LossProduct) {
  if (s.book !== "live") return null;
  // the record as the page read it with the session (routes/pages/mod.tsx): a read of its own
  // would be a second round trip (a prefetched entry answers one read)
  const known = c.get("standing");
  const standing = standingOf(
    known?.key.at(-1) === s.userId
      ? known
      : await readStanding(c.get("deps").kv, c.get("tenant").id, s.userId),
  );
  if (standing.riskAck[product]) return null;
  const t = c.get("t");
  return (
    <Island
      of={RiskAcknowledge}
      props={{
        tx: pickTexts(t, RISK_ACK_TEXTS),
        product,
        figure: lossFigureText(t, c.get("locale"), await figureOf(c, product)),
        text: t(`loss.ackText_${product}`),
      }}
    />
  );
}

/** The figure under a ticket. */
export async function TicketLossFigure({ c, product }: { c: Ctx; product: LossProduct }) {
  return (
    <LossFigureNote t={c.get("t")} locale={c.get("locale")} figure={await figureOf(c, product)} />
  );
}
