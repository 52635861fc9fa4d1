import crypto from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentOutput,
  CapturePaymentOutput,
  DeletePaymentOutput,
  GetPaymentStatusOutput,
  InitiatePaymentOutput,
  RefundPaymentOutput,
  RetrievePaymentOutput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"

/**
 * Medusa's system provider, except that an authorization answers `captured`, as the installments
 * provider's does for a paid link: Medusa then records the capture at authorization. The checkout
 * bench's like-for-like baseline (`BENCH_CAPTURED_BASELINE=true`); it moves no money.
 */
export default class CapturedSystemProviderService extends AbstractPaymentProvider {
  static override identifier = "captured"

  // Public, as Medusa's module loader constructs it (the base class's constructor is protected).
  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
  }

  /** A session with nothing to pay elsewhere, as the system provider's. */
  async initiatePayment(): Promise<InitiatePaymentOutput> {
    return { id: crypto.randomUUID(), data: {} }
  }

  /** Captured at authorization, so Medusa records the capture as it does for a paid link. */
  async authorizePayment(_input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return { status: PaymentSessionStatus.CAPTURED, data: {} }
  }

  /** Nothing to capture elsewhere. */
  async capturePayment(): Promise<CapturePaymentOutput> {
    return { data: {} }
  }

  /** Nothing to cancel elsewhere. */
  async cancelPayment(): Promise<CancelPaymentOutput> {
    return { data: {} }
  }

  /** Nothing to delete elsewhere. */
  async deletePayment(): Promise<DeletePaymentOutput> {
    return { data: {} }
  }

  /** Always captured: no other party decides. */
  async getPaymentStatus(): Promise<GetPaymentStatusOutput> {
    return { status: PaymentSessionStatus.CAPTURED }
  }

  /** Nothing to refund elsewhere. */
  async refundPayment(): Promise<RefundPaymentOutput> {
    return { data: {} }
  }

  /** Nothing is kept elsewhere. */
  async retrievePayment(): Promise<RetrievePaymentOutput> {
    return { data: {} }
  }

  /** Nothing to update elsewhere. */
  async updatePayment(): Promise<UpdatePaymentOutput> {
    return { data: {} }
  }

  /** It receives no webhooks. */
  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
