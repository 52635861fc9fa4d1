import type { Logger } from "@medusajs/framework/types"
import type { InstallmentsClient, PaymentLinkDetails } from "../../lib/client"
import { InFlightReads } from "../cache/in-flight-reads"
import { reportUnknownStatuses } from "./unknown-status-log"

const PAGE_SIZE = 100
// Shared by every registration in the process; keyed by account and link, so accounts never mix.
const reads = new InFlightReads<PaymentLinkDetails>()

/**
 * The one read of a payment link: its details with every transaction, from every page (at most 5 of
 * 100, the client's documented cap: a single-use link holds a handful of attempts; a link with more
 * is refused, never judged on part of them), so a paid attempt is seen wherever it falls. Reads of one link under way at once (the shopper's return and
 * the webhook in the same instant) share one request. A status the plugin does not know is logged
 * once per transaction.
 */
export function readLink(client: InstallmentsClient, paymentLinkId: string, logger?: Logger): Promise<PaymentLinkDetails> {
  return reads.run(`${client.account}|${paymentLinkId.toLowerCase()}`, async () => {
    const details = await client.paymentLinks.retrieveAll(paymentLinkId, { pageSize: PAGE_SIZE })
    reportUnknownStatuses(details, logger)
    return details
  })
}
