import { container as applicationContainer } from "@medusajs/framework"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PaymentLinkDetails } from "../../lib/client"
import { formatAmount, parseAmount } from "../../lib/money"
import { idTime } from "../../lib/ulid-time"
import type { LinkVerdict } from "../links/verdict"
import { INSTALLMENTS_MODULE } from "../module-key"
import { checkoutFacts } from "./checkout-outcome"
import type { CheckoutRecord, CheckoutWriter } from "./checkout-record"

/** The checkout a read was for: its session, the link read, what the link asks and, when known, its provider. */
export interface CheckoutSeen {
  session_id: string
  payment_link_id: string
  /** SAR, as the session data or the link holds it. */
  amount: string
  /** Medusa's provider id of the session (`pp_installments_bnpl`), when the reader knows it. */
  provider_id?: string | null
}

/**
 * Records what a read of a checkout's link told the plugin (D44): the one call every place that
 * decides a session's verdict makes. It never throws and never waits for the database: the record
 * is written within a tenth of a second, after the answer (`checkoutRecordsWritten`); a record that
 * cannot be written is logged, and a later read of the link records it again.
 */
export interface CheckoutRecorder {
  record(seen: CheckoutSeen, details: PaymentLinkDetails, verdict: LinkVerdict): Promise<void>
}

type Resolver = { hasRegistration?(key: string): boolean; resolve<T>(key: string): T }

/** The recorder of code that runs in the application's container (workflow steps, routes, jobs). */
export function checkoutRecorderIn(container: MedusaContainer, logger?: Logger): CheckoutRecorder {
  return recorderOver(() => container as unknown as Resolver, logger ?? container.resolve<Logger>(ContainerRegistrationKeys.LOGGER))
}

/**
 * The payment provider's recorder. Medusa builds the provider in the Payment module's container,
 * which cannot resolve the plugin's module, so it reaches the module through the application's
 * container when it records (every module is loaded by then); a store that did not load the
 * plugin's module has nowhere to record, and nothing is recorded. A cradle that registers
 * `installmentsCheckoutWriter` (the provider's unit tests) is used instead.
 */
export function checkoutRecorderFor(cradle: Record<string, unknown>, logger?: Logger): CheckoutRecorder {
  let injected: CheckoutWriter | undefined
  try {
    injected = cradle.installmentsCheckoutWriter as CheckoutWriter | undefined
  } catch {
    // An awilix cradle throws for a name it does not know: the application's container it is.
  }
  if (injected) {
    const writer = injected
    return recorderOver(() => ({ resolve: <T>() => writer as T, hasRegistration: (key) => key === INSTALLMENTS_MODULE }), logger)
  }
  return recorderOver(() => applicationContainer as unknown as Resolver, logger)
}

// A read's record waits this long for others to share its statement (8 shoppers at once), never on a checkout.
const FLUSH_DELAY_MS = 100
const MAX_BATCH = 100

/**
 * Reads of checkouts on their way to one writer (the module's service, one per application),
 * written after the answer that made them: a checkout never waits for its Insights record. Batches
 * are written one at a time, in order, so a later read never lands before an earlier one.
 */
class CheckoutQueue {
  #waiting: CheckoutRecord[] = []
  #timer: ReturnType<typeof setTimeout> | undefined
  #writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly writer: CheckoutWriter,
    private readonly resolver: Resolver,
    private readonly logger: Logger | undefined
  ) {}

  add(record: CheckoutRecord): void {
    this.#waiting.push(record)
    if (this.#waiting.length >= MAX_BATCH) {
      void this.flush()
    } else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_DELAY_MS)
      // A waiting record never keeps a process alive that has nothing else to do.
      this.#timer.unref?.()
    }
  }

  /** Writes what waits; resolves once everything added so far is written (or its failure logged). */
  flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const batch = this.#waiting.splice(0)
    if (batch.length) {
      this.#writing = this.#writing.then(() => this.write(batch))
    }
    return this.#writing
  }

  private async write(batch: CheckoutRecord[]): Promise<void> {
    try {
      const providers = await providersOfSessions(
        this.resolver,
        batch.filter((record) => !record.provider_id).map((record) => record.session_id)
      )
      await this.writer.recordCheckouts(
        batch.map((record) => ({ ...record, provider_id: record.provider_id ?? providers.get(record.session_id) ?? null }))
      )
    } catch (error) {
      this.logger?.warn(
        `installments: the Insights records of ${batch.length} checkout read(s) (${batch.map((record) => record.session_id).join(", ")}) ` +
          `were not written (${(error as Error).message}); a later read of each link, if any, records it`
      )
    }
  }
}

const queues = new Map<CheckoutWriter, CheckoutQueue>()

/**
 * Resolves once every checkout read this process recorded so far is written: what reads the
 * checkouts (the Insights route, tests) sees this process's own reads.
 */
export async function checkoutRecordsWritten(): Promise<void> {
  await Promise.all([...queues.values()].map((queue) => queue.flush()))
}

function recorderOver(container: () => Resolver, logger: Logger | undefined): CheckoutRecorder {
  return {
    async record(seen, details, verdict) {
      try {
        const resolver = container()
        if (resolver.hasRegistration && !resolver.hasRegistration(INSTALLMENTS_MODULE)) {
          return
        }
        const writer = resolver.resolve<CheckoutWriter>(INSTALLMENTS_MODULE)
        let queue = queues.get(writer)
        if (!queue) {
          queue = new CheckoutQueue(writer, resolver, logger)
          queues.set(writer, queue)
        }
        queue.add({
          session_id: seen.session_id,
          provider_id: seen.provider_id ?? null,
          payment_link_id: seen.payment_link_id,
          started_at: idTime(seen.session_id) ?? new Date(),
          amount: formatAmount(parseAmount(seen.amount)),
          ...checkoutFacts(details, verdict),
        })
      } catch (error) {
        logger?.warn(
          `installments: the Insights record of checkout ${seen.session_id} was not written (${(error as Error).message}); ` +
            "a later read of its link, if any, records it"
        )
      }
    },
  }
}

// The provider is not told its own id (D44): Medusa's session rows say which registration made them.
async function providersOfSessions(resolver: Resolver, sessionIds: string[]): Promise<Map<string, string>> {
  const providers = new Map<string, string>()
  if (!sessionIds.length || (resolver.hasRegistration && !resolver.hasRegistration(ContainerRegistrationKeys.QUERY))) {
    return providers
  }
  const query = resolver.resolve<{ graph(input: unknown): Promise<{ data: Array<{ id: string; provider_id?: string }> }> }>(
    ContainerRegistrationKeys.QUERY
  )
  const { data } = await query.graph({ entity: "payment_session", fields: ["id", "provider_id"], filters: { id: sessionIds } })
  for (const session of data) {
    if (session.provider_id) providers.set(session.id, session.provider_id)
  }
  return providers
}
