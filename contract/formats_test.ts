import { assertEquals } from "../tests/assert.ts";
import fc from "fast-check";
import {
  CRYPTO_TYPES,
  type CryptoType,
  maskAddress,
  maskCard,
  validateCryptoAddress,
  validateDomesticCard,
  validateIban,
  validateSwift,
} from "./formats.ts";

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const ASCII_ALNUM = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

const GENESIS = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const P2SH = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** Valid mainnet segwit addresses from BIP-173 / BIP-350 (canonical lower case). */
const SEGWIT_VALID = [
  "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", // v0, 20 bytes
  "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", // v0, 32 bytes
  "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", // v1, 40 bytes
  "bc1sw50qgdz25j", // v16, 2 bytes
  "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", // v2, 16 bytes
  "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", // v1 taproot, 32 bytes
];

/** BIP-350 invalid addresses (plus BIP-173 ones that are invalid on mainnet). */
const SEGWIT_INVALID = [
  "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", // invalid hrp
  "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", // bech32 for v1
  "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", // bech32 for v2 (testnet)
  "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", // bech32 for v16
  "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", // bech32m for v0
  "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", // bech32m for v0 (testnet)
  "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", // invalid char in checksum
  "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", // witness version 17
  "bc1pw5dgrnzv", // 1-byte program
  "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", // 41 bytes
  "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", // v0 with a 16-byte program
  "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", // mixed case
  "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", // > 4 bits zero padding
  "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", // non-zero padding
  "bc1gmk9yu", // empty data section
  // Valid on testnet (BIP-173/350), so invalid here (mainnet only).
  "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
  "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
  // Mixed case of a valid mainnet address; bad checksum.
  "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
  "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5",
];

/** EIP-55 examples from the EIP. */
const EIP55 = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

function substitute(s: string, pos: number, ch: string): string {
  return s.slice(0, pos) + ch + s.slice(pos + 1);
}

function flipCase(ch: string): string {
  return ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
}

async function sha256d(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const once = await crypto.subtle.digest("SHA-256", data);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", once));
}

/** Independent base58 encoder (big-integer based), so the tests do not reuse the codec. */
function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58_ALPHABET.charAt(Number(n % 58n)) + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out;
}

/** Builds a base58check string with a correct checksum for arbitrary version/payload. */
async function base58check(version: number, payload: Uint8Array): Promise<string> {
  const body = new Uint8Array(1 + payload.length);
  body[0] = version;
  body.set(payload, 1);
  const sum = (await sha256d(body)).subarray(0, 4);
  const full = new Uint8Array(body.length + 4);
  full.set(body);
  full.set(sum, body.length);
  return base58Encode(full);
}

// ---------------------------------------------------------------------------------------------
// BTC

Deno.test("BTC: base58 P2PKH and P2SH vectors", async () => {
  assertEquals(await validateCryptoAddress("BTC", GENESIS), GENESIS);
  assertEquals(await validateCryptoAddress("BTC", P2SH), P2SH);
  assertEquals(await validateCryptoAddress("BTC", `  ${GENESIS}\n`), GENESIS);
  // One character changed.
  assertEquals(
    await validateCryptoAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"),
    null,
  );
  assertEquals(
    await validateCryptoAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN"),
    null,
  );
  // Base58 excludes 0, O, I, l.
  assertEquals(
    await validateCryptoAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0"),
    null,
  );
  // Right checksum, wrong network: TRON address, testnet P2PKH (0x6f), testnet P2SH (0xc4).
  assertEquals(await validateCryptoAddress("BTC", TRON_USDT), null);
  const hash160 = new Uint8Array(20).fill(7);
  assertEquals(await validateCryptoAddress("BTC", await base58check(0x6f, hash160)), null);
  assertEquals(await validateCryptoAddress("BTC", await base58check(0xc4, hash160)), null);
  // Right version + checksum but wrong payload length.
  const short = await base58check(0x00, new Uint8Array(19).fill(7));
  assertEquals(short.startsWith("1"), true);
  assertEquals(await validateCryptoAddress("BTC", short), null);
  // Self-built mainnet ones are accepted.
  const p2pkh = await base58check(0x00, hash160);
  const p2sh = await base58check(0x05, hash160);
  assertEquals(await validateCryptoAddress("BTC", p2pkh), p2pkh);
  assertEquals(await validateCryptoAddress("BTC", p2sh), p2sh);
});

Deno.test("BTC: BIP-173/BIP-350 valid mainnet segwit addresses, canonical lower case", async () => {
  assertEquals(
    await validateCryptoAddress("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"),
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
  );
  assertEquals(await validateCryptoAddress("BTC", "BC1SW50QGDZ25J"), "bc1sw50qgdz25j");
  for (const addr of SEGWIT_VALID) {
    assertEquals(await validateCryptoAddress("BTC", addr), addr, addr);
    assertEquals(await validateCryptoAddress("BTC", addr.toUpperCase()), addr, addr);
  }
});

