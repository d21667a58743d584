import { useState } from "preact/hooks";
import { api, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const RISK_ACK_TEXTS = [
  "loss.ackTitle",
  "loss.ackButton",
  "app.networkError",
  "app.timeout",
] as const;

/**
 * Before a customer's first trade of a product: its loss figure (`figure`, the server's words)
 * and an explicit "I understand"; the acknowledgement is stored, then the ticket shows.
 */
export default function RiskAcknowledge(
  { tx, product, figure, text }: {
    tx: Texts;
    product: "fast" | "leveraged";
    figure: string;
    text: string;
  },
) {
  const [busy, setBusy] = useState(false);
  async function acknowledge() {
    setBusy(true);
    const env = await api((c) => c.POST("/account/risk-acknowledgement", { body: { product } }));
    if (env.code !== 0) {
      setBusy(false);
      return toast(failureMessage(env, tx), "error");
    }
    location.reload();
  }
  return (
    <section class="card risk-ack" data-testid="risk-ack" aria-labelledby="risk-ack-title">
      <h2 id="risk-ack-title">{tx["loss.ackTitle"]}</h2>
      <p class="risk-figure" data-testid="risk-ack-figure">
        <strong>{figure}</strong>
      </p>
      <p class="muted small">{text}</p>
      <button
        type="button"
        class="btn btn-primary btn-block"
        disabled={busy}
        onClick={acknowledge}
        data-testid="risk-ack-button"
      >
        {tx["loss.ackButton"]}
      </button>
    </section>
  );
}
