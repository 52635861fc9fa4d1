import { randomUUID } from "node:crypto"
import { SandboxCheckoutEngine } from "./checkout/engine"
import { Clock } from "./clock"
import { SandboxConfig } from "./config"
import { SandboxContext } from "./context"
import { Faults } from "./faults"
import { Holds } from "./holds"
import { RequestLog } from "./request-log"
import { Scheduler } from "./scheduler"
import { expiryJob, onLinkExpiry } from "./state/links"
import { onSettlementDue, settlementJob } from "./state/refunds"
import { Store } from "./state/store"
import { SandboxState } from "./state/types"
import { WebhookDispatcher } from "./webhooks/deliver"

/** The running parts of one sandbox, without HTTP: state, clock, jobs, webhooks, faults, checkout engine. */
export class SandboxCore {
  readonly ctx: SandboxContext
  readonly engine: SandboxCheckoutEngine
  readonly faults: Faults
  readonly dispatcher: WebhookDispatcher
  /** Requests the service interface received (control API: `/__sandbox/requests`). */
  readonly requests = new RequestLog()
  /** API requests a test holds until it releases them (control API: `/__sandbox/holds`). */
  readonly holds = new Holds()
  private readonly clock: Clock
  private readonly store: Store
  private readonly scheduler: Scheduler
  /** Pending fault-latency waits of API requests, cleared on stop. */
  private readonly delays = new Set<NodeJS.Timeout>()
  private stopped = false

  constructor(readonly config: SandboxConfig) {
    const state = loadState(config)
    // The data file may have supplied the credentials; everything downstream reads the config.
    config.secretKey = state.credentials.secretKey
    config.publicKey = state.credentials.publicKey
    config.storeId = state.credentials.storeId
    this.store = new Store(state, config.dataFile)
    this.clock = new Clock(state.clockOffsetMs)
    this.faults = new Faults(config.seed)
    this.scheduler = new Scheduler(this.clock, (key) => this.runJob(key))
    this.dispatcher = new WebhookDispatcher(config, this.clock, this.store, this.faults)
    this.ctx = {
      config,
      clock: this.clock,
      store: this.store,
      scheduler: this.scheduler,
      events: this.dispatcher,
      urls: { base: "", pay: "" },
    }
    this.engine = new SandboxCheckoutEngine(this.ctx)
  }

  /** Rebuilds timed jobs from state (expiries, automatic settlements) and runs what is already due. */
  start(): void {
    const { links, transactions } = this.store.state
    for (const link of Object.values(links)) {
      if (link.paid_at === null && !link.expiry_notified) {
        this.scheduler.at(expiryJob(link.id), link.expires_at)
      }
    }
    for (const transaction of Object.values(transactions)) {
      for (const refund of transaction.refunds) {
        if (refund.status === "P" && refund.auto_settle_at !== null) {
          this.scheduler.at(settlementJob(transaction.id, refund.id), refund.auto_settle_at)
        }
      }
    }
    this.scheduler.runDue()
  }

  /** Moves sandbox time forward and runs every job that became due. */
  advanceClock(ms: number): void {
    this.clock.advance(ms)
    this.store.state.clockOffsetMs = this.clock.offset()
    this.store.changed()
    this.scheduler.runDue()
  }

  /** Forgets every link, transaction, registration, event, fault and logged request; keeps the credentials. */
  reset(): void {
    this.dispatcher.cancelAll()
    this.scheduler.clear()
    this.faults.reset()
    this.holds.release()
    this.requests.clear()
    this.clock.resetOffset()
    this.store.state = Store.empty(this.store.state.credentials, this.config.merchantBalance)
    this.store.changed()
  }

  /** True once `stop` ran. */
  get isStopped(): boolean {
    return this.stopped
  }

  /** Latency waits still pending (diagnostics and tests). */
  get pendingDelays(): number {
    return this.delays.size
  }

  /**
   * Runs `fn` after `ms` (injected latency) unless the sandbox stops first; answers false, running
   * nothing, once it has stopped.
   */
  delay(ms: number, fn: () => void): boolean {
    return this.cancellableDelay(ms, fn) !== undefined
  }

  /** Like `delay`, answering a function that cancels the wait (a held request whose client left), or undefined once stopped. */
  cancellableDelay(ms: number, fn: () => void): (() => void) | undefined {
    if (this.stopped) {
      return undefined
    }
    const timer = setTimeout(() => {
      this.delays.delete(timer)
      fn()
    }, ms)
    timer.unref()
    this.delays.add(timer)
    return () => {
      clearTimeout(timer)
      this.delays.delete(timer)
    }
  }

  /** Stops timers, latency waits and deliveries, writes the data file and closes it for good. */
  stop(): void {
    this.stopped = true
    for (const timer of this.delays) {
      clearTimeout(timer)
    }
    this.delays.clear()
    this.holds.release()
    this.scheduler.stop()
    this.dispatcher.stop()
    this.store.close()
  }

  private runJob(key: string): void {
    const [kind, first, second] = key.split(":")
    if (kind === "expire") {
      onLinkExpiry(this.ctx, first)
    } else if (kind === "settle") {
      onSettlementDue(this.ctx, first, second)
    }
  }
}

function loadState(config: SandboxConfig): SandboxState {
  const saved = config.dataFile ? Store.load(config.dataFile) : undefined
  if (!saved) {
    return Store.empty(
      { secretKey: config.secretKey, publicKey: config.publicKey, storeId: config.storeId, merchantId: randomUUID() },
      config.merchantBalance
    )
  }
  // Explicit options win over the file, so a restart can rotate keys while keeping the data.
  saved.credentials = {
    secretKey: config.explicit.secretKey ? config.secretKey : saved.credentials.secretKey,
    publicKey: config.explicit.publicKey ? config.publicKey : saved.credentials.publicKey,
    storeId: config.explicit.storeId ? config.storeId : saved.credentials.storeId,
    merchantId: saved.credentials.merchantId,
  }
  return saved
}
