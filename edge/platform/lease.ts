/**
 * Leases in KV: work that one instance at a time must do (writing the tape, running the trigger
 * engine, periodic jobs) is held by a lease record `{owner, epoch, expiresAt}` under
 * `["lease", name]`. The holder renews it well before it expires; any instance takes it once it
 * has expired (or was released) and the epoch goes up by one.
 *
 * Fencing: every write the holder makes carries `guard(op)`, a versionstamp check on the lease's
 * fence key (`["lease", name, "fence"]`, the epoch), written only when an epoch begins. A
 * renewal rewrites the record, not the fence, so the holder's writes in flight during a renewal
 * still land (far from the store a renewal takes two round trips, and a writer with a commit
 * always in flight would otherwise lose one at every renewal); a former holder that was paused
 * (GC, a stalled disk, a frozen VM) past its expiry while another instance took over finds the
 * fence of another epoch: its write fails and `confirm()` says it has lost the lease. A holder
 * whose own clock says the lease expired writes nothing until it has renewed.
 */

export interface LeaseRecord {
  owner: string;
  epoch: number;
  expiresAt: number;
}

export interface LeaseOptions {
  /** how long a lease lives without renewal */
  ttlMs?: number;
  /** how often the holder renews and a candidate tries to take it */
  renewMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export const leaseKey = (name: string): Deno.KvKey => ["lease", name];
/** The fence of a lease: its epoch, rewritten only when an epoch begins. */
export const fenceKey = (name: string): Deno.KvKey => ["lease", name, "fence"];

/** This process's identity as a lease owner: host, pid and a random part (restarts differ). */
export const INSTANCE_ID = `${Deno.hostname?.() ?? "host"}:${Deno.pid}:${
  crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)
}`;

export class Lease {
  /** `fence`: the versionstamp of the fence key as this epoch wrote it */
  private held: { epoch: number; fence: string; expiresAt: number } | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  private untrack: (() => void) | undefined;
  private stopped = false;
  /** onAcquire / onLose callbacks, one after the other */
  private transitions: Promise<void> = Promise.resolve();
  /** the epoch whose loss was reported last (`lost` reports each epoch once) */
  private reported: number | null = null;
  readonly ttlMs: number;
  readonly renewMs: number;
  private now: () => number;
  private onAcquire: (epoch: number) => Promise<void> | void = () => {};
  private onLose: (epoch: number) => Promise<void> | void = () => {};
  /** acquisitions and losses of this instance (tests, logs) */
  readonly stats = { acquired: 0, lost: 0, renewed: 0 };

  readonly owner: string;

