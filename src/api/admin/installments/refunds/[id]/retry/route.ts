import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { retryInstallmentsRefundWorkflow } from "../../../../../../workflows/retry-failed-refund"
import { refundView } from "../../refund-view"

/** Retries a failed refund now, through the flow that made it (see retryInstallmentsRefundWorkflow). */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result: refund } = await retryInstallmentsRefundWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.json({ refund: refundView(refund as never) })
}
