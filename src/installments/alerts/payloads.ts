// The payloads of the alert events (src/modules/installments/events.ts names them): what needs a
// person, each with its figures and one sentence a merchant can act on, for an email or a chat.

/** Deliveries on a registration's webhook path refused for the last hour, none verified. */
export interface WebhookDeliveriesFailingData {
  /** Medusa's provider id (`pp_installments_<id>`); null when the path named no registration the store has. */
  provider_id: string | null
  /** Deliveries refused since the start of the previous hour. */
  refused: number
  /** Why, most frequent first (`unknown_key`, `bad_signature`, …: docs/health.md). */
  reasons: string[]
  /** ISO 8601. */
  last_refused_at: string
  /** The last delivery verified on this path (ISO 8601), or null when none is kept. */
  last_verified_at: string | null
  message: string
}

/** A job that has not started for twice its period (or is stuck in a run that long). */
export interface JobLateData {
  job: string
  schedule: string
  /** `late`: no start for twice its period; `stuck`: a run started that long ago has not ended; `never_ran`. */
  reason: "late" | "stuck" | "never_ran"
  /** ISO 8601, null when it never ran. */
  last_started_at: string | null
  /** The process (`host:pid`) that ran it last. */
  worker: string | null
  message: string
}

/** Refunds that failed for good (nothing will send them again) since the previous such alert. */
export interface RefundsFailedForGoodData {
  count: number
  /** ISO 8601: refunds failed after this are counted. */
  since: string
  /** The newest five: the ledger row (`iref_…`), its order, amount (decimal SAR) and reason. */
  refunds: { id: string; order_id: string | null; amount: string; reason: string | null }[]
  message: string
}
