import type { RefObject } from "preact";
import { useRef, useState } from "preact/hooks";
import { type Envelope, toast } from "./lib/api.ts";
import { adminCall, advanceTo, reloadWith, toSignIn } from "./lib/admin.ts";
import { useModal } from "./lib/confirm_dialog.tsx";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { payoutReferenceProblem, type PayoutTo } from "../contract/payout.ts";

export const DECISION_TEXTS = [
  "admin.pass",
  "admin.reject",
  "admin.complete",
  "admin.freeze",
  "admin.thaw",
  "admin.reason",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
  "validation.reasonRequired",
  "admin.txHash",
  "admin.txHashHint",
  "admin.bankReference",
  "admin.bankReferenceHint",
  "validation.referenceRequired",
  "validation.txHashEvm",
  "validation.txHashHex",
  "validation.bankReferenceInvalid",
] as const;

type Mode =
  | { kind: "confirm"; action: string }
  | { kind: "reason"; action: string }
  | { kind: "reference"; action: string }
  | null;

/**
 * The decisions a record allows (the server's list, sent with the record): a button each, then
 * a confirmation naming the record, a reason for the actions that need one, or the payout
 * reference of a withdrawal's "Mark paid" (its transaction hash or bank reference, checked as
 * the server checks it for where the payout goes). One click, one request. Afterwards the page
 * is rendered again by the server with a notice.
 *
 * Each step is a modal dialog (`useModal`, issue 31): focus moves in, Tab stays inside, Escape
 * or Cancel closes it and focus returns to the decision's button. A plain confirmation focuses
 * Confirm, not Cancel as the site-wide switches do: a queue is worked from the keyboard ("p"
 * then Enter passes, AdminQueueKeys) and a decision names one record, not every customer. A
 * refusal other than a field's closes the step so its message is not behind the backdrop.
 */
