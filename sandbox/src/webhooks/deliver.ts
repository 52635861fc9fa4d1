import { randomUUID } from "node:crypto"
import { EventName } from "../validation/webhooks"
import { signedDeliveryHeaders } from "../../../src/lib/webhooks/sign"
import { Clock } from "../clock"
import { SandboxConfig } from "../config"
import { EventSink } from "../context"
import { Faults } from "../faults"
import { Store } from "../state/store"
import { DeliveryRecord, EventRecord, WebhookRecord } from "../state/types"

const USER_AGENT = "installments-sandbox-webhooks/1"

/**
 * Sends events to registered endpoints (D18 to D21): one signed POST per subscribed registration,
 * 2xx delivered, 3xx/4xx final, 5xx/timeout/network errors retried `webhookMaxRetries` times after
 * base x 2^n. First attempts to one endpoint go out in emission order; every attempt is recorded.
 */
export class WebhookDispatcher implements EventSink {
  private readonly chains = new Map<string, Promise<void>>()
  private readonly inFlight = new Set<Promise<void>>()
  private readonly retryTimers = new Set<NodeJS.Timeout>()
  private readonly controllers = new Set<AbortController>()
  private waiters: Array<() => void> = []
  private stopped = false

  constructor(
    private readonly config: SandboxConfig,
    private readonly clock: Clock,
    private readonly store: Store,
    private readonly faults: Faults
  ) {}

  /** Records an event and delivers it to every registration subscribed to its name. */
  emit(event: EventName, data: Record<string, unknown>): void {
    const record: EventRecord = { id: `evt_${randomUUID()}`, event, created_at: this.clock.iso(), data }
    this.store.state.events.push(record)
    this.store.changed()
    if (this.stopped) {
      return
    }
    const body = JSON.stringify({ id: record.id, event, created_at: record.created_at, data })
    for (const hook of this.store.state.webhooks) {
      if (!hook.events.includes(event)) {
        continue
      }
      const fate = this.faults.deliveryFate()
      const first = this.newDelivery(record, hook, fate === "drop" ? "dropped" : "pending", null)
      if (fate === "drop") {
        this.config.log(`webhook ${event} to ${hook.url} dropped (fault)`)
        continue
      }
      this.enqueue(hook, first, body)
      if (fate === "duplicate") {
        this.enqueue(hook, this.newDelivery(record, hook, "pending", first.id), body)
      }
    }
  }

  /** Resolves once no attempt is running or waiting to retry. */
  idle(): Promise<void> {
    if (this.inFlight.size === 0 && this.retryTimers.size === 0) {
      return Promise.resolve()
    }
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  /** Forgets queued retries and aborts running attempts (reset). */
  cancelAll(): void {
    for (const timer of this.retryTimers) {
      clearTimeout(timer)
    }
    this.retryTimers.clear()
    for (const controller of this.controllers) {
      controller.abort()
    }
    this.chains.clear()
    this.wake()
  }

  /** Stops for good; nothing is sent afterwards. */
  stop(): void {
    this.stopped = true
    this.cancelAll()
  }

  private newDelivery(
    event: EventRecord,
    hook: WebhookRecord,
    status: DeliveryRecord["status"],
    duplicateOf: string | null
  ): DeliveryRecord {
    const delivery: DeliveryRecord = {
      id: randomUUID(),
      event_id: event.id,
      event: event.event,
      webhook_id: hook.id,
      url: hook.url,
      status,
      duplicate_of: duplicateOf,
      attempts: [],
      next_attempt_at: null,
    }
    this.store.state.deliveries.push(delivery)
    this.store.changed()
    return delivery
  }

  private enqueue(hook: WebhookRecord, delivery: DeliveryRecord, body: string): void {
    const previous = this.chains.get(hook.id) ?? Promise.resolve()
    const next = previous.then(() => this.attempt(hook, delivery, body))
    this.chains.set(hook.id, next)
    this.track(next)
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise)
    void promise.finally(() => {
      this.inFlight.delete(promise)
      this.wake()
    })
  }

  private wake(): void {
    if (this.inFlight.size === 0 && this.retryTimers.size === 0) {
      const waiters = this.waiters
      this.waiters = []
      for (const resolve of waiters) {
        resolve()
      }
    }
  }

  private async attempt(hook: WebhookRecord, delivery: DeliveryRecord, body: string): Promise<void> {
    if (this.stopped || delivery.status !== "pending") {
      return
    }
    const started = Date.now()
    const at = this.clock.iso()
    const controller = new AbortController()
    this.controllers.add(controller)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, this.config.webhookTimeoutMs)
    timer.unref()
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const headers = signedDeliveryHeaders({
        payload: body,
        privateKey: hook.private_key,
        keyPrefix: hook.prefix,
        scheme: this.config.signatureScheme,
      })
      const response = await fetch(hook.url, {
        method: "POST",
        headers: { ...headers, "user-agent": USER_AGENT },
        body,
        redirect: "manual",
        signal: controller.signal,
      })
      statusCode = response.status
      await response.arrayBuffer().catch(() => undefined)
    } catch (caught) {
      error = timedOut ? `timeout after ${this.config.webhookTimeoutMs} ms` : describeNetworkError(caught)
    } finally {
      clearTimeout(timer)
      this.controllers.delete(controller)
    }
    if (this.stopped) {
      return
    }
    delivery.attempts.push({
      attempt: delivery.attempts.length + 1,
      at,
      status_code: statusCode,
      error,
      duration_ms: Date.now() - started,
    })
    delivery.next_attempt_at = null
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      delivery.status = "delivered"
    } else if (statusCode !== null && statusCode < 500) {
      // 4xx is the receiver's final word (D21); redirects are not followed.
      delivery.status = "failed"
    } else if (delivery.attempts.length > this.config.webhookMaxRetries) {
      delivery.status = "failed"
    } else {
      this.scheduleRetry(hook, delivery, body)
    }
    this.config.log(
      `webhook ${delivery.event} to ${hook.url}: attempt ${delivery.attempts.length} ${statusCode ?? error} -> ${delivery.status}`
    )
    this.store.changed()
  }

  private scheduleRetry(hook: WebhookRecord, delivery: DeliveryRecord, body: string): void {
    const delay = this.config.webhookRetryBaseMs * 2 ** (delivery.attempts.length - 1)
    delivery.next_attempt_at = new Date(this.clock.now() + delay).toISOString()
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer)
      this.track(this.attempt(hook, delivery, body))
    }, delay)
    timer.unref()
    this.retryTimers.add(timer)
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}
