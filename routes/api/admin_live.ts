/**
 * Queue awareness for the console, live (`GET /admin/queues/live`, server-sent events): after
 * every new item a `work` event naming the new items and a `counts` event with the waiting work
 * per queue (the page came with the counts, read beside the operator's session). New work is heard through the
 * event log (edge/realtime/eventlog.ts): a recharge, withdrawal or verification submitted on any
 * instance stages a queue entry in its commit, and every instance's reader delivers it, so a
 * console open on one instance sees work that arrived through another.
 *
 * A stream lasts at most `STREAM_MS` (the browser's EventSource reconnects, signing in again
 * with the cookie: a revoked session stops getting events); a comment every `PING_MS` keeps
 * proxies from closing it.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { pendingCounts, QUEUES } from "../../edge/operators/queues.ts";
import type { AppEnv } from "../../edge/http/context.ts";
import { operatorAuth } from "../../edge/http/operator_auth.ts";
import { AUTH_ERRORS } from "./openapi.ts";

const tags = ["admin"];
const QUEUE_ROLES = [...new Set(QUEUES.map((q) => q.role))];
const STREAM_MS = 5 * 60_000;
const PING_MS = 20_000;

export const liveApi = new OpenAPIHono<AppEnv>();

liveApi.get("/admin/queues/live", operatorAuth(QUEUE_ROLES), (c) => {
  const { deps, tenant, operator } = c.var;
  const t = tenant.id;
  const mine = new Set<string>(
    QUEUES.filter((q) => operator.roles.includes(q.role)).map((q) => q.name),
  );
  const res = streamSSE(c, async (stream) => {
    // one write at a time, in order; the event log's reader never waits on this stream
    let chain = Promise.resolve();
    const send = (event: string, data: () => Promise<unknown> | unknown) => {
      chain = chain.then(async () => {
        if (stream.aborted || stream.closed) return;
        await stream.writeSSE({ event, data: JSON.stringify(await data()) });
      }).catch(() => {});
    };
    // the page came with the counts; they follow new work from here
    const counts = () => pendingCounts(deps.kv, t, operator.roles);
    const off = deps.events.subscribe((tenantId, e) => {
      if (tenantId !== t) return;
      const work = (e.queues ?? []).filter((q) => mine.has(q.queue));
      if (!work.length) return;
      send("work", () => work);
      send("counts", counts);
    });
    stream.onAbort(() => off());
    const until = Date.now() + STREAM_MS;
    while (!stream.aborted && !stream.closed && Date.now() < until) {
      await stream.sleep(PING_MS);
      chain = chain.then(() => stream.write(": ping\n\n")).then(() => {}).catch(() => {});
    }
    off();
    await chain;
  });
  // a stream is never compressed (edge/platform/compression.ts buffers what it compresses)
  res.headers.set("Cache-Control", "no-store, no-transform");
  return res;
});

liveApi.openAPIRegistry.registerPath({
  method: "get",
  path: "/admin/queues/live",
  tags,
  summary:
    "Server-sent events for the console: `counts` (waiting work per queue) after new work, `work` ([{queue, id}]) when items arrive on any instance",
  security: [{ operatorToken: [], appKey: [] }],
  responses: {
    200: {
      description: "an event stream (text/event-stream)",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...AUTH_ERRORS,
  },
});
