import { useState } from "preact/hooks";
import type { ChannelJson } from "../contract/funds.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import { failureMessage } from "./lib/form.ts";

/** Open or close one recharge channel (the change is audited; the page is rendered again). */
export default function AdminChannelSwitch(
  { channel, tx }: {
    channel: ChannelJson;
    tx: { enable: string; disable: string; networkError: string; timeout: string };
  },
) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      class={channel.enabled ? "btn btn-ghost btn-small" : "btn btn-primary btn-small"}
      disabled={busy}
      data-testid={`channel-${channel.id}`}
      aria-label={`${channel.enabled ? tx.disable : tx.enable}: ${channel.name}`}
      onClick={async () => {
        setBusy(true);
        const body = { ...channel, enabled: !channel.enabled };
        const env = await adminCall((c) => c.PUT("/admin/recharge-channels", { body }));
        if (env.code === 0) return reloadWith("done");
        if (env.code === -99) return toSignIn();
        setBusy(false);
        toast(
          failureMessage(env, { "app.networkError": tx.networkError, "app.timeout": tx.timeout }),
          "error",
        );
      }}
    >
      {channel.enabled ? tx.disable : tx.enable}
    </button>
  );
}
