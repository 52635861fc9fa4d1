import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** One subscriber run that ended: the event it handled and the subscriber that handled it. */
export interface HandledEvent {
  seq: number
  name: string
  subscriberId?: string
  ended: number
  /** The event's data, as the subscriber got it. */
  data?: unknown
}

// What the test boot's event bus (Medusa's local one) is made of, as far as this watch needs it.
type Listener = ((...args: unknown[]) => unknown) & { subscriberId?: string }
type LocalEventBus = {
  eventEmitter_: { emit: (name: string | symbol, ...args: unknown[]) => boolean; listeners: (name: string | symbol) => Listener[] }
  groupedEventsMap_: Map<string, unknown[]>
  groupOrEmitEvent: (event: { metadata?: { eventGroupId?: string }; options?: { delay?: number } }) => Promise<void>
  releaseGroupedEvents: (groupId: string) => Promise<void>
  callInterceptors: (event: unknown, context: { isGrouped?: boolean }) => Promise<void>
}

const QUIET_MS = 150
const IDLE_TIMEOUT_MS = 30_000

/**
 * Watches Medusa's event bus: every event queued (delayed or in a group) until it is published, and
 * every subscriber run (with the workflows it runs and awaits: the webhook handling, refunds, the
 * webhook's handling) until it ends. A test that asserts "nothing happened" first waits for
 * `idle()`: then whatever could have acted has run and decided, and `handledSince` shows it did.
 * Observes only: every call goes on to the bus unchanged. One watch per process (the local bus's
 * emitter is shared), installed by the suite before any test, so no queued event predates it.
 */
export class EventBusWatch {
  private queued = 0
  private readonly running = new Set<Promise<unknown>>()
  private readonly handled: HandledEvent[] = []
  private seq = 0

  private constructor(bus: LocalEventBus) {
    // The bus calls the replaced emit and enqueue functions with itself as `this`: the watch is named apart.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const watch = this
    const emitter = bus.eventEmitter_
    const emit = emitter.emit
    // Node's emit drops the promises of async listeners: call them here to keep each one.
    emitter.emit = function (name, ...args) {
      const listeners = emitter.listeners(name)
      if (typeof name !== "string" || listeners.length === 0) {
        return emit.call(emitter, name, ...args)
      }
      for (const listener of listeners) {
        const run = Promise.resolve(listener.apply(emitter, args))
        watch.running.add(run)
        // The bus's own wrapper catches a subscriber's error; this only keeps the watch from adding one.
        void run
          .finally(() => {
            watch.running.delete(run)
            const data = (args[0] as { data?: unknown } | undefined)?.data
            watch.handled.push({ seq: ++watch.seq, name, subscriberId: listener.subscriberId, ended: Date.now(), data })
          })
          .catch(() => undefined)
      }
      return true
    }
    // Every queued event reaches the interceptors the moment it is published, grouped or not.
    const groupOrEmit = bus.groupOrEmitEvent
    bus.groupOrEmitEvent = function (event) {
      if (!event.metadata?.eventGroupId) {
        watch.queued += 1
      }
      return groupOrEmit.call(this, event)
    }
    const release = bus.releaseGroupedEvents
    bus.releaseGroupedEvents = function (groupId) {
      watch.queued += bus.groupedEventsMap_.get(groupId)?.length ?? 0
      return release.call(this, groupId)
    }
    const intercept = bus.callInterceptors
    bus.callInterceptors = function (event, context) {
      watch.queued = Math.max(0, watch.queued - 1)
      return intercept.call(this, event, context)
    }
  }

  /** The watch of this process's event bus, installed on first call. */
  static of(container: MedusaContainer): EventBusWatch {
    const bus = container.resolve(Modules.EVENT_BUS) as unknown as LocalEventBus & { __idleWatch?: EventBusWatch }
    if (!bus.eventEmitter_ || !bus.callInterceptors) {
      throw new Error("the event bus is not Medusa's local one: idle() cannot see its work")
    }
    bus.__idleWatch ??= new EventBusWatch(bus)
    return bus.__idleWatch
  }

