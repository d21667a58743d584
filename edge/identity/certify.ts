/**
 * Identity verification. Junior: name, document type and number. Advanced: front, back and
 * handheld photos, only after junior is authenticated. Each submission is reviewed by an
 * operator: unverified -> authenticating -> authenticated | rejected (with a reason; the customer
 * may resubmit). A decision is applied once (state and versionstamp checked in the commit that
 * writes it, its audit entry and the customer's message) and raises the customer's certifyLevel.
 */
import { keys as accountKeys, type UserRecord } from "../customers/store.ts";
import { messageInto } from "../messages/store.ts";
import { journalId } from "../ledger/service.ts";
import { stageEvents } from "../ledger/events.ts";
import { auditInto, readAuditHead } from "../audit/audit.ts";
import type { Json } from "../../contract/operators.ts";
import { DomainError } from "../platform/errors.ts";
import { commitAttempts, storeBusy } from "../platform/kv_contention.ts";
import { getAll, pageByIndex } from "../platform/kvpage.ts";
import { take } from "../platform/ratelimit.ts";
import { MAX_PIXELS, MAX_UPLOAD_BYTES, UploadRejected } from "../uploads/sanitize.ts";
import { cleanUpload } from "../uploads/reencode.ts";
import { attachImage, type ImageStore } from "../uploads/service.ts";
import {
  type CertState,
  type DocType,
  EMPTY,
  identityKeys,
  type IdentityStatus,
  identityStatus,
  type Level,
  type LevelState,
  type Submission,
} from "./store.ts";
import type { ListRead } from "../platform/kv_round_trips.ts";

// the identity records' names, for the capability's callers
export * from "./store.ts";

/** Document numbers compare without spaces, dashes and case. */
export function normalizeDocNumber(s: string) {
  return s.replace(/[\s-]/g, "").toUpperCase();
}

/** Uploads per customer: 30 an hour (three documents and a few vouchers, with retries). */
const UPLOAD_LIMIT = { max: 30, windowMs: 3600_000 };

/** What a rejected image answers (content images too). */
export const UPLOAD_ERRORS: Record<UploadRejected["reason"], DomainError> = {
  SIZE: new DomainError("IMAGE_TOO_LARGE", { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }),
  TYPE: new DomainError("IMAGE_TYPE"),
  MALFORMED: new DomainError("IMAGE_INVALID"),
  POLYGLOT: new DomainError("IMAGE_INVALID"),
  PIXELS: new DomainError("IMAGE_TOO_MANY_PIXELS", { megapixels: MAX_PIXELS / 1_000_000 }),
  UNREADABLE: new DomainError("IMAGE_UNREADABLE"),
  BUSY: new DomainError("STORE_BUSY"),
};

