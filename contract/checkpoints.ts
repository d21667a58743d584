/** Requests and replies of the signed checkpoints (plain zod; the routes publish them). */
import { z } from "zod";

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/).meta({ description: "lowercase hex" });
const Point = z.object({ seq: z.number().int(), hash: Hex64 });

export const CheckpointsQuery = z.object({
  limit: z.coerce.number({ error: "invalid" }).int({ error: "invalid" })
    .min(1, { error: "invalid" }).max(500, { error: "invalid" }).default(50),
  cursor: z.string().max(200, { error: "tooLong" }).optional(),
});

export const CheckpointItem = z.object({
  id: z.string().meta({ description: "time-ordered" }),
  kind: z.enum(["hourly", "requested"]),
  time: z.number().int().meta({ description: "ms since the epoch (UTC)" }),
  audit: Point.meta({ description: "the tenant's audit chain head (seq 0: none yet)" }),
  tapes: z.record(z.string(), Point).meta({
    description: "each symbol's tape head (seq 0: no tick yet; the hash is the genesis)",
  }),
  liabilities: z.object({ epoch: z.string(), root: Hex64 }).nullable().meta({
    description: "the latest published liabilities epoch (null: none yet)",
  }),
  payload: z.string().meta({
    description:
      'the signed text: canonical JSON {"audit","liabilities","tapes","time","v":1} (keys sorted at every depth, no spaces)',
  }),
  signature: z.string().regex(/^[0-9a-f]{128}$/).meta({
    description: "Ed25519 over the payload's UTF-8 bytes, hex",
  }),
  publicKey: Hex64.meta({ description: "the raw Ed25519 public key that signed it" }),
}).meta({ id: "Checkpoint" });

export const CheckpointList = z.object({
  publicKey: Hex64.meta({ description: "the raw Ed25519 public key checkpoints are signed with" }),
  items: z.array(CheckpointItem).meta({ description: "newest first" }),
  cursor: z.string().nullable(),
}).meta({ id: "CheckpointList" });

export type CheckpointItem = z.infer<typeof CheckpointItem>;
