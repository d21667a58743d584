import { useEffect, useState } from "preact/hooks";
import { fill, type Texts } from "./lib/fields.tsx";
import { apiHref, pageDocument } from "./lib/api.ts";
import { QUEUE_LIST_SWAPPED } from "./lib/admin.ts";

export const QUEUE_LIVE_TEXTS = ["admin.waitingBadge", "admin.newWork"] as const;

type Counts = Partial<Record<"recharges" | "withdrawals" | "certifications", number>>;
type Work = { queue: string; id: string }[];

/**
 * Put the freshly rendered list in place of the shown one, keeping the rows the operator ticked
 * for a bulk pass ticked, and tell the bulk bar (outside the list, so it stays hydrated).
 */
function swapKeepingTicks(here: Element, fresh: Element) {
  const ticked = new Set(
    [...here.querySelectorAll<HTMLInputElement>("input[data-bulk]:checked")].map((b) => b.value),
  );
  here.innerHTML = fresh.innerHTML;
  const boxes = [...here.querySelectorAll<HTMLInputElement>("input[data-bulk]")];
  for (const b of boxes) b.checked = ticked.has(b.value);
  const all = here.querySelector<HTMLInputElement>("input[data-bulk-all]");
  if (all) all.checked = boxes.length > 0 && boxes.every((b) => b.checked);
  document.dispatchEvent(new Event(QUEUE_LIST_SWAPPED));
}

/** "999+" past the server's bound. */
const shown = (n: number) => n > 999 ? "999+" : String(n);

/**
 * The console's live queue awareness, in the header: the badge with the waiting work of the
 * operator's queues, and the counts on the section tabs (the server's spans, kept current here),
 * from the server-sent events of `/api/admin/queues/live` (new work on any instance, through
 * the event log). On a queue's waiting list (`refresh`), new work of that queue re-reads the
 * list in place (the record open beside it stays as it is) and says so to screen readers.
 */
export default function AdminQueueLive(
  { initial, queue, refresh, tx }: {
    initial: Counts;
    /** the queue this page shows (null: another section) */
    queue: string | null;
    /** whether this page is the queue's waiting list (its first page), kept current */
    refresh: boolean;
    tx: Texts;
  },
) {
  const [counts, setCounts] = useState<Counts>(initial);
  const [news, setNews] = useState("");
  /** whether the stream is open (new work is heard from then on) */
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const es = new EventSource(apiHref("/admin/queues/live"));
    es.onopen = () => setOpen(true);
    es.onerror = () => setOpen(false);
    es.addEventListener("counts", (e) => {
      const c = JSON.parse((e as MessageEvent).data) as Counts;
      setCounts(c);
      for (const [name, n] of Object.entries(c)) {
        for (const el of document.querySelectorAll(`[data-queue-count="${name}"]`)) {
          el.textContent = shown(n ?? 0);
          el.toggleAttribute("hidden", !n);
        }
      }
    });
    es.addEventListener("work", async (e) => {
      const work = JSON.parse((e as MessageEvent).data) as Work;
      if (!refresh || !work.some((w) => w.queue === queue)) return;
      // the list as the server renders it now, swapped in place
      const doc = await pageDocument(location.href);
      const fresh = doc?.querySelector('[data-testid="queue-list"]');
      const here = document.querySelector('[data-testid="queue-list"]');
      if (fresh && here) swapKeepingTicks(here, fresh);
      setNews(fill(tx["admin.newWork"]!, { n: work.length }));
    });
    return () => es.close();
  }, []);

  const total = Object.values(counts).reduce((a, n) => a + (n ?? 0), 0);
  return (
    <>
      <span
        class={total ? "admin-badge" : "admin-badge admin-badge-none"}
        data-testid="queue-badge"
        data-live={open ? "open" : "closed"}
        title={fill(tx["admin.waitingBadge"]!, { n: shown(total) })}
      >
        <span aria-hidden="true">{shown(total)}</span>
        <span class="sr-only">{fill(tx["admin.waitingBadge"]!, { n: shown(total) })}</span>
      </span>
      <span class="sr-only" role="status" aria-live="polite">{news}</span>
    </>
  );
}
