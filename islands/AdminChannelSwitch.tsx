import { useState } from "preact/hooks";
import type { ChannelJson } from "../contract/funds.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import { fill } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { ConfirmDialog, CustomerPreview } from "./lib/confirm_dialog.tsx";

/**
 * Open or close one recharge channel (the change is audited; the page is rendered again).
 * Closing asks first, in a dialog that shows what customers will see: the channel gone from
 * the recharge page, or, for the last open channel of its currency, recharges closed.
 */
export default function AdminChannelSwitch(
  { channel, lastOpen, tx }: {
    channel: ChannelJson;
    /** the only open channel of its currency: closing it closes recharges in that currency */
    lastOpen: boolean;
    tx: {
      enable: string;
      disable: string;
      networkError: string;
      timeout: string;
      confirmTitle: string;
      confirmBody: string;
      confirm: string;
      cancel: string;
      preview: string;
      closed: string;
      gone: string;
    };
  },
) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const id = `confirm-channel-${channel.id}`;

  async function send() {
    setBusy(true);
    const body = { ...channel, enabled: !channel.enabled };
    const env = await adminCall((c) => c.PUT("/admin/recharge-channels", { body }));
    if (env.code === 0) return reloadWith("done");
    if (env.code === -99) return toSignIn();
    setBusy(false);
    setConfirming(false);
    toast(
      failureMessage(env, { "app.networkError": tx.networkError, "app.timeout": tx.timeout }),
      "error",
    );
  }

  const names = { name: channel.name, currency: channel.currency };
  return (
    <>
      <button
        type="button"
        class={channel.enabled ? "btn btn-ghost btn-small" : "btn btn-primary btn-small"}
        disabled={busy}
        data-testid={`channel-${channel.id}`}
        aria-label={`${channel.enabled ? tx.disable : tx.enable}: ${channel.name}`}
        onClick={() => channel.enabled ? setConfirming(true) : send()}
      >
        {channel.enabled ? tx.disable : tx.enable}
      </button>
      <ConfirmDialog
        open={confirming}
        id={id}
        title={fill(tx.confirmTitle, names)}
        confirm={tx.confirm}
        cancel={tx.cancel}
        busy={busy}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        <p>{fill(tx.confirmBody, names)}</p>
        <CustomerPreview
          label={tx.preview}
          title={lastOpen ? tx.closed : fill(tx.gone, names)}
        />
      </ConfirmDialog>
    </>
  );
}