Deno.test("BTC: BIP-350 invalid addresses are rejected", async () => {
  for (const addr of SEGWIT_INVALID) {
    assertEquals(await validateCryptoAddress("BTC", addr), null, addr);
  }
});

Deno.test("BTC: non-ASCII look-alikes are rejected (U+212A KELVIN SIGN lower-cases to k)", async () => {
  const upper = "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4";
  const kelvin = upper.replace("7KV8", "7\u212AV8");
  assertEquals(kelvin !== upper, true);
  assertEquals(await validateCryptoAddress("BTC", kelvin), null);
});

Deno.test("BTC: every single-character substitution of the vectors is rejected (exhaustive)", async () => {
  for (const addr of [GENESIS, P2SH]) {
    for (let pos = 0; pos < addr.length; pos++) {
      for (const ch of BASE58_ALPHABET) {
        if (ch === addr[pos]) continue;
        const mutated = substitute(addr, pos, ch);
        assertEquals(await validateCryptoAddress("BTC", mutated), null, mutated);
      }
    }
  }
  for (const addr of SEGWIT_VALID) {
    for (const variant of [addr, addr.toUpperCase()]) {
      for (let pos = 0; pos < variant.length; pos++) {
        for (const ch of ASCII_ALNUM) {
          if (ch === variant[pos]) continue;
          const mutated = substitute(variant, pos, ch);
          assertEquals(await validateCryptoAddress("BTC", mutated), null, mutated);
        }
      }
    }
  }
});

// ---------------------------------------------------------------------------------------------
// ETH / USDT-ERC20

