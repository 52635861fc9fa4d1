import { AsyncLocalStorage } from "node:async_hooks"
import axios from "axios"
import { InstallmentsClient } from "../../src/lib/client"
import { fakeModule } from "../../src/modules/installments/__tests__/helpers/fake-module"
import InstallmentsProviderService from "../../src/providers/installments/service"
import { OPTIONS, ourInstance, silentLogger } from "./fixtures"
import { willRetry } from "../../src/installments/refunds/failures"
import { isPendingInMedusa } from "../../src/installments/refunds/intent"
import { resolveRefund, type ResolvableRow } from "../../src/installments/refunds/resolve-refund"
import { refundReturn, returnRefundSettled } from "../../src/installments/refunds/return-refund"
import { transactionLockKey } from "../../src/installments/refunds/locks"
import { checkUnbackedRefund } from "../../src/installments/refunds/unbacked-refund"
import { asRegistrationId } from "../../src/installments/registrations/provider-ids"
import type { MedusaRefunds } from "../../src/installments/refunds/medusa-refunds"
import { confirmedRefundIds } from "../../src/installments/refunds/order-bookings"
import type { RefundLedgerChange } from "../../src/installments/refunds/ledger-change"
import { Clock } from "./clock"
import { alive, Crash, MedusaModel, type KillPoint, type MedusaProcess } from "./medusa"
import { ServiceModel, turns, type Fault } from "./service"

export const TRANSACTION_ID = "7f3c1a52-9d4e-4b8a-a6f1-2c5d8e9b0a13"
export const CAPTURED = 100_000n

type Ledger = ReturnType<typeof fakeModule>

// The process a piece of work runs in, across its awaits: the service's kill point after a send names it.
const running = new AsyncLocalStorage<Process>()

// A failed refund the retry job picks up at `now`.
function retryDue(row: { status?: string; retryable?: boolean | null; next_retry_at?: Date | string | null }, now: Date): boolean {
  return willRetry(row) && new Date(row.next_retry_at!).getTime() <= now.getTime()
}

/** What the schedule decides while it runs: each request's fault, and where a process is killed. */
export interface Chaos {
  fault(endpoint: "refund" | "read"): Fault
  /** True when the process is to die at this point now. */
  kill(point: KillPoint): boolean
}

/** One Medusa process (server or worker): its provider, client and ports, over the durable state. */
export class Process implements MedusaProcess {
  alive = true
  readonly provider: InstallmentsProviderService
  readonly client: InstallmentsClient
  readonly ledger: Ledger["svc"]

  constructor(
    readonly name: string,
    readonly world: World
  ) {
    this.ledger = guarded(this, world.ledger.svc)
    this.provider = new InstallmentsProviderService(
      {
        logger: silentLogger,
        installmentsRefundLedger: this.ledger,
        installmentsMedusaRefundKey: async (refundId: string) => (alive(this), world.medusa.refundKey(refundId)),
        installmentsRegistrationId: "installments",
        installmentsInstance: ourInstance,
      } as never,
      OPTIONS
    )
    this.client = new InstallmentsClient(OPTIONS)
    // A retry waits a turn of the event loop, not a timer: the steps interleave on turns, and a timer
    // among them would make a replay depend on how fast the machine runs.
    const providerClient = (this.provider as unknown as { client_: InstallmentsClient }).client_
    for (const client of [this.client, providerClient]) client.http.sleep = () => turns(1)
  }

  kill(point: KillPoint): void {
    if (this.alive && this.world.chaos.kill(point)) {
      trace(`${this.name} killed ${point}`)
      this.world.die(this)
      throw new Crash()
    }
  }

  /** order-bookings.ts's bookOrderRefunds in this process: the ledger says which refunds the service applied. */
  async book(): Promise<void> {
    const medusa = this.world.medusa
    const rows = await this.ledger.listInstallmentsRefunds({ transaction_id: medusa.transactionId })
    medusa.book(this, confirmedRefundIds(medusa.refunds, rows as never))
  }

