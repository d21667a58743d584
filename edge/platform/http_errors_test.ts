import { assert, assertEquals } from "../../tests/assert.ts";
import { LANGUAGES } from "../../locales/languages.ts";
import { DomainError } from "./errors.ts";
import { envelopeCode, HTTP_STATUS, httpStatus } from "./http_errors.ts";

Deno.test("every domain error has one status, and -99 means an invalid session only", () => {
  for (const [id, status] of Object.entries(HTTP_STATUS)) {
    assert(status >= 400 && status < 600, `${id}: ${status}`);
    const code = envelopeCode(new DomainError(id as keyof typeof HTTP_STATUS));
    assertEquals(code === -99, id === "UNAUTHORIZED", id);
  }
  assertEquals(httpStatus(new DomainError("INSUFFICIENT_BALANCE")), 400);
  assertEquals(httpStatus(new DomainError("STORE_BUSY")), 503);
});

Deno.test("every domain error has its message in every language", async () => {
  for (const lang of LANGUAGES) {
    const messages = JSON.parse(
      await Deno.readTextFile(new URL(`../../locales/${lang.id}.json`, import.meta.url)),
    ) as { errors: Record<string, string> };
    const missing = Object.keys(HTTP_STATUS).filter((id) => !messages.errors[id]);
    assertEquals(missing, [], lang.id);
  }
});
