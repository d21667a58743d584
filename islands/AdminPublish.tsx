import { useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

/** What an operator can publish from the console with one audited request. */
const PUBLISH = {
  /** a signed checkpoint of this moment (the audit page) */
  checkpoint: {
    label: "admin.checkpointNow",
    testid: "checkpoint-now",
    send: () => adminCall((c) => c.POST("/admin/checkpoints")),
  },
  /** a new epoch of the proof of liabilities (the reports page) */
  epoch: {
    label: "admin.polPublish",
    testid: "publish-epoch",
    send: () => adminCall((c) => c.POST("/admin/liabilities/epoch")),
  },
} as const;

export const PUBLISH_TEXTS = [
  "admin.checkpointNow",
  "admin.polPublish",
  "app.networkError",
  "app.timeout",
] as const;

/**
 * A console button that publishes something now (audited by the server), then shows the page
 * again as the server renders it, with what was published on it.
 */
export default function AdminPublish({ what, tx }: { what: keyof typeof PUBLISH; tx: Texts }) {
  const [busy, setBusy] = useState(false);
  const p = PUBLISH[what];
  return (
    <button
      type="button"
      class="btn btn-small"
      disabled={busy}
      data-testid={p.testid}
      onClick={async () => {
        setBusy(true);
        const env = await p.send();
        if (env.code === 0) return reloadWith("done");
        if (env.code === -99) return toSignIn();
        setBusy(false);
        toast(failureMessage(env, tx), "error");
      }}
    >
      {tx[p.label]}
    </button>
  );
}