Deno.test("ETH/ERC20: EIP-55 vectors", async () => {
  for (const type of ["ETH", "USDT-ERC20"] as const) {
    for (const addr of EIP55) {
      assertEquals(await validateCryptoAddress(type, addr), addr, addr);
      // No checksum information: canonicalised to EIP-55.
      const body = addr.slice(2);
      assertEquals(await validateCryptoAddress(type, "0x" + body.toLowerCase()), addr);
      assertEquals(await validateCryptoAddress(type, "0x" + body.toUpperCase()), addr);
      assertEquals(await validateCryptoAddress(type, ` 0x${body.toLowerCase()} `), addr);
    }
    // One letter with flipped case.
    assertEquals(
      await validateCryptoAddress(type, "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
      null,
    );
    // Other EIP-55 examples (all caps / all lower are their checksummed forms too).
    assertEquals(
      await validateCryptoAddress(type, "0x52908400098527886E0F7030069857D2E4169EE7"),
      "0x52908400098527886E0F7030069857D2E4169EE7",
    );
    assertEquals(
      await validateCryptoAddress(type, "0xde709f2102306220921060314715629080e2fb77"),
      "0xde709f2102306220921060314715629080e2fb77",
    );
  }
});

Deno.test("ETH: every single-letter case flip of a checksummed vector is rejected", async () => {
  for (const addr of EIP55) {
    for (let pos = 2; pos < addr.length; pos++) {
      const ch = addr.charAt(pos);
      if (!/[a-fA-F]/.test(ch)) continue;
      const mutated = substitute(addr, pos, flipCase(ch));
      assertEquals(await validateCryptoAddress("ETH", mutated), null, mutated);
    }
  }
});

Deno.test("ETH: malformed hex addresses are rejected", async () => {
  const body = "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
  for (
    const bad of [
      body, // no prefix
      "0X" + body, // upper-case prefix
      "0x" + body.slice(1), // 39 hex
      "0x" + body + "0", // 41 hex
      "0x" + body.slice(1) + "g", // non-hex
      "0x" + body.slice(1) + "\uff41", // fullwidth "a"
      "",
      "0x",
    ]
  ) {
    assertEquals(await validateCryptoAddress("ETH", bad), null, bad);
  }
});

// ---------------------------------------------------------------------------------------------
// USDT-TRC20

Deno.test("TRON: base58check T-address", async () => {
  assertEquals(await validateCryptoAddress("USDT-TRC20", TRON_USDT), TRON_USDT);
  assertEquals(await validateCryptoAddress("USDT-TRC20", `\t${TRON_USDT} `), TRON_USDT);
  assertEquals(
    await validateCryptoAddress("USDT-TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"),
    null,
  );
  assertEquals(
    await validateCryptoAddress("USDT-TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLJ6t"),
    null,
  );
  assertEquals(await validateCryptoAddress("USDT-TRC20", GENESIS), null);
  assertEquals(await validateCryptoAddress("USDT-TRC20", EIP55[0]!), null);
  // Correct checksum but a non-TRON version byte.
  assertEquals(
    await validateCryptoAddress("USDT-TRC20", await base58check(0x42, new Uint8Array(20))),
    null,
  );
  const built = await base58check(0x41, new Uint8Array(20).fill(0xab));
  assertEquals(built.startsWith("T"), true);
  assertEquals(await validateCryptoAddress("USDT-TRC20", built), built);
});

Deno.test("TRON: every single-character substitution is rejected (exhaustive)", async () => {
  for (let pos = 0; pos < TRON_USDT.length; pos++) {
    for (const ch of BASE58_ALPHABET) {
      if (ch === TRON_USDT[pos]) continue;
      const mutated = substitute(TRON_USDT, pos, ch);
      assertEquals(await validateCryptoAddress("USDT-TRC20", mutated), null, mutated);
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Cross-type and bounds

Deno.test("addresses are only accepted for their own type", async () => {
  const valid: Record<CryptoType, string> = {
    "BTC": GENESIS,
    "ETH": EIP55[0]!,
    "USDT-ERC20": EIP55[1]!,
    "USDT-TRC20": TRON_USDT,
  };
  const evm = (t: CryptoType) => t === "ETH" || t === "USDT-ERC20";
  for (const t of CRYPTO_TYPES) {
    for (const [owner, addr] of Object.entries(valid) as [CryptoType, string][]) {
      const expected = t === owner || (evm(t) && evm(owner)) ? addr : null;
      assertEquals(await validateCryptoAddress(t, addr), expected, `${t} ${addr}`);
    }
  }
});

Deno.test("length bound and junk input", async () => {
  const long = "bc1q" + "q".repeat(97);
  assertEquals(long.length, 101);
  for (const t of CRYPTO_TYPES) {
    assertEquals(await validateCryptoAddress(t, long), null);
    assertEquals(await validateCryptoAddress(t, "1".repeat(100_000)), null);
    assertEquals(await validateCryptoAddress(t, ""), null);
    assertEquals(await validateCryptoAddress(t, "   "), null);
    // Untyped callers.
    assertEquals(await validateCryptoAddress(t, null as unknown as string), null);
    assertEquals(await validateCryptoAddress(t, 42 as unknown as string), null);
  }
  assertEquals(await validateCryptoAddress("DOGE" as CryptoType, GENESIS), null);
});

// ---------------------------------------------------------------------------------------------
// Property tests

const base58Char = fc.constantFrom(...BASE58_ALPHABET);
const asciiAlnumChar = fc.constantFrom(...ASCII_ALNUM);

Deno.test("property: single base58 substitution in a BTC/TRON address is rejected", async () => {
  const vectors: [CryptoType, string][] = [
    ["BTC", GENESIS],
    ["BTC", P2SH],
    ["USDT-TRC20", TRON_USDT],
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...vectors),
      fc.nat(),
      base58Char,
      async ([type, addr], n, ch) => {
        const pos = n % addr.length;
        fc.pre(addr[pos] !== ch);
        return await validateCryptoAddress(type, substitute(addr, pos, ch)) === null;
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("property: single substitution in a bech32/bech32m address is rejected", async () => {
  const vectors = [...SEGWIT_VALID, ...SEGWIT_VALID.map((a) => a.toUpperCase())];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...vectors),
      fc.nat(),
      fc.oneof(asciiAlnumChar, fc.constantFrom(...BECH32_CHARSET)),
      async (addr, n, ch) => {
        const pos = n % addr.length;
        fc.pre(addr[pos] !== ch);
        return await validateCryptoAddress("BTC", substitute(addr, pos, ch)) === null;
      },
    ),
    { numRuns: 2000 },
  );
});

/** UTF-16 code units including lone surrogates. */
const codeUnitString = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 120,
});

Deno.test("property: arbitrary strings never throw and are rejected", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...CRYPTO_TYPES),
      fc.oneof(
        fc.string({ maxLength: 150 }),
        fc.string({ unit: "binary", maxLength: 150 }),
        codeUnitString,
      ),
      async (type, s) => (await validateCryptoAddress(type, s)) === null,
    ),
    { numRuns: 3000 },
  );
});

Deno.test("property: address-shaped strings never throw; accepted ones are canonical fixpoints", async () => {
  const shaped = fc.oneof(
    fc.tuple(
      fc.constantFrom("bc1", "BC1", "tb1", "bc1q", "bc1p", "BC1S"),
      fc.string({ unit: fc.constantFrom(...BECH32_CHARSET, "1", "B", "o"), maxLength: 80 }),
    ).map(([p, s]) => p + s),
    fc.tuple(
      fc.constantFrom("1", "3", "T", "11", ""),
      fc.string({ unit: base58Char, maxLength: 40 }),
    ).map(([p, s]) => p + s),
    fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 38, maxLength: 42 })
      .map((s) => "0x" + s),
    codeUnitString.map((s) => "bc1" + s),
    codeUnitString.map((s) => "0x" + s),
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...CRYPTO_TYPES), shaped, async (type, s) => {
      const out = await validateCryptoAddress(type, s);
      if (out === null) return true;
      return (await validateCryptoAddress(type, out)) === out;
    }),
    { numRuns: 3000 },
  );
});