export default function AdminDecision(
  { queue, id, actions, needsReason, reference, summary, tx, fieldId = "reject-reason", next }: {
    queue: "recharges" | "withdrawals" | "certifications" | "customers" | "proposals";
    id: string;
    actions: string[];
    needsReason: string[];
    /** the action that records a payout reference, and where the payout goes */
    reference?: { action: string; to: PayoutTo };
    summary: string;
    tx: Texts;
    /** the reason's field id (several decisions on one page each need their own) */
    fieldId?: string;
    /** a review queue's next record (auto-advance): where the page goes after a decision */
    next?: string | null;
  },
) {
  const [mode, setMode] = useState<Mode>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState("");
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const reasonRef = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // what the open step focuses first: Confirm, or the reason / reference field
  const firstRef = useRef<HTMLElement>(null);
  useModal(dialogRef, mode !== null, firstRef);

  async function decide(action: string, body?: { reason: string } | { reference: string }) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    // the actions are the ones the server offered for this record (its own names)
    const reason = body ?? {};
    const path = { id, action: action as "reject" };
    const sent = queue === "customers" && action.startsWith("professional")
      // the professional-client flag is a four-eyes proposal like any other (its own kind)
      ? adminCall((c) =>
        c.POST("/admin/proposals", {
          body: {
            kind: "customer.professional",
            userId: id,
            professional: action === "professional",
            reason: (body as { reason?: string } | undefined)?.reason ?? "",
          },
        })
      )
      : queue === "customers"
      ? adminCall((c) =>
        c.POST(`/admin/customers/{userId}/${action as "lock"}`, {
          params: { path: { userId: id } },
          body: reason as { reason: string },
        })
      )
      : queue === "proposals"
      ? adminCall((c) =>
        c.POST(`/admin/proposals/{id}/${action as "reject"}`, {
          params: { path },
          body: reason as { reason: string },
        })
      )
      : adminCall((c) =>
        c.POST(`/admin/${queue}/{id}/{action}`, { params: { path }, body: reason })
      );
    const env = await sent as Envelope<Record<string, unknown> & { pendingPass?: unknown }>;
    // a large withdrawal's pass is not made yet: it became a proposal for a second operator
    if (env.code === 0) {
      // (so did an erasure or a professional flag: the reply is the pending proposal)
      const flash = env.data.pendingPass || env.data.status === "pending" ? "proposed" : "done";
      return next ? advanceTo(next, flash) : reloadWith(flash);
    }
    if (env.code === -99) return toSignIn();
    if (env.data.error === "ALREADY_DECIDED" || env.data.error === "NOT_FOUND") {
      // Another operator was first: the record and the queue as they are now.
      return reloadWith(env.data.error);
    }
    inFlight.current = false;
    setBusy(false);
    const fieldError = env.data.fields?.reason ?? env.data.fields?.reference;
    // a field's refusal is said beside it; any other closes the step (its toast is in view)
    if (fieldError) setReasonError(fieldError);
    else setMode(null);
    toast(failureMessage(env, tx), "error");
  }

  function submitReason(e: Event) {
    e.preventDefault();
    if (mode?.kind !== "reason" && mode?.kind !== "reference") return;
    const r = reason.trim();
    const problem = mode.kind === "reference"
      ? payoutReferenceProblem(reference!.to, r)
      : r
      ? null
      : "reasonRequired";
    if (problem) {
      setReasonError(tx[`validation.${problem}`]!);
      reasonRef.current?.focus();
      return;
    }
    setReasonError("");
    decide(mode.action, mode.kind === "reference" ? { reference: r } : { reason: r });
  }

  // a reference is one line: its label and format hint say which (hash or bank reference)
  const crypto = reference?.to.kind === "crypto";
  const fieldLabel = mode?.kind === "reference"
    ? tx[crypto ? "admin.txHash" : "admin.bankReference"]
    : tx[`admin.${mode?.action}Reason`] ?? tx["admin.reason"];
  const fieldHint = mode?.kind === "reference"
    ? tx[crypto ? "admin.txHashHint" : "admin.bankReferenceHint"]
    : null;
  const described = [fieldHint && `${fieldId}-hint`, reasonError && `${fieldId}-error`]
    .filter(Boolean).join(" ");

  const cancel = (
    <button
      type="button"
      class="btn btn-ghost"
      disabled={busy}
      onClick={() => setMode(null)}
    >
      {tx["app.cancel"]}
    </button>
  );
  // the step's heading names the decision; the record's summary follows it
  const titleId = `${fieldId}-confirm`;
  const heading = mode && (
    <>
      <h2 id={titleId}>{tx[`admin.${mode.action}`] ?? mode.action}</h2>
      <p>{summary}</p>
    </>
  );
  return (
    <div class="admin-actions" data-testid="decisions">
      <div class="row">
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            class={a === "reject" || a === "erase"
              ? "btn btn-danger"
              : a === "pass" || a === "complete" || a === "approve"
              ? "btn btn-primary"
              : "btn btn-ghost"}
            disabled={busy}
            aria-haspopup="dialog"
            data-testid={`action-${a}`}
            onClick={() => {
              setReasonError("");
              setReason("");
              setMode({
                kind: needsReason.includes(a)
                  ? "reason"
                  : reference?.action === a
                  ? "reference"
                  : "confirm",
                action: a,
              });
            }}
          >
            {tx[`admin.${a}`] ?? a}
          </button>
        ))}
      </div>
      <dialog
        ref={dialogRef}
        class="confirm-dialog card"
        aria-labelledby={mode ? titleId : undefined}
        data-testid="decision-dialog"
        onCancel={(e) => {
          // Escape: closed through the state, focus returned to the button by useModal
          e.preventDefault();
          if (!busy) setMode(null);
        }}
      >
        {mode?.kind === "confirm" && (
          <>
            {heading}
            <div class="row confirm-dialog-actions">
              {cancel}
              <button
                type="button"
                class="btn btn-primary"
                disabled={busy}
                data-testid="confirm-action"
                onClick={() => decide(mode.action)}
                ref={firstRef as RefObject<HTMLButtonElement>}
              >
                {tx["app.confirm"]}
              </button>
            </div>
          </>
        )}
        {(mode?.kind === "reason" || mode?.kind === "reference") && (
          <form
            class="form"
            onSubmit={submitReason}
            noValidate
            data-testid={mode.kind === "reference" ? "reference-form" : "reject-form"}
          >
            {heading}
            <div class={reasonError ? "field has-error" : "field"}>
              <label for={fieldId}>{fieldLabel}</label>
              {fieldHint && <p class="muted small" id={`${fieldId}-hint`}>{fieldHint}</p>}
              {mode.kind === "reference"
                ? (
                  <input
                    id={fieldId}
                    ref={(el) => {
                      reasonRef.current = el as HTMLTextAreaElement & HTMLInputElement;
                      firstRef.current = el;
                    }}
                    type="text"
                    class="mono"
                    maxLength={200}
                    required
                    value={reason}
                    spellcheck={false}
                    autocomplete="off"
                    data-testid="payout-reference"
                    onInput={(e) => {
                      setReason(e.currentTarget.value);
                      if (reasonError) setReasonError("");
                    }}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={described || undefined}
                  />
                )
                : (
                  <textarea
                    id={fieldId}
                    ref={(el) => {
                      reasonRef.current = el as HTMLTextAreaElement & HTMLInputElement;
                      firstRef.current = el;
                    }}
                    rows={3}
                    maxLength={200}
                    required
                    value={reason}
                    onInput={(e) => {
                      setReason(e.currentTarget.value);
                      if (reasonError) {
                        setReasonError("");
                      }
                    }}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={described || undefined}
                  />
                )}
              {reasonError && (
                <p class="field-error" id={`${fieldId}-error`} role="alert">{reasonError}</p>
              )}
            </div>
            <div class="row confirm-dialog-actions">
              {cancel}
              <button
                type="submit"
                class={mode.kind === "reference" ? "btn btn-primary" : "btn btn-danger"}
                disabled={busy}
                data-testid={mode.kind === "reference" ? "confirm-reference" : "confirm-reject"}
              >
                {tx[`admin.${mode.action}`]}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </div>
  );
}
