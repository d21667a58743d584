import { useEffect, useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { ConfirmBox, fill, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";
import { formatExact, formatPct, uiLocale } from "../locales/format.ts";
import type { WealthQuoteJson } from "../contract/wealth.ts";

export const WEALTH_REDEEM_TEXTS = [
  "wealth.redeem",
  "wealth.redeemQuote",
  "wealth.redeemConfirm",
  "wealth.redeemDone",
  "wealth.validFor",
  "wealth.expired",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

/** Early redemption: the quote (days left, penalty, refund) first, confirmed while it is valid. */
export default function WealthRedeem({ tx, orderNo }: { tx: Texts; orderNo: string }) {
  const [quote, setQuote] = useState<(WealthQuoteJson & { until: number }) | null>(null);
  const [left, setLeft] = useState(0);
  const { busy, send } = useForm(tx);
  const loc = uiLocale();
  // the penalty and refund exactly as the core computed them: they add up to the amount
  const exact = (v: string) => `${formatExact(v, "USDT", loc)} USDT`;

  useEffect(() => {
    if (!quote) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((quote.until - Date.now()) / 1000)));
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [quote]);

  async function ask() {
    const path = { id: orderNo };
    const env = await send((c) => c.POST("/wealth/orders/{id}/redeem-quote", { params: { path } }));
    if (env) setQuote({ ...env.data, until: Date.now() + env.data.validForMs });
  }

  async function confirm() {
    if (!quote) return;
    const [path, body] = [{ id: orderNo }, { quoteId: quote.quoteId }];
    const env = await send((c) => c.POST("/wealth/orders/{id}/redeem", { params: { path }, body }));
    if (env) {
      toast(tx["wealth.redeemDone"]!);
      location.reload();
    }
  }

  // the quote opens over the page as the confirmation (expired: Confirm quotes again); focus
  // comes back to "Redeem early"
  return (
    <>
      <button class="btn" type="button" disabled={busy} onClick={ask} data-testid="redeem">
        {tx["wealth.redeem"]}
      </button>
      {quote && (
        <ConfirmBox
          testid="redeem-quote"
          tx={tx}
          busy={busy}
          text={fill(tx["wealth.redeemQuote"]!, {
            days: String(quote.daysLeft),
            ratio: formatPct(quote.redeemRatio, loc, { sign: false }),
            penalty: exact(quote.penalty),
            refund: exact(quote.refund),
          })}
          confirmLabel={left > 0
            ? `${tx["wealth.redeemConfirm"]} · ${fill(tx["wealth.validFor"]!, { s: String(left) })}`
            : tx["wealth.expired"]}
          onConfirm={left > 0 ? confirm : ask}
          onCancel={() => setQuote(null)}
        />
      )}
    </>
  );
}
