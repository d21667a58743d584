/** Per-instance realtime upkeep: every instance sweeps its own sockets (no lease). */
import { type Hub, SESSION_SWEEP_MS } from "../realtime/hub.ts";
import type { Job } from "./scheduler.ts";

/** The heartbeat on every socket: clients reconnect when it stops. */
export const HEARTBEAT_MS = 20_000;

export const realtimeJobs = (hub: Hub): Job[] => [
  { name: "hub-heartbeat", run: () => hub.heartbeat(), everyMs: HEARTBEAT_MS },
  // a private channel does not outlive its session (logout, password change, expiry)
  { name: "hub-sessions", run: () => hub.sweepSessions(), everyMs: SESSION_SWEEP_MS },
];
