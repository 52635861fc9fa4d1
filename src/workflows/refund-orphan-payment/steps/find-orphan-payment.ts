import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { readLink } from "../../../installments/links/read-link"
import { clientForProvider } from "../../../installments/registrations/lookup"
import { decideOrphan, sessionStillExists, type OrphanDecision } from "../../../installments/refunds/orphan-decision"
import { PAID_LINK_GRACE_MS } from "../../../installments/links/transactions"
import { cartExists, loadSession, loadSessionContext } from "../../../installments/sessions/records"
import { linkOwner } from "../../../installments/links/ownership"
import { INSTALLMENTS_MODULE } from "../../../modules/installments"
import type InstallmentsModuleService from "../../../modules/installments/service"
import type { RegistrationId } from "../../../installments/registrations/provider-ids"

export interface OrphanPaymentInput {
  /** The provider registration's id (`installments` for `pp_installments_installments`). */
  provider_id: RegistrationId
  payment_link_id: string
  /** Paid links younger than this are left alone; defaults to 10 minutes. */
  grace_ms?: number
  /** The sweep's clock (ms since epoch); defaults to now. */
  now?: number
  /** Webhook path: only a session that no longer exists makes the payment an orphan. */
  require_session_gone?: boolean
  /**
   * Webhook path: the session the verified delivery names (its link's `metadata.session_id`).
   * With `require_session_gone`, a session that still exists settles it without reading the link.
   */
  session_id?: string
}

/** Reads a link and decides whether its payment is an orphan (see decideOrphan). */
export const findOrphanPaymentStep = createStep(
  "installments-find-orphan-payment",
  async (input: OrphanPaymentInput, { container }) => {
    const client = clientForProvider(container, input.provider_id)
    if (!client) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No installments payment provider is registered with id ${input.provider_id}.`
      )
    }
    if (input.require_session_gone && input.session_id) {
      // Every paid checkout comes here: the session alone decides, without its cart, order and payments.
      const session = await loadSession(container, input.session_id)
      if (session) {
        // Whatever the link holds, a session that exists is never an orphan on this path.
        return new StepResponse<OrphanDecision>(sessionStillExists(input.payment_link_id, input.session_id, { session, payments: [] }))
      }
    }
    const details = await readLink(client, input.payment_link_id)
    const instanceId = await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).instanceId()
    const metadata = details.payment_link.metadata
    const sessionId = metadata?.session_id
    const context = typeof sessionId === "string" && sessionId ? await loadSessionContext(container, sessionId) : { payments: [] }
    const owner = linkOwner(metadata, instanceId)
    // Only a link without an identity (made before links carried one) is judged by its cart.
    const cartId = owner === "unknown" ? metadata?.cart_id : undefined
    const cartKnown = typeof cartId === "string" && cartId ? await cartExists(container, cartId) : undefined
    // The identity a database copy inherits is not proof: this database's record of making the link is.
    const madeHere =
      owner === "ours" && typeof sessionId === "string"
        ? await container.resolve<InstallmentsModuleService>(INSTALLMENTS_MODULE).madeLinkFor(sessionId)
        : undefined
    return new StepResponse<OrphanDecision>(
      decideOrphan({
        details,
        context,
        now: input.now ?? Date.now(),
        graceMs: input.grace_ms ?? PAID_LINK_GRACE_MS,
        requireSessionGone: input.require_session_gone,
        instanceId,
        cartKnown,
        madeHere,
      })
    )
  }
)
