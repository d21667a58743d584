import { useState } from "preact/hooks";
import type { WithdrawSettingsJson } from "../contract/operators.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { ConfirmDialog, CustomerPreview } from "./lib/confirm_dialog.tsx";

export const SETTINGS_TEXTS = [
  "admin.withdrawOpen",
  "admin.turnoverRatio",
  "admin.min",
  "admin.max",
  "admin.feeRate",
  "admin.minFee",
  "admin.fourEyes",
  "admin.save",
  "admin.fourEyesPropose",
  "admin.confirmWithdrawOffTitle",
  "admin.confirmWithdrawOffBody",
  "admin.confirmSwitchOff",
  "admin.previewCustomers",
  "errors.WITHDRAW_CLOSED",
  "app.cancel",
  "funds.currency",
  "app.networkError",
  "app.timeout",
] as const;

type Cur = keyof WithdrawSettingsJson["rules"];
const RULE_KEYS = [
  "min",
  "max",
  "feeRate",
  "minFee",
  "fourEyes",
] as const satisfies readonly (keyof WithdrawSettingsJson["rules"][Cur])[];

/**
 * The withdrawal rules form: open or closed, the turnover ratio, and min / max / fee rate /
 * minimum fee per currency, as decimal strings. The server checks them (field messages shown
 * beside the inputs) and audits the change; then the page is rendered again.
 */
export default function AdminSettings(
  { initial, tx }: { initial: WithdrawSettingsJson; tx: Texts },
) {
  const [s, setS] = useState<WithdrawSettingsJson>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** a refused threshold raise: the proposal form, filled with it, is one link away */
  const [raise, setRaise] = useState<{ currency: Cur; amount: string } | null>(null);

  /** switching withdrawals off for every customer waits for a confirmation */
  const [confirming, setConfirming] = useState(false);

  function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    if (initial.enabled && !s.enabled) setConfirming(true);
    else send();
  }

  async function send() {
    if (busy) return;
    setBusy(true);
    const env = await adminCall((c) => c.PUT("/admin/withdraw-settings", { body: s }));
    if (env.code === 0) return reloadWith("done");
    if (env.code === -99) return toSignIn();
    setBusy(false);
    setConfirming(false);
    setErrors(env.data.fields ?? {});
    const raised = currencies.find((c) =>
      Number(s.rules[c].fourEyes) > Number(initial.rules[c].fourEyes)
    );
    setRaise(
      env.data.error === "FOUR_EYES_REQUIRED" && raised
        ? { currency: raised, amount: s.rules[raised].fourEyes }
        : null,
    );
    toast(failureMessage(env, tx), "error");
  }

  // the currencies are the server's (one rule each), in its order
  const currencies = Object.keys(initial.rules) as Cur[];
  const rule = (c: Cur, k: typeof RULE_KEYS[number], v: string) =>
    setS({ ...s, rules: { ...s.rules, [c]: { ...s.rules[c], [k]: v.trim() } } });

  return (
    <form class="form admin-settings" onSubmit={submit} noValidate data-testid="withdraw-settings">
      <label class="admin-check">
        <input
          type="checkbox"
          name="enabled"
          checked={s.enabled}
          onChange={(e) =>
            setS({ ...s, enabled: e.currentTarget.checked })}
        />
        {tx["admin.withdrawOpen"]}
      </label>
      <div class={errors.turnoverRatio ? "field has-error" : "field"}>
        <label for="turnoverRatio">{tx["admin.turnoverRatio"]}</label>
        <input
          id="turnoverRatio"
          inputMode="decimal"
          value={s.turnoverRatio}
          onInput={(e) =>
            setS({ ...s, turnoverRatio: e.currentTarget.value.trim() })}
          aria-invalid={errors.turnoverRatio ? true : undefined}
          aria-describedby={errors.turnoverRatio ? "turnoverRatio-error" : undefined}
        />
        {errors.turnoverRatio && (
          <p class="field-error" id="turnoverRatio-error">{errors.turnoverRatio}</p>
        )}
      </div>
      <div class="table-wrap">
        <table class="table admin-table admin-rules">
          <thead>
            <tr>
              <th scope="col">{tx["funds.currency"]}</th>
              {RULE_KEYS.map((k) => <th key={k} scope="col">{tx[`admin.${k}`]}</th>)}
            </tr>
          </thead>
          <tbody>
            {currencies.map((c) => (
              <tr key={c} data-currency={c}>
                <th scope="row">{c}</th>
                {RULE_KEYS.map((k) => {
                  const id = `rules.${c}.${k}`;
                  return (
                    <td key={k} data-label={tx[`admin.${k}`]}>
                      <input
                        id={id}
                        name={id}
                        inputMode="decimal"
                        aria-label={`${c} ${tx[`admin.${k}`]}`}
                        value={s.rules[c][k]}
                        onInput={(e) => rule(c, k, e.currentTarget.value)}
                        aria-invalid={errors[id] ? true : undefined}
                        aria-describedby={errors[id] ? `${id}-error` : undefined}
                      />
                      {errors[id] && <p class="field-error" id={`${id}-error`}>{errors[id]}</p>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {raise && (
        <p class="admin-alert" role="alert" data-testid="four-eyes-propose">
          <a
            href={`/admin/proposals?raise=${raise.currency}&amount=${
              encodeURIComponent(raise.amount)
            }#propose-four-eyes`}
          >
            {fill(tx["admin.fourEyesPropose"]!, raise)}
          </a>
        </p>
      )}
      <div class="row">
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="save-settings">
          {tx["admin.save"]}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        id="confirm-withdraw-off"
        title={tx["admin.confirmWithdrawOffTitle"]!}
        confirm={tx["admin.confirmSwitchOff"]!}
        cancel={tx["app.cancel"]!}
        busy={busy}
        onConfirm={send}
        onClose={() =>
          setConfirming(false)}
      >
        <p>{tx["admin.confirmWithdrawOffBody"]}</p>
        <CustomerPreview
          label={tx["admin.previewCustomers"]!}
          title={tx["errors.WITHDRAW_CLOSED"]!}
        />
      </ConfirmDialog>
    </form>
  );
}