  /** A point to ask `handledSince` from. */
  mark(): number {
    return this.seq
  }

  /** Subscriber runs that ended after `mark`, oldest first. */
  handledSince(mark: number): HandledEvent[] {
    return this.handled.filter((run) => run.seq > mark)
  }

  /**
   * Waits until no event is queued and no subscriber runs, and it stays so for a moment (an ending
   * subscriber may queue the next event); answers the subscriber runs that ended after `mark`.
   */
  async idle(mark = 0, timeoutMs = IDLE_TIMEOUT_MS): Promise<HandledEvent[]> {
    const deadline = Date.now() + timeoutMs
    let quietSince: number | undefined
    for (;;) {
      const busy = this.queued > 0 || this.running.size > 0
      if (busy) {
        quietSince = undefined
        if (Date.now() > deadline) {
          throw new Error(`the event bus is still busy after ${timeoutMs} ms: ${this.queued} queued, ${this.running.size} running`)
        }
        await Promise.race([...this.running, new Promise((resolve) => setTimeout(resolve, 25))]).catch(() => undefined)
        continue
      }
      quietSince ??= Date.now()
      if (Date.now() - quietSince >= QUIET_MS) {
        return this.handledSince(mark)
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

/** Subscriber runs as `event -> subscriber`, for readable assertions. */
export const runsOf = (runs: HandledEvent[]) => runs.map((run) => `${run.name} -> ${run.subscriberId ?? "?"}`)

/** The runs that decide what a delivery or an order change does (the subscribers' own ids). */
export const RUNS = {
  /**
   * The plugin's handling of a verified delivery, by its table: a paid one placed through the
   * place-paid-order workflow (or found settled, or refunded as an orphan), a rejection or expiry
   * canceling an unpaid order, a dispute recorded, the refund ledger synced.
   */
  delivery: "installments.webhook_received -> installments-webhook-received",
  /** Medusa's own webhook handling: never runs for an installments delivery. */
  medusaWebhook: "payment.webhook_received -> payment-webhook-handler",
  /** The plugin's refund of a received return. */
  returnRefund: "order.return_received -> installments-return-refund",
  /** The plugin's check of a canceled order's refunds. */
  cancelRefunds: "order.canceled -> installments-check-cancel-refunds",
} as const

/**
 * Waits until Medusa's event bus is idle and fails unless each of `mustHaveRun` ran to its end
 * after `mark`: what could have acted has acted and decided, so "nothing happened" can be looked
 * at. Answers every run after `mark`, as `event -> subscriber`.
 */
export async function settledAfter(
  container: MedusaContainer,
  mark: number,
  mustHaveRun: string[] = [],
  timeoutMs?: number
): Promise<string[]> {
  const runs = runsOf(await EventBusWatch.of(container).idle(mark, timeoutMs))
  const missing = mustHaveRun.filter((run) => !runs.includes(run))
  if (missing.length) {
    throw new Error(`the event bus went idle without running ${missing.join(", ")}; it ran: ${runs.join(", ") || "nothing"}`)
  }
  return runs
}

/**
 * Like `settledAfter`, but answers only the runs whose event names `paymentLinkId`: what a delivery
 * of that link set off, apart from another checkout's (its link expiring when the sandbox's clock moves).
 */
export async function settledAfterForLink(container: MedusaContainer, mark: number, paymentLinkId: string): Promise<string[]> {
  const runs = await EventBusWatch.of(container).idle(mark)
  return runsOf(runs.filter((run) => (run.data as { payment_link_id?: unknown } | undefined)?.payment_link_id === paymentLinkId))
}

/** A mark on the event bus's runs, to ask `settledAfter` from. */
export const busMark = (container: MedusaContainer) => EventBusWatch.of(container).mark()
