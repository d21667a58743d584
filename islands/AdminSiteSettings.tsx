import { useState } from "preact/hooks";
import type { SiteSettingsJson } from "../contract/platform.ts";
import type { LocaleId } from "../locales/languages.ts";
import { type Fiat, FIATS } from "../contract/reference_rates.ts";
import { formatAge } from "../locales/format.ts";
import { toast } from "./lib/api.ts";
import { adminCall, reloadWith, toSignIn } from "./lib/admin.ts";
import type { Texts } from "./lib/fields.tsx";
import { failureMessage } from "./lib/form.ts";
import { ConfirmDialog, CustomerPreview } from "./lib/confirm_dialog.tsx";

export const SITE_SETTINGS_TEXTS = [
  "admin.siteClosed",
  "admin.siteClosedHint",
  "admin.customerUrl",
  "admin.customerUrlHint",
  "admin.invitePolicy",
  "admin.invite_required",
  "admin.invite_optional",
  "admin.invite_off",
  "admin.inviteCodes",
  "admin.inviteCodesHint",
  "admin.languages",
  "admin.languagesHint",
  "admin.demoStart",
  "admin.demoContract",
  "admin.referenceRates",
  "admin.referenceRatesHint",
  "admin.rateSetAt",
  "admin.jurisdictions",
  "admin.jurisdictionsHint",
  "admin.restricted_fast",
  "admin.restricted_leveraged",
  "admin.professionalClients",
  "admin.settingsConflict",
  "admin.save",
  "admin.confirmCloseTitle",
  "admin.confirmCloseBody",
  "admin.confirmCloseDo",
  "admin.previewCustomers",
  "notFound.closedTitle",
  "notFound.closedBody",
  "app.cancel",
  "app.networkError",
  "app.timeout",
] as const;

const POLICIES = ["required", "optional", "off"] as const;

/**
 * What the form edits: the settings as the server sent them, agent codes as one text, each
 * reference rate as its text (empty: none).
 */
type Form =
  & Omit<
    SiteSettingsJson,
    "updatedAt" | "updatedBy" | "inviteCodes" | "referenceRates" | "restrictedCountries"
  >
  & {
    inviteCodes: string;
    referenceRates: Record<Fiat, string>;
    /** per product, the country codes as one text */
    restrictedCountries: Record<Restricted, string>;
  };

const RESTRICTED = ["fast", "leveraged"] as const;
type Restricted = typeof RESTRICTED[number];
const codes = (text: string) => text.split(/[\s,;]+/).filter((c) => c !== "");

/**
 * The tenant settings form (role admin): site closed, customer-service link, invitation policy
 * and agent codes, languages (a checkbox each), demo starting balance and its contract part.
 * The server checks everything (field messages shown beside the inputs), audits the change and
 * refuses a save made on an older version (someone else saved meanwhile: reload first).
 */