Deno.test("property: bank validators never throw on arbitrary strings", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), codeUnitString), (s) => {
      for (const f of [validateDomesticCard, validateIban, validateSwift]) {
        const out = f(s);
        if (out !== null && f(out) !== out) return false;
      }
      maskCard(s);
      maskAddress(s);
      return true;
    }),
    { numRuns: 2000 },
  );
});

// ---------------------------------------------------------------------------------------------
// Bank details

Deno.test("cards: Luhn", () => {
  assertEquals(validateDomesticCard("4111 1111 1111 1111"), "4111111111111111");
  assertEquals(validateDomesticCard("4111-1111-1111-1111"), "4111111111111111");
  assertEquals(validateDomesticCard("4111111111111112"), null);
  assertEquals(validateDomesticCard("6011 0000 0000 0004"), "6011000000000004");
  assertEquals(validateDomesticCard("378282246310005"), "378282246310005"); // Amex test
  assertEquals(validateDomesticCard("4111 1111 111"), null); // 11 digits
  assertEquals(validateDomesticCard("4".repeat(20)), null); // 20 digits
  assertEquals(validateDomesticCard("4111 1111 1111 111a"), null);
  assertEquals(validateDomesticCard("４１１１111111111111"), null); // fullwidth digits
  assertEquals(validateDomesticCard(""), null);
});

Deno.test("IBAN: mod-97", () => {
  assertEquals(validateIban("GB82 WEST 1234 5698 7654 32"), "GB82WEST12345698765432");
  assertEquals(validateIban("gb82 west 1234 5698 7654 32"), "GB82WEST12345698765432");
  assertEquals(validateIban("GB82WEST12345698765433"), null);
  assertEquals(validateIban("DE89370400440532013000"), "DE89370400440532013000");
  assertEquals(validateIban("DE89 3704 0044 0532 0130 00"), "DE89370400440532013000");
  assertEquals(validateIban("NL91ABNA0417164300"), "NL91ABNA0417164300");
  assertEquals(validateIban("DE88370400440532013000"), null); // wrong check digits
  assertEquals(validateIban("GB82-WEST-1234-5698-7654-32"), null);
  assertEquals(validateIban("1282WEST12345698765432"), null); // country must be letters
  assertEquals(validateIban("GB8AWEST12345698765432"), null); // check digits must be digits
  assertEquals(validateIban("GB82WEST1234"), null); // too short
  assertEquals(validateIban("GB82" + "1".repeat(31)), null); // 35 chars
  assertEquals(validateIban("GB00WEST12345698765432"), null);
  assertEquals(validateIban(""), null);
});

Deno.test("SWIFT/BIC", () => {
  assertEquals(validateSwift("DEUTDEFF"), "DEUTDEFF");
  assertEquals(validateSwift("NEDSZAJJXXX"), "NEDSZAJJXXX");
  assertEquals(validateSwift(" deutdeff500 "), "DEUTDEFF500");
  assertEquals(validateSwift("DEUT1EFF"), null);
  assertEquals(validateSwift("DEUTDEF"), null);
  assertEquals(validateSwift("DEUTDEFF5"), null);
  assertEquals(validateSwift("DEUTDEFF50"), null);
  assertEquals(validateSwift("DEUTDEFF5000"), null);
  assertEquals(validateSwift("DEUT DEFF"), null);
  assertEquals(validateSwift("DEUTDEF\u017F"), null); // "ſ".toUpperCase() === "S"
});

Deno.test("masking for display", () => {
  assertEquals(maskCard("4111 1111 1111 1234"), "**** **** **** 1234");
  assertEquals(maskCard("4111111111111234"), "**** **** **** 1234");
  assertEquals(maskCard("4111111111111111234"), "**** **** **** *** 1234");
  assertEquals(maskCard("411111111234"), "**** **** 1234");
  assertEquals(maskCard("1234"), "****");
  assertEquals(maskCard(""), "****");
  assertEquals(maskAddress(GENESIS), "1A1zP1…vfNa");
  assertEquals(maskAddress(EIP55[0]!), "0x5aAe…eAed");
  assertEquals(maskAddress("bc1sw50qgdz25j"), "bc1sw5…z25j");
  assertEquals(maskAddress("short"), "short");
});