  /** Medusa's refund records as the resolver uses them (installments/refunds/medusa-refunds.ts), in this process. */
  medusaRefunds(): MedusaRefunds {
    const medusa = this.world.medusa
    return {
      findPayment: async () => ({
        payment_id: medusa.paymentId,
        order_canceled: false,
        refunds: medusa.refunds.map((refund) => ({ id: refund.id, metadata: refund.metadata })),
      }),
      record: async (_payment, refund) => {
        await medusa.refundPayment(this, {
          amount: refund.amount,
          note: refund.note,
          metadata: { installments_refund_key: refund.idempotency_key },
        })
      },
      // medusa-refunds.ts's removeMedusaRefund: the order's received returns followed again before and after the row and its transactions go.
      remove: async (_paymentId, refundId) => {
        alive(this)
        this.world.followReceivedReturns()
        medusa.remove(this, refundId)
        medusa.unbook(this, refundId)
        alive(this)
        this.world.followReceivedReturns()
      },
      book: () => this.book(),
    }
  }
}

/**
 * The durable state every process shares (the ledger's tables, Medusa's rows, the service, the
 * followed returns, the event bus's undelivered events) and the locks (expired with their holder).
 */
export class World {
  readonly clock = new Clock()
  readonly service = new ServiceModel()
  readonly ledger = fakeModule()
  readonly medusa = new MedusaModel(TRANSACTION_ID, CAPTURED)
  /** Returns followed until settled (the `return` sweep items), and each one's generation (receipts so far). */
  readonly followed = new Set<string>()
  readonly generations = new Map<string, number>()
  /** Return-received events not yet handled to the end (the event bus redelivers them). */
  readonly events: { return_id: string }[] = []
  readonly locks = new Map<string, { holder: Process; released: Promise<void>; release: () => void }>()
  processes: Process[] = []

  constructor(public chaos: Chaos) {
    this.service.pay(TRANSACTION_ID, CAPTURED)
    axios.defaults.adapter = this.service.adapter(
      this.clock,
      (endpoint) => this.chaos.fault(endpoint),
      () => running.getStore()?.kill("after_send")
    ) as never
  }

  start(name: string): Process {
    const proc = new Process(name, this)
    this.processes.push(proc)
    return proc
  }

  /** A process dies: what it committed stays; its locks expire (their holder no longer renews them). */
  die(proc: Process): void {
    trace(`${proc.name} dies`)
    proc.alive = false
    for (const [key, lock] of this.locks) {
      if (lock.holder === proc) {
        this.locks.delete(key)
        lock.release()
      }
    }
  }

  /** A process restarts: its in-memory state is gone. */
  restart(proc: Process): Process {
    this.die(proc)
    this.processes = this.processes.filter((candidate) => candidate !== proc)
    return this.start(proc.name)
  }

  /** Medusa's locking module's `execute`: waits for the key, or fails when another holder keeps it (`wait` false). */
  async withLock<T>(proc: Process, key: string, wait: boolean, work: () => Promise<T>): Promise<T> {
    for (;;) {
      alive(proc)
      const held = this.locks.get(key)
      if (!held) break
      if (!wait) throw new Error(`lock ${key} is busy`)
      await held.released
    }
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const lock = { holder: proc, released, release }
    this.locks.set(key, lock)
    try {
      alive(proc)
      return await work()
    } finally {
      // A dead process's locks expired when it died (`die`); one it took after is let go here.
      if (this.locks.get(key) === lock) {
        this.locks.delete(key)
        release()
      }
    }
  }

  /** Runs `work` as `proc`'s: a kill during it stops it, and only what it committed stays. */
  async as<T>(proc: Process, work: () => Promise<T>): Promise<T | undefined> {
    if (!proc.alive) return undefined
    try {
      return await running.run(proc, work)
    } catch (error) {
      if (error instanceof Crash || !proc.alive) return undefined
      throw error
    }
  }

