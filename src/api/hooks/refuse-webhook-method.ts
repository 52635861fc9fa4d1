import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { installmentsRegistrationOf } from "./webhook-provider"

/** Methods other than POST on the webhook route; Medusa has no route for them and would answer in HTML. */
export const REFUSED_WEBHOOK_METHODS = ["GET", "PUT", "PATCH", "DELETE"] as const

/**
 * Answers 405 with `Allow: POST` and a JSON message to any other method on an installments webhook
 * path, so a misconfigured sender is told what to fix. Other providers' paths are left alone.
 */
export function refuseInstallmentsWebhookMethod(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (installmentsRegistrationOf(req) === undefined) {
    next()
    return
  }
  res.setHeader("Allow", "POST")
  res.status(405).json({
    type: "not_allowed",
    message: `Webhook deliveries are POST requests; ${req.method} is not accepted on this path.`,
  })
}
