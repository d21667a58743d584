/**
 * The customer's notification preferences: per kind, in the app and by push, on or off (a table
 * of switches, saved together), and the margin ratio the liquidation warning comes at (a choice
 * of the levels the server accepts). Push takes effect once the browser is subscribed (web push).
 */
import { useState } from "preact/hooks";
import {
  CHANNELS,
  NOTIFY_KINDS,
  type NotifyPrefsJson,
  WARN_RATIOS,
} from "../contract/notifications.ts";
import { formatPct, uiLocale } from "../locales/format.ts";
import { api, toast } from "./lib/api.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const PREFS_TEXTS = [
  "notify.kind",
  "notify.inApp",
  "notify.push",
  "notify.save",
  "notify.saved",
  "notify.warnRatio",
  "notify.warnRatioHelp",
  ...NOTIFY_KINDS.map((k) => `notify.kinds.${k}` as const),
  "app.networkError",
  "app.timeout",
] as const;

/** The liquidation warning's level, in its own row under the kind's switches. */
function WarnRatio(
  { tx, ratio, set }: { tx: Texts; ratio: number; set: (ratio: number) => void },
) {
  return (
    <tr class="prefs-sub">
      <td colSpan={1 + CHANNELS.length}>
        <div class="field">
          <label for="warn-ratio">{tx["notify.warnRatio"]}</label>
          <select
            id="warn-ratio"
            name="liquidationWarning.ratio"
            aria-describedby="warn-ratio-help"
            value={String(ratio)}
            onChange={(e) => set(Number(e.currentTarget.value))}
            data-testid="warn-ratio"
          >
            {WARN_RATIOS.map((r) => (
              <option key={r} value={String(r)}>
                {formatPct(BigInt(r) * 1_000_000n, uiLocale(), { sign: false, trim: true })}
              </option>
            ))}
          </select>
          <p id="warn-ratio-help" class="muted small">{tx["notify.warnRatioHelp"]}</p>
        </div>
      </td>
    </tr>
  );
}

export default function NotificationPrefs({ tx, prefs }: { tx: Texts; prefs: NotifyPrefsJson }) {
  const [p, setP] = useState(prefs);
  const [busy, setBusy] = useState(false);

  async function save(e: Event) {
    e.preventDefault();
    setBusy(true);
    const env = await api((c) => c.PUT("/notifications/preferences", { body: p }));
    setBusy(false);
    if (env.code !== 0) return toast(failureMessage(env, tx), "error");
    toast(tx["notify.saved"]!);
  }

  return (
    <form class="card" onSubmit={save} data-testid="notify-prefs">
      <table class="prefs-table">
        <thead>
          <tr>
            <th scope="col">{tx["notify.kind"]}</th>
            {CHANNELS.map((ch) => <th key={ch} scope="col" class="switch">{tx[`notify.${ch}`]}
            </th>)}
          </tr>
        </thead>
        <tbody>
          {NOTIFY_KINDS.map((k) => [
            <tr key={k}>
              <th scope="row">{tx[`notify.kinds.${k}`]}</th>
              {CHANNELS.map((ch) => (
                <td key={ch} class="switch">
                  <input
                    type="checkbox"
                    name={`${k}.${ch}`}
                    aria-label={`${tx[`notify.kinds.${k}`]} · ${tx[`notify.${ch}`]}`}
                    checked={p[k][ch]}
                    onChange={(e) =>
                      setP({ ...p, [k]: { ...p[k], [ch]: e.currentTarget.checked } })}
                  />
                </td>
              ))}
            </tr>,
            k === "liquidationWarning" && (
              <WarnRatio
                key="ratio"
                tx={tx}
                ratio={p.liquidationWarning.ratio}
                set={(ratio) =>
                  setP({ ...p, liquidationWarning: { ...p.liquidationWarning, ratio } })}
              />
            ),
          ])}
        </tbody>
      </table>
      <div class="row">
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="notify-save">
          {tx["notify.save"]}
        </button>
      </div>
    </form>
  );
}
