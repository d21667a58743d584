/**
 * Leverage brackets in the leveraged ticket: the symbol's table (position value, max leverage,
 * maintenance-margin rate), compact, with the bracket the order falls in marked, and the maximum
 * leverage for the entered size. The lookup is the server's (`bracketIndex`); the server decides.
 */
import { parseDecimal } from "../../core-wasm/mod.ts";
import { formatNumber, formatPct, uiLocale } from "../../locales/format.ts";
import { bracketIndex } from "../../contract/symbols.ts";
import type { BracketJson } from "../../contract/trading.ts";
import { fill, type Texts } from "./fields.tsx";

export type { BracketJson };

export const BRACKET_TEXTS = [
  "risk.brackets",
  "risk.size",
  "risk.maxLeverage",
  "risk.mmr",
  "risk.upTo",
  "risk.above",
  "risk.maxFor",
  "risk.current",
  "risk.hedged",
  "risk.groupLiquidation",
  "risk.noLevel",
  "validation.leverageBracket",
] as const;

/** The bracket of a resulting notional (units of 10^-8 USDT). */
export function bracketOf(brackets: readonly BracketJson[], notional: bigint) {
  const index = bracketIndex(
    brackets.map((b) => ({ upTo: b.upTo === null ? null : parseDecimal(b.upTo) })),
    notional,
  );
  return { index, bracket: brackets[index]! };
}

export function Brackets(
  { brackets, notional, leverage, tx }: {
    brackets: readonly BracketJson[];
    /** the customer's resulting position value on this side, null while the input is incomplete */
    notional: bigint | null;
    leverage: number;
    tx: Texts;
  },
) {
  const at = notional === null ? null : bracketOf(brackets, notional);
  const over = at !== null && leverage > at.bracket.maxLeverage;
  const loc = uiLocale();
  return (
    <div class="brackets" data-testid="brackets">
      {at && (
        <p class={`small ${over ? "neg" : "muted"}`} data-testid="bracket-max" role="status">
          {fill(tx["risk.maxFor"]!, { max: at.bracket.maxLeverage })}
          {over ? ` · ${tx["validation.leverageBracket"]}` : ""}
        </p>
      )}
      <details>
        <summary class="small">{tx["risk.brackets"]}</summary>
        <table class="table small">
          <thead>
            <tr>
              <th scope="col">{tx["risk.size"]}</th>
              <th scope="col" class="num">{tx["risk.maxLeverage"]}</th>
              <th scope="col" class="num">{tx["risk.mmr"]}</th>
            </tr>
          </thead>
          <tbody>
            {brackets.map((b, i) => {
              const prev = brackets[i - 1]?.upTo;
              const current = at?.index === i;
              return (
                <tr
                  key={i}
                  aria-current={current ? "true" : undefined}
                  title={current ? tx["risk.current"] : undefined}
                  class={current ? "on" : undefined}
                >
                  <td>
                    {b.upTo !== null
                      ? fill(tx["risk.upTo"]!, { amount: formatNumber(b.upTo, 0, loc) })
                      : fill(tx["risk.above"]!, { amount: formatNumber(prev ?? "0", 0, loc) })}
                  </td>
                  <td class="num">{b.maxLeverage}x</td>
                  <td class="num">{formatPct(b.mmr, loc, { sign: false })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </div>
  );
}
