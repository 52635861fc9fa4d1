import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import { InstallmentsClient, ProtocolError, type PaymentLinkDetails } from "../../lib/client"
import { parseAmount } from "../../lib/money"
import { linkVerdict, type ExpectedPayment, type LinkVerdict } from "../../installments/links/verdict"
import { readLink } from "../../installments/links/read-link"
import { parseProviderOptions, ProviderOptions, ProviderOptionsError } from "../../installments/registrations/options"
import { PROVIDER_IDENTIFIER, type RegistrationId } from "../../installments/registrations/provider-ids"
import { recentPaidVerdicts } from "../../installments/links/recent-paid-verdicts"
import { clientFromOptions } from "../../installments/registrations/lookup"
import { merchantError, shopperError, type ShopperContext } from "../../installments/messages/service-errors"
import { payableAmount, roundRefundAmount } from "./amounts"
import { shopperLanguage, shopperWords, type ShopperStage } from "../../installments/messages/shopper-language"
import {
  buildSessionData,
  InstallmentsSessionData,
  readSessionData,
  transactionValues,
  withOwnValues,
} from "../../installments/sessions/data"
import { sendRefund } from "../../installments/refunds/send-refund"
import {
  medusaRefundKeyReaderFor,
  refundLedgerFor,
  registrationIdFor,
  type MedusaRefundKeyReader,
} from "../../installments/refunds/ledger-access"
import type { RefundLedgerWriter } from "../../installments/refunds/ledger-change"
import { readOrderDebtRequest } from "../../installments/sessions/order-debt-request"
import { instanceIdentityFor, type InstanceIdentity } from "../../installments/links/ownership"
import { assertPayableLink, buildLinkRequest, smsRecipient } from "./link-request"
import { claimSms, smsClaimerFor, type SmsClaimer } from "../../installments/links/sms-limit"
import { checkoutRecorderFor, type CheckoutRecorder } from "../../installments/insights/record-checkout"

type InjectedDependencies = { logger?: Logger }

/**
 * Medusa payment provider for the installments service: one single-use payment link per payment
 * session, paid on the service's hosted page. The service captures at authorization, so a paid
 * link is reported to Medusa as `captured`. The instance keeps no state between calls but its client.
 */
export class InstallmentsProviderService extends AbstractPaymentProvider<ProviderOptions> {
  static override identifier = PROVIDER_IDENTIFIER

  protected readonly options_: ProviderOptions
  protected readonly logger_?: Logger
  protected readonly client_: InstallmentsClient
  protected readonly ledger_: RefundLedgerWriter
  protected readonly medusaRefundKey_: MedusaRefundKeyReader
  protected readonly sms_: SmsClaimer
  protected readonly instance_: InstanceIdentity
  protected readonly checkouts_: CheckoutRecorder
  private readonly cradle_: Record<string, unknown>

