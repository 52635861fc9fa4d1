import { ExpiringKeys } from "../../installments/cache/expiring-keys"
import { InFlightReads } from "../../installments/cache/in-flight-reads"

/** How long a recorded delivery id is remembered: copies of one event arrive within moments. */
const REMEMBER_MS = 60_000

/**
 * Delivery ids this process recorded moments ago or is recording now. The service sends each event
 * to every endpoint registered on the merchant account (one per provider registration), so copies
 * arrive together; they are answered as duplicates here without a statement each.
 * The table's unique index still decides between processes: an id not here goes to the database.
 */
export class RecentDeliveries {
  private readonly recorded = new ExpiringKeys(REMEMBER_MS)
  private readonly recording = new InFlightReads<boolean>()

  /** Runs `insert` for `eventId` unless this process holds it already; true only for the call whose insert recorded it. */
  async record(eventId: string, insert: () => Promise<boolean>, now = Date.now): Promise<boolean> {
    if (this.recorded.has(eventId, now())) {
      return false
    }
    // A copy's insert under way: once it went through, the id is recorded and this is a duplicate;
    // if it failed, this copy makes its own (unless another copy started one meanwhile).
    for (let pending = this.recording.pending(eventId); pending; pending = this.recording.pending(eventId)) {
      if (
        await pending.then(
          () => true,
          () => false
        )
      ) {
        return false
      }
    }
    const first = await this.recording.run(eventId, insert)
    this.recorded.add(eventId, now())
    return first
  }

  /** Forgets an id whose record was removed, so its retry goes to the database again. */
  forget(eventId: string): void {
    this.recorded.delete(eventId)
  }
}
