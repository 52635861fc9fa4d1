import { EventName } from "./validation/webhooks"
import { Clock } from "./clock"
import { SandboxConfig } from "./config"
import { Scheduler } from "./scheduler"
import { Store } from "./state/store"

/** Where events go: the webhook dispatcher in the running sandbox. */
export interface EventSink {
  emit(event: EventName, data: Record<string, unknown>): void
}

/** What every state operation needs; one per running sandbox, nothing global. */
export interface SandboxContext {
  config: SandboxConfig
  clock: Clock
  store: Store
  scheduler: Scheduler
  events: EventSink
  /** Filled in once the server listens (the port may be random). */
  urls: { base: string; pay: string }
}
