import { useState } from "preact/hooks";
import type { BodyOf } from "./lib/api.ts";
import { reloadWith, useAdminForm } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";

export const PROPOSE_TEXTS = [
  "admin.amount",
  "admin.signedAmount",
  "admin.customerId",
  "admin.wallet",
  "admin.currency",
  "admin.fourEyes",
  "admin.propose",
  "funds.reason",
  "app.networkError",
  "app.timeout",
  "validation.required",
] as const;

type Field = "userId" | "wallet" | "currency" | "amount" | "reason";

/**
 * A proposal of money moved: funding the wealth reserve (amount, reason) or adjusting one
 * customer's balance (customer, wallet, currency, a signed amount, reason). One request; then the
 * page rendered again by the server, the new proposal waiting for another operator.
 */
export default function AdminPropose(
  { kind, tx, userId = "", wallets = {}, currencies = [], currency, amount = "" }: {
    kind: "wealth.reserve" | "balance.adjust" | "withdraw.fourEyes";
    /** prefilled (a refused threshold raise links here with its currency and amount) */
    currency?: string;
    amount?: string;
    /** the currencies a four-eyes threshold can be raised for */
    currencies?: string[];
    tx: Texts;
    userId?: string;
    /** the currencies of each wallet (adjustments) */
    wallets?: Record<string, string[]>;
  },
) {
  const adjust = kind === "balance.adjust";
  const fourEyes = kind === "withdraw.fourEyes";
  const walletNames = Object.keys(wallets);
  const [v, setV] = useState<Record<Field, string>>({
    userId,
    wallet: walletNames[0] ?? "spot",
    currency: fourEyes ? currency ?? currencies[0] ?? "USDT" : "USDT",
    amount,
    reason: "",
  });
  const form = useAdminForm(tx);
  const { errors, setErrors, busy } = form;
  const p = adjust ? "adj" : fourEyes ? "fe" : "res";

  async function send(e: Event) {
    e.preventDefault();
    const needed: Field[] = adjust ? ["userId", "amount", "reason"] : ["amount", "reason"];
    const missing: Record<string, string> = {};
    for (const k of needed) if (!v[k].trim()) missing[k] = tx["validation.required"]!;
    if (!form.check(missing, (k) => `${p}-${k}`)) return;
    const body = adjust
      ? {
        kind,
        userId: v.userId.trim(),
        wallet: v.wallet,
        currency: v.currency,
        amount: v.amount.trim().replace(/^−/, "-"),
        reason: v.reason.trim(),
      }
      : fourEyes
      ? { kind, currency: v.currency, amount: v.amount.trim(), reason: v.reason.trim() }
      : { kind, amount: v.amount.trim(), reason: v.reason.trim() };
    // the form's choices are the document's (wallets, currencies); the server checks them again
    const proposal = body as BodyOf<"/admin/proposals", "post">;
    if (await form.send((c) => c.POST("/admin/proposals", { body: proposal }))) {
      reloadWith("proposed");
    }
  }

  const set = (k: Field, x: string) => {
    const next = { ...v, [k]: x };
    // a wallet holds only some currencies (the contract wallet USDT)
    if (k === "wallet" && !(wallets[x] ?? []).includes(next.currency)) {
      next.currency = wallets[x]?.[0] ?? "USDT";
    }
    setV(next);
    if (errors[k]) setErrors({ ...errors, [k]: "" });
  };
  const field = (k: Field, label: string, input: preact.JSX.Element) => (
    <div class={errors[k] ? "field has-error" : "field"}>
      <label for={`${p}-${k}`}>{label}</label>
      {input}
      {errors[k] && <p class="field-error" id={`${p}-${k}-error`} role="alert">{errors[k]}</p>}
    </div>
  );
  const aria = (k: Field) => ({
    id: `${p}-${k}`,
    "aria-invalid": errors[k] ? true : undefined,
    "aria-describedby": errors[k] ? `${p}-${k}-error` : undefined,
  });
  /** a choice among the document's names (a wallet, a currency) */
  const choose = (k: "wallet" | "currency", label: string, names: readonly string[]) =>
    field(
      k,
      label,
      <select {...aria(k)} value={v[k]} onChange={(e) => set(k, e.currentTarget.value)}>
        {names.map((x) => <option key={x} value={x}>{x}</option>)}
      </select>,
    );
  return (
    <form class="form" onSubmit={send} noValidate data-testid={`propose-${kind}`}>
      {adjust && field(
        "userId",
        tx["admin.customerId"]!,
        <input
          {...aria("userId")}
          inputMode="numeric"
          autoComplete="off"
          value={v.userId}
          onInput={(e) => set("userId", e.currentTarget.value)}
        />,
      )}
      {adjust && (
        <div class="row admin-row-fields">
          {choose("wallet", tx["admin.wallet"]!, walletNames)}
          {choose("currency", tx["admin.currency"]!, wallets[v.wallet] ?? [])}
        </div>
      )}
      {fourEyes && choose("currency", tx["admin.currency"]!, currencies)}
      {field(
        "amount",
        adjust
          ? tx["admin.signedAmount"]!
          : fourEyes
          ? `${tx["admin.fourEyes"]} (${v.currency})`
          : `${tx["admin.amount"]} (USDT)`,
        <input
          {...aria("amount")}
          inputMode="decimal"
          autoComplete="off"
          value={v.amount}
          onInput={(e) => set("amount", e.currentTarget.value)}
        />,
      )}
      {field(
        "reason",
        tx["funds.reason"]!,
        <textarea
          {...aria("reason")}
          rows={2}
          maxLength={200}
          value={v.reason}
          onInput={(e) => set("reason", e.currentTarget.value)}
        />,
      )}
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="propose-submit">
        {tx["admin.propose"]}
      </button>
    </form>
  );
}
