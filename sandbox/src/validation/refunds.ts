import { z } from "zod"
import { MetadataObject, WireAmount } from "./fields"

/**
 * Body of a refund as the service checks it (docs/service-api.md, endpoint 7). `reason` has no length
 * rule here: its 500-character limit is local to the client, and the service takes longer ones.
 */
export const RefundRequest = z.object({
  refund_amount: WireAmount,
  reason: z.string().optional(),
  metadata: MetadataObject.optional(),
})
