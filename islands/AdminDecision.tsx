import { useEffect, useRef, useState } from "preact/hooks";
import { type Envelope, toast } from "./lib/api.ts";
import { adminCall, advanceTo, reloadWith, toSignIn } from "./lib/admin.ts";
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
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The step that opens takes focus (keyboard users continue where they clicked).
  useEffect(() => {
    if (mode?.kind === "reason" || mode?.kind === "reference") reasonRef.current?.focus();
    if (mode?.kind === "confirm") confirmRef.current?.focus();
  }, [mode]);

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
    if (fieldError) setReasonError(fieldError);
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
  return (
    <div class="admin-actions" data-testid="decisions">
      {mode === null && (
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
      )}
      {mode?.kind === "confirm" && (
        <div class="confirm" role="group" aria-labelledby={`${fieldId}-confirm`}>
          <p id={`${fieldId}-confirm`}>
            <strong>{tx[`admin.${mode.action}`]}</strong>
            {` · ${summary}`}
          </p>
          <div class="row">
            <button
              type="button"
              class="btn btn-primary"
              disabled={busy}
              data-testid="confirm-action"
              onClick={() =>
                decide(mode.action)}
              ref={confirmRef}
            >
              {tx["app.confirm"]}
            </button>
            {cancel}
          </div>
        </div>
      )}
      {(mode?.kind === "reason" || mode?.kind === "reference") && (
        <form
          class="form confirm"
          onSubmit={submitReason}
          noValidate
          data-testid={mode.kind === "reference" ? "reference-form" : "reject-form"}
        >
          <p>
            <strong>{tx[`admin.${mode.action}`]}</strong>
            {` · ${summary}`}
          </p>
          <div class={reasonError ? "field has-error" : "field"}>
            <label for={fieldId}>{fieldLabel}</label>
            {fieldHint && <p class="muted small" id={`${fieldId}-hint`}>{fieldHint}</p>}
            {mode.kind === "reference"
              ? (
                <input
                  id={fieldId}
                  ref={reasonRef}
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
                  ref={reasonRef}
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
          <div class="row">
            <button
              type="submit"
              class={mode.kind === "reference" ? "btn btn-primary" : "btn btn-danger"}
              disabled={busy}
              data-testid={mode.kind === "reference" ? "confirm-reference" : "confirm-reject"}
            >
              {tx[`admin.${mode.action}`]}
            </button>
            {cancel}
          </div>
        </form>
      )}
    </div>
  );
}
