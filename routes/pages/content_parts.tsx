/**
 * What the content screens share (routes/pages/content.tsx and customer_service.tsx): the
 * layouts they render for, dates in the reader's language and zone, the "shown in English" label
 * and mark of a fallback text, the service's sanitised Markdown render, a not-found that becomes
 * the not-found page, and where the help centre and customer service are per layout.
 */
import type { Ctx } from "../../edge/http/context.ts";
import { DomainError } from "../../edge/platform/errors.ts";
import { LANGUAGES, type LocaleId } from "../../locales/languages.ts";

export type Layout = "wp" | "pc";

const languageName = (l: LocaleId) => LANGUAGES.find((x) => x.id === l)?.name ?? l;

export function date(c: Ctx, ms: number) {
  try {
    return new Intl.DateTimeFormat(c.get("locale"), {
      dateStyle: "medium",
      timeZone: c.get("timeZone"),
    }).format(ms);
  } catch {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

/** "Shown in English" when the reader's language has no text and the fallback was served. */
export function ServedLabel({ c, served }: { c: Ctx; served: LocaleId }) {
  if (served === c.get("locale")) return null;
  return (
    <p class="served-label" data-testid="served-locale" lang={served}>
      {c.get("t")("content.shownIn", { language: languageName(served) })}
    </p>
  );
}

/** In a list: the language of an entry served in another language than the reader's. */
export function ServedMark({ c, served }: { c: Ctx; served: LocaleId }) {
  if (served === c.get("locale")) return null;
  return (
    <span
      class="muted small"
      lang={served}
      title={c.get("t")("content.shownIn", {
        language: languageName(served),
      })}
    >
      ({languageName(served)})
    </span>
  );
}

/** The service's sanitised render of a Markdown body (raw HTML off, links and images checked). */
export function SafeHtml({ html, testid }: { html: string; testid?: string }) {
  // deno-lint-ignore react-no-danger
  return <div class="prose" data-testid={testid} dangerouslySetInnerHTML={{ __html: html }} />;
}

export async function notFoundOr<R>(f: () => Promise<R>): Promise<R | null> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof DomainError && (e.error === "NOT_FOUND" || e.error === "VALIDATION")) {
      return null;
    }
    throw e;
  }
}

export const HELP = {
  wp: { centre: "/wp/help/center", detail: "/wp/help/center/detail", service: "/wp/kefu" },
  pc: { centre: "/pc/help/center", detail: "/pc/help/center/detail", service: "/pc/kefu" },
};