  // The return-received subscriber: follow the return first (a new generation), refund under the
  // order's lock, close when settled unless a later receipt reopened it.
  async returnReceived(proc: Process, returnId: string, wait = true): Promise<void> {
    alive(proc)
    const generation = (this.generations.get(returnId) ?? 0) + 1
    this.generations.set(returnId, generation)
    this.followed.add(returnId)
    await this.refundReturnOnce(proc, returnId, generation, wait)
  }

  /** The order's received returns followed again, each a new generation (the module's reopenReturnSweepItem). */
  followReceivedReturns(): void {
    for (const returnId of this.generations.keys()) {
      this.generations.set(returnId, this.generations.get(returnId)! + 1)
      this.followed.add(returnId)
    }
  }

  /** The refund-return workflow (under the order's lock; an unsettled receipt followed again), then the close of a settled return of this generation. */
  async refundReturnOnce(proc: Process, returnId: string, generation?: number, wait = true): Promise<number> {
    return this.withLock(proc, this.medusa.orderId, wait, async () => {
      const ports = {
        ledger: proc.ledger,
        medusa: {
          bookRefunds: () => proc.book(),
          loadOrder: async () => (alive(proc), this.medusa.orderState()),
          refundPayment: async (input: { payment_id: string; amount: string; note: string; metadata: Record<string, unknown> }) => {
            try {
              return { refund_id: await this.medusa.refundPayment(proc, input) }
            } catch (error) {
              if (error instanceof Crash) throw error
              return { error }
            }
          },
        },
        enabled: () => true,
      }
      const result = await refundReturn(ports, { order_id: this.medusa.orderId, return_id: returnId })
      trace(
        `${proc.name} return ${returnId}: owed ${result.owed}, in flight ${result.in_flight}, ` +
          `attempts ${JSON.stringify(result.attempts.map((a) => [a.idempotency_key, a.amount_sar, a.refund_id ?? (a.waiting ? "waiting" : "failed")]))}, ${result.reason}`
      )
      const settled = await returnRefundSettled(proc.ledger, result)
      alive(proc)
      if (!settled) {
        // workflows/refund-return's follow-unsettled-return step: whichever caller ran it, the sweep follows it again.
        this.generations.set(returnId, (this.generations.get(returnId) ?? 0) + 1)
        this.followed.add(returnId)
      } else if (generation !== undefined && this.generations.get(returnId) === generation) {
        this.followed.delete(returnId)
      }
      return result.attempts.length
    })
  }

  /** jobs/resolve-refund-intents.ts: each row to resolve, under its transaction's lock. */
  async resolver(proc: Process): Promise<void> {
    const rows = (await proc.ledger.listInstallmentsRefunds({
      $or: [{ status: ["sending", "unknown"] }, { record_in_medusa: true }],
    })) as unknown as ResolvableRow[]
    for (const row of rows) {
      try {
        await this.withLock(proc, transactionLockKey(row.transaction_id), true, () =>
          resolveRefund({ ledger: proc.ledger, clientFor: () => proc.client, medusa: proc.medusaRefunds() }, row.id, new Date())
        )
      } catch (error) {
        if (error instanceof Crash) throw error
        // The job logs and tries again next minute (a refusal of a second record, an unreachable service).
      }
    }
  }

