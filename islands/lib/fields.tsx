import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { useModal } from "./confirm_dialog.tsx";

/** Dialing codes offered at registration: the United States first, through to Russia. */
export const DIAL_CODES: readonly [string, string][] = [
  ["US", "+1"],
  ["GB", "+44"],
  ["DE", "+49"],
  ["FR", "+33"],
  ["ES", "+34"],
  ["IT", "+39"],
  ["UA", "+380"],
  ["CN", "+86"],
  ["HK", "+852"],
  ["MO", "+853"],
  ["TW", "+886"],
  ["JP", "+81"],
  ["KR", "+82"],
  ["VN", "+84"],
  ["TH", "+66"],
  ["MY", "+60"],
  ["SG", "+65"],
  ["ID", "+62"],
  ["PH", "+63"],
  ["IN", "+91"],
  ["AU", "+61"],
  ["BR", "+55"],
  ["MX", "+52"],
  ["AE", "+971"],
  ["TR", "+90"],
  ["RU", "+7"],
];

export type Texts = Record<string, string>;

/** A message with its `{{name}}` placeholders filled in. */
export function fill(s: string, v: Record<string, string | number>): string {
  return s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ""));
}

/**
 * A counted message ("1 lot", "2 lots") in the page's language: the plural form (`_one`, `_few`,
 * `_many`, `_other`, i18next's keys, which the island ships) that Intl.PluralRules picks for
 * `count`, as i18next does on the server.
 */
export function plural(tx: Texts, key: string, count: number, locale: string): string {
  const form = new Intl.PluralRules(locale).select(count);
  return fill(tx[`${key}_${form}`] ?? tx[`${key}_other`] ?? key, { count });
}

export function Field(
  { id, label, error, children }: {
    id: string;
    label: string;
    error?: string;
    children: ComponentChildren;
  },
) {
  return (
    <div class={error ? "field has-error" : "field"}>
      <label for={id}>{label}</label>
      {children}
      {error && <p class="field-error" id={`${id}-error`} role="alert">{error}</p>}
    </div>
  );
}

/** What a text input may set besides its value (the rest of `<input>`'s attributes). */
interface InputOptions {
  type?: "text" | "password" | "tel";
  inputMode?: "decimal" | "numeric" | "tel";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  /** the element that describes the input when there is no error (a hint) */
  describedBy?: string;
}

/**
 * A text input tied to its field: named like its id (as the API names the field), marked
 * invalid and described by the field's error while there is one.
 */
export function TextInput(
  { id, value, set, error, describedBy, ...rest }: InputOptions & {
    id: string;
    value: string;
    set: (v: string) => void;
    error?: string;
  },
) {
  return (
    <input
      id={id}
      name={id}
      value={value}
      onInput={(e) => set(e.currentTarget.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : describedBy}
      {...rest}
    />
  );
}

/** A labelled text field: `Field` around a `TextInput`. */
export function TextField(
  props: InputOptions & {
    id: string;
    label: string;
    value: string;
    set: (v: string) => void;
    error?: string;
  },
) {
  const { label, ...input } = props;
  return (
    <Field id={props.id} label={label} error={props.error}>
      <TextInput {...input} />
    </Field>
  );
}

/** A decimal figure (a price, a quantity, an amount): a `TextField` with the decimal keypad. */
export function DecimalField(
  props: Omit<Parameters<typeof TextField>[0], "inputMode">,
) {
  return <TextField inputMode="decimal" maxLength={20} {...props} />;
}

/** An amount (`amount`) with a button that fills in all that is available. */
export function AmountField(
  { label, value, set, error, placeholder, allLabel, onAll }: {
    label: string;
    value: string;
    set: (v: string) => void;
    error?: string;
    placeholder?: string;
    allLabel: string;
    onAll: () => void;
  },
) {
  return (
    <Field id="amount" label={label} error={error}>
      <div class="code-row">
        <TextInput
          id="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          maxLength={20}
          set={set}
          error={error}
        />
        <button type="button" class="btn btn-ghost" onClick={onAll}>{allLabel}</button>
      </div>
    </Field>
  );
}

/** Dialing code + national number -> E.164. */
export function toE164(dial: string, local: string): string {
  const digits = local.replace(/\D/g, "").replace(/^0+/, "");
  return digits ? `${dial}${digits}` : "";
}

export function PhoneField(
  { dial, setDial, local, setLocal, error, tx, locale }: {
    dial: string;
    setDial: (v: string) => void;
    local: string;
    setLocal: (v: string) => void;
    error?: string;
    tx: Texts;
    locale: string;
  },
) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch { /* older engines: codes only */ }
  return (
    <Field id="phone" label={tx["auth.phone"]!} error={error}>
      <div class="phone-row">
        <select
          aria-label={tx["auth.dialCode"]}
          value={dial}
          onChange={(e) => setDial(e.currentTarget.value)}
          name="dial"
        >
          {DIAL_CODES.map(([cc, code]) => (
            <option value={code} key={cc}>{`${code} ${names?.of(cc) ?? cc}`}</option>
          ))}
        </select>
        <TextInput
          id="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={tx["auth.phonePlaceholder"]}
          value={local}
          set={setLocal}
          error={error}
          maxLength={20}
        />
      </div>
    </Field>
  );
}

