import {
  AbstractPaymentProvider,
  MedusaError,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
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
import { InstallmentsClient, NotFoundError, type PaymentLinkDetails } from "../../lib/client"
import { formatAmount, fromMedusaAmount, parseAmount } from "../../lib/money"
import { parseWebhookEvent, verifyWebhook, WebhookVerificationError, type WebhookEvent } from "../../lib/webhooks"
import { readRawBytes } from "../../lib/webhooks/raw-body"
import { clientFromOptions } from "./client"
import { serviceError } from "./errors"
import { buildLinkRequest } from "./link-request"
import { parseProviderOptions, ProviderOptions, ProviderOptionsError } from "./options"
import { buildSessionData, InstallmentsSessionData, readSessionData, withTransaction } from "./session-data"
import { linkVerdict, webhookActionOf, type LinkVerdict } from "./status"

type InjectedDependencies = { logger?: Logger }

const TRANSACTIONS_PAGE_SIZE = 100
const AFTER_SALE_EVENTS = new Set(["order.updated", "order.disputed"])
const MAX_TRANSACTION_PAGES = 5

/**
 * Medusa payment provider for the installments service: one single-use payment link per payment
 * session, paid on the service's hosted page. The service captures at authorization, so a paid
 * link is reported to Medusa as `captured`. The instance keeps no state between calls but its client.
 */
export class InstallmentsProviderService extends AbstractPaymentProvider<ProviderOptions> {
  static override identifier = "installments"

  protected readonly options_: ProviderOptions
  protected readonly logger_?: Logger
  protected readonly client_: InstallmentsClient

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
    this.client_ = clientFromOptions(parsed, this.logger_)
  }

  /** Creates the session's single-use payment link and returns its public session data. */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = sessionIdOf(input.data, input.context?.idempotency_key)
    assertSar(input.currency_code)
    const data = await this.createLink(sessionId, input)
    return { id: data.payment_link_id, data: { ...data }, status: PaymentSessionStatus.PENDING }
  }

  /** Reads the link and maps it to a session status; a paid link for the exact amount is `captured`. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    // A reason left by an earlier failed attempt no longer applies once the link is read again.
    const { failure_reason: _previous, ...data } = this.ownData(input.data, "authorize the payment")
    const verdict = await this.verdictFor(data, "authorize the payment")
    if (verdict.status === PaymentSessionStatus.ERROR) {
      this.logger_?.warn(`installments: session ${data.session_id} not authorized: ${verdict.reason}`)
    }
    const paid = verdict.transaction ? withTransaction(data, verdict.transaction) : data
    return { status: verdict.status, data: { ...paid, ...(verdict.failure ? { failure_reason: verdict.failure } : {}) } }
  }

  /** The service captures at authorization: nothing to do, whatever the call count. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data }
  }

  /** Refunds exactly the amount Medusa asks for, keyed by Medusa's refund id so a retry refunds once. */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = this.ownData(input.data, "refund the payment")
    const transactionId = data.transaction_id ?? (await this.paidTransactionId(data))
    try {
      const halalas = fromMedusaAmount(input.amount)
      const accepted = await this.client_.transactions.refund(
        transactionId,
        { refund_amount: formatAmount(halalas), reason: "Refund from Medusa" },
        { idempotencyKey: input.context?.idempotency_key }
      )
      this.logger_?.info(
        `installments: refund of ${formatAmount(halalas)} SAR accepted on transaction ${transactionId} (reference ${accepted.key})`
      )
      return { data: { ...data, transaction_id: transactionId } }
    } catch (error) {
      throw serviceError("refund the payment", error)
    }
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
    assertSar(input.currency_code)
    const current = readSessionData(input.data)
    const sessionId = sessionIdOf(input.data, input.context?.idempotency_key)
    const halalas = fromMedusaAmountOrThrow(input.amount)
    if (current && parseAmount(current.amount) === halalas && current.currency_code === "sar") {
      return { data: input.data, status: PaymentSessionStatus.PENDING }
    }
    const data = await this.createLink(sessionId, input)
    return { data: { ...data }, status: PaymentSessionStatus.PENDING }
  }

  /** The session status as the service sees it now. */
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = this.ownData(input.data, "read the payment status")
    const verdict = await this.verdictFor(data, "read the payment status")
    const paid = verdict.transaction ? withTransaction(data, verdict.transaction) : data
    return { status: verdict.status, data: { ...paid } }
  }

  /** The session data refreshed from the service (transaction id and plan once paid). */
  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const data = this.ownData(input.data, "retrieve the payment")
    const verdict = await this.verdictFor(data, "retrieve the payment")
    const paid = verdict.transaction ? withTransaction(data, verdict.transaction) : data
    return { data: { ...paid } }
  }

  /**
   * Treats a delivery as a hint (D19): verifies it, re-reads the link it names, and answers from the
   * link's own state and `metadata.session_id`, never from the payload's amounts or ids.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const event = this.readEvent(payload)
    if (!event) {
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    if (AFTER_SALE_EVENTS.has(event.event)) {
      // Refunds and disputes never complete a checkout; the plugin's ledger handles them.
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const linkId = event.event === "payment_link.expired" ? event.data.id : event.data.payment_link_id
    let details: PaymentLinkDetails
    try {
      details = await this.linkDetails(linkId)
    } catch (error) {
      if (error instanceof NotFoundError) {
        this.logger_?.warn(`installments: webhook ${event.id} names unknown payment link ${linkId}; ignored`)
        return { action: PaymentActions.NOT_SUPPORTED }
      }
      // Thrown so Medusa's event bus retries the delivery later.
      throw serviceError("process the webhook", error)
    }
    const sessionId = details.payment_link.metadata?.session_id
    if (typeof sessionId !== "string" || !sessionId) {
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const amount = parseAmount(details.payment_link.amount)
    const verdict = linkVerdict(details, { session_id: sessionId, amount, currency_code: "sar" })
    const action = webhookActionOf(verdict)
    this.logger_?.info(`installments: webhook ${event.event} ${event.id} for session ${sessionId}: ${action} (${verdict.reason})`)
    return { action, data: { session_id: sessionId, amount: formatAmount(amount) } }
  }

  private async createLink(
    sessionId: string,
    input: InitiatePaymentInput | UpdatePaymentInput
  ): Promise<InstallmentsSessionData> {
    const halalas = fromMedusaAmountOrThrow(input.amount)
    const expiresAt = new Date(Date.now() + this.options_.linkTtlMinutes * 60_000)
    const cartId = typeof input.data?.cart_id === "string" ? input.data.cart_id : undefined
    const body = buildLinkRequest(this.options_, {
      sessionId,
      cartId,
      halalas,
      expiresAt,
      customer: input.context?.customer,
    })
    try {
      const link = await this.client_.paymentLinks.create(this.options_.storeId, body)
      return buildSessionData({ sessionId, link, halalas, expiresAt })
    } catch (error) {
      throw serviceError("create the payment link", error)
    }
  }

  private async verdictFor(data: InstallmentsSessionData, action: string): Promise<LinkVerdict> {
    try {
      const details = await this.linkDetails(data.payment_link_id)
      return linkVerdict(details, {
        session_id: data.session_id,
        amount: parseAmount(data.amount),
        currency_code: data.currency_code,
      })
    } catch (error) {
      throw serviceError(action, error)
    }
  }

  // A single-use link rarely has more than a few attempts; pages are read until the paid one shows.
  private async linkDetails(paymentLinkId: string): Promise<PaymentLinkDetails> {
    const first = await this.client_.paymentLinks.retrieve(paymentLinkId, { page: 1, page_size: TRANSACTIONS_PAGE_SIZE })
    const transactions = [...first.transactions]
    let page = first.pagination
    while (page.next && page.page < MAX_TRANSACTION_PAGES) {
      const next = await this.client_.paymentLinks.retrieve(paymentLinkId, {
        page: page.page + 1,
        page_size: TRANSACTIONS_PAGE_SIZE,
      })
      transactions.push(...next.transactions)
      page = next.pagination
    }
    return { ...first, transactions }
  }

  private async paidTransactionId(data: InstallmentsSessionData): Promise<string> {
    const verdict = await this.verdictFor(data, "refund the payment")
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

  private readEvent(payload: ProviderWebhookPayload["payload"]): WebhookEvent | undefined {
    const keys = this.options_.webhookKeys
    try {
      if (keys) {
        return verifyWebhook({
          rawBody: payload.rawData,
          headers: payload.headers as Record<string, string>,
          keys,
          scheme: this.options_.signatureScheme,
        })
      }
      // Without keys in the options, the plugin's middleware verified the delivery with the keys
      // registered through the plugin before Medusa accepted it; here it is only parsed.
      const raw = readRawBytes(payload.rawData)
      return parseWebhookEvent(raw ? JSON.parse(raw.toString("utf8")) : payload.data)
    } catch (error) {
      const reason = error instanceof WebhookVerificationError ? error.reason : "malformed_payload"
      this.logger_?.warn(`installments: webhook delivery refused (${reason}); not processed`)
      return undefined
    }
  }
}

function sessionIdOf(data: Record<string, unknown> | undefined, fallback: string | undefined): string {
  const id = typeof data?.session_id === "string" && data.session_id ? data.session_id : fallback
  if (!id) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The payment session id is missing from the payment data.")
  }
  return id
}

function assertSar(currency: string): void {
  if (currency?.toLowerCase() !== "sar") {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The installments provider takes payments in SAR only; this cart is in ${String(currency).toUpperCase()}. ` +
        "Offer it only on regions whose currency is SAR."
    )
  }
}

function fromMedusaAmountOrThrow(amount: unknown): bigint {
  let halalas: bigint
  try {
    halalas = fromMedusaAmount(amount)
  } catch (error) {
    throw serviceError("read the amount", error)
  }
  if (halalas <= 0n) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The amount to pay must be greater than 0 SAR.")
  }
  return halalas
}

export default InstallmentsProviderService
