/**
 * The wire contract: every route in the OpenAPI document (read over HTTP, as clients read it)
 * describes its success reply with a schema that says what is in it, down to every nested
 * value: no `{}` (anything goes), the mark of a `z.unknown()` reply.
 */
import { assert, assertEquals } from "../assert.ts";
import { startServer } from "../server.ts";
import { API_TYPES_FILE, generateApiTypes } from "../../tools/api_types.ts";

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<
    string,
    Record<string, { responses: Record<string, Schema>; security?: Record<string, string[]>[] }>
  >;
  components?: { schemas?: Record<string, Schema> };
}
// deno-lint-ignore no-explicit-any
type Json = any;
interface FullDoc {
  servers?: { url: string }[];
  info: { version: string; license?: { name: string }; contact?: { url?: string } };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Json>>;
  components?: {
    securitySchemes?: Record<string, Json>;
    responses?: Record<string, Json>;
  };
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

Deno.test("each operation's security holds on the wire: a token requirement refuses an anonymous caller with -99 before reading input, a public operation does not", async () => {
  const srv = await startServer();
  try {
    const doc: Doc = await (await fetch(`${srv.base}/api/doc`)).json();
    const guarded: string[] = [];
    const open: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const security = op.security ?? [];
        // `{}` among the alternatives: a token is optional (a share link, say): not checked here
        const needsToken = security.length > 0 && security.every((r) => Object.keys(r).length);
        if (!needsToken && security.length) continue;
        // any body will do: the session is checked first (an image id must look like one, or 404)
        const url = path.replace("{symbol}", "BTCUSDT").replace(
          /\{[a-z]+\}/gi,
          crypto.randomUUID(),
        );
        const name = `${method.toUpperCase()} ${path}`;
        (needsToken ? guarded : open).push(name);
        const res = await fetch(`${srv.base}/api${url}?limit=nope`, {
          method: method.toUpperCase(),
          headers: method === "get" ? {} : { "content-type": "application/json" },
          body: method === "get" ? undefined : '{"unexpected": true',
        });
        const body = await res.json();
        if (needsToken) {
          assertEquals([res.status, body.code, body.data.error], [401, -99, "UNAUTHORIZED"], name);
          assert(op.responses["401"], `${name}: 401 not documented`);
        } else assert(body.code !== -99, `${name} is public in the document but answered -99`);
      }
    }
    assert(guarded.length > 40, `only ${guarded.length} guarded routes`);
    assert(open.length > 20, `only ${open.length} public routes`);
    assert(guarded.includes("POST /contract/positions/{id}/reverse"));
    assert(guarded.includes("POST /exchange/confirm"));
    assert(guarded.includes("GET /admin/audit"));
    assert(open.includes("POST /login"));
  } finally {
    await srv.close();
  }
});

