/**
 * The verification form's island with what the page knows: junior verification asks for the
 * document's issuing country (issue 30, section 4), offered as every ISO 3166-1 country named in
 * the page's language and sorted by that name, the phone's country preselected.
 */
import type { Session } from "../../edge/accounts/service.ts";
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

export function CertifyIsland(
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
      name="CertifyForm"
      of={CertifyForm}
      props={{ tx: pickTexts(c.get("t"), CERTIFY_TEXTS), level, ...junior }}
    />
  );
}
