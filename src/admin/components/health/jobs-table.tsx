import { StatusBadge, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { HealthJob } from "../../../installments/health/answer"
import { formatDateTime } from "../../lib/format"
import { jobLabel, scheduleLabel } from "../../lib/health-words"
import { END_CELL } from "../insights/table-edges"

/**
 * Each job's last run, how it ended, on which worker, and its next run. Headers at the start of their
 * column and the last column padded on its outer side, whichever way the page runs (Medusa's Table
 * uses physical sides: in Arabic the headers sat away from their cells and the worker touched the edge).
 */
export function JobsTable({ jobs }: { jobs: HealthJob[] }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language
  return (
    <Table data-testid="health-jobs">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell className="text-start">{t("installments.health.jobs.job")}</Table.HeaderCell>
          <Table.HeaderCell className="text-start">{t("installments.health.jobs.lastRun")}</Table.HeaderCell>
          <Table.HeaderCell className="text-start">{t("installments.health.jobs.outcome")}</Table.HeaderCell>
          <Table.HeaderCell className="text-start">{t("installments.health.jobs.nextRun")}</Table.HeaderCell>
          <Table.HeaderCell className="text-start" style={END_CELL}>
            {t("installments.health.jobs.worker")}
          </Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {jobs.map((job) => (
          <Table.Row key={job.name} data-testid="health-job" data-job={job.name}>
            <Table.Cell>
              <div className="flex flex-col py-1">
                <Text size="small" weight="plus">
                  {jobLabel(t, job.name)}
                </Text>
                <Text size="xsmall" className="text-ui-fg-muted" title={job.schedule}>
                  {scheduleLabel(t, job)}
                </Text>
              </div>
            </Table.Cell>
            <Table.Cell>
              {job.last_started_at ? formatDateTime(job.last_started_at, locale) : t("installments.health.jobs.never")}
            </Table.Cell>
            <Table.Cell>
              {job.running ? (
                <StatusBadge color="blue">{t("installments.health.jobs.running")}</StatusBadge>
              ) : job.outcome === "ok" ? (
                <StatusBadge color="green">
                  {t("installments.health.jobs.ok")} · {t("installments.health.jobs.duration", { ms: job.duration_ms ?? 0 })}
                </StatusBadge>
              ) : job.outcome === "failed" ? (
                <StatusBadge color="red">{t("installments.health.jobs.failed")}</StatusBadge>
              ) : (
                <span className="text-ui-fg-muted">—</span>
              )}
            </Table.Cell>
            <Table.Cell>{formatDateTime(job.next_run_at, locale)}</Table.Cell>
            <Table.Cell style={END_CELL}>
              <span className="font-mono text-ui-fg-subtle" dir="ltr">
                {job.worker ?? "—"}
              </span>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
