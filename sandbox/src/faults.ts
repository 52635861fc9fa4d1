import { EndpointFault, EndpointName, takeEndpointFault } from "./endpoint-faults"

/** Faults a test can switch on through the control API. All random choices come from a seeded generator, so runs repeat. */
export interface FaultSettings {
  /** Added to every API answer. */
  latency_ms: number
  /** The next n API requests answer `error_status` without doing anything. */
  fail_next: number
  /** Share (0 to 1) of further API requests that answer `error_status`. */
  error_rate: number
  error_status: number
  /** Path prefixes the request faults apply to; empty means every API path. */
  paths: string[]
  /** The next n webhook deliveries are dropped (recorded, never sent). */
  drop_webhooks: number
  /** The next n webhook deliveries are sent twice. */
  duplicate_webhooks: number
  webhook_drop_rate: number
  webhook_duplicate_rate: number
  seed: number
  /** Per-endpoint network faults (endpoint-faults.ts), in the order given; a new list replaces the old. */
  endpoint_faults: EndpointFault[]
}

export type DeliveryFate = "send" | "drop" | "duplicate"

/** Defaults: no faults. */
export function noFaults(seed: number): FaultSettings {
  return {
    latency_ms: 0,
    fail_next: 0,
    error_rate: 0,
    error_status: 500,
    paths: [],
    drop_webhooks: 0,
    duplicate_webhooks: 0,
    webhook_drop_rate: 0,
    webhook_duplicate_rate: 0,
    seed,
    endpoint_faults: [],
  }
}

/** mulberry32: a tiny seeded generator, enough for fault rates. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The fault injector of one sandbox. */
export class Faults {
  settings: FaultSettings
  private random: () => number

  constructor(private readonly defaultSeed: number) {
    this.settings = noFaults(defaultSeed)
    this.random = generator(defaultSeed)
  }

  /** Merges new settings; a new seed restarts the random sequence. */
  update(changes: Partial<FaultSettings>): FaultSettings {
    this.settings = { ...this.settings, ...changes }
    if (changes.seed !== undefined) {
      this.random = generator(changes.seed)
    }
    return this.settings
  }

  /** Back to no faults and the start of the random sequence. */
  reset(): void {
    this.settings = noFaults(this.defaultSeed)
    this.random = generator(this.defaultSeed)
  }

  /** Whether this API request answers with an injected error (consumes `fail_next`). */
  failRequest(path: string): boolean {
    const { paths } = this.settings
    if (paths.length > 0 && !paths.some((prefix) => path.startsWith(prefix))) {
      return false
    }
    if (this.settings.fail_next > 0) {
      this.settings.fail_next -= 1
      return true
    }
    return this.settings.error_rate > 0 && this.random() < this.settings.error_rate
  }

  /** The endpoint fault this request hits, if one is armed for its endpoint (counts the hit). */
  endpointFault(endpoint: EndpointName): EndpointFault | undefined {
    return takeEndpointFault(this.settings.endpoint_faults, endpoint)
  }

  /** What happens to the next webhook delivery. */
  deliveryFate(): DeliveryFate {
    if (this.settings.drop_webhooks > 0) {
      this.settings.drop_webhooks -= 1
      return "drop"
    }
    if (this.settings.duplicate_webhooks > 0) {
      this.settings.duplicate_webhooks -= 1
      return "duplicate"
    }
    if (this.settings.webhook_drop_rate > 0 && this.random() < this.settings.webhook_drop_rate) {
      return "drop"
    }
    if (this.settings.webhook_duplicate_rate > 0 && this.random() < this.settings.webhook_duplicate_rate) {
      return "duplicate"
    }
    return "send"
  }
}
