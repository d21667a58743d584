/**
 * Help-centre search over the texts a reader is served (a few dozen articles per tenant and
 * language, in memory): infix matching, because German compounds ("Auszahlungsgebühr") and
 * scripts written without spaces (Chinese, Japanese, Thai) hide the word asked for inside a
 * longer one; token and prefix indexes (MiniSearch, lunr) miss both.
 *
 * - Folding: NFKC (full-width forms), lower case, diacritics dropped (NFD without combining
 *   marks: "Gebühr" = "gebuhr", "rút tiền" = "rut tien"; đ = d, ß = ss, æ, ø, ł by hand since
 *   they do not decompose); German spellings without umlauts too ("Gebuehr" = "Gebühr").
 * - Terms: each run of letters or digits of a spaced script is one term; a run of an unspaced
 *   script is cut into overlapping pairs of characters (bigrams), so "提现手续费" finds "提现的
 *   手续费" (the pairs 提现, 手续, 续费 are there; 现手 is not).
 * - A text matches when it contains every term of a query of one or two terms, else at least
 *   half of them (a question such as "how do I withdraw" or "怎么提现" still finds the article);
 *   results rank by `scores`.
 */

const UNSPACED_SCRIPTS = [
  "Han",
  "Hiragana",
  "Katakana",
  "Thai",
  "Lao",
  "Khmer",
  "Myanmar",
].map((s) => `\\p{Script=${s}}`).join("");
const RUN = /[\p{L}\p{M}\p{N}]+/gu;
/** a run of letters cut where it changes between unspaced and spaced scripts ("usdt提现") */
const PART = new RegExp(`[${UNSPACED_SCRIPTS}]+|[^${UNSPACED_SCRIPTS}]+`, "gu");
const UNSPACED = new RegExp(`^[${UNSPACED_SCRIPTS}]`, "u");
const SPECIAL: Record<string, string> = { đ: "d", ß: "ss", æ: "ae", ø: "o", ł: "l", œ: "oe" };

/** Text folded for matching (see the module comment); Thai tone marks are kept (they spell). */
export function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase()
    .replace(/[đßæøłœ]/g, (c) => SPECIAL[c]!)
    .normalize("NFD")
    .replace(/(\p{Script=Latin}|\p{Script=Cyrillic}|\s)\p{M}+/gu, "$1")
    .normalize("NFC")
    // German without umlauts (ae, oe, ue) reads the same as with them, folded to a, o, u
    .replace(/ae|oe|ue/g, (m) => m[0]!);
}

/** The terms of a query: words of spaced scripts, character pairs of unspaced ones. */
export function queryTerms(q: string): string[] {
  const out = new Set<string>();
  for (const run of fold(q).match(RUN) ?? []) {
    for (const part of run.match(PART) ?? []) {
      const chars = [...part];
      if (!UNSPACED.test(chars[0]!) || chars.length < 3) {
        out.add(part);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
    }
  }
  return [...out];
}

/** How many of `terms` a text must contain to match. */
export const required = (terms: number) => terms <= 2 ? terms : Math.ceil(terms / 2);

/** A text prepared for scoring: its title and the rest, folded. */
export interface Doc {
  title: string;
  rest: string;
}

const count = (hay: string, term: string) => hay.split(term).length - 1;

/**
 * The score of each document for the terms (0: no match), a small BM25-like weighting: a term
 * weighs by how few documents contain it (a word found in every article, like "do" or "i",
 * tells little), 3 in the title, and the logarithm of how often the body repeats it.
 */
export function scores(terms: string[], docs: Doc[]): number[] {
  const weight = terms.map((term) => {
    const df = docs.filter((d) => d.title.includes(term) || d.rest.includes(term)).length;
    return Math.log((docs.length + 1) / (df + 0.5));
  });
  return docs.map((d) => {
    let found = 0;
    let points = 0;
    terms.forEach((term, i) => {
      const inTitle = d.title.includes(term);
      const times = count(d.rest, term);
      if (!inTitle && !times) return;
      found++;
      points += Math.max(weight[i]!, 0.01) * ((inTitle ? 3 : 0) + Math.log2(1 + times));
    });
    return found >= required(terms.length) ? points : 0;
  });
}
