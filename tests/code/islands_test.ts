/**
 * A page names an island by its component (`<Island of={LiveAssets} …>`): the name the browser
 * loads it by is the component's function name, so every island's default export must be the
 * `function Name` of its file islands/Name.tsx (the build bundles the file under that name).
 */
import { assertEquals } from "../assert.ts";

Deno.test("every island's default export is named as its file (the name it hydrates by)", async () => {
  const dir = new URL("../../islands/", import.meta.url);
  const wrong: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const file = /^([A-Z]\w*)\.tsx$/.exec(e.name);
    if (!e.isFile || !file) continue;
    const mod = await import(new URL(e.name, dir).href);
    if (mod.default?.name !== file[1]) wrong.push(`${e.name}: ${mod.default?.name}`);
  }
  assertEquals(wrong, []);
});
