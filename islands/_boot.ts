/**
 * Hydration entry: the only script a page with islands loads. Finds each <tw-island>, reads
 * its JSON props from the next element and hydrates the island module of the same name.
 */
import { h, hydrate } from "preact";

const base = new URL(".", import.meta.url);
for (const el of Array.from(document.querySelectorAll<HTMLElement>("tw-island"))) {
  const name = el.dataset.name ?? "";
  if (!/^[A-Za-z]+$/.test(name)) continue;
  const props = JSON.parse(el.nextElementSibling?.textContent ?? "{}");
  import(new URL(`${name}.js`, base).href).then(async (mod) => {
    // hydrate in a task of its own, not in the one that evaluated the module (a big island
    // such as the chart would otherwise block the main thread for both at once)
    await new Promise((r) => setTimeout(r, 0));
    hydrate(h(mod.default, props), el);
    el.dataset.hydrated = "1";
  }).catch((err) => console.error("island", name, err));
}
