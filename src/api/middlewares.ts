import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListRefunds, AdminRegisterWebhook } from "./admin/installments/validators"
import { verifyInstallmentsWebhook } from "./hooks/verify-webhook"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/hooks/payment/installments_*",
      method: ["POST"],
      bodyParser: { preserveRawBody: true },
      middlewares: [verifyInstallmentsWebhook],
    },
    {
      matcher: "/admin/installments/webhooks",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminRegisterWebhook)],
    },
    {
      matcher: "/admin/installments/refunds",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListRefunds, {})],
    },
  ],
})