Deno.test("the document a client generator needs: /api server, security schemes, a stable unique camelCase operationId and its security on every operation, described tags, shared errors, info", async () => {
  const srv = await startServer();
  try {
    const doc: FullDoc = await (await fetch(`${srv.base}/api/doc`)).json();
    assertEquals(doc.servers?.map((s) => s.url), ["/api"]);
    assertEquals(Object.keys(doc.components?.securitySchemes ?? {}).sort(), [
      "appKey",
      "customerToken",
      "idempotencyKey",
      "operatorToken",
    ]);
    assert(doc.info.license?.name && doc.info.contact?.url && doc.info.version, "info");
    const described = new Map(doc.tags?.map((t) => [t.name, t.description]));
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        const id = op.operationId ?? "";
        if (!/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${name}: operationId "${id}"`);
        if (ids.has(id)) problems.push(`${name}: operationId ${id} also on ${ids.get(id)}`);
        ids.set(id, name);
        if (!Array.isArray(op.security)) problems.push(`${name}: no security stated`);
        for (const tag of op.tags ?? []) {
          if (!described.get(tag)) problems.push(`${name}: tag ${tag} has no description`);
        }
        if (!op.tags?.length) problems.push(`${name}: no tag`);
        if (!Object.keys(op.responses).some((s) => s.startsWith("4"))) {
          problems.push(`${name}: no 4xx reply`);
        }
      }
    }
    assertEquals(problems, []);
    // stable: derived from method and path, so clients generated earlier keep their names
    for (
      const [id, name] of [
        ["postLogin", "POST /login"],
        ["postAccountTransfer", "POST /account/transfer"],
        ["postFastOrder", "POST /fast/order"],
        ["getWithdrawById", "GET /withdraw/{id}"],
        ["postContractPositionsByIdClose", "POST /contract/positions/{id}/close"],
        ["postAdminCertificationsByIdByAction", "POST /admin/certifications/{id}/{action}"],
      ]
    ) assertEquals(ids.get(id!), name);
    // who may call: public explicitly empty, a customer's token with the tenant, operator roles
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    assertEquals(op("get", "/market/symbols").security, []);
    assertEquals(op("get", "/account/assets").security, [{ customerToken: [], appKey: [] }]);
    assertEquals(op("post", "/fast/order").security, [
      { customerToken: [], appKey: [], idempotencyKey: [] },
      { customerToken: [], appKey: [] },
    ]);
    assertEquals(op("get", "/admin/settings").security, [{ operatorToken: ["admin"], appKey: [] }]);
    // shared errors: -99, 400 with fields, 409, 429 and 503 with Retry-After
    const shared = doc.components?.responses ?? {};
    assertEquals(op("get", "/account/assets").responses["401"], {
      $ref: "#/components/responses/Unauthorized",
    });
    assertEquals(op("post", "/fast/order").responses["409"], {
      $ref: "#/components/responses/Conflict",
    });
    const example = (r: string) => shared[r]!.content!["application/json"]!.example;
    assertEquals(example("Unauthorized").code, -99);
    assert(example("BadRequest").data.fields, "400 shows its fields");
    for (const r of ["TooManyRequests", "ServiceUnavailable"]) {
      assert(shared[r]!.headers?.["Retry-After"], `${r}: Retry-After`);
    }
    assert(op("post", "/login").requestBody.content["application/json"].example, "an example");
  } finally {
    await srv.close();
  }
});

/** @redocly/cli, pinned: the lint CI runs on the served document (npx fetches it once). */
const REDOCLY = "@redocly/cli@2.77.0";

Deno.test("the served document passes @redocly/cli lint with the committed configuration (recommended-strict)", async () => {
  const srv = await startServer();
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, await (await fetch(`${srv.base}/api/doc`)).text());
    const config = new URL("../../redocly.yaml", import.meta.url).pathname;
    const out = await new Deno.Command("npx", {
      args: ["-y", REDOCLY, "lint", file, "--config", config, "--format", "stylish"],
      env: { NO_COLOR: "1", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert(out.success, `redocly lint failed:\n${text}`);
    assert(/valid/i.test(text), text);
  } finally {
    await Deno.remove(file);
    await srv.close();
  }
});

Deno.test("every island type-checks against the document the routes generate", async () => {
  // `deno task build` wrote the types from the routes; a test run without it must not pass stale
  const written = await Deno.readTextFile(API_TYPES_FILE).catch(() => "");
  assert(written === await generateApiTypes(), "islands/lib/api.gen.ts is stale: deno task build");
  // a path, body or reply that left the document is a type error in the island that uses it
  const check = await new Deno.Command(Deno.execPath(), {
    args: ["check", "islands/"],
    cwd: new URL("../../", import.meta.url),
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert(check.success, new TextDecoder().decode(check.stderr).slice(-4000));
});

Deno.test("islands name their API calls by documented path through the typed client: no hand-typed /api URL, no fetch of their own", async () => {
  const root = new URL("../../islands/", import.meta.url);
  const found: string[] = [];
  const walk = async (dir: URL) => {
    for await (const e of Deno.readDir(dir)) {
      const at = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
      if (e.isDirectory) await walk(at);
      else if (/\.tsx?$/.test(e.name) && !/api(\.gen)?\.ts$/.test(e.name)) {
        const lines = (await Deno.readTextFile(at)).split("\n");
        lines.forEach((line, i) => {
          const code = line.replace(/^\s*(\/\*|\*|\/\/).*$/, ""); // comments may name paths
          if (/["'`]\/api\/|\bfetch\(/.test(code)) found.push(`${e.name}:${i + 1}: ${line.trim()}`);
        });
      }
    }
  };
  await walk(root);
  assertEquals(found, []);
});
