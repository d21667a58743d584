/**
 * The TypeScript types of the API document (`GET /api/doc`), generated with openapi-typescript
 * into `islands/lib/api.gen.ts`: the paths, bodies and replies the typed client
 * (`islands/lib/api.ts`, openapi-fetch) checks every island's call against. `deno task build` runs
 * it first (the file is not committed: it is made from the routes, like the bundles);
 * `deno task gen:api` alone after changing a route, for the editor. tests/api/openapi_test.ts
 * type-checks every island against it.
 */
import openapiTS, { astToString, UNKNOWN } from "openapi-typescript";
import { createApi } from "../routes/app.ts";

export const API_TYPES_FILE = new URL("../islands/lib/api.gen.ts", import.meta.url);

const HEADER = `/**
 * Generated from the API document (GET /api/doc) by tools/api_types.ts (openapi-typescript):
 * do not edit; \`deno task build\` (or \`deno task gen:api\`) makes it from the routes.
 */
`;

/** The document as the routes describe it (read in-process: no server, no store). */
export async function apiDocument(): Promise<Record<string, unknown>> {
  const res = await createApi().request("http://localhost/doc");
  if (!res.ok) throw new Error(`GET /api/doc answered ${res.status}`);
  return await res.json();
}

/** The generated file's text, formatted as `deno fmt` formats it. */
export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(JSON.stringify(await apiDocument()), {
    rootTypes: false,
    exportType: false,
    // a recursive schema (any JSON value: an audit entry's before and after) is one TypeScript
    // cannot write as an interface member referring to itself
    transform: (_schema, o) => o.path === "#/components/schemas/JsonValue" ? UNKNOWN : undefined,
  });
  return await format(HEADER + astToString(ast));
}

async function format(text: string): Promise<string> {
  const fmt = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext=ts", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = fmt.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const out = await fmt.output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

if (import.meta.main) {
  const text = await generateApiTypes();
  await Deno.writeTextFile(API_TYPES_FILE, text);
  console.log(`wrote islands/lib/api.gen.ts (${text.length} characters)`);
}
