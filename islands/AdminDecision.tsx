import { useEffect, useRef, useState } from "preact/hooks";
import { type Envelope, toast } from "./lib/api.ts";
import { adminCall, advanceTo, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";

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
] as const;

type Mode = { kind: "confirm"; action: string } | { kind: "reason"; action: string } | null;

/**
 * The decisions a record allows (the server's list, sent with the record): a button each, then
 * a confirmation naming the record, or a reason for the actions that need one. One click, one
 * request. Afterwards the page is rendered again by the server with a notice.
 */
export default function AdminDecision(
  { queue, id, actions, needsReason, summary, tx, fieldId = "reject-reason", next }: {
    queue: "recharges" | "withdrawals" | "certifications" | "customers" | "proposals";
    id: string;
    actions: string[];
    needsReason: string[];
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
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The step that opens takes focus (keyboard users continue where they clicked).
  useEffect(() => {
    if (mode?.kind === "reason") reasonRef.current?.focus();
    if (mode?.kind === "confirm") confirmRef.current?.focus();
  }, [mode]);

  async function decide(action: string, body?: { reason: string }) {
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
            reason: body?.reason ?? "",
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
    if (env.data.fields?.reason) setReasonError(env.data.fields.reason);
    toast(failureMessage(env, tx), "error");
  }

  function submitReason(e: Event) {
    e.preventDefault();
    if (mode?.kind !== "reason") return;
    const r = reason.trim();
    if (!r) {
      setReasonError(tx["validation.reasonRequired"]!);
      reasonRef.current?.focus();
      return;
    }
    setReasonError("");
    decide(mode.action, { reason: r });
  }

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
                setMode({ kind: needsReason.includes(a) ? "reason" : "confirm", action: a });
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
      {mode?.kind === "reason" && (
        <form class="form confirm" onSubmit={submitReason} noValidate data-testid="reject-form">
          <p>
            <strong>{tx[`admin.${mode.action}`]}</strong>
            {` · ${summary}`}
          </p>
          <div class={reasonError ? "field has-error" : "field"}>
            <label for={fieldId}>{tx[`admin.${mode.action}Reason`] ?? tx["admin.reason"]}</label>
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
              aria-describedby={reasonError ? `${fieldId}-error` : undefined}
            />
            {reasonError && (
              <p class="field-error" id={`${fieldId}-error`} role="alert">{reasonError}</p>
            )}
          </div>
          <div class="row">
            <button
              type="submit"
              class="btn btn-danger"
              disabled={busy}
              data-testid="confirm-reject"
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
