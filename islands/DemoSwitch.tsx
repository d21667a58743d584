import { useRef, useState } from "preact/hooks";
import { api, type Call, type CallResult, toast } from "./lib/api.ts";
import { fill, type Texts } from "./lib/fields.tsx";
import { useModal } from "./lib/confirm_dialog.tsx";

export const DEMO_SWITCH_TEXTS = [
  "app.demoBadge",
  "app.cancel",
  "nav.register",
  "demo.accountLabel",
  "demo.live",
  "demo.demo",
  "demo.bannerText",
  "demo.backToLive",
  "demo.reset",
  "demo.resetConfirm",
  "demo.resetYes",
  "demo.resetDone",
  "demo.started",
  "demo.backDone",
  "demo.startVisitor",
  "demo.startCustomer",
  "app.networkError",
  "app.timeout",
] as const;

/**
 * - `switch`: the live/demo switch of a signed-in session (visitors in demo: "Register").
 * - `banner`: the DEMO mark on every demo page, with reset and the way back (or register).
 * - `start`: the /demo page's button (visitor: a demo account of its own; customer: switch).
 * - `status`: the /demo page's actions in demo (reset, back to live or register).
 * - `leave`: the way back from a live-only screen (back to live, or register).
 */
export type DemoSwitchVariant = "switch" | "banner" | "start" | "status" | "leave";

export default function DemoSwitch(
  { tx, variant, book, visitor, layout, startBalance }: {
    tx: Texts;
    variant: DemoSwitchVariant;
    book: "live" | "demo" | null;
    visitor: boolean;
    layout: "wp" | "pc";
    /** the balance a reset restores, formatted (e.g. "10,000") */
    startBalance: string;
  },
) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // the reset asks in a modal dialog: focus on Cancel, Escape cancels, focus back to Reset
  const dialog = useRef<HTMLDialogElement>(null);
  const no = useRef<HTMLButtonElement>(null);
  useModal(dialog, confirming, no);
  const home = layout === "pc" ? "/pc/home" : "/wp/home";
  const register = layout === "pc" ? "/pc/user/register" : "/wp/user/register";

  async function call(what: Call<CallResult>, done: string, then: () => void) {
    setBusy(true);
    const env = await api(what);
    setBusy(false);
    if (env.code !== 0) {
      toast(env.message === "network" ? tx["app.networkError"]! : env.message, "error");
      return;
    }
    toast(done);
    then();
  }
  const toDemo = (then: () => void) =>
    call((c) => c.POST("/demo/session", { body: {} }), tx["demo.started"]!, then);
  const toLive = () =>
    call((c) => c.DELETE("/demo/session"), tx["demo.backDone"]!, () => location.reload());
  const reset = () =>
    call(
      (c) => c.POST("/demo/reset", { body: {} }),
      tx["demo.resetDone"]!,
      () => location.reload(),
    );

  const back = visitor
    ? (
      <a class="btn btn-small btn-primary" href={register} data-testid="demo-register">
        {tx["nav.register"]}
      </a>
    )
    : (
      <button
        type="button"
        class="btn btn-small"
        disabled={busy}
        onClick={toLive}
        data-testid="demo-back-live"
      >
        {tx["demo.backToLive"]}
      </button>
    );

  const resetButton = (
    <button
      type="button"
      class="btn btn-small btn-ghost"
      disabled={busy}
      aria-expanded={confirming}
      onClick={() => setConfirming(true)}
      data-testid="demo-reset"
    >
      {tx["demo.reset"]}
    </button>
  );
  const confirmBox = (
    <dialog
      ref={dialog}
      class="confirm confirm-box demo-confirm"
      aria-labelledby="demo-reset-text"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) setConfirming(false);
      }}
    >
      <p id="demo-reset-text">{fill(tx["demo.resetConfirm"]!, { amount: startBalance })}</p>
      <div class="row">
        <button
          type="button"
          class="btn btn-small btn-danger"
          disabled={busy}
          onClick={reset}
          data-testid="demo-reset-confirm"
        >
          {tx["demo.resetYes"]}
        </button>
        <button
          ref={no}
          type="button"
          class="btn btn-small btn-ghost"
          onClick={() => setConfirming(false)}
        >
          {tx["app.cancel"]}
        </button>
      </div>
    </dialog>
  );

  if (variant === "switch") {
    if (book === "demo" && visitor) {
      return (
        <div class="demo-switch" data-testid="demo-switch">
          <span class="demo-mark">{tx["app.demoBadge"]}</span>
          {back}
        </div>
      );
    }
    return (
      <div
        class="demo-switch seg-switch"
        role="group"
        aria-label={tx["demo.accountLabel"]}
        data-testid="demo-switch"
      >
        <button
          type="button"
          class={book === "live" ? "on" : undefined}
          aria-pressed={book === "live"}
          disabled={busy}
          onClick={() => book === "demo" && toLive()}
          data-testid="switch-live"
        >
          {tx["demo.live"]}
        </button>
        <button
          type="button"
          class={book === "demo" ? "on demo" : undefined}
          aria-pressed={book === "demo"}
          disabled={busy}
          onClick={() => book === "live" && toDemo(() => location.reload())}
          data-testid="switch-demo"
        >
          {tx["demo.demo"]}
        </button>
      </div>
    );
  }

  if (variant === "banner") {
    return (
      <div class="demo-banner" role="note" data-testid="demo-banner">
        <div class="demo-banner-row">
          <span class="demo-mark">{tx["app.demoBadge"]}</span>
          <span class="grow">{tx["demo.bannerText"]}</span>
          {resetButton}
          {back}
        </div>
        {confirmBox}
      </div>
    );
  }

  if (variant === "start") {
    return (
      <button
        type="button"
        class="btn btn-primary btn-block"
        disabled={busy}
        onClick={() => toDemo(() => location.href = home)}
        data-testid="demo-start"
      >
        {book === "live" ? tx["demo.startCustomer"] : tx["demo.startVisitor"]}
      </button>
    );
  }

  if (variant === "leave") return <div class="row">{back}</div>;

  // status
  return (
    <div class="stack">
      <div class="row">
        {resetButton}
        {back}
      </div>
      {confirmBox}
    </div>
  );
}
