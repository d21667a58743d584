/**
 * Payment-method formats for withdrawals: crypto addresses (one per type) and bank details.
 *
 * Every validator returns the canonical form to store, or `null` when the input is invalid. None
 * of them throws on malformed input (including non-string values from untyped callers).
 *
 * Crypto rules (mainnet only):
 * - BTC: base58check P2PKH (version 0x00, "1…") or P2SH (0x05, "3…"), or segwit with hrp "bc":
 *   v0 = bech32 with a 20- or 32-byte program, v1..v16 = bech32m with a 2..40-byte program
 *   (BIP-173 / BIP-350). Bech32 is canonicalised to lower case; base58 is kept as-is.
 * - ETH / USDT-ERC20: "0x" + 40 hex. All-lower / all-upper case carries no checksum and is
 *   canonicalised to EIP-55; mixed case must match EIP-55 exactly.
 * - USDT-TRC20 (TRON): base58check, version 0x41 ("T…").
 */
import { base58, bech32, bech32m } from "@scure/base";
import { keccak } from "hash-wasm";

export { CRYPTO_TYPES, type CryptoType } from "./funds.ts";
import { CRYPTO_TYPES, type CryptoType } from "./funds.ts";

/** Upper bound on an address (after trimming) before any parsing is attempted. */
const MAX_ADDRESS_LENGTH = 100;
/** Upper bound on raw bank-detail input, so hostile input never reaches the regexes. */
const MAX_BANK_INPUT_LENGTH = 64;

const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]+$/;
const ASCII_ALNUM_RE = /^[A-Za-z0-9]+$/;
const ETH_RE = /^0x[0-9a-fA-F]{40}$/;

/** BTC base58check version bytes. */
const BTC_P2PKH = 0x00;
const BTC_P2SH = 0x05;
/** TRON base58check version byte. */
const TRON_VERSION = 0x41;
/** Decoded base58check length: version (1) + hash160 (20) + checksum (4). */
const BASE58CHECK_LENGTH = 25;

export function isCryptoType(value: unknown): value is CryptoType {
  return typeof value === "string" && (CRYPTO_TYPES as readonly string[]).includes(value);
}

