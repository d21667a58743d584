/**
 * Telemetry through Deno's built-in OpenTelemetry (`OTEL_DENO=true` and the standard `OTEL_*`
 * variables; README "Operating"). Deno instruments `Deno.serve` (a span per request), `fetch`,
 * `Deno.cron` and the runtime's own metrics, exports `console.*` as logs carrying the trace and
 * span ids of the span they were written in (logs correlated to traces), and registers its
 * providers with `npm:@opentelemetry/api`, which the app's own spans and metrics use (without
 * `OTEL_DENO` the API is a no-op and costs next to nothing).
 *
 * The app adds:
 * - spans: each request's span gets its route name, tenant and status (the HTTP layer); a
 *   `kv.commit` span per atomic commit (checks, mutations, busy retries, outcome, the key
 *   prefixes' first two parts: tenant and capability); `engine.ticks` for the trigger engine's
 *   processing of a batch of ticks (symbol, ticks);
 * - metrics: `tradewind.orders` (per product and tenant), `tradewind.refusals` (per error id),
 *   `tradewind.kv.conflict_retries`, `tradewind.engine.tick.duration` (ms),
 *   `tradewind.tape.lag` (ms since each symbol's latest tick), `tradewind.leases.held` (1 or 0
 *   per lease of this process), `tradewind.sockets` (open sockets) and
 *   `tradewind.eventlog.delay` (ms from an event's commit time to this instance reading it).
 *
 * Nothing sensitive goes into an attribute: no tokens, passwords, codes, phone or card numbers,
 * no user ids, no request bodies; only route patterns (never the filled-in path), tenants,
 * products, symbols, error ids, counts and durations. `tests/api/telemetry_test.ts` scans what
 * Deno exports for them.
 */
import {
  type Attributes,
  INVALID_SPAN_CONTEXT,
  metrics,
  type Span,
  trace,
} from "@opentelemetry/api";

export const tracer = trace.getTracer("tradewind");
const meter = metrics.getMeter("tradewind");

export const instruments = {
  orders: meter.createCounter("tradewind.orders", {
    description: "Orders accepted, per product and tenant",
    unit: "{order}",
  }),
  refusals: meter.createCounter("tradewind.refusals", {
    description: "Requests refused, per error id",
    unit: "{refusal}",
  }),
  conflictRetries: meter.createCounter("tradewind.kv.conflict_retries", {
    description: "Optimistic commit loops that tried again after a conflict",
    unit: "{retry}",
  }),
  engineTick: meter.createHistogram("tradewind.engine.tick.duration", {
    description: "The trigger engine's processing of one batch of ticks",
    unit: "ms",
  }),
  eventLogDelay: meter.createHistogram("tradewind.eventlog.delay", {
    description: "From an event's commit time to this instance reading it from the event log",
    unit: "ms",
  }),
};

/** What the gauges read when the exporter asks (each process registers its sources). */
const sources = {
  tapeLag: new Set<() => Iterable<[symbol: string, ms: number]>>(),
  sockets: new Set<() => number>(),
  leases: new Set<{ name: string; held: () => boolean }>(),
};

meter.createObservableGauge("tradewind.tape.lag", {
  description: "Milliseconds since each symbol's latest tick on the tape",
  unit: "ms",
}).addCallback((r) => {
  for (const f of sources.tapeLag) for (const [symbol, ms] of f()) r.observe(ms, { symbol });
});
meter.createObservableGauge("tradewind.sockets", {
  description: "Open realtime sockets on this instance",
  unit: "{socket}",
}).addCallback((r) => {
  let n = 0;
  for (const f of sources.sockets) n += f();
  r.observe(n);
});
meter.createObservableGauge("tradewind.leases.held", {
  description: "Per lease of this instance: 1 while it holds it, 0 while it stands by",
}).addCallback((r) => {
  for (const l of sources.leases) r.observe(l.held() ? 1 : 0, { lease: l.name });
});

/** Whether Deno exports telemetry (`OTEL_DENO=true`); otherwise the gauges need no sources. */
export const exporting = (() => {
  try {
    return Deno.env.get("OTEL_DENO") === "true";
  } catch {
    return false;
  }
})();

/** Register what the gauges of this process read; returns the unregistering function. */
export function observe(s: {
  tapeLag?: () => Iterable<[string, number]>;
  sockets?: () => number;
}): () => void {
  // (test processes build many servers: without an exporter nothing would ever read these)
  if (!exporting) return () => {};
  if (s.tapeLag) sources.tapeLag.add(s.tapeLag);
  if (s.sockets) sources.sockets.add(s.sockets);
  return () => {
    if (s.tapeLag) sources.tapeLag.delete(s.tapeLag);
    if (s.sockets) sources.sockets.delete(s.sockets);
  };
}

/** A lease of this process, for `tradewind.leases.held` (until `untrack`). */
export function trackLease(l: { name: string; held: () => boolean }) {
  if (!exporting) return () => {};
  sources.leases.add(l);
  return () => sources.leases.delete(l);
}

/** The span `inSpan` hands to its function when nothing is exported: records nothing. */
const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * Run `f` in an active span (its errors recorded), ended when `f` settles. `attributes` may be
 * a function, called only when spans are exported: without `OTEL_DENO` every commit (one per
 * group of orders) skipped the no-op tracer's context switch and the attributes' building, a
 * visible share of an order's CPU (bench/orders_load.ts profile).
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes | (() => Attributes),
  f: (span: Span) => T,
): T {
  if (!exporting) return f(NO_SPAN);
  const attrs = typeof attributes === "function" ? attributes() : attributes;
  return tracer.startActiveSpan(name, { attributes: attrs }, (span) => {
    let out: T;
    try {
      out = f(span);
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: 2 });
      span.end();
      throw e;
    }
    if (out instanceof Promise) {
      return out.then(
        (v) => (span.end(), v),
        (e) => {
          span.recordException(e as Error);
          span.setStatus({ code: 2 });
          span.end();
          throw e;
        },
      ) as T;
    }
    span.end();
    return out;
  });
}

/** The first two parts of each key (tenant or area, capability), each once: what a commit touched. */
export function keyAreas(keys: Deno.KvKey[]): string {
  return [...new Set(keys.map((k) => k.slice(0, 2).map(String).join("/")))].sort().join(",");
}
