/**
 * For the tests: a local server standing in for the exchange (`answer` speaks its WebSocket and
 * REST paths) and an exchange feed for BTCUSDT pointed at it. The adapter's test and the
 * history back-fill test both drive the real adapter through it.
 */
import { ExchangeFeed, type ExchangeOptions } from "./exchange.ts";

export function fakeExchange(
  answer: (req: Request) => Response | Promise<Response>,
  opts: Omit<ExchangeOptions, "wsBase" | "restBase" | "symbols">,
) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, answer);
  const base = `127.0.0.1:${server.addr.port}`;
  const feed = new ExchangeFeed({
    wsBase: `ws://${base}`,
    restBase: `http://${base}`,
    symbols: ["BTCUSDT"],
    ...opts,
  });
  return { server, feed };
}