  /** Stops Medusa's boot with a message naming every wrong option. */
  static override validateOptions(options: Record<string, unknown>): void {
    try {
      parseProviderOptions(options)
    } catch (error) {
      if (error instanceof ProviderOptionsError) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
      }
      throw error
    }
  }

  constructor(cradle: InjectedDependencies, options: Record<string, unknown>) {
    const parsed = parseProviderOptions(options)
    super(cradle as Record<string, unknown>, parsed)
    this.options_ = parsed
    this.logger_ = cradle.logger
    this.cradle_ = cradle as Record<string, unknown>
    // Labelled with its registration from the first call, not only once a route or job read the options.
    this.client_ = clientFromOptions(parsed, this.logger_, ownRegistrationId(this.cradle_, parsed))
    this.ledger_ = refundLedgerFor(this.cradle_)
    this.medusaRefundKey_ = medusaRefundKeyReaderFor(this.cradle_, this.logger_)
    this.sms_ = smsClaimerFor(this.cradle_)
    this.instance_ = instanceIdentityFor(this.cradle_)
    this.checkouts_ = checkoutRecorderFor(this.cradle_, this.logger_)
  }

  /** Creates the session's single-use payment link and returns its public session data. */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = sessionIdOf(input.data, input.context?.idempotency_key)
    this.assertSar(input.currency_code, input.data)
    const data = await this.createLink(sessionId, input)
    return { id: data.payment_link_id, data: { ...data }, status: PaymentSessionStatus.PENDING }
  }

  /** Reads the link and maps it to a session status; a paid link for the exact amount is `captured`. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = this.ownData(input.data, "authorize the payment")
    const verdict = await this.verdictFor(data, this.shopperFailure("authorize the payment", input.data), { reusePaid: true })
    if (verdict.status === PaymentSessionStatus.ERROR) {
      this.logger_?.warn(`installments: session ${data.session_id} not authorized: ${verdict.reason}`)
    }
    // Every optional key is set from this read alone: an earlier reason or a storefront's value is gone.
    return { status: verdict.status, data: this.verdictData(data, verdict) }
  }

  /** The service captures at authorization: nothing to do, whatever the call count. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data }
  }

  /**
   * Refunds the amount Medusa asks for, rounded half-up to the halala, through the refund sender:
   * the intent a plugin flow opened for this payment (a return's, under the return's key) is sent,
   * else one is opened under the key of Medusa's refund id, in the ledger before the call. A lost answer is left
   * for the resolver and thrown (Medusa keeps no refund); while any refund of the payment is being
   * confirmed, nothing is sent.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.ownData(input.data, "refund the payment")
    const halalas = roundRefundAmount(input.amount)
    const transactionId =
      typeof data.transaction_id === "string" && data.transaction_id ? data.transaction_id : await this.paidTransactionId(data)
    // Medusa passes its refund's id; without one a key is made here, so an unknown outcome can be matched.
    const medusaRefundId = input.context?.idempotency_key || randomUUID()
    await sendRefund(
      this.client_,
      this.ledger_,
      {
        idempotency_key: input.context?.idempotency_key ? await this.medusaRefundKey_(input.context.idempotency_key) : undefined,
        provider_id: registrationIdFor(this.cradle_, this.options_),
        transaction_id: transactionId,
        payment_session_id: typeof data.session_id === "string" ? data.session_id : null,
        medusa_refund_id: medusaRefundId,
        source: "admin",
        halalas,
        reason: "Refund from Medusa",
        recorded_by_medusa: true,
      },
      this.logger_
    )
    return { data: { ...data, transaction_id: transactionId } }
  }

  /** Never refunds: Medusa refunds captured payments itself, and an unpaid link simply expires. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: input.data }
  }

  /** Tolerates paid, expired and unknown links: an unused link expires on its own. */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data }
  }

  /** A changed amount (or currency) needs a new link; otherwise the session data stays. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    this.assertSar(input.currency_code, input.data)
    const current = readSessionData(input.data)
    const sessionId = sessionIdOf(input.data, input.context?.idempotency_key)
    const halalas = payableAmount(input.amount, this.shopperContext("read the amount", "start", input.data))
    // Medusa stores what this returns in place of the data: other keys (cart_id) are kept, ours are all set.
    if (current && parseAmount(current.amount) === halalas && current.currency_code === "sar") {
      return { data: withOwnValues(input.data ?? {}), status: PaymentSessionStatus.PENDING }
    }
    const data = await this.createLink(sessionId, input)
    return { data: { ...input.data, ...data }, status: PaymentSessionStatus.PENDING }
  }

  /** The session status as the service sees it now. */
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = this.ownData(input.data, "read the payment status")
    const verdict = await this.verdictFor(data, this.shopperFailure("read the payment status", input.data))
    return { status: verdict.status, data: this.verdictData(data, verdict) }
  }

  /** The session data refreshed from the service (transaction id and plan once paid). */
  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = this.ownData(input.data, "retrieve the payment")
    const verdict = await this.verdictFor(data, this.shopperFailure("retrieve the payment", input.data))
    return { data: this.verdictData(data, verdict) }
  }

  /**
   * Never acts on a delivery. The plugin's webhook route answers every delivery for an installments
   * provider itself (verified, recorded, and placed through the plugin's own workflow), so Medusa's
   * webhook handling never receives one. A call here means something bypassed that route: the
   * plugin missing from `plugins` (its route, subscriber and jobs then do not run), or code that
   * emitted `payment.webhook_received` itself. Nothing here can tell such a payload is authentic, so
   * it is logged and answered `not_supported`: the shopper's return still places the order.
   */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    this.logger_?.warn(
      "installments: a webhook reached Medusa's own webhook handling and was ignored; deliveries are processed by the " +
        "plugin's webhook route: list medusa-payment-installments under plugins in medusa-config.ts"
    )
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  private async createLink(sessionId: string, input: InitiatePaymentInput | UpdatePaymentInput): Promise<InstallmentsSessionData> {
    const halalas = payableAmount(input.amount, this.shopperContext("read the amount", "start", input.data))
    const order = readOrderDebtRequest(input.data)
    const expiresAt = order?.expires_at ? new Date(order.expires_at) : new Date(Date.now() + this.options_.linkTtlMinutes * 60_000)
    const cartId = typeof input.data?.cart_id === "string" ? input.data.cart_id : undefined
    const language = shopperLanguage(input.data, this.options_.language)
    assertPayableLink(this.options_, { sessionId, halalas, order, language }, this.logger_)
    const starting = this.shopperContext("create the payment link", "start", input.data)
    const instanceId = await this.instance_.instanceId().catch((error: unknown) => {
      throw shopperError(error, starting)
    })
    const customer = input.context?.customer
    // An SMS only within the hourly limit per customer and phone; above it the link is made without one.
    const recipient = smsRecipient(this.options_, { customer, order })
    const smsAllowed = recipient
      ? await claimSms(this.sms_, {
          customerId: customer!.id,
          phone: recipient,
          secretKey: this.options_.secretKey,
          limit: this.options_.smsLimitPerHour,
          logger: this.logger_,
        })
      : undefined
    const body = buildLinkRequest(this.options_, {
      sessionId,
      instanceId,
      cartId,
      halalas,
      expiresAt,
      customer,
      order,
      smsAllowed,
      language,
    })
    // Written before the call: the orphan refund refunds only links this database records making.
    await this.instance_.recordLinkMade(sessionId).catch((error: unknown) => {
      throw shopperError(error, starting)
    })
    try {
      const link = await this.client_.paymentLinks.create(this.options_.storeId, body)
      if (!link.url) {
        // The client left out a checkout URL that is not https: there is no page to send the shopper to.
        throw new ProtocolError({
          message: `The installments service made link ${link.payment_link_id} without an https checkout URL`,
          code: "unsafe_url",
          endpoint: "POST /payment_links/<store_id>/create",
        })
      }
      return buildSessionData({
        sessionId,
        link: { ...link, url: link.url },
        halalas,
        expiresAt,
        environment: this.client_.environment,
      })
    } catch (error) {
      throw shopperError(error, starting)
    }
  }

  /**
   * Reads the link's verdict; with `reusePaid`, a paid verdict read moments ago answers instead.
   * A failure is thrown as `failure` words it: for the shopper at checkout, for the merchant in a refund.
   */
  private async verdictFor(
    data: InstallmentsSessionData,
    failure: (error: unknown) => MedusaError,
    { reusePaid = false } = {}
  ): Promise<LinkVerdict> {
    try {
      const expected: ExpectedPayment = {
        session_id: data.session_id,
        amount: parseAmount(data.amount),
        currency_code: data.currency_code,
      }
      const reuse = { reuse: reusePaid, ttlMs: this.options_.paidVerdictReuseMs }
      return await recentPaidVerdicts.verdictOf(data.payment_link_id, expected, reuse, async () => {
        const details = await this.linkDetails(data.payment_link_id)
        const verdict = linkVerdict(details, expected)
        // Kept before the Insights record is written: the webhook's read, meanwhile, finds it.
        recentPaidVerdicts.remember(data.payment_link_id, expected, verdict, reuse.ttlMs)
        await this.checkouts_.record(data, details, verdict)
        return verdict
      })
    } catch (error) {
      throw failure(error)
    }
  }

  /** A failed confirmation in the shopper's words; `data` is the session data Medusa passed, for its language. */
  private shopperFailure(action: string, data: Record<string, unknown> | undefined): (error: unknown) => MedusaError {
    return (error) => shopperError(error, this.shopperContext(action, "confirm", data))
  }

  private shopperContext(action: string, stage: ShopperStage, data: Record<string, unknown> | undefined): ShopperContext {
    return { action, stage, language: shopperLanguage(data, this.options_.language), logger: this.logger_ }
  }

  /**
   * The session data after a read of the link: the transaction's id and plan when one decided the
   * status, why the session is not paid in the cart's language, `null` for everything else.
   */
  private verdictData(data: InstallmentsSessionData, verdict: LinkVerdict): InstallmentsSessionData {
    const words = shopperWords(shopperLanguage(data, this.options_.language))
    return withOwnValues(data, {
      ...(verdict.transaction ? transactionValues(verdict.transaction) : {}),
      failure_reason: verdict.failure ? words.failure[verdict.failure] : null,
    })
  }

  /** A cart in another currency: the shopper is told to pick another method, the merchant what to fix. */
  private assertSar(currency: string, data: Record<string, unknown> | undefined): void {
    if (currency?.toLowerCase() === "sar") {
      return
    }
    this.logger_?.warn(
      `installments: a payment in ${String(currency).toUpperCase()} was refused: the installments provider takes payments in SAR only. ` +
        "Offer it only on regions whose currency is SAR."
    )
    throw new MedusaError(MedusaError.Types.INVALID_DATA, shopperWords(shopperLanguage(data, this.options_.language)).currencyNotSar)
  }

  private linkDetails(paymentLinkId: string): Promise<PaymentLinkDetails> {
    return readLink(this.client_, paymentLinkId, this.logger_)
  }

  private async paidTransactionId(data: InstallmentsSessionData): Promise<string> {
    const verdict = await this.verdictFor(data, (error) => merchantError(error, { action: "refund the payment" }))
    if (verdict.status !== PaymentSessionStatus.CAPTURED || !verdict.transaction) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot refund: payment link ${data.payment_link_id} has no successful payment (${verdict.reason}).`
      )
    }
    return verdict.transaction.id
  }

  private ownData(data: Record<string, unknown> | undefined, action: string): InstallmentsSessionData {
    const own = readSessionData(data)
    if (!own) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Cannot ${action}: the payment session has no installments payment link; create a new payment session.`
      )
    }
    return own
  }
}

/**
 * The registration the provider's client speaks for, as its ledger rows name it (Medusa does not tell
 * a provider its own id): undefined where no configuration can be read (a bare cradle in a unit test),
 * and the client then takes the registration noted for its account.
 */
function ownRegistrationId(cradle: Record<string, unknown>, options: ProviderOptions): RegistrationId | undefined {
  try {
    return registrationIdFor(cradle, options)
  } catch {
    return undefined
  }
}

function sessionIdOf(data: Record<string, unknown> | undefined, fallback: string | undefined): string {
  const id = typeof data?.session_id === "string" && data.session_id ? data.session_id : fallback
  if (!id) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The payment session id is missing from the payment data.")
  }
  return id
}

export default InstallmentsProviderService
