/**
 * Product search that filters while the customer types. The page renders the same list for the
 * query in the address (so it works without JavaScript, and the form still submits); once
 * hydrated, every keystroke narrows the list in place with the server's rule (code or base
 * contains the letters and digits typed), so nothing waits for "Search".
 */
import { useState } from "preact/hooks";

export interface SearchItem {
  code: string;
  base: string;
  name: string;
}

/** The one matching rule of the page and the island: letters and digits, upper case, 20 at most. */
export function searchKey(q: string): string {
  return q.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 20);
}

export function matches(items: SearchItem[], key: string): SearchItem[] {
  return items.filter((s) => !key || s.code.includes(key) || s.base.includes(key));
}

export default function SymbolSearch(
  { items, q, tx }: {
    items: SearchItem[];
    q: string;
    tx: { label: string; placeholder: string; button: string; none: string };
  },
) {
  const [query, setQuery] = useState(q);
  const found = matches(items, searchKey(query));
  return (
    <>
      <form class="filters" method="get" action="/wp/product/search" role="search">
        <input
          name="q"
          type="search"
          value={query}
          placeholder={tx.placeholder}
          aria-label={tx.label}
          aria-controls="search-results"
          maxLength={20}
          autoComplete="off"
          data-testid="search-input"
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        <button class="btn btn-small" type="submit">{tx.button}</button>
      </form>
      {found.length === 0
        ? <p class="card muted center" role="status">{tx.none}</p>
        : (
          <ul class="list" id="search-results" data-testid="search-results">
            {found.map((s) => (
              <li key={s.code}>
                <a class="list-row" href={`/wp/product/detail/${s.code}`}>
                  <span class="grow">{s.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
    </>
  );
}