/** The file decoded and re-encoded (`cleanUpload`), a refusal as the error the uploader reads. */
export async function cleanImage(file: Blob) {
  try {
    return await cleanUpload(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    if (e instanceof UploadRejected) throw UPLOAD_ERRORS[e.reason];
    throw e;
  }
}

export class Identity {
  constructor(
    private kv: Deno.Kv,
    private images: ImageStore,
    private now: () => number = Date.now,
  ) {}

  /** What `status` reads, to start with the session. */
  statusRead(t: string, userId: string): { key: Deno.KvKey } {
    return { key: identityKeys.status(t, userId) };
  }

  /** The customer's verification state (empty when nothing was submitted). */
  status(t: string, userId: string): Promise<IdentityStatus> {
    return identityStatus(this.kv, t, userId);
  }

  /** What `submissions` reads (the index and the records it names), to start with the session. */
  submissionsRead(t: string, userId: string): ListRead {
    return {
      selector: { prefix: identityKeys.byUserPrefix(t, userId) },
      record: (id) => identityKeys.submission(t, id),
    };
  }

  /** Every submission of a customer, oldest first (the data export). */
  async submissions(t: string, userId: string): Promise<Submission[]> {
    const ids: string[] = [];
    for await (const e of this.kv.list(this.submissionsRead(t, userId).selector)) {
      ids.push(e.key[e.key.length - 1] as string);
    }
    // the records together (one round trip)
    const got = await getAll<Submission>(this.kv, ids.map((id) => identityKeys.submission(t, id)));
    return got.filter((x) => x !== null).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** The customer's verification state as they see it (`certifyLevel`: their user record's). */
  async statusJson(t: string, userId: string, certifyLevel: "none" | "junior" | "advanced") {
    const st = await this.status(t, userId);
    const level = (l: LevelState | null) =>
      l ? { status: l.status, reason: l.reason, updatedAt: l.updatedAt } : null;
    return {
      certifyLevel,
      junior: level(st.junior),
      advanced: level(st.advanced),
      verifiedName: st.verifiedName,
    };
  }

  /**
   * A customer's image upload (documents, vouchers): at most 5 MiB and UPLOAD_LIMIT an hour,
   * JPEG/PNG/WebP by content, decoded under a pixel bound and re-encoded without metadata;
   * returns the new image id.
   */
  async upload(t: string, userId: string, file: Blob): Promise<string> {
    if (file.size > MAX_UPLOAD_BYTES) throw UPLOAD_ERRORS.SIZE;
    const r = await take(this.kv, identityKeys.uploadRate(t, userId), UPLOAD_LIMIT, this.now());
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      throw new DomainError("RATE_LIMITED", { seconds }, undefined, {
        retryAfterSeconds: seconds,
      });
    }
    const clean = await cleanImage(file);
    return await this.images.save(t, `u:${userId}`, clean);
  }

  /**
   * A new submission at `level`, written into `op` (which checks the status entry `st`): the
   * record, the customer's state at that level, the review and customer indexes, and the event
   * by which the consoles of every instance hear of the new work.
   */
  private submissionInto(
    op: Deno.AtomicOperation,
    t: string,
    userId: string,
    st: Deno.KvEntryMaybe<IdentityStatus>,
    level: Level,
    details: Pick<Submission, "junior" | "advanced">,
  ): Submission {
    const at = this.now();
    const sub: Submission = {
      id: journalId(at),
      userId,
      level,
      ...details,
      status: "authenticating",
      reason: null,
      createdAt: at,
      decidedAt: null,
      decidedBy: null,
    };
    const state = { status: "authenticating" as const, submissionId: sub.id, reason: null };
    op.set(st.key, { ...(st.value ?? EMPTY), [level]: { ...state, updatedAt: at } })
      .set(identityKeys.submission(t, sub.id), sub)
      .set(identityKeys.byStatus(t, "authenticating", sub.id), true)
      .set(identityKeys.byUser(t, userId, sub.id), true);
    stageEvents(op, t, at, { queues: [{ queue: "certifications", id: sub.id }] });
    return sub;
  }

  async submitJunior(
    t: string,
    userId: string,
    j: { name: string; docType: DocType; docNumber: string; country?: string },
  ) {
    const docNumber = normalizeDocNumber(j.docNumber);
    for await (const _attempt of commitAttempts()) {
      const [st, doc] = await this.kv.getMany<[IdentityStatus, string]>([
        identityKeys.status(t, userId),
        identityKeys.doc(t, j.docType, docNumber),
      ]);
      const s = st.value ?? EMPTY;
      if (s.junior && s.junior.status !== "rejected") throw new DomainError("CERTIFY_PENDING");
      if (doc.value && doc.value !== userId) throw new DomainError("DOC_IN_USE");
      const op = this.kv.atomic().check(st).check(doc).set(doc.key, userId);
      const sub = this.submissionInto(op, t, userId, st, "junior", {
        junior: {
          name: j.name.trim(),
          docType: j.docType,
          docNumber,
          ...(j.country ? { country: j.country } : {}),
        },
        advanced: null,
      });
      const res = await op.commit();
      if (res.ok) return sub;
    }
    throw storeBusy();
  }

  async submitAdvanced(
    t: string,
    userId: string,
    a: { frontImageId: string; backImageId: string; handheldImageId: string },
  ) {
    const ids = [a.frontImageId, a.backImageId, a.handheldImageId];
    if (new Set(ids).size !== 3) {
      throw new DomainError("VALIDATION", {}, { handheldImageId: "imageRepeated" });
    }
    for (const [field, id] of Object.entries(a)) {
      const meta = await this.images.meta(t, id);
      // someone else's image is "not found", never "forbidden" (no probing of ids)
      if (!meta || meta.owner !== `u:${userId}`) {
        throw new DomainError("VALIDATION", {}, { [field]: "imageMissing" });
      }
    }
    for await (const _attempt of commitAttempts()) {
      const st = await this.kv.get<IdentityStatus>(identityKeys.status(t, userId));
      const s = st.value ?? EMPTY;
      if (s.junior?.status !== "authenticated") throw new DomainError("CERTIFY_JUNIOR_FIRST");
      if (s.advanced && s.advanced.status !== "rejected") {
        throw new DomainError("CERTIFY_PENDING");
      }
      const op = this.kv.atomic().check(st);
      const sub = this.submissionInto(op, t, userId, st, "advanced", {
        junior: null,
        advanced: { ...a },
      });
      for (const id of ids) attachImage(op, t, id, "identity");
      const res = await op.commit();
      if (res.ok) return sub;
      // a photo already attached to a submission cannot be sent again
      const used = await Promise.all(ids.map((id) => this.images.use(t, id)));
      const i = used.findIndex((u) => u !== null);
      if (i >= 0) {
        const field = (["frontImageId", "backImageId", "handheldImageId"] as const)[i]!;
        throw new DomainError("VALIDATION", {}, { [field]: "imageUsed" });
      }
    }
    throw storeBusy();
  }

  async submission(t: string, id: string) {
    return (await this.kv.get<Submission>(identityKeys.submission(t, id))).value;
  }

  async queue(t: string, status: CertState, limit: number, cursor?: string) {
    return await pageByIndex<Submission>(
      this.kv,
      identityKeys.byStatusPrefix(t, status),
      (id) => identityKeys.submission(t, id),
      { limit, cursor },
    );
  }

  /**
   * Pass or reject a submission, once: the submission must still be `authenticating` when the
   * decision commits (two operators clicking together: one wins, the other gets ALREADY_DECIDED).
   */
  async decide(
    t: string,
    id: string,
    d: { operator: string; ip: string | null; pass: boolean; reason?: string },
  ) {
    for await (const _attempt of commitAttempts()) {
      const sub = await this.kv.get<Submission>(identityKeys.submission(t, id));
      if (!sub.value) throw new DomainError("NOT_FOUND");
      if (sub.value.status !== "authenticating") throw new DomainError("ALREADY_DECIDED");
      const s0 = sub.value;
      const [st, usr] = await this.kv.getMany<[IdentityStatus, UserRecord]>([
        identityKeys.status(t, s0.userId),
        accountKeys.user(t, s0.userId),
      ]);
      const head = await readAuditHead(this.kv, t);
      if (!usr.value) throw new DomainError("NOT_FOUND");
      const at = this.now();
      const status: CertState = d.pass ? "authenticated" : "rejected";
      const next: Submission = {
        ...s0,
        status,
        reason: d.pass ? null : (d.reason ?? null),
        decidedAt: at,
        decidedBy: d.operator,
      };
      const cur = st.value ?? EMPTY;
      const levelState: LevelState = {
        status,
        submissionId: id,
        reason: next.reason,
        updatedAt: at,
      };
      const nextStatus: IdentityStatus = s0.level === "junior"
        ? {
          ...cur,
          junior: levelState,
          verifiedName: d.pass ? s0.junior!.name : cur.verifiedName,
        }
        : { ...cur, advanced: levelState };
      const op = this.kv.atomic().check(sub).check(st).check(usr)
        .set(sub.key, next)
        .delete(identityKeys.byStatus(t, "authenticating", id))
        .set(identityKeys.byStatus(t, status, id), true)
        .set(st.key, nextStatus);
      if (d.pass) {
        const level = s0.level === "advanced" ? "advanced" : "junior";
        if (usr.value.certifyLevel !== "advanced") {
          // the verified document's country is the customer's (jurisdictions, issue 30)
          const country = s0.junior?.country;
          op.set(usr.key, {
            ...usr.value,
            certifyLevel: level,
            ...(country ? { docCountry: country } : {}),
          });
        }
      } else if (s0.junior) {
        // a rejected document number is free again
        op.delete(identityKeys.doc(t, s0.junior.docType, s0.junior.docNumber));
      }
      auditInto(op, t, head, {
        at,
        operator: d.operator,
        action: `certification.${d.pass ? "pass" : "reject"}`,
        target: `certification:${id}`,
        before: submissionJson(s0) as unknown as Json,
        after: submissionJson(next) as unknown as Json,
        ip: d.ip,
      });
      messageInto(op, t, s0.userId, {
        at,
        kind: `certify${s0.level === "junior" ? "Junior" : "Advanced"}${
          d.pass ? "Passed" : "Rejected"
        }`,
        params: d.pass ? {} : { reason: d.reason ?? "" },
      });
      const res = await op.commit();
      if (res.ok) return next;
    }
    throw storeBusy();
  }
}

export function submissionJson(s: Submission) {
  return {
    id: s.id,
    userId: s.userId,
    level: s.level,
    junior: s.junior,
    advanced: s.advanced,
    status: s.status,
    reason: s.reason,
    createdAt: s.createdAt,
    decidedAt: s.decidedAt,
    decidedBy: s.decidedBy,
  };
}
