import type { PrivateRead } from "../../edge/platform/kv_round_trips.ts";
import type { Session } from "../../edge/customers/service.ts";
import type { Ctx } from "../../edge/http/context.ts";

export interface PageDef {
  /** Hono path pattern. */
  path: string;
  /** "any" pages (demo, static pages) render in the visitor's device layout. */
  layout: "wp" | "pc" | "any";
  /** Mobile pages a visitor may open without a session (the spec's guard exemptions). */
  public?: boolean;
  /**
   * Keys of the private record the page shows (from its address), read together with the session
   * (one round trip); the page still checks the record is the customer's.
   */
  prefetch?: (c: Ctx) => Deno.KvKey[];
  render: (c: Ctx, session: Session | null) => Response | Promise<Response>;
  /**
   * The public data the page shows (in-process caches: edge/platform/public_cache.ts), started
   * before the session is read: on a cold instance their loads (a replica's copy) run while the
   * session's round trip is out, and the render takes the same entries.
   */
  publicData?: (c: Ctx) => Promise<unknown>[];
  /**
   * The private lists the page reads for a signed-in customer, started with the session (one
   * round trip far from the store: edge/platform/middleware.ts `reading`).
   */
  reads?: (c: Ctx, userId: string) => PrivateRead[];
}