export function PasswordInput(
  { maxLength = 32, ...props }: Omit<InputOptions, "type"> & {
    id: string;
    label: string;
    value: string;
    set: (v: string) => void;
    error?: string;
    autoComplete: string;
  },
) {
  return <TextField type="password" maxLength={maxLength} {...props} />;
}

/** A six-digit one-time code (an SMS code, an authenticator's code): the numeric keypad. */
function SixDigits(
  props: Omit<InputOptions, "inputMode" | "maxLength"> & {
    id: string;
    value: string;
    set: (v: string) => void;
    error?: string;
  },
) {
  return <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

/** The 6-digit code from the customer's authenticator app (two-factor sign-in, withdrawals). */
export function TotpField(
  { value, set, error, tx, hint, id = "totp" }: {
    value: string;
    set: (v: string) => void;
    error?: string;
    tx: Texts;
    hint?: string;
    /** the input's id when another form on the page has a `totp` field too */
    id?: string;
  },
) {
  return (
    <Field id={id} label={tx["twofa.code"]!} error={error}>
      {hint ? <p class="muted small" id={`${id}-hint`}>{hint}</p> : null}
      <SixDigits
        id={id}
        placeholder={tx["twofa.codePlaceholder"]}
        value={value}
        set={(v) => set(v.trim())}
        error={error}
        describedBy={hint ? `${id}-hint` : undefined}
      />
    </Field>
  );
}

/** Verification-code input with a "send code" button and a resend countdown. */
export function CodeField(
  { value, set, error, tx, onSend, id = "code" }: {
    value: string;
    set: (v: string) => void;
    error?: string;
    tx: Texts;
    onSend: () => Promise<number | null>;
    /** the input's id when another form on the page has a `code` field too */
    id?: string;
  },
) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return (
    <Field id={id} label={tx["auth.code"]!} error={error}>
      <div class="code-row">
        <SixDigits id={id} placeholder={tx["auth.codePlaceholder"]} {...{ value, set, error }} />
        <button
          type="button"
          class="btn btn-ghost"
          disabled={left > 0 || busy}
          onClick={async () => {
            setBusy(true);
            const wait = await onSend();
            setBusy(false);
            if (wait) setLeft(wait);
          }}
        >
          {left > 0
            ? tx["auth.resendIn"]!.replace("{{seconds}}", String(left))
            : tx["auth.sendCode"]}
        </button>
      </div>
    </Field>
  );
}

