/**
 * The verification form's island with what the page knows: junior verification asks for the
 * document's issuing country (issue 30, section 4), offered as every ISO 3166-1 country named in
 * the page's language and sorted by that name, the phone's country preselected; and the
 * verification blocks of the certify pages (the state, and the form when a submission is due).
 */
import type { ComponentChildren } from "preact";
import type { Session } from "../../edge/customers/service.ts";
import { CertifyState } from "../../components/FundsViews.tsx";
import type { IdentityStatus } from "../../edge/identity/certify.ts";
import type { Ctx } from "../../edge/http/context.ts";
import { pickTexts } from "../../edge/platform/locale.ts";
import { Island } from "../../edge/render/island.tsx";
import { customerCountry } from "../../edge/trading/jurisdictions.ts";
import { ISO_COUNTRIES } from "../../contract/identity.ts";
import CertifyForm, { CERTIFY_TEXTS, type CountryOption } from "../../islands/CertifyForm.tsx";

/** The documents' issuing countries, named in `locale` and sorted by that name. */
function countryOptions(locale: string): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return [...ISO_COUNTRIES].map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

function CertifyIsland(
  { c, s, level }: { c: Ctx; s: Session; level: "junior" | "advanced" },
) {
  const junior = level === "junior"
    ? {
      countries: countryOptions(c.get("locale")),
      country: customerCountry({ phone: s.user.phone }) ?? "",
    }
    : {};
  return (
    <Island
      of={CertifyForm}
      props={{ tx: pickTexts(c.get("t"), CERTIFY_TEXTS), level, ...junior }}
    />
  );
}

/** The customer's verification state (read with the session: `fundsReads`; once per page). */
export const certifyStatus = (c: Ctx, s: Session) =>
  c.get("deps").identity.status(c.get("tenant").id, s.userId);

/**
 * Junior or advanced verification: the state, and the form when a submission is due. `st` is the
 * page's one read of the state (a second read would go to the store: a round trip more).
 */
export function certifyBlock(c: Ctx, s: Session, st: IdentityStatus, level: "junior" | "advanced") {
  const t = c.get("t");
  const state = st[level];
  const open = !state || state.status === "rejected";
  let body: ComponentChildren = null;
  if (level === "advanced" && st.junior?.status !== "authenticated") {
    body = <p class="notice" data-testid="certify-junior-first">{t("certify.juniorFirst")}</p>;
  } else if (open) {
    body = <CertifyIsland c={c} s={s} level={level} />;
  }
  return (
    <section class="card" data-testid={`certify-card-${level}`}>
      <h2>{t(`certify.${level}`)}</h2>
      <CertifyState t={t} state={state} testid={`certify-state-${level}`} />
      {level === "junior" && st.verifiedName && (
        <p class="muted small">{t("certify.name")}: {st.verifiedName}</p>
      )}
      {body}
    </section>
  );
}
