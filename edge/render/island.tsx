import type { ComponentType } from "preact";

/** Island names used while rendering the current page (render is synchronous). */
let collecting: Set<string> | null = null;

export function collectIslands<T>(render: () => T): { result: T; islands: string[] } {
  const prev = collecting;
  collecting = new Set();
  try {
    const result = render();
    return { result, islands: [...collecting] };
  } finally {
    collecting = prev;
  }
}

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(
    /\u2029/g,
    "\\u2029",
  );
}

/**
 * Server-render an island and mark it for hydration: the component's HTML inside
 * <tw-island data-name>, followed by its serializable props as JSON. The name is the component's
 * own (an island is the default export `function Name` of islands/Name.tsx, the file the build
 * bundles under that name), so a page names the component once.
 */
export function Island<P extends Record<string, unknown>>(
  { of: Component, props }: { of: ComponentType<P>; props: NoInfer<P> },
) {
  const name = Component.name;
  collecting?.add(name);
  return (
    <>
      <tw-island data-name={name}>
        <Component {...props} />
      </tw-island>
      <script
        type="application/json"
        data-island-props=""
        // deno-lint-ignore react-no-danger
        dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
      />
    </>
  );
}

declare module "preact" {
  namespace JSX {
    interface IntrinsicElements {
      "tw-island": HTMLAttributes<HTMLElement> & { "data-name": string };
    }
  }
}
