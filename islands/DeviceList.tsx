import { useState } from "preact/hooks";
import { api, clearSession, loginPath, toast } from "./lib/api.ts";
import type { DeviceSession } from "../contract/customers.ts";
import { ConfirmBox, fill, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const DEVICE_TEXTS = [
  "twofa.thisDevice",
  "twofa.unknownDevice",
  "twofa.signedInAt",
  "twofa.lastSeen",
  "twofa.signOut",
  "twofa.signOutConfirm",
  "twofa.signedOut",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

/** One signed-in device (`/api/user/sessions`), with its times already formatted by the server. */
export type DeviceRow = Omit<DeviceSession, "createdAt" | "lastSeenAt"> & {
  signedIn: string;
  lastSeen: string;
};

/** The customer's signed-in devices; any of them can be signed out (after a confirmation). */
export default function DeviceList({ tx, items }: { tx: Texts; items: DeviceRow[] }) {
  const [rows, setRows] = useState(items);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signOut(row: DeviceRow) {
    setBusy(true);
    const env = await api((c) =>
      c.DELETE("/user/sessions/{id}", { params: { path: { id: row.id } } })
    );
    setBusy(false);
    setAsking(null);
    if (env.code !== 0) return toast(failureMessage(env, tx), "error");
    toast(tx["twofa.signedOut"]!);
    if (row.current) {
      clearSession();
      location.href = loginPath();
      return;
    }
    setRows(rows.filter((r) => r.id !== row.id));
  }

  return (
    <ul class="list devices" data-testid="device-list">
      {rows.map((r) => (
        <li key={r.id} class="device-row" data-testid="device-row" data-current={r.current}>
          <div class="grow">
            <div>
              <strong>{r.device ?? tx["twofa.unknownDevice"]}</strong>
              {r.current && <span class="badge">{tx["twofa.thisDevice"]}</span>}
            </div>
            <div class="muted small">{r.ip ?? "—"}</div>
            <div class="muted small">{fill(tx["twofa.signedInAt"]!, { time: r.signedIn })}</div>
            {!r.current && (
              <div class="muted small">{fill(tx["twofa.lastSeen"]!, { time: r.lastSeen })}</div>
            )}
            {asking === r.id && (
              <ConfirmBox
                tx={tx}
                busy={busy}
                testid="device-confirm"
                text={tx["twofa.signOutConfirm"]!}
                onConfirm={() => signOut(r)}
                onCancel={() =>
                  setAsking(null)}
              />
            )}
          </div>
          <button
            type="button"
            class="btn btn-ghost btn-small"
            onClick={() =>
              setAsking(r.id)}
            data-testid="device-signout"
          >
            {tx["twofa.signOut"]}
          </button>
        </li>
      ))}
    </ul>
  );
}