/** Client-side checks mirroring the server's rules (the server stays the authority). */
export const rules = {
  password: (p: string) =>
    p.length >= 6 && p.length <= 32 &&
    !/[\s\p{Cc}\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(p),
  drawPassword: (p: string) => /^\d{6}$/.test(p),
  code: (c: string) => /^\d{6}$/.test(c),
};

/**
 * The confirmation step every trading action shows before it is sent: a modal dialog, mounted
 * while it asks (focus moves to Cancel, the safe choice, and stays inside; Escape cancels;
 * focus returns to what opened it after Cancel, Escape or Confirm). An editor whose fields sit
 * above its Save/Cancel (a position's stops) keeps the box `inline`: a modal would make its
 * fields inert.
 */
export function ConfirmBox(
  { text, title, confirmLabel, busy, onConfirm, onCancel, tx, testid, children, inline = false }: {
    /** the question (names the dialog unless it has a title) */
    text?: string;
    /** a heading that names the dialog (a quote whose figures are the question) */
    title?: string;
    /** the Confirm button's label (default: Confirm) */
    confirmLabel?: string;
    busy?: boolean;
    onConfirm: () => void;
    onCancel: () => void;
    tx: Texts;
    testid?: string;
    /** what the confirmation is about in figures, between the question and the buttons */
    children?: ComponentChildren;
    inline?: boolean;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useModal(ref, !inline, cancelRef);
  const body = (
    <>
      {title && <h2 id={`${id}-t`}>{title}</h2>}
      {text && <p id={`${id}-q`}>{text}</p>}
      {children}
      <div class="row">
        <button type="button" class="btn btn-primary" disabled={busy} onClick={onConfirm}>
          {confirmLabel ?? tx["app.confirm"]}
        </button>
        <button ref={cancelRef} type="button" class="btn btn-ghost" onClick={onCancel}>
          {tx["app.cancel"]}
        </button>
      </div>
    </>
  );
  if (inline) return <div class="confirm" data-testid={testid}>{body}</div>;
  return (
    <dialog
      ref={ref}
      class="confirm confirm-box"
      aria-labelledby={title ? `${id}-t` : `${id}-q`}
      data-testid={testid}
      onCancel={(e) => {
        // Escape: closed by the ticket's state, focus returned when the box unmounts
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {body}
    </dialog>
  );
}

/**
 * The review step of a money request (a transfer, a withdrawal, a spot order): after the form's
 * checks `ask` draws the request's idempotency key (one per reviewed request: a double click or a
 * retry cannot send it twice) and opens the confirmation; an edit `drop`s it. It carries the
 * form's texts and busy flag for the confirmation (`ReviewSubmit`).
 */
export function useReview(tx: Texts, busy: boolean) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState("");
  return {
    tx,
    busy,
    open,
    key,
    ask() {
      setKey(crypto.randomUUID());
      setOpen(true);
    },
    drop: () => setOpen(false),
  };
}

/**
 * A reviewed form's submit button and, once the form asks, the confirmation that opens over the
 * form (`text` the question); focus comes back to what opened it, Cancel drops the step.
 */
export function ReviewSubmit({ review, label, disabled = review.busy, testid, text, onConfirm }: {
  review: ReturnType<typeof useReview>;
  label: string;
  disabled?: boolean;
  testid: string;
  text: string;
  onConfirm: () => void;
}) {
  return (
    <>
      <button class="btn btn-primary btn-block" type="submit" disabled={disabled}>{label}</button>
      {review.open && (
        <ConfirmBox
          tx={review.tx}
          busy={review.busy}
          testid={testid}
          text={text}
          onConfirm={onConfirm}
          onCancel={review.drop}
        />
      )}
    </>
  );
}

/**
 * A share in quarters (25/50/75/100 %): a range input that steps by 25 with a button per stop
 * under it (a tap target on a phone; `contract.percentOf` names a stop for screen readers).
 */
export function PercentSlider(
  { id, label, value, onChange, tx }: {
    id: string;
    label: string;
    value: number;
    onChange: (pct: number) => void;
    tx: Texts;
  },
) {
  return (
    <div class="slider" data-testid={id}>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={25}
        max={100}
        step={25}
        value={value}
        onInput={(e) => onChange(Number(e.currentTarget.value))}
      />
      <div class="slider-stops">
        {[25, 50, 75, 100].map((pct) => (
          <button
            key={pct}
            type="button"
            class={value === pct ? "on" : undefined}
            aria-pressed={value === pct}
            aria-label={fill(tx["contract.percentOf"] ?? "{{pct}} %", { pct })}
            onClick={() => onChange(pct)}
          >
            {pct}%
          </button>
        ))}
      </div>
    </div>
  );
}

/** A row of mutually exclusive chip buttons (e.g. market / limit). */
export function ChipChoice<T extends string>(
  { options, value, label, onChange }: {
    options: readonly T[];
    value: T;
    label: (option: T) => string;
    onChange: (option: T) => void;
  },
) {
  return (
    // a group of buttons, not navigation (a `nav` may not be re-roled as a group)
    <div class="seg" role="group">
      {options.map((x) => (
        <button
          key={x}
          type="button"
          class={value === x ? "chip-btn on" : "chip-btn"}
          aria-pressed={value === x}
          onClick={() => onChange(x)}
        >
          {label(x)}
        </button>
      ))}
    </div>
  );
}

/**
 * The two directions of an order (up/down, long/short, buy/sell) as a pair of big buttons: the
 * first is drawn rising, the second falling; choosing one drops any confirmation under way.
 */
export function SideChoice<T extends string>(
  { options, value, label, onChange }: {
    options: readonly [T, T];
    value: T;
    label: (side: T) => string;
    onChange: (side: T) => void;
  },
) {
  return (
    <div class="dir-row" role="group">
      {options.map((s, i) => (
        <button
          key={s}
          type="button"
          class={`btn dir ${i === 0 ? "up" : "down"} ${value === s ? "on" : ""}`}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
        >
          {label(s)}
        </button>
      ))}
    </div>
  );
}

/**
 * An order number that never wraps: one line, cut at the start with an ellipsis where space is
 * short (the distinctive end stays visible); the full number is in the title and is what a
 * selection copies.
 */
export function OrderNo({ id }: { id: string }) {
  return <span class="order-no mono" title={id}>{id}</span>;
}