  /** `owner` defaults to this process and a random part (two leases of one process differ). */
  constructor(
    private kv: Deno.Kv,
    readonly name: string,
    owner?: string,
    private opts: LeaseOptions = {},
  ) {
    this.owner = owner ??
      `${INSTANCE_ID}/${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
    this.ttlMs = opts.ttlMs ?? 3_000;
    this.renewMs = opts.renewMs ?? Math.max(50, Math.floor(this.ttlMs / 3));
    this.now = opts.now ?? Date.now;
  }

  get key(): Deno.KvKey {
    return leaseKey(this.name);
  }

  /** The epoch held now (null: not the holder, or the lease ran out on this instance's clock). */
  get epoch(): number | null {
    return this.held && this.now() < this.held.expiresAt ? this.held.epoch : null;
  }

  get isHeld(): boolean {
    return this.epoch !== null;
  }

  /** Whether `keep` is running (trying to hold the lease, or holding it). */
  get keeping(): boolean {
    return this.timer !== undefined && !this.stopped;
  }

  /**
   * Held here, or by another instance whose record has not expired: the work is being done
   * (a `core` process's health: it holds or follows its leases).
   */
  async alive(): Promise<boolean> {
    if (this.isHeld) return true;
    const cur = (await this.kv.get<LeaseRecord>(this.key)).value;
    return !!cur && cur.expiresAt > this.now();
  }

  /** Take the lease if it is free, expired or already ours; true when held afterwards. */
  async tryAcquire(): Promise<boolean> {
    const e = await this.kv.get<LeaseRecord>(this.key);
    const cur = e.value;
    const at = this.now();
    const ours = cur?.owner === this.owner && this.held?.epoch === cur.epoch;
    if (cur && cur.expiresAt > at && !ours) return false;
    const rec: LeaseRecord = {
      owner: this.owner,
      epoch: ours ? cur!.epoch : (cur?.epoch ?? 0) + 1,
      expiresAt: at + this.ttlMs,
    };
    const op = this.kv.atomic().check(e).set(this.key, rec);
    // a new epoch moves the fence: every write of the previous holder fails from now on
    if (!ours) op.set(fenceKey(this.name), rec.epoch);
    const res = await op.commit();
    if (!res.ok) return false;
    const fresh = !ours;
    this.held = {
      epoch: rec.epoch,
      fence: ours ? this.held!.fence : res.versionstamp,
      expiresAt: rec.expiresAt,
    };
    if (fresh) {
      this.stats.acquired++;
      this.opts.log?.(`[lease] ${this.name}: acquired epoch ${rec.epoch} by ${this.owner}`);
    }
    return true;
  }

  /** Extend the lease; false (and no longer held) when another epoch owns it. */
  async renew(): Promise<boolean> {
    const epoch = this.held?.epoch;
    if (epoch === undefined) return false;
    // given up while a round trip was on its way (stopped, or lost through a guarded write; far
    // from the store that is a whole round trip): nothing to renew, and nothing held again
    const givenUp = () => this.held?.epoch !== epoch;
    const e = await this.kv.get<LeaseRecord>(this.key);
    if (givenUp()) return false;
    const cur = e.value;
    if (!cur || cur.owner !== this.owner || cur.epoch !== epoch) {
      this.held = null;
      return false;
    }
    const at = this.now();
    const rec = { ...cur, expiresAt: at + this.ttlMs };
    const res = await this.kv.atomic().check(e).set(this.key, rec).commit();
    if (givenUp()) return false;
    if (!res.ok) return this.confirm();
    this.held = { ...this.held!, expiresAt: rec.expiresAt };
    this.stats.renewed++;
    return true;
  }

  /**
   * Add the fencing check to a write. Throws `LeaseLost` when this instance does not hold the
   * lease on its own clock (the write must not happen).
   */
  guard(op: Deno.AtomicOperation): Deno.AtomicOperation {
    if (!this.held || this.now() >= this.held.expiresAt) throw new LeaseLost(this.name);
    return op.check({ key: fenceKey(this.name), versionstamp: this.held.fence });
  }

  /**
   * After a guarded write failed its checks: re-read the record and the fence. True when they
   * are still this epoch's (another check of the write failed: retry it); false when another
   * epoch holds the lease.
   */
  async confirm(): Promise<boolean> {
    if (!this.held) return false;
    const [e, f] = await this.kv.getMany<[LeaseRecord, number]>([this.key, fenceKey(this.name)]);
    const cur = e.value;
    if (
      cur && cur.owner === this.owner && cur.epoch === this.held.epoch &&
      f.value === cur.epoch && f.versionstamp
    ) {
      this.held = { ...this.held, fence: f.versionstamp, expiresAt: cur.expiresAt };
      return this.now() < cur.expiresAt;
    }
    this.held = null;
    return false;
  }

  /**
   * Keep trying to hold the lease: renew while held, try to take it while not. `onAcquire` runs
   * once per epoch won, `onLose` when a held epoch is lost (renewal refused, or a guarded write
   * found another epoch: call `lost()`).
   */
  keep(
    onAcquire: (epoch: number) => Promise<void> | void,
    onLose: (epoch: number) => Promise<void> | void = () => {},
  ): Promise<void> {
    this.onAcquire = onAcquire;
    this.onLose = onLose;
    this.stopped = false;
    // `tradewind.leases.held`: this lease, held or standing by, until it stops
    this.untrack ??= trackLease({ name: this.name, held: () => this.isHeld });
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    return this.tick().then(() => this.transitions);
  }

  private async tick() {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      if (this.held) {
        const epoch = this.held.epoch;
        const renewed = await this.renew().catch(() => this.now() < (this.held?.expiresAt ?? 0));
        // (a lease stopped meanwhile is given up, not lost)
        if (!renewed && !this.stopped) await this.lost(epoch);
      } else if (await this.tryAcquire()) {
        // the holder's work starts beside the renewals (taking over may take a while)
        const epoch = this.held!.epoch;
        this.transitions = this.transitions.then(() => this.onAcquire(epoch)).catch((e) =>
          this.opts.log?.(`[lease] ${this.name}: starting epoch ${epoch} failed: ${e}`)
        );
      }
    } catch (e) {
      this.opts.log?.(`[lease] ${this.name}: ${e instanceof Error ? e.message : e}`);
    } finally {
      this.busy = false;
    }
  }

  /** The holder learned that its epoch is over: stop its work (after its start finished). */
  lost(epoch: number): Promise<void> {
    if (this.held?.epoch === epoch) this.held = null;
    // learned twice (a guarded write, then the renewal): its work stops once
    if (this.reported === epoch) return this.transitions;
    this.reported = epoch;
    this.stats.lost++;
    this.opts.log?.(`[lease] ${this.name}: lost epoch ${epoch} (${this.owner})`);
    this.transitions = this.transitions.then(() => this.onLose(epoch)).catch((e) =>
      this.opts.log?.(`[lease] ${this.name}: stopping epoch ${epoch} failed: ${e}`)
    );
    return this.transitions;
  }

  /** Stop renewing; release the lease if held so that another instance takes over at once. */
  async stop(release = true) {
    this.stopped = true;
    this.untrack?.();
    this.untrack = undefined;
    clearInterval(this.timer);
    const held = this.held;
    this.held = null;
    if (!release || !held) return;
    // a renewal on its way may land first and extend the record: read it again and release that
    for (let attempt = 0; attempt < 3; attempt++) {
      const e = await this.kv.get<LeaseRecord>(this.key);
      if (e.value?.owner !== this.owner || e.value.epoch !== held.epoch) return;
      const res = await this.kv.atomic().check(e).set(this.key, { ...e.value, expiresAt: 0 })
        .commit();
      if (res.ok) return;
    }
  }
}

/** A write was attempted by an instance that does not hold the lease. */
export class LeaseLost extends Error {
  constructor(readonly lease: string) {
    super(`lease ${lease} not held`);
  }
}

/**
 * Run `work` on one instance at a time: take the lease (waiting up to `waitMs` for it, 0: give
 * up at once), run, release. Returns null when another instance held it. For periodic jobs and
 * the first-start seed; the work itself must be idempotent (a job may run again after a crash).
 */
export async function exclusive<T>(
  kv: Deno.Kv,
  name: string,
  work: () => Promise<T>,
  o: { ttlMs?: number; waitMs?: number; now?: () => number } = {},
): Promise<T | null> {
  const lease = new Lease(kv, name, `${INSTANCE_ID}:${crypto.randomUUID()}`, {
    ttlMs: o.ttlMs ?? 60_000,
    now: o.now,
  });
  const deadline = Date.now() + (o.waitMs ?? 0);
  while (!(await lease.tryAcquire())) {
    if (Date.now() >= deadline) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
  // renew while the work runs
  const timer = setInterval(() => void lease.renew().catch(() => {}), lease.renewMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await lease.stop(true);
  }
}
import { trackLease } from "./telemetry.ts";
