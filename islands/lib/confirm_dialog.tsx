/**
 * A confirmation as a real dialog (the native modal `<dialog>`): when it opens, focus moves to
 * its Cancel button (the safe choice) and stays inside (the page behind is inert); Escape or
 * Cancel closes it without acting; closing returns focus to the control that opened it. Used
 * for the console's site-wide switches (closing the site, switching withdrawals or a recharge
 * channel off, publishing a pop-up to everyone), each with a preview of what customers see.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function ConfirmDialog(
  { open, id, title, children, confirm, cancel, busy, onConfirm, onClose, danger = true }: {
    open: boolean;
    /** the dialog's id (its title is `${id}-title`) and test id */
    id: string;
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
  /** what had focus when the dialog opened: focus goes back there */
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
      cancelRef.current?.focus();
    } else if (!open && d.open) {
      d.close();
    }
    if (!open && opener.current) {
      const back = opener.current;
      opener.current = null;
      back.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      class="confirm-dialog card"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={id}
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
