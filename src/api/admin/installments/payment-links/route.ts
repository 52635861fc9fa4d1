import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { CreatePaymentLinkResponse } from "../../../../installments/back-office/answers"
import type { PaymentLinksResponse } from "../../../../installments/back-office/answers"
import { formatAmount, toHalalas } from "../../../../lib/money"
import { INSTALLMENT_LINK_MINIMUM } from "../../../../lib/plans"
import { INSTALLMENTS_MODULE } from "../../../../modules/installments"
import type InstallmentsModuleService from "../../../../modules/installments/service"
import { callService } from "../../../../installments/messages/service-errors"
import { resolveRegistration } from "../../../../installments/registrations/lookup"
import { createInstallmentsPaymentLinkWorkflow } from "../../../../workflows/create-payment-link"
import { readOffsetWindow } from "./offset-window"
import { qrCodeOf } from "./qr-code"
import type { AdminCreatePaymentLinkType, AdminListPaymentLinksQueryType } from "./validators"

/**
 * The store's payment links with the service's filters, Medusa-style `limit`/`offset`/`count`;
 * each marked when it was made in this admin, with its recorded payment.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListPaymentLinksQueryType>, res: MedusaResponse) => {
  const { provider_id, limit, offset, ...filters } = req.validatedQuery
  const registration = resolveRegistration(req.scope, provider_id)
  const { items, total } = await readOffsetWindow(offset, limit, async (page, pageSize) => {
    const list = await callService(registration, () =>
      registration.client.paymentLinks.list(registration.options.storeId, { ...filters, page, limit: pageSize })
    )
    return { items: list.data, total: list.total }
  })
  const module = req.scope.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE)
  const recorded = items.length
    ? await module.listInstallmentsPaymentLinks({ payment_link_id: items.map((item) => item.payment_link_id) })
    : []
  const byLink = new Map(recorded.map((link) => [link.payment_link_id, link]))
  const answer: PaymentLinksResponse = {
    payment_links: items.map((item) => {
      const own = byLink.get(item.payment_link_id)
      return {
        ...item,
        id: item.payment_link_id,
        created_in_admin: !!own,
        created_by: own?.created_by ?? null,
        transaction_id: own?.transaction_id ?? null,
        paid_at: own?.paid_at ? new Date(own.paid_at).toISOString() : null,
      }
    }),
    count: total,
    limit,
    offset,
  }
  res.json(answer)
}

/** Makes a link for a phone or in-store sale and answers with its URL and a QR code of it. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreatePaymentLinkType>, res: MedusaResponse) => {
  const body = req.validatedBody
  const registration = resolveRegistration(req.scope, body.provider_id)
  const amount = formatAmount(toHalalas(body.amount))
  // Below the service's installment threshold a link can only take a full card payment (D7).
  const payInFull = body.checkout === "pay_in_full" || toHalalas(amount) < toHalalas(INSTALLMENT_LINK_MINIMUM)
  const { result } = await createInstallmentsPaymentLinkWorkflow(req.scope).run({
    input: {
      provider_id: registration.id,
      created_by: req.auth_context?.actor_id ?? null,
      body: {
        amount,
        title: body.title,
        description: body.description,
        order_id: body.reference,
        singleUse: body.single_use,
        selectedDate: body.expires_at ? new Date(body.expires_at).toISOString() : undefined,
        branch: body.branch,
        // No session or cart id: the orphan sweep only judges links made for a checkout session.
        metadata: { source: "medusa_admin" },
        client_first_name: body.customer?.first_name,
        client_last_name: body.customer?.last_name,
        client_email: body.customer?.email,
        client_phone_number: body.customer?.phone,
        address_required: body.address_required,
        language: body.language ?? registration.options.language,
        send_sms: body.send_sms,
        sms_language: body.sms_language ?? body.language ?? registration.options.language,
        passkey_enabled: registration.options.passkeyEnabled,
        only_show_bank_installments: body.checkout === "installments",
        only_show_pay_in_full: payInFull,
      },
    },
  })
  const link = result
  const answer: CreatePaymentLinkResponse = {
    payment_link: {
      id: link.payment_link_id,
      url: link.url,
      environment: link.environment,
      provider_id: link.provider_id,
      amount,
      title: link.title,
      single_use: link.single_use,
      expires_at: link.expires_at ? new Date(link.expires_at).toISOString() : null,
      checkout: payInFull ? "pay_in_full" : body.checkout,
      status: link.status,
      created_by: link.created_by,
      created_at: new Date(link.created_at).toISOString(),
    },
    qr: await qrCodeOf(link.url),
  }
  res.status(201).json(answer)
}
