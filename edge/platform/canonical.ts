/**
 * One text per value, for hashing and signing: the audit chain's entries and the signed
 * checkpoints hash the same serialization (kernel: it knows neither of them).
 */
/** JSON with object keys sorted at every depth (undefined fields left out): one text per value. */
export function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${
    Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) =>
      `${JSON.stringify(k)}:${canonical(o[k])}`
    ).join(",")
  }}`;
}
