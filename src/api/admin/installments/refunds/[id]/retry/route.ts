import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { retryFailedRefund } from "../../../../../../workflows/reconcile/retry-failed-refund"
import { refundView } from "../../refund-view"

/** Retries a failed refund now, through the flow that made it (see retryFailedRefund). */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const refund = await retryFailedRefund(req.scope, req.params.id)
  res.json({ refund: refundView(refund as never) })
}
