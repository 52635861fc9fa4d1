import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import { registerInstallmentsWebhookWorkflow } from "../../../../workflows/register-webhook"
import type { AdminListWebhooksType, AdminRegisterWebhookType } from "../validators"

/** Registers a webhook endpoint with the service and keeps its key for verifying deliveries. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminRegisterWebhookType>, res: MedusaResponse) => {
  const { result } = await registerInstallmentsWebhookWorkflow(req.scope).run({ input: req.validatedBody })
  res.status(201).json({ webhook: result })
}

/** Lists the webhook registrations whose keys the plugin holds (never the keys themselves), a page at a time. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListWebhooksType>, res: MedusaResponse) => {
  const service = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const { limit, offset } = req.validatedQuery
  const [keys, count] = await service.listAndCountWebhookKeys(
    {},
    {
      select: ["id", "prefix", "environment", "endpoint_id", "url", "created_at"],
      order: { created_at: "ASC", id: "ASC" },
      skip: offset,
      take: limit,
    }
  )
  res.json({ webhooks: keys, count, limit, offset })
}
