import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const REVOKE_TEXTS = ["admin.revoke", "app.networkError", "app.timeout"] as const;

/**
 * End one operator session (the operator's own, or an admin ending anyone's). Ending the
 * session this page runs in goes back to sign-in.
 */
export default function AdminRevoke(
  { tx, username, id, current, label }: {
    tx: Texts;
    username: string;
    id: string;
    current: boolean;
    /** the accessible name: which session this button ends */
    label: string;
  },
) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      class="btn btn-ghost btn-small"
      disabled={busy}
      aria-label={label}
      data-testid={`revoke-${id}`}
      onClick={async () => {
        setBusy(true);
        const path = { username, id };
        const env = await adminCall((c) =>
          c.POST("/admin/operators/{username}/sessions/{id}/revoke", { params: { path } })
        );
        if (env.code === 0) return current ? location.replace("/admin") : reloadWith("done");
        if (env.code === -99) return toSignIn();
        setBusy(false);
        toast(failureMessage(env, tx), "error");
      }}
    >
      {tx["admin.revoke"]}
    </button>
  );
}
