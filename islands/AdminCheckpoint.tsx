import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const CHECKPOINT_TEXTS = ["admin.checkpointNow", "app.networkError", "app.timeout"] as const;

/**
 * "Checkpoint now" on the audit page: a signed checkpoint of this moment (audited), then the page
 * again as the server renders it, with the new checkpoint on top.
 */
export default function AdminCheckpoint({ tx }: { tx: Texts }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      class="btn btn-small"
      disabled={busy}
      data-testid="checkpoint-now"
      onClick={async () => {
        setBusy(true);
        const env = await adminCall((c) => c.POST("/admin/checkpoints"));
        if (env.code === 0) return reloadWith("done");
        if (env.code === -99) return toSignIn();
        setBusy(false);
        toast(failureMessage(env, tx), "error");
      }}
    >
      {tx["admin.checkpointNow"]}
    </button>
  );
}
