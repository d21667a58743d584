import { useEffect, useRef, useState } from "preact/hooks";
import { toast } from "./lib/api.ts";
import { adminCall, QUEUE_LIST_SWAPPED, toSignIn } from "./lib/admin.ts";
import { ConfirmDialog } from "./lib/confirm_dialog.tsx";
import { fill, type Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

export const BULK_TEXTS = [
  "queues.passSelected",
  "queues.bulkTitle",
  "queues.bulkBody",
  "queues.bulkNone",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

/** The boxes of the list as the page shows them now (the live refresh may have swapped them). */
const boxes = () => [...document.querySelectorAll<HTMLInputElement>("input[data-bulk]")];

/**
 * The bulk pass of a queue's list: the rows' checkboxes (rendered by the server on the records
 * the tenant's setting allows) and the header's "all", "Pass selected (n)", then a confirmation
 * dialog naming each record. The server decides and audits each record on its own; the page is
 * then rendered again with how many passed and how many were left as they were.
 */
export default function AdminQueueBulk(
  { queue, limits, shown, tx }: {
    queue: "recharges" | "certifications";
    limits: string;
    /** whether the list has records (the live refresh may bring the first ones) */
    shown: boolean;
    tx: Texts;
  },
) {
  const [count, setCount] = useState(0);
  const [rows, setRows] = useState(shown);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = useRef<{ id: string; summary: string }[]>([]);

  useEffect(() => {
    const onChange = (e: Event) => {
      const el = e.target as HTMLInputElement;
      if (el.matches?.("input[data-bulk-all]")) { for (const b of boxes()) b.checked = el.checked; }
      if (el.matches?.("input[data-bulk], input[data-bulk-all]")) {
        setCount(boxes().filter((b) => b.checked).length);
      }
    };
    // the live refresh read the list again (AdminQueueLive): the ticks it kept, its records
    const onSwap = () => {
      setCount(boxes().filter((b) => b.checked).length);
      setRows(!!document.querySelector('[data-testid="queue-table"]'));
    };
    document.addEventListener("change", onChange);
    document.addEventListener(QUEUE_LIST_SWAPPED, onSwap);
    setCount(boxes().filter((b) => b.checked).length);
    return () => {
      document.removeEventListener("change", onChange);
      document.removeEventListener(QUEUE_LIST_SWAPPED, onSwap);
    };
  }, []);

  function ask() {
    chosen.current = boxes().filter((b) => b.checked).map((b) => ({
      id: b.value,
      summary: b.dataset.summary ?? b.value,
    }));
    if (!chosen.current.length) return toast(tx["queues.bulkNone"]!, "error");
    setOpen(true);
  }

  async function pass() {
    setBusy(true);
    const env = await adminCall((c) =>
      c.POST(`/admin/${queue}/bulk-pass`, { body: { ids: chosen.current.map((x) => x.id) } })
    );
    if (env.code === 0) {
      const u = new URL(location.href);
      u.searchParams.set("flash", "bulk");
      u.searchParams.set("passed", String(env.data.passed));
      u.searchParams.set("refused", String(env.data.items.length - env.data.passed));
      u.searchParams.delete("id");
      u.hash = "";
      return location.replace(u.href);
    }
    if (env.code === -99) return toSignIn();
    setBusy(false);
    setOpen(false);
    toast(failureMessage(env, tx), "error");
  }

  const n = chosen.current.length;
  return (
    <div class="admin-bulk row" hidden={!rows}>
      <button
        type="button"
        class="btn btn-primary btn-small"
        onClick={ask}
        data-testid="bulk-pass"
      >
        {fill(tx["queues.passSelected"]!, { n: count })}
      </button>
      <span class="muted small">{limits}</span>
      <ConfirmDialog
        open={open}
        id="bulk-confirm"
        title={fill(tx["queues.bulkTitle"]!, { n })}
        confirm={tx["app.confirm"]!}
        cancel={tx["app.cancel"]!}
        busy={busy}
        danger={false}
        onConfirm={pass}
        onClose={() => setOpen(false)}
      >
        <p>{tx["queues.bulkBody"]}</p>
        <ul class="admin-bulk-list" data-testid="bulk-list">
          {chosen.current.map((x) => <li key={x.id}>{x.summary}</li>)}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
