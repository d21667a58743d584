/**
 * A confirmation as a real dialog (the native modal `<dialog>`): when it opens, focus moves to
 * its Cancel button (the safe choice) and stays inside (the page behind is inert); Escape or
 * Cancel closes it without acting; closing returns focus to the control that opened it. Used
 * for the console's site-wide switches (closing the site, switching withdrawals or a recharge
 * channel off, publishing a pop-up to everyone), each with a preview of what customers see, and
 * (through `useModal`) for the customer tickets' confirmations (islands/lib/fields.tsx
 * ConfirmBox), which are mounted only while they ask.
 */
import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** What can take focus back inside a container (the opener is gone: its neighbours). */
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select, [tabindex="0"]';

/** The control that opened a dialog, and its ancestors (if it is gone when focus goes back). */
interface Opener {
  el: HTMLElement;
  around: HTMLElement[];
}

function openerNow(): Opener | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const around: HTMLElement[] = [];
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) around.push(a);
  return { el, around };
}

/**
 * Focus back to the opener once the page has rendered what the choice changed (a ticket drops
 * its confirmation in the same render that re-enables its buttons). An opener that went away
 * (a closed position's Close) hands focus to the nearest control still beside where it was.
 */
function focusBack(o: Opener) {
  setTimeout(() => {
    const el = o.el as HTMLButtonElement;
    if (el.isConnected && !el.disabled) {
      el.focus();
      if (document.activeElement === el) return;
    }
    for (const a of o.around) {
      if (!a.isConnected) continue;
      const next = a.querySelector<HTMLElement>(FOCUSABLE);
      if (next) return next.focus();
    }
  });
}

/**
 * Tab from the dialog's last control goes to its first, Shift+Tab from the first to the last
 * (a modal makes the page inert, but Chromium would let Tab leave for the browser's toolbar).
 */
function trapTab(e: KeyboardEvent) {
  if (e.key !== "Tab") return;
  const d = e.currentTarget as HTMLDialogElement;
  const all = [...d.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent);
  if (all.length === 0) return;
  const [first, last] = [all[0]!, all[all.length - 1]!];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Shows `ref`'s dialog as a modal while `open`: focus moves to `first` (the safe choice), the
 * page behind is inert, Tab cycles inside, and focus returns to what opened it when it closes
 * or unmounts.
 */
export function useModal(
  ref: RefObject<HTMLDialogElement>,
  open: boolean,
  first: RefObject<HTMLElement>,
) {
  /** what had focus when the dialog opened: focus goes back there */
  const opener = useRef<Opener | null>(null);
  useEffect(() => {
    const d = ref.current;
    d?.addEventListener("keydown", trapTab);
    return () => d?.removeEventListener("keydown", trapTab);
  }, []);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = openerNow();
      d.showModal();
      first.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
    if (!open && opener.current) {
      focusBack(opener.current);
      opener.current = null;
    }
  }, [open]);
  // unmounted while open (a ticket's confirmation is mounted only while it asks)
  useEffect(() => () => {
    if (opener.current) focusBack(opener.current);
  }, []);
}

export function ConfirmDialog(
  {
    open,
    id,
    testid = id,
    title,
    children,
    confirm,
    cancel,
    busy,
    onConfirm,
    onClose,
    danger = true,
  }: {
    open: boolean;
    /** the dialog's id (its title is `${id}-title`, its buttons' test ids `${id}-confirm|cancel`) */
    id: string;
    /** the dialog's own test id (default: its id) */
    testid?: string;
    title: string;
    /** what the change does, and the preview of what customers will see */
    children: ComponentChildren;
    confirm: string;
    cancel: string;
    busy?: boolean;
    onConfirm: () => void;
    /** cancelled (Escape, Cancel) */
    onClose: () => void;
    danger?: boolean;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useModal(ref, open, cancelRef);

  return (
    <dialog
      ref={ref}
      class="confirm-dialog card"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={testid}
      onCancel={(e) => {
        // Escape: closed by us (the state says so), focus returned by the effect
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div class="confirm-dialog-body">{children}</div>
      <div class="row confirm-dialog-actions">
        <button
          ref={cancelRef}
          type="button"
          class="btn btn-ghost"
          disabled={busy}
          onClick={onClose}
          data-testid={`${id}-cancel`}
        >
          {cancel}
        </button>
        <button
          type="button"
          class={danger ? "btn btn-danger" : "btn btn-primary"}
          disabled={busy}
          onClick={onConfirm}
          data-testid={`${id}-confirm`}
        >
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

/** The preview of a customer-facing screen inside a confirmation (a framed miniature). */
export function CustomerPreview(
  { label, title, body }: { label: string; title: string; body?: ComponentChildren },
) {
  return (
    <figure class="confirm-preview" data-testid="confirm-preview">
      <figcaption class="muted small">{label}</figcaption>
      <div class="confirm-preview-screen">
        <strong>{title}</strong>
        {body && <div class="small">{body}</div>}
      </div>
    </figure>
  );
}
