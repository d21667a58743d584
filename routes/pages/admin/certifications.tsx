/** The verification review queue: the junior details or the advanced photos. */
import { certificationsQueue } from "../../../edge/operators/queues.ts";
import type { CertificationReview } from "../../../contract/operators.ts";
import { queuePage } from "./queue.tsx";
import { Decided, Evidence, Item } from "./parts.tsx";

export const certificationsPage = queuePage<CertificationReview>({
  queue: certificationsQueue,
  statusKey: (s) => `certify.state.${s}`,
  columns: [{ key: "admin.level" }, { key: "certify.name" }],
  cells: (s, f) => (
    <>
      <td>{f.t(`certify.${s.level}`)}</td>
      <td>{s.junior?.name ?? "—"}</td>
    </>
  ),
  summary: (s, f) =>
    `${f.t(`certify.${s.level}`)}${s.junior ? ` · ${s.junior.name}` : ""} · ${
      f.t("admin.customer")
    } ${s.userId}`,
  detail: (s, f) => {
    const photos: [string, string][] = s.advanced
      ? [
        [s.advanced.frontImageId, f.t("certify.front")],
        [s.advanced.backImageId, f.t("certify.back")],
        [s.advanced.handheldImageId, f.t("certify.handheld")],
      ]
      : [];
    return (
      <>
        <dl class="admin-dl">
          <Item label={f.t("admin.level")}>{f.t(`certify.${s.level}`)}</Item>
          <Item label={f.t("admin.customer")}>
            <span class="mono">{s.userId}</span>
          </Item>
          {s.junior && (
            <>
              <Item label={f.t("certify.name")}>
                <strong>{s.junior.name}</strong>
              </Item>
              <Item label={f.t("certify.docType")}>{f.t(`certify.doc.${s.junior.docType}`)}</Item>
              <Item label={f.t("certify.docNumber")}>
                <span class="mono">{s.junior.docNumber}</span>
              </Item>
              {s.junior.country && (
                <Item label={f.t("certify.country")} testid="certify-country">
                  {`${f.region(s.junior.country)} (${s.junior.country})`}
                </Item>
              )}
            </>
          )}
          <Item label={f.t("funds.time")}>{f.time(s.createdAt)}</Item>
          <Decided f={f} item={s} />
        </dl>
        {photos.length > 0 && (
          <>
            <h3 class="admin-h3">{f.t("admin.evidence")}</h3>
            <div class="admin-evidence">
              {photos.map(([id, label]) => <Evidence key={id} f={f} id={id} label={label} />)}
            </div>
          </>
        )}
      </>
    );
  },
});