/** Returns the canonical address to store for `type`, or `null` if `address` is invalid. */
export async function validateCryptoAddress(
  type: CryptoType,
  address: string,
): Promise<string | null> {
  if (typeof address !== "string") return null;
  const addr = address.trim();
  if (addr.length === 0 || addr.length > MAX_ADDRESS_LENGTH) return null;
  switch (type) {
    case "BTC":
      return await validateBtc(addr);
    case "ETH":
    case "USDT-ERC20":
      return await validateEvm(addr);
    case "USDT-TRC20":
      return await validateTron(addr);
    default:
      // Unreachable for typed callers; untyped callers get `null`, not an exception.
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Bitcoin

async function validateBtc(addr: string): Promise<string | null> {
  const first = addr[0];
  if (first === "1" || first === "3") {
    const version = await decodeBase58Check(addr);
    if (version === null) return null;
    if (first === "1" && version === BTC_P2PKH) return addr;
    if (first === "3" && version === BTC_P2SH) return addr;
    return null;
  }
  return validateSegwit(addr, "bc");
}

/**
 * BIP-173 / BIP-350 segwit address decoding for a fixed `hrp`. Returns the lower-case address or
 * `null`. Mixed case is refused.
 */
function validateSegwit(addr: string, hrp: string): string | null {
  // ASCII only: `toLowerCase()` maps some non-ASCII letters onto ASCII ones (e.g. U+212A KELVIN
  // SIGN -> "k"), which would otherwise let a look-alike string decode as a valid address.
  if (!ASCII_ALNUM_RE.test(addr)) return null;
  const lower = addr.toLowerCase();
  if (addr !== lower && addr !== addr.toUpperCase()) return null;
  if (!lower.startsWith(hrp + "1")) return null;

  // Exactly one of the two checksum constants can match.
  const asBech32 = bech32.decodeUnsafe(lower, 90);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower, 90);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded || decoded.prefix !== hrp) return null;

  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return null;
  // v0 must be bech32; v1+ must be bech32m (BIP-350).
  if (version === 0 ? !asBech32 : !asBech32m) return null;

  // fromWordsUnsafe rejects more than 4 padding bits and non-zero padding.
  const program = bech32.fromWordsUnsafe(data);
  if (!program) return null;
  if (program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return lower;
}

// ---------------------------------------------------------------------------------------------
// TRON

async function validateTron(addr: string): Promise<string | null> {
  if (addr[0] !== "T") return null;
  const version = await decodeBase58Check(addr);
  return version === TRON_VERSION ? addr : null;
}

// ---------------------------------------------------------------------------------------------
// Base58check (Bitcoin / TRON)

/**
 * Decodes a 25-byte base58check string and returns its version byte, or `null` when the string
 * is not base58, has the wrong decoded length, or fails the double-SHA-256 checksum.
 */
async function decodeBase58Check(addr: string): Promise<number | null> {
  if (!BASE58_RE.test(addr)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(addr);
  } catch {
    return null;
  }
  if (bytes.length !== BASE58CHECK_LENGTH) return null;
  // Base58 decoding is injective, but re-encoding guards against any codec leniency.
  if (base58.encode(bytes) !== addr) return null;
  const payload = bytes.slice(0, BASE58CHECK_LENGTH - 4);
  const checksum = bytes.subarray(BASE58CHECK_LENGTH - 4);
  const hash = await sha256d(payload);
  for (let i = 0; i < 4; i++) {
    if (hash[i] !== checksum[i]) return null;
  }
  return payload[0] ?? null;
}

async function sha256d(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const once = await crypto.subtle.digest("SHA-256", data);
  return new Uint8Array(await crypto.subtle.digest("SHA-256", once));
}

// ---------------------------------------------------------------------------------------------
// Ethereum / ERC-20 (EIP-55)

async function validateEvm(addr: string): Promise<string | null> {
  if (!ETH_RE.test(addr)) return null;
  const body = addr.slice(2);
  const checksummed = await toEip55(body.toLowerCase());
  if (body === body.toLowerCase() || body === body.toUpperCase()) return checksummed;
  return checksummed === addr ? checksummed : null;
}

/** `lowerHex` is 40 lower-case hex characters without the 0x prefix. */
async function toEip55(lowerHex: string): Promise<string> {
  const hash = await keccak(lowerHex, 256);
  let out = "0x";
  for (let i = 0; i < lowerHex.length; i++) {
    const c = lowerHex.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Bank details

/** Card number: spaces/dashes removed, 12-19 ASCII digits, Luhn. Returns the digits. */
export function validateDomesticCard(number: string): string | null {
  if (typeof number !== "string" || number.length > MAX_BANK_INPUT_LENGTH) return null;
  const digits = number.trim().replace(/[ -]/g, "");
  if (!/^[0-9]{12,19}$/.test(digits)) return null;
  return luhnValid(digits) ? digits : null;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * IBAN (ISO 13616): spaces removed, upper-cased, 15-34 chars, country letters + 2 check digits +
 * alphanumeric BBAN, ISO 7064 mod-97 == 1. Check digits 00, 01 and 99 are never issued and are
 * refused. Country-specific lengths are not checked. Returns the compact upper-case IBAN.
 */
export function validateIban(iban: string): string | null {
  if (typeof iban !== "string" || iban.length > MAX_BANK_INPUT_LENGTH) return null;
  const compact = iban.trim().replace(/ /g, "");
  // ASCII check before upper-casing: "ß".toUpperCase() === "SS", "ı".toUpperCase() === "I".
  if (!ASCII_ALNUM_RE.test(compact)) return null;
  const upper = compact.toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(upper)) return null;
  const check = upper.slice(2, 4);
  if (check === "00" || check === "01" || check === "99") return null;
  return ibanMod97(upper.slice(4) + upper.slice(0, 4)) === 1 ? upper : null;
}

/** Remainder mod 97 of the IBAN's digit expansion (A=10 … Z=35), computed incrementally. */
function ibanMod97(rearranged: string): number {
  let rem = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const v = parseInt(rearranged.charAt(i), 36); // 0-9 -> 0-9, A-Z -> 10-35
    rem = v < 10 ? (rem * 10 + v) % 97 : (rem * 100 + v) % 97;
  }
  return rem;
}

/**
 * SWIFT/BIC (ISO 9362): 4 letters bank, 2 letters country, 2 alnum location, optional 3 alnum
 * branch. Returns the upper-case code.
 */
export function validateSwift(bic: string): string | null {
  if (typeof bic !== "string" || bic.length > MAX_BANK_INPUT_LENGTH) return null;
  const trimmed = bic.trim();
  if (!ASCII_ALNUM_RE.test(trimmed)) return null;
  const upper = trimmed.toUpperCase();
  return /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(upper) ? upper : null;
}

// ---------------------------------------------------------------------------------------------
// Display masking

/**
 * Masks a card number (or IBAN) for display: keeps the last 4 alphanumerics, replaces the rest
 * with "*" grouped in fours, e.g. "**** **** **** 1234". Inputs of 4 characters or fewer are
 * fully masked ("****").
 */
export function maskCard(number: string): string {
  const chars = String(number).replace(/[^A-Za-z0-9]/g, "");
  if (chars.length <= 4) return "****";
  const hidden = chars.length - 4;
  const groups: string[] = [];
  for (let i = 0; i < hidden; i += 4) groups.push("*".repeat(Math.min(4, hidden - i)));
  groups.push(chars.slice(-4));
  return groups.join(" ");
}

/** Shortens an address for display: first 6 + "…" + last 4 (short inputs are returned as-is). */
export function maskAddress(addr: string): string {
  const chars = Array.from(String(addr).trim());
  if (chars.length <= 11) return chars.join("");
  return chars.slice(0, 6).join("") + "…" + chars.slice(-4).join("");
}
