/** The tape's hash chain: the fixed vectors of the domain rules' format, and tampering found. */
import fc from "fast-check";
import { assertEquals } from "../tests/assert.ts";
import { type ChainTick, genesisHash, tickHash, verifyChain } from "./chain.ts";

// computed independently with coreutils: printf '%s' 'tradewind-tape-v1|BTCUSDT' | sha256sum
const H0 = "8882d861449fd4e33b98b77f697e17e78c1311584a6f76a13f5cbf81af4d13fd";
// printf '%s' "$H0|1|1764000000000|60000.5|0.01" | sha256sum
const H1 = "ede606fbfd791b722037fa800fb471a89ff31a02838a43902d76d8c2154064ea";

Deno.test("chain: fixed vectors (canonical decimals: no trailing zeros)", () => {
  assertEquals(genesisHash("BTCUSDT"), H0);
  assertEquals(tickHash(H0, 1, 1764000000000, 6_000_050_000_000n, 1_000_000n), H1);
  // 60000.50000000 and 60000.5 are one price: one hash
  assertEquals(tickHash(H0, 1, 1764000000000, 6_000_050_000_000n, 1_000_000n), H1);
});

function chainOf(symbol: string, raw: { dt: number; price: bigint; qty: bigint }[]) {
  let prev = { seq: 0, hash: genesisHash(symbol), time: 0 };
  let time = 1_764_000_000_000;
  const out: ChainTick[] = [];
  for (const r of raw) {
    time += r.dt;
    const seq = prev.seq + 1;
    const t = {
      seq,
      time,
      price: r.price,
      qty: r.qty,
      hash: tickHash(prev.hash, seq, time, r.price, r.qty),
    };
    out.push(t);
    prev = t;
  }
  return out;
}

const rawTicks = fc.array(
  fc.record({
    dt: fc.integer({ min: 0, max: 5000 }),
    price: fc.bigInt({ min: 1n, max: 10n ** 14n }),
    qty: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  }),
  { minLength: 2, maxLength: 40 },
);
const genesis = (s: string) => ({ seq: 0, hash: genesisHash(s), time: 0 });

Deno.test("chain: an intact chain verifies; any changed, dropped or reordered tick is found", () => {
  fc.assert(
    fc.property(rawTicks, fc.nat(), fc.integer({ min: 0, max: 3 }), (raw, at, how) => {
      const ticks = chainOf("ETHUSDT", raw);
      assertEquals(verifyChain(genesis("ETHUSDT"), ticks), null);
      const i = at % ticks.length;
      const bad = ticks.map((t) => ({ ...t }));
      if (how === 0) bad[i]!.price += 1n; // a price edited
      else if (how === 1) bad[i]!.qty += 1n; // a quantity edited
      else if (how === 2) bad.splice(i, 1); // a tick deleted
      else { // two ticks swapped
        const j = i === ticks.length - 1 ? i - 1 : i + 1;
        [bad[i], bad[j]] = [bad[j]!, bad[i]!];
      }
      const broke = verifyChain(genesis("ETHUSDT"), bad);
      // a deleted last tick leaves a shorter chain that is intact up to there (the published
      // head catches that one: its seq and hash no longer match the last tick)
      if (how === 2 && i === ticks.length - 1) {
        assertEquals(broke, null);
        assertEquals(bad[bad.length - 1]?.hash === ticks[ticks.length - 1]!.hash, false);
      } else {
        assertEquals(broke !== null, true);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("chain: a chain of one symbol does not verify as another's", () => {
  const ticks = chainOf("BTCUSDT", [{ dt: 1, price: 5n, qty: 1n }]);
  assertEquals(verifyChain(genesis("ETHUSDT"), ticks)?.reason, "hash");
});