export default function AdminSiteSettings(
  { initial, languages, tx, locale, now }: {
    initial: SiteSettingsJson;
    /** the console's language and the server's clock (each rate's age) */
    locale: string;
    now: number;
    /** every language the site can offer, named in its own language */
    languages: readonly { id: LocaleId; name: string }[];
    tx: Texts;
  },
) {
  const { updatedAt: _a, updatedBy: _b, ...rest } = initial;
  const [s, setS] = useState<Form>({
    ...rest,
    inviteCodes: initial.inviteCodes.join(", "),
    referenceRates: Object.fromEntries(
      FIATS.map((f) => [f, initial.referenceRates[f]?.rate ?? ""]),
    ) as Record<Fiat, string>,
    restrictedCountries: {
      fast: (initial.restrictedCountries.fast ?? []).join(", "),
      leveraged: (initial.restrictedCountries.leveraged ?? []).join(", "),
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** closing the site for every customer waits for a confirmation */
  const [confirming, setConfirming] = useState(false);

  function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    if (initial.isClose === "N" && s.isClose === "Y") setConfirming(true);
    else send();
  }

  async function send() {
    if (busy) return;
    setBusy(true);
    const body = {
      ...s,
      inviteCodes: codes(s.inviteCodes),
      restrictedCountries: {
        fast: codes(s.restrictedCountries.fast),
        leveraged: codes(s.restrictedCountries.leveraged),
      },
      // in the order the site lists them
      languages: languages.map((l) => l.id).filter((id) => s.languages.includes(id)),
    };
    const env = await adminCall((c) => c.PUT("/admin/settings", { body }));
    if (env.code === 0) return reloadWith("done");
    if (env.code === -99) return toSignIn();
    setBusy(false);
    setConfirming(false);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(env.data.fields ?? {})) {
      // "inviteCodes.2" and "languages.0": shown at the one input they came from
      const at = k.replace(/^(inviteCodes|languages|restrictedCountries\.\w+)\..*$/, "$1");
      fields[at] ??= v;
    }
    setErrors(fields);
    const conflict = env.data.error === "CONFLICT";
    toast(conflict ? tx["admin.settingsConflict"]! : failureMessage(env, tx), "error");
  }

  const describedBy = (id: string, hint?: boolean) =>
    [hint ? `${id}-hint` : "", errors[id] ? `${id}-error` : ""].filter(Boolean).join(" ") ||
    undefined;
  const error = (id: string) =>
    errors[id] && <p class="field-error" id={`${id}-error`}>{errors[id]}</p>;
  const text = (id: "customerUrl" | "inviteCodes", hint: string, label: string) => (
    <div class={errors[id] ? "field has-error" : "field"}>
      <label for={`site-${id}`}>{label}</label>
      <input
        id={`site-${id}`}
        name={id}
        value={s[id]}
        maxLength={id === "customerUrl" ? 1024 : undefined}
        autoComplete="off"
        spellcheck={false}
        onInput={(e) =>
          setS({ ...s, [id]: e.currentTarget.value.trim() })}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={describedBy(id, true)}
      />
      <p class="muted small admin-hint" id={`${id}-hint`}>{hint}</p>
      {error(id)}
    </div>
  );
  const amount = (k: "startBalance" | "contractPart", label: string) => {
    const id = `demo.${k}`;
    return (
      <div class={errors[id] ? "field has-error" : "field"}>
        <label for={`site-${k}`}>{label}</label>
        <input
          id={`site-${k}`}
          name={id}
          inputMode="decimal"
          value={s.demo[k]}
          onInput={(e) => setS({ ...s, demo: { ...s.demo, [k]: e.currentTarget.value.trim() } })}
          aria-invalid={errors[id] ? true : undefined}
          aria-describedby={describedBy(id)}
        />
        {error(id)}
      </div>
    );
  };

  return (
    <form class="form admin-settings" onSubmit={submit} noValidate data-testid="site-settings">
      <div class="field check">
        <input
          id="site-isClose"
          type="checkbox"
          name="isClose"
          checked={s.isClose === "Y"}
          onChange={(e) => setS({ ...s, isClose: e.currentTarget.checked ? "Y" : "N" })}
          aria-describedby="isClose-hint"
        />
        <div class="admin-check-text">
          <label for="site-isClose">{tx["admin.siteClosed"]}</label>
          <p class="muted small admin-hint" id="isClose-hint">{tx["admin.siteClosedHint"]}</p>
        </div>
      </div>
      {text("customerUrl", tx["admin.customerUrlHint"]!, tx["admin.customerUrl"]!)}
      <div class={errors.invitePolicy ? "field has-error" : "field"}>
        <label for="site-invitePolicy">{tx["admin.invitePolicy"]}</label>
        <select
          id="site-invitePolicy"
          name="invitePolicy"
          value={s.invitePolicy}
          onChange={(e) =>
            setS({ ...s, invitePolicy: e.currentTarget.value as Form["invitePolicy"] })}
          aria-describedby={describedBy("invitePolicy")}
        >
          {POLICIES.map((p) => <option key={p} value={p}>{tx[`admin.invite_${p}`]}</option>)}
        </select>
        {error("invitePolicy")}
      </div>
      {text("inviteCodes", tx["admin.inviteCodesHint"]!, tx["admin.inviteCodes"]!)}
      <fieldset
        class={errors.languages ? "admin-langs has-error" : "admin-langs"}
        aria-describedby={describedBy("languages", true)}
        data-testid="site-languages"
      >
        <legend>{tx["admin.languages"]}</legend>
        <p class="muted small admin-hint" id="languages-hint">{tx["admin.languagesHint"]}</p>
        <div class="admin-lang-grid">
          {languages.map((l) => (
            <label key={l.id} class="admin-lang" lang={l.id}>
              <input
                type="checkbox"
                name="languages"
                value={l.id}
                checked={s.languages.includes(l.id)}
                onChange={(e) =>
                  setS({
                    ...s,
                    languages: e.currentTarget.checked
                      ? [...s.languages, l.id]
                      : s.languages.filter((x) => x !== l.id),
                  })}
              />
              {l.name}
            </label>
          ))}
        </div>
        {error("languages")}
      </fieldset>
      <div class="admin-two">
        {amount("startBalance", tx["admin.demoStart"]!)}
        {amount("contractPart", tx["admin.demoContract"]!)}
      </div>
      <fieldset class="admin-rates" aria-describedby="rates-hint" data-testid="site-rates">
        <legend>{tx["admin.referenceRates"]}</legend>
        <p class="muted small admin-hint" id="rates-hint">{tx["admin.referenceRatesHint"]}</p>
        <div class="admin-rate-grid">
          {FIATS.map((f) => {
            const id = `referenceRates.${f}`;
            const set = initial.referenceRates[f];
            return (
              <div key={f} class={errors[id] ? "field has-error" : "field"}>
                <label for={`site-rate-${f}`}>1 USDT = … {f}</label>
                <input
                  id={`site-rate-${f}`}
                  name={id}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={21}
                  value={s.referenceRates[f]}
                  onInput={(e) =>
                    setS({
                      ...s,
                      referenceRates: { ...s.referenceRates, [f]: e.currentTarget.value.trim() },
                    })}
                  aria-invalid={errors[id] ? true : undefined}
                  aria-describedby={describedBy(id)}
                />
                {set && (
                  <p class="muted small">
                    {tx["admin.rateSetAt"]!.replace("{{age}}", formatAge(now - set.at, locale))}
                  </p>
                )}
                {error(id)}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset aria-describedby="jurisdictions-hint" data-testid="site-jurisdictions">
        <legend>{tx["admin.jurisdictions"]}</legend>
        <p class="muted small admin-hint" id="jurisdictions-hint">
          {tx["admin.jurisdictionsHint"]}
        </p>
        {RESTRICTED.map((p) => {
          const id = `restrictedCountries.${p}`;
          return (
            <div key={p} class={errors[id] ? "field has-error" : "field"}>
              <label for={`site-restricted-${p}`}>{tx[`admin.restricted_${p}`]}</label>
              <input
                id={`site-restricted-${p}`}
                name={id}
                autoComplete="off"
                value={s.restrictedCountries[p]}
                onInput={(e) =>
                  setS({
                    ...s,
                    restrictedCountries: {
                      ...s.restrictedCountries,
                      [p]: e.currentTarget.value.toUpperCase(),
                    },
                  })}
                aria-invalid={errors[id] ? true : undefined}
                aria-describedby={describedBy(id)}
              />
              {error(id)}
            </div>
          );
        })}
        <div class="field check">
          <input
            id="site-professionalClients"
            type="checkbox"
            name="professionalClients"
            checked={s.professionalClients}
            onChange={(e) => setS({ ...s, professionalClients: e.currentTarget.checked })}
          />
          <div class="admin-check-text">
            <label for="site-professionalClients">{tx["admin.professionalClients"]}</label>
          </div>
        </div>
      </fieldset>
      <div class="row">
        <button type="submit" class="btn btn-primary" disabled={busy} data-testid="save-site">
          {tx["admin.save"]}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        id="confirm-close-site"
        title={tx["admin.confirmCloseTitle"]!}
        confirm={tx["admin.confirmCloseDo"]!}
        cancel={tx["app.cancel"]!}
        busy={busy}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        <p>{tx["admin.confirmCloseBody"]}</p>
        <CustomerPreview
          label={tx["admin.previewCustomers"]!}
          title={tx["notFound.closedTitle"]!}
          body={tx["notFound.closedBody"]}
        />
      </ConfirmDialog>
    </form>
  );
}
