/**
 * What the content editors' screens read, named up front so that the console reads it with the
 * operator's session (edge/http/operator_auth.ts `ConsoleReads`: one round trip far from the
 * store). The keys are those `Content` reads (./service.ts): an item, its draft and published
 * text of a language, the first page of an operators' queue.
 */
import type { LocaleId } from "../../locales/languages.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";
import { contentKeys } from "./store.ts";

/** One item (`adminGet`) and, with `locale`, its texts in that language (`editable`, `preview`). */
export function itemReads(t: string, id: string, locale?: LocaleId): Deno.KvKey[] {
  const texts = locale
    ? (["draft", "published"] as const).map((s) => [...contentKeys.text(t, id, locale), s])
    : [];
  return [contentKeys.item(t, id), ...texts];
}

/** The first page of an operators' queue: coin applications or contact messages. */
export function queueRead(t: string, queue: "coinApps" | "contacts", limit: number): ListRead {
  return { selector: { prefix: contentKeys[queue](t) }, options: { reverse: true, limit } };
}
