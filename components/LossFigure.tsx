/**
 * The published loss figure in words (issue 30, section 5): one line per product for the tickets
 * and the rates page, and the method. The figure itself comes from edge/trading/loss_figure.ts.
 */
import type { T } from "../edge/platform/locale.ts";
import type { LossFigure } from "../contract/limits.ts";

/** "74.3 % of accounts lost money on fast contracts in the last 12 months (312 accounts)". */
export function lossFigureText(t: T, locale: string, f: LossFigure): string {
  if (f.percent === null) return t(`loss.none_${f.product}`);
  const percent = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Number(f.percent));
  return t(`loss.figure_${f.product}`, { percent, accounts: f.accounts });
}

/** The figure under a ticket, linking to its method on the rates page. */
export function LossFigureNote(
  { t, locale, figure }: { t: T; locale: string; figure: LossFigure },
) {
  return (
    <p class="risk-figure small" data-testid={`loss-figure-${figure.product}`}>
      <strong>{lossFigureText(t, locale, figure)}</strong>{" "}
      <a href="/page/rates#loss-figure-title">{t("loss.methodLink")}</a>
    </p>
  );
}

/** The rates page's section: each offered product's figure, the window and the method. */
export function LossFiguresSection(
  { t, locale, figures, products, date }: {
    t: T;
    locale: string;
    figures: LossFigure[];
    products: readonly string[];
    /** a time as the page writes dates */
    date: (ms: number) => string;
  },
) {
  const shown = figures.filter((f) => products.includes(f.product));
  if (!shown.length) return null;
  const to = shown[0]!.to;
  return (
    <section class="card rates" data-testid="rates-loss-figure" aria-labelledby="loss-figure-title">
      <h2 id="loss-figure-title">{t("loss.title")}</h2>
      {shown.map((f) => (
        <p class="risk-figure" data-testid={`loss-figure-${f.product}`}>
          <strong>{lossFigureText(t, locale, f)}</strong>
        </p>
      ))}
      <p class="muted small" data-testid="loss-figure-method">
        {t("loss.method", { from: date(shown[0]!.from), to: date(to) })}
      </p>
    </section>
  );
}
