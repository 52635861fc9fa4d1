import type { HealthJob, HealthProblem, RefusalReason } from "../../installments/health/answer"
import { formatDateTime } from "./format"

type Translate = (key: string, options?: Record<string, unknown>) => string

/** A job's name in the merchant's words (its Medusa name when the plugin does not know it). */
export function jobLabel(t: Translate, name: string): string {
  const key = `installments.health.jobs.names.${name}`
  const label = t(key)
  return label === key ? name : label
}

const MINUTE = 60_000

/**
 * How often a job runs, in words ("Every 5 minutes", "Every hour"), from its schedule's period; the
 * cron expression itself for a schedule whose period is not one of those.
 */
export function scheduleLabel(t: Translate, job: Pick<HealthJob, "schedule" | "period_ms">): string {
  const period = job.period_ms
  if (period === MINUTE) {
    return t("installments.health.jobs.every.minute")
  }
  if (period !== null && period < 60 * MINUTE && period % MINUTE === 0 && /^\*\/\d+ /.test(job.schedule)) {
    return t("installments.health.jobs.every.minutes", { minutes: period / MINUTE })
  }
  if (period === 60 * MINUTE && /^\d+ \* \* \* \*$/.test(job.schedule)) {
    return t("installments.health.jobs.every.hour")
  }
  if (period === 24 * 60 * MINUTE && /^\d+ \d+ \* \* \*$/.test(job.schedule)) {
    return t("installments.health.jobs.every.day")
  }
  return job.schedule
}

/** A refusal reason in the merchant's words. */
export function reasonLabel(t: Translate, reason: RefusalReason | string): string {
  return t(`installments.health.reasons.${reason}.label`)
}

/**
 * A problem's sentence and its fix in the admin's language: times in the admin's locale, a job and a
 * refusal reason in words, the registration named. Latin values (a registration id, a worker, the
 * service's message) are isolated so an Arabic sentence keeps its order.
 */
export function problemWords(t: Translate, problem: HealthProblem, locale: string): { title: string; fix: string } {
  const isolate = (text: string) => `\u2068${text}\u2069`
  const params: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(problem.params)) {
    params[name] = name.endsWith("_at") ? formatDateTime(String(value), locale) : typeof value === "string" ? isolate(value) : value
  }
  params.provider = isolate(problem.provider_id ?? "")
  if (problem.job) {
    params.job = jobLabel(t, problem.job)
  }
  const reason = problem.params.reason
  if (problem.code === "deliveries_refused" && typeof reason === "string") {
    params.reason = reasonLabel(t, reason)
    params.reasonFix = t(`installments.health.reasons.${reason}.fix`)
  }
  // Interpolated values are shown as text by React: i18next's own escaping would double it.
  const options = { ...params, interpolation: { escapeValue: false } }
  return {
    title: t(`installments.health.problems.${problem.code}.title`, options),
    fix: t(`installments.health.problems.${problem.code}.fix`, options),
  }
}
