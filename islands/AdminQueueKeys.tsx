import { useEffect } from "preact/hooks";

/** Where typing goes: a key pressed there is text, never a shortcut. */
const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable=false])";

/** The rows of the list as the page shows them now (the live refresh may have swapped them). */
const rows =
  () => [...document.querySelectorAll<HTMLTableRowElement>('[data-testid="queue-table"] tbody tr')];

/** Open the row before or after the selected one (the first row when none is). */
function step(by: 1 | -1) {
  const all = rows();
  if (!all.length) return;
  const at = all.findIndex((r) => r.classList.contains("selected"));
  const to = at < 0 ? 0 : at + by;
  const link = all[to]?.querySelector<HTMLAnchorElement>("td.admin-open a");
  if (link) location.assign(link.href);
}

const click = (testid: string) =>
  document.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]:not([disabled])`)?.click();

/**
 * A review queue's keyboard shortcuts (listed on the page, `queue_tools.tsx` ShortcutList):
 * j / k the next / previous record, p pass, r reject (the reason field takes focus), x select
 * the open record for a bulk pass, / the customer search, ? the list of keys. A key never acts
 * while typing in a field, with a modifier held, or while a dialog is open.
 */
export default function AdminQueueKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const target = e.target as Element | null;
      if (target?.closest?.(TYPING) || document.querySelector("dialog[open]")) return;
      const act: Record<string, () => void> = {
        j: () => step(1),
        k: () => step(-1),
        p: () => click("action-pass"),
        r: () => click("action-reject"),
        x: () => {
          const box = document.querySelector<HTMLInputElement>("tr.selected input[data-bulk]");
          if (box) box.click();
        },
        "/": () => document.getElementById("queue-customer")?.focus(),
        "?": () => {
          const d = document.getElementById("queue-keys") as HTMLDetailsElement | null;
          if (!d) return;
          d.open = !d.open;
          if (d.open) d.querySelector("summary")?.focus();
        },
      };
      const run = act[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return null;
}
