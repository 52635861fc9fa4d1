import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { parseAmount } from "../../../lib/money"
import { readLink } from "../../../installments/links/read-link"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { readSessionData } from "../../../installments/sessions/data"
import { linkVerdict, type LinkVerdict } from "../../../installments/links/verdict"
import { registrationIdOf } from "../../../installments/registrations/provider-ids"
import { checkoutRecorderIn } from "../../../installments/insights/record-checkout"
import { loadSessionContext, type SessionContext } from "../../../installments/sessions/records"
import { decideUnpaidOrder, type UnpaidOrderDecision } from "../unpaid-order-decision"

export interface UnpaidOrderInput {
  session_id: string
}

/**
 * Under the cart's lock (so a cart completion or a webhook capture cannot interleave), reads the
 * session, its order and its link again and decides whether the order is canceled.
 */
export const decideUnpaidOrderStep = createStep(
  "installments-decide-unpaid-order",
  async (input: UnpaidOrderInput & { candidate: boolean }, { container }) => {
    if (!input.candidate) {
      return new StepResponse<UnpaidOrderDecision>({
        cancel: false,
        reason: "no open order without a payment",
        session_id: input.session_id,
      })
    }
    const context = await loadSessionContext(container, input.session_id)
    const verdict = await readVerdict(container, context)
    return new StepResponse(decideUnpaidOrder(input.session_id, context, verdict))
  }
)

async function readVerdict(
  container: Parameters<typeof clientForProvider>[0],
  context: SessionContext
): Promise<LinkVerdict | undefined> {
  const session = context.session
  const data = readSessionData(session?.data ?? undefined)
  if (!session || !data) {
    return undefined
  }
  const registrationId = registrationIdOf(session.provider_id)
  const client = registrationId && clientForProvider(container, registrationId)
  if (!client) {
    return undefined
  }
  const details = await readLink(client, data.payment_link_id)
  const verdict = linkVerdict(details, {
    session_id: data.session_id,
    amount: parseAmount(data.amount),
    currency_code: data.currency_code,
  })
  await checkoutRecorderIn(container).record({ ...data, provider_id: session.provider_id }, details, verdict)
  return verdict
}