  /** jobs/retry-failed-refunds.ts for a return's refund: the return's refund runs again (the other sources are not simulated). */
  async retryJob(proc: Process): Promise<void> {
    const rows = (await proc.ledger.listInstallmentsRefunds({ status: "failed" })) as unknown as {
      id: string
      transaction_id: string
      retryable?: boolean
      next_retry_at?: Date | null
      source?: string
      return_id?: string | null
    }[]
    for (const row of rows.filter((candidate) => candidate.source === "return" && retryDue(candidate as never, new Date()))) {
      try {
        // workflows/retry-failed-refund: a return's refund runs again; nothing owed any more stops the retries.
        if ((await this.refundReturnOnce(proc, row.return_id!)) === 0) {
          await proc.ledger.writeRefundLedger({
            kind: "stop-retrying",
            transaction_id: row.transaction_id,
            row_id: row.id,
            why: "Nothing is owed for it any more.",
          })
        }
      } catch (error) {
        if (error instanceof Crash) throw error
      }
    }
  }

  /** jobs/refund-received-returns.ts: each followed return runs again until settled. */
  async returnSweep(proc: Process): Promise<void> {
    for (const returnId of [...this.followed]) {
      try {
        await this.refundReturnOnce(proc, returnId, this.generations.get(returnId))
      } catch (error) {
        if (error instanceof Crash) throw error
      }
    }
  }

  /** jobs/check-unbacked-refunds.ts: each Medusa refund no ledger row backs is confirmed or removed. */
  async unbackedCheck(proc: Process): Promise<void> {
    for (const refund of [...this.medusa.refunds]) {
      try {
        await checkUnbackedRefund(
          {
            ledger: proc.ledger,
            clientFor: () => proc.client,
            refundsOfPayment: async () => (alive(proc), this.medusa.refunds.map((made) => ({ id: made.id, metadata: made.metadata }))),
            removeMedusaRefund: (payment, id) => proc.medusaRefunds().remove(payment, id),
            bookRefunds: () => proc.book(),
          },
          {
            id: refund.id,
            payment_id: this.medusa.paymentId,
            registration_id: asRegistrationId("installments"),
            transaction_id: this.medusa.transactionId,
            created_at: refund.created_at,
            halalas: refund.halalas,
            metadata: refund.metadata,
          },
          new Date()
        )
      } catch (error) {
        if (error instanceof Crash) throw error
      }
    }
  }

  /**
   * The tracker mirrored into the ledger, as the service's order.updated delivery, Medusa's
   * payment.refunded and the sync job do it (workflows/steps/sync-transaction-refunds.ts).
   */
  async trackerSync(proc: Process): Promise<void> {
    const transaction = await proc.client.transactions.retrieve(this.medusa.transactionId)
    await proc.ledger.writeRefundLedger({
      kind: "tracker",
      transaction_id: this.medusa.transactionId,
      sync: { provider_id: asRegistrationId("installments"), tracker: transaction.refund_tracker },
    })
  }

  /** Rows of the ledger that still need work: unresolved, left to record, or a retry that is due. */
  openWork(): number {
    const rows = this.ledger.refunds.rows as {
      status?: string
      record_in_medusa?: boolean
      retryable?: boolean
      next_retry_at?: Date | null
    }[]
    return rows.filter((row) => isPendingInMedusa(row) || willRetry(row)).length + this.followed.size + this.events.length
  }
}

/** Prints what the simulation does when SIM_TRACE is set (a replay's story). */
export function trace(line: string): void {
  if (process.env.SIM_TRACE) console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`)
}

// The ledger as one process reaches it: a dead process writes nothing more; a kill may follow an intent's write.
function guarded(proc: Process, svc: Ledger["svc"]): Ledger["svc"] {
  return new Proxy(svc, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (typeof value !== "function") return value
      return async (...args: unknown[]) => {
        alive(proc)
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        alive(proc)
        const kind = name === "writeRefundLedger" ? (args[0] as RefundLedgerChange).kind : undefined
        if (kind)
          trace(`${proc.name} ledger ${kind} ${JSON.stringify(args[0]).slice(0, 200)} -> ${JSON.stringify(result).slice(0, 200)}`)
        if (kind === "open") proc.kill("after_intent")
        if (kind === "outcome") proc.kill("after_outcome")
        return result
      }
    },
  })
}
