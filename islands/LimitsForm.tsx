import { useState } from "preact/hooks";
import {
  COOLING_OFF_DAYS,
  type LimitsJson,
  REMINDER_MINUTES,
  SELF_EXCLUSION_MONTHS,
} from "../contract/limits.ts";
import { toast } from "./lib/api.ts";
import { ConfirmBox, fill, TextField, type Texts } from "./lib/fields.tsx";
import { useForm } from "./lib/form.ts";

export const LIMITS_TEXTS = [
  "limits.intro",
  "limits.dailyLoss",
  "limits.monthlyLoss",
  "limits.deposit",
  "limits.sessionReminder",
  "limits.noneHint",
  "limits.pending",
  "limits.save",
  "limits.saved",
  "limits.coolingOff",
  "limits.coolingOffHint",
  "limits.days",
  "limits.coolingOffStart",
  "limits.coolingOffAsk",
  "limits.selfExclusion",
  "limits.selfExclusionHint",
  "limits.months",
  "limits.selfExclusionStart",
  "limits.selfExclusionAsk",
  "validation.amountInvalid",
  "validation.reminderBounds",
  "validation.coolingOffBounds",
  "validation.selfExclusionBounds",
  "app.confirm",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

const MONEY = ["dailyLoss", "monthlyLoss", "deposit"] as const;
type Kind = typeof MONEY[number] | "sessionReminder";

/**
 * The customer's own limits: loss per day and month, deposits per 30 days, a session reminder;
 * a cooling-off period and self-exclusion, each confirmed first. A lower limit holds at once, a
 * higher one (or none) 24 hours later: the pending value and its time show under the field.
 */
export default function LimitsForm(
  { tx, limits: initial, times }: {
    tx: Texts;
    limits: LimitsJson;
    /** pending limits' times, formatted by the server in the customer's zone */
    times: Partial<Record<Kind, string>>;
  },
) {
  const [limits, setLimits] = useState(initial);
  const [pendingAt, setPendingAt] = useState(times);
  const value = (k: Kind) => limits[k].value ?? "";
  const [draft, setDraft] = useState<Record<Kind, string>>({
    dailyLoss: value("dailyLoss"),
    monthlyLoss: value("monthlyLoss"),
    deposit: value("deposit"),
    sessionReminder: value("sessionReminder"),
  });
  const [days, setDays] = useState("1");
  const [months, setMonths] = useState(String(SELF_EXCLUSION_MONTHS.min));
  const [asking, setAsking] = useState<"coolOff" | "exclude" | null>(null);
  const form = useForm(tx);
  const { errors, busy, check, send } = form;

  const reload = (next: LimitsJson) => {
    setLimits(next);
    // a new pending time: the server's words for it come with a reload
    setPendingAt({});
    setTimeout(() => location.reload(), 800);
  };

  async function save(e: Event) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const body: Record<string, string | number | null> = {};
    for (const k of MONEY) {
      const v = draft[k].trim();
      if (v === (limits[k].value ?? "")) continue;
      if (v !== "" && !(/^\d{1,10}(\.\d{1,2})?$/.test(v) && Number(v) > 0)) {
        errs[k] = tx["validation.amountInvalid"]!;
      }
      body[k] = v === "" ? null : v;
    }
    const r = draft.sessionReminder.trim();
    if (r !== (limits.sessionReminder.value ?? "")) {
      const n = Number(r);
      if (
        r !== "" &&
        !(Number.isInteger(n) && n >= REMINDER_MINUTES.min && n <= REMINDER_MINUTES.max)
      ) errs.sessionReminder = tx["validation.reminderBounds"]!;
      body.sessionReminder = r === "" ? null : n;
    }
    if (!check(errs) || !Object.keys(body).length) return;
    const env = await send((c) => c.PUT("/account/limits", { body }));
    if (env) {
      toast(tx["limits.saved"]!);
      reload(env.data);
    }
  }

  async function coolOff() {
    const n = Number(days);
    if (!(Number.isInteger(n) && n >= COOLING_OFF_DAYS.min && n <= COOLING_OFF_DAYS.max)) {
      setAsking(null);
      check({ days: tx["validation.coolingOffBounds"]! });
      return;
    }
    const env = await send((c) => c.POST("/account/limits/cooling-off", { body: { days: n } }));
    setAsking(null);
    if (env) reload(env.data);
  }

  async function exclude() {
    const n = Number(months);
    if (
      !(Number.isInteger(n) && n >= SELF_EXCLUSION_MONTHS.min && n <= SELF_EXCLUSION_MONTHS.max)
    ) {
      setAsking(null);
      check({ months: tx["validation.selfExclusionBounds"]! });
      return;
    }
    const env = await send((c) =>
      c.POST("/account/limits/self-exclusion", { body: { months: n } })
    );
    setAsking(null);
    if (env) reload(env.data);
  }

  const field = (k: Kind, mode: "decimal" | "numeric") => (
    <>
      <TextField
        id={k}
        label={tx[`limits.${k}`]!}
        value={draft[k]}
        set={(v) => setDraft({ ...draft, [k]: v })}
        error={errors[k]}
        inputMode={mode}
        maxLength={13}
        placeholder={tx["limits.noneHint"]}
      />
      {limits[k].pending && (
        <p class="muted small" data-testid={`pending-${k}`}>
          {fill(tx["limits.pending"]!, {
            value: limits[k].pending!.value ?? tx["limits.noneHint"]!,
            time: pendingAt[k] ?? "",
          })}
        </p>
      )}
    </>
  );

  return (
    <div class="stack" data-testid="limits">
      <form class="form" onSubmit={save} noValidate data-testid="limits-form">
        <p class="muted small">{tx["limits.intro"]}</p>
        {MONEY.map((k) => field(k, "decimal"))}
        {field("sessionReminder", "numeric")}
        <button class="btn btn-primary btn-block" type="submit" disabled={busy}>
          {tx["limits.save"]}
        </button>
      </form>
      <form
        class="form"
        noValidate
        data-testid="cooling-off-form"
        onSubmit={(e) => {
          e.preventDefault();
          setAsking("coolOff");
        }}
      >
        <h3>{tx["limits.coolingOff"]}</h3>
        <p class="muted small">{tx["limits.coolingOffHint"]}</p>
        <TextField
          id="days"
          label={tx["limits.days"]!}
          value={days}
          set={setDays}
          error={errors.days}
          inputMode="numeric"
          maxLength={2}
        />
        <button class="btn btn-ghost btn-block" type="submit" disabled={busy}>
          {tx["limits.coolingOffStart"]}
        </button>
        {asking === "coolOff" && (
          <ConfirmBox
            text={fill(tx["limits.coolingOffAsk"]!, { days })}
            busy={busy}
            onConfirm={coolOff}
            onCancel={() => setAsking(null)}
            tx={tx}
            testid="cooling-off-confirm"
          />
        )}
      </form>
      <form
        class="form"
        noValidate
        data-testid="self-exclusion-form"
        onSubmit={(e) => {
          e.preventDefault();
          setAsking("exclude");
        }}
      >
        <h3>{tx["limits.selfExclusion"]}</h3>
        <p class="muted small">{tx["limits.selfExclusionHint"]}</p>
        <TextField
          id="months"
          label={tx["limits.months"]!}
          value={months}
          set={setMonths}
          error={errors.months}
          inputMode="numeric"
          maxLength={2}
        />
        <button class="btn btn-ghost btn-block" type="submit" disabled={busy}>
          {tx["limits.selfExclusionStart"]}
        </button>
        {asking === "exclude" && (
          <ConfirmBox
            text={fill(tx["limits.selfExclusionAsk"]!, { months })}
            busy={busy}
            onConfirm={exclude}
            onCancel={() => setAsking(null)}
            tx={tx}
            testid="self-exclusion-confirm"
          />
        )}
      </form>
    </div>
  );
}
