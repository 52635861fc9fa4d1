import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminListRefunds, AdminRegisterWebhook } from "./admin/installments/validators"
import { REFUSED_WEBHOOK_METHODS, refuseInstallmentsWebhookMethod } from "./hooks/refuse-webhook-method"
import { verifyInstallmentsWebhook, WEBHOOK_ROUTE_MATCHER } from "./hooks/verify-webhook"
import { PAYMENT_SESSIONS_ROUTE, validateInstallmentsSession } from "./store/payment-sessions/validate-installments-session"

export default defineMiddlewares({
  routes: [
    {
      // Medusa's own route pattern: the middleware decides on the provider parameter as the route
      // decodes it (a pattern on the raw path would miss `installments%5F…` and `pp_installments_…`).
      matcher: WEBHOOK_ROUTE_MATCHER,
      method: ["POST"],
      bodyParser: { preserveRawBody: true },
      middlewares: [verifyInstallmentsWebhook],
    },
    {
      matcher: WEBHOOK_ROUTE_MATCHER,
      method: [...REFUSED_WEBHOOK_METHODS],
      middlewares: [refuseInstallmentsWebhookMethod],
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
    {
      matcher: PAYMENT_SESSIONS_ROUTE,
      method: ["POST"],
      middlewares: [validateInstallmentsSession],
    },
  ],
})
