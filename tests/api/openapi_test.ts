/**
 * The wire contract: every route in the OpenAPI document (read over HTTP, as clients read it)
 * describes its success reply with a schema that says what is in it, down to every nested
 * value: no `{}` (anything goes), the mark of a `z.unknown()` reply.
 */
import { assert, assertEquals } from "../assert.ts";
import { startServer } from "../server.ts";

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Words that describe a schema without constraining it. */
const ANNOTATIONS = new Set(["description", "title", "example", "examples", "default"]);

/** JSON pointers of the sub-schemas of `schema` that accept anything. */
function unconstrained(doc: Doc, schema: unknown, at: string, seen = new Set<string>()): string[] {
  if (typeof schema !== "object" || schema === null) return [at];
  const s = schema as Schema;
  if (typeof s.$ref === "string") {
    if (seen.has(s.$ref)) return [];
    seen.add(s.$ref);
    const name = s.$ref.replace("#/components/schemas/", "");
    const target = doc.components?.schemas?.[name];
    return target ? unconstrained(doc, target, s.$ref, seen) : [`${at} (dangling ${s.$ref})`];
  }
  if (Object.keys(s).every((k) => ANNOTATIONS.has(k))) return [at];
  const out: string[] = [];
  const sub = (v: unknown, where: string) => out.push(...unconstrained(doc, v, where, seen));
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
    sub(v, `${at}/properties/${k}`);
  }
  if (s.items !== undefined && typeof s.items === "object") sub(s.items, `${at}/items`);
  if (typeof s.additionalProperties === "object") {
    sub(s.additionalProperties, `${at}/additionalProperties`);
  }
  for (const key of ["prefixItems", "anyOf", "oneOf", "allOf"]) {
    ((s[key] ?? []) as unknown[]).forEach((v, i) => sub(v, `${at}/${key}/${i}`));
  }
  return out;
}

Deno.test("every route in the OpenAPI document describes its reply", async () => {
  const srv = await startServer();
  try {
    const res = await fetch(`${srv.base}/api/doc`);
    assertEquals(res.status, 200);
    const doc: Doc = await res.json();
    const problems: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        routes++;
        const name = `${method.toUpperCase()} ${path}`;
        const ok = op.responses["200"] as { content?: Record<string, Schema> } | undefined;
        const content = Object.entries(ok?.content ?? {});
        if (!content.length) problems.push(`${name}: no success reply`);
        for (const [mime, media] of content) {
          if (!media.schema) problems.push(`${name} ${mime}: no schema`);
          else {
            for (const p of unconstrained(doc, media.schema, "")) {
              problems.push(`${name} ${mime}: unconstrained at ${p || "/"}`);
            }
          }
        }
      }
    }
    assert(routes > 50, `only ${routes} routes in the document`);
    assertEquals(problems, []);
  } finally {
    await srv.close();
  }
});

Deno.test("the check finds what a z.unknown() reply looks like", () => {
  const doc: Doc = {
    paths: {},
    components: { schemas: { Any: {}, Named: { type: "object", properties: { a: {} } } } },
  };
  const envelope = (data: Schema) => ({ type: "object", properties: { code: {}, data } });
  assertEquals(unconstrained(doc, { type: "string" }, ""), []);
  assertEquals(unconstrained(doc, { type: "object", properties: {} }, ""), []);
  assertEquals(unconstrained(doc, envelope({ description: "x" }), "").length, 2);
  assertEquals(unconstrained(doc, { $ref: "#/components/schemas/Named" }, ""), [
    "#/components/schemas/Named/properties/a",
  ]);
  assertEquals(
    unconstrained(doc, { type: "array", items: { $ref: "#/components/schemas/Any" } }, ""),
    [
      "#/components/schemas/Any",
    ],
  );
});

Deno.test("every route that documents 401 refuses an anonymous caller with -99 before reading input", async () => {
  const srv = await startServer();
  try {
    const doc: Doc = await (await fetch(`${srv.base}/api/doc`)).json();
    const guarded: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.responses["401"]) continue;
        // any body will do: the session is checked first (an image id must look like one, or 404)
        const url = path.replace("{symbol}", "BTCUSDT").replace(
          /\{[a-z]+\}/gi,
          crypto.randomUUID(),
        );
        const name = `${method.toUpperCase()} ${path}`;
        guarded.push(name);
        const res = await fetch(`${srv.base}/api${url}?limit=nope`, {
          method: method.toUpperCase(),
          headers: method === "get" ? {} : { "content-type": "application/json" },
          body: method === "get" ? undefined : '{"unexpected": true',
        });
        const body = await res.json();
        assertEquals([res.status, body.code, body.data.error], [401, -99, "UNAUTHORIZED"], name);
      }
    }
    assert(guarded.length > 40, `only ${guarded.length} guarded routes`);
    assert(guarded.includes("POST /contract/positions/{id}/reverse"));
    assert(guarded.includes("POST /exchange/confirm"));
  } finally {
    await srv.close();
  }
});
