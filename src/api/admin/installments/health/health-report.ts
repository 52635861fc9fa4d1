import type { MedusaContainer } from "@medusajs/framework/types"
import { serviceCallStats } from "../../../../lib/client"
import { formatAmount } from "../../../../lib/money"
import { allRegistrations, type Registration } from "../../../../installments/registrations/lookup"
import { FAILED_FOR_GOOD_FILTER, WILL_RETRY_FILTER } from "../../../../installments/refunds/failures"
import { UNRESOLVED_STATUSES } from "../../../../installments/refunds/intent"
import { rowHalalas } from "../../../../installments/refunds/ledger-plan"
import type { HealthAnswer, HealthRefund, HealthRefunds, HealthRegistration } from "../../../../installments/health/answer"
import { readDeliveryRefusals } from "../../../../installments/health/delivery-refusals"
import { healthJobs } from "../../../../installments/health/jobs"
import { readJobRuns, type JobRun } from "../../../../installments/health/job-runs"
import { healthProblems } from "../../../../installments/health/problems"
import { healthStore } from "../../../../installments/health/store"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import { REFUND_STATUS } from "../validators"
import { checkConnection, webhookPath, webhooksOf } from "../status/connection-status"

const DAY = 24 * 60 * 60_000
/** How far back a refund failed for good is shown: a month, the merchant's window to act on it. */
export const FAILED_REFUNDS_DAYS = 30
/** Rows shown per refund group (the count says how many there are). */
const ROWS = 5

/**
 * The health page's figures, from the store's own records: `3 + registrations` reads of the plugin's
 * tables and 6 of the ledger (each refund group's page and count), and no service call unless
 * `checkConnection` (then one cheap read per registration, side by side).
 */
export async function healthReport(
  container: MedusaContainer,
  { checkConnection: check = false, now = new Date() } = {}
): Promise<HealthAnswer> {
  const module = container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const knex = healthStore(container)
  const registrations = allRegistrations(container)
  const [keys, refusals, runs, refunds, rows] = await Promise.all([
    module.listWebhookKeys({}, { select: ["url", "provider_id"] }),
    knex ? readDeliveryRefusals(knex, new Date(now.getTime() - DAY), now) : [],
    knex ? readJobRuns(knex) : ([] as JobRun[]),
    refundGroups(module, now),
    Promise.all(
      registrations.map(async (registration) => ({
        registration,
        connection: check ? await checkConnection(registration) : null,
        last: (
          await module.listWebhookEvents(
            { provider_id: registration.id },
            { select: ["created_at"], order: { created_at: "DESC" }, take: 1 }
          )
        )[0],
      }))
    ),
  ])
  const answerRegistrations: HealthRegistration[] = rows.map(({ registration, connection, last }) => {
    const path = webhookPath(registration.id)
    return {
      provider_id: registration.id,
      environment: registration.client.environment,
      connection,
      webhook_path: path,
      webhooks_registered: webhooksOf(keys, path).length,
      webhook_keys_configured: configuredKeys(registration),
      last_verified_delivery_at: last ? new Date(last.created_at).toISOString() : null,
      refused_deliveries: refusals
        .filter((refusal) => refusal.provider_id === registration.id)
        .map((refusal) => ({
          reason: refusal.reason,
          count: refusal.count,
          last_hour: refusal.last_hour,
          last_at: refusal.last_at.toISOString(),
        })),
      service_calls: serviceCallStats.lastHour(registration.client.account, now.getTime()),
    }
  })
  const jobs = healthJobs(runs, now)
  return {
    checked_at: now.toISOString(),
    connection_checked: check,
    registrations: answerRegistrations,
    jobs,
    refunds,
    problems: healthProblems({ registrations: answerRegistrations, jobs, refunds }, now),
  }
}

function configuredKeys(registration: Registration): number {
  const keys = registration.options.webhookKeys as unknown
  if (!keys) {
    return 0
  }
  return Array.isArray(keys) ? keys.length : Object.keys(keys as object).length
}

const REFUND_FIELDS = [
  "id",
  "provider_id",
  "order_id",
  "amount",
  "raw_amount",
  "status",
  "created_at",
  "updated_at",
  "failure_reason",
  "next_retry_at",
  "attempts",
]

/** The ledger's three groups that need a look, each a page of ROWS and its count, through the ledger's indexes. */
async function refundGroups(module: InstallmentsModuleService, now: Date): Promise<HealthRefunds> {
  const since = new Date(now.getTime() - FAILED_REFUNDS_DAYS * DAY)
  const [[waiting, waitingCount], [retrying, retryingCount], [failed, failedCount]] = await Promise.all([
    module.listAndCountInstallmentsRefunds(
      { status: [...UNRESOLVED_STATUSES] },
      { select: REFUND_FIELDS, order: { created_at: "ASC", id: "ASC" }, take: ROWS }
    ),
    module.listAndCountInstallmentsRefunds(
      { ...WILL_RETRY_FILTER },
      { select: REFUND_FIELDS, order: { next_retry_at: "ASC", id: "ASC" }, take: ROWS }
    ),
    module.listAndCountInstallmentsRefunds(
      { ...FAILED_FOR_GOOD_FILTER, updated_at: { $gte: since } },
      { select: REFUND_FIELDS, order: { updated_at: "DESC", id: "DESC" }, take: ROWS }
    ),
  ])
  const view = (row: Record<string, unknown>): HealthRefund => ({
    id: String(row.id),
    provider_id: String(row.provider_id),
    order_id: (row.order_id as string | null) ?? null,
    amount: formatAmount(rowHalalas(row as never)),
    status: REFUND_STATUS[row.status as keyof typeof REFUND_STATUS] ?? String(row.status),
    created_at: new Date(row.created_at as Date).toISOString(),
    updated_at: new Date(row.updated_at as Date).toISOString(),
    failure_reason: (row.failure_reason as string | null) ?? null,
    next_retry_at: row.next_retry_at ? new Date(row.next_retry_at as Date).toISOString() : null,
    attempts: Number(row.attempts ?? 0),
  })
  const waitingRows = (waiting as Record<string, unknown>[]).map(view)
  const retryingRows = (retrying as Record<string, unknown>[]).map(view)
  return {
    waiting: { count: waitingCount, oldest_at: waitingRows[0]?.created_at ?? null, rows: waitingRows },
    retrying: { count: retryingCount, next_retry_at: retryingRows[0]?.next_retry_at ?? null, rows: retryingRows },
    failed: { count: failedCount, rows: (failed as Record<string, unknown>[]).map(view) },
  }
}
