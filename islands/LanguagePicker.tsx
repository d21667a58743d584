import type { LanguageOptions, LocaleId } from "../locales/languages.ts";
import { customer, envelopeOf } from "./lib/api.ts";

async function choose(id: string) {
  localStorage.setItem("wplocale", id);
  // The server stores the choice (cookie, and the account when signed in).
  const env = envelopeOf(await customer.POST("/locale", { body: { locale: id as LocaleId } }));
  if (env.code === -1) document.cookie = `wplocale=${id}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

/** The language list (mobile page) or a compact select (desktop top bar). */
export default function LanguagePicker(
  { current, options, compact, label }: {
    current: string;
    options: LanguageOptions;
    compact: boolean;
    label: string;
  },
) {
  if (compact) {
    return (
      <select
        class="lang-select"
        aria-label={label}
        value={current}
        data-testid="language-select"
        onChange={(e) => choose(e.currentTarget.value)}
      >
        {options.items.map((l) => <option value={l.id} key={l.id}>{l.name}</option>)}
      </select>
    );
  }
  return (
    <ul class="list lang-list" data-testid="language-list">
      {options.items.map((l) => (
        <li key={l.id}>
          <button
            type="button"
            class="list-row"
            lang={l.id}
            aria-current={l.id === current ? "true" : undefined}
            onClick={() => choose(l.id)}
          >
            <span class="flag" aria-hidden="true">{l.flag}</span>
            <span class="grow">{l.name}</span>
            <span class="muted">{options.currencyLabel}: {l.currencySymbol}</span>
            {l.id === current && <span class="badge">{options.currentLabel}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
