import {
  CreatePaymentLinkBody,
  CreatePaymentLinkResponse,
  ListPaymentLinksParams,
  PaymentLinkDetails,
  PaymentLinkDetailsParams,
  PaymentLinkList,
  ResolvedPaymentLink,
} from "../schemas/payment-links"
import { AnswerTooLargeError } from "../errors"
import { HttpClient } from "../http"
import { validateRequest } from "../validate"
import { pathId } from "./path"

/** The most pages of a link's transactions `retrieveAll` reads (docs/service-api.md). */
export const MAX_LINK_PAGES = 5

/** Payment links: hosted checkout pages (endpoints 2 to 5). */
export class PaymentLinks {
  constructor(private readonly http: HttpClient) {}

  /** Creates a payment link for a store. Retried on transient failures: a spare unpaid link expires. */
  async create(storeId: string, body: CreatePaymentLinkBody): Promise<CreatePaymentLinkResponse> {
    const payload = validateRequest(CreatePaymentLinkBody, body, "payment link")
    return this.http.json(
      {
        method: "POST",
        path: `/payment_links/${pathId(storeId, "store_id")}/create`,
        body: payload,
        retry: "transient",
        family: "default",
      },
      CreatePaymentLinkResponse
    )
  }

  /** Lists a store's links with filters, sort and pagination. */
  async list(storeId: string, query: ListPaymentLinksParams = {}): Promise<PaymentLinkList> {
    const payload = validateRequest(ListPaymentLinksParams, query, "payment link list query")
    return this.http.json(
      {
        method: "POST",
        path: `/payment_links/${pathId(storeId, "store_id")}/list`,
        body: payload,
        retry: "transient",
        family: "default",
      },
      PaymentLinkList
    )
  }

  /** Fetches one link with a page of its transactions (D2: page and page_size in the body). */
  async retrieve(paymentLinkId: string, params: PaymentLinkDetailsParams = {}): Promise<PaymentLinkDetails> {
    const payload = validateRequest(PaymentLinkDetailsParams, params, "payment link details query")
    return this.http.json(
      {
        method: "POST",
        path: `/payment_links/${pathId(paymentLinkId, "payment_link_id")}/details`,
        body: payload,
        retry: "transient",
        family: "default",
      },
      PaymentLinkDetails
    )
  }

  /**
   * Fetches a link with its transactions from every page, for callers that must see the paid attempt
   * wherever it falls: at most `maxPages` pages (5, docs/service-api.md) of `pageSize` (100). A link
   * whose service still says `next` after the last of them is refused with AnswerTooLargeError, never
   * judged on part of its transactions.
   */
  async retrieveAll(paymentLinkId: string, options: { pageSize?: number; maxPages?: number } = {}): Promise<PaymentLinkDetails> {
    const pageSize = options.pageSize ?? 100
    const maxPages = options.maxPages ?? MAX_LINK_PAGES
    const first = await this.retrieve(paymentLinkId, { page: 1, page_size: pageSize })
    const transactions = [...first.transactions]
    // Pages are counted here: `next` is all the service must say, its `page` is informational.
    let page = 1
    let more = first.pagination.next
    while (more) {
      if (page >= maxPages) {
        const endpoint = `POST /payment_links/${paymentLinkId}/details`
        throw new AnswerTooLargeError({
          message: `The installments service has more than ${maxPages} pages of ${pageSize} transactions for payment link ${paymentLinkId} (${endpoint}); the plugin reads at most ${maxPages}`,
          code: "too_many_pages",
          endpoint,
          limit: `${maxPages} pages of ${pageSize} transactions`,
        })
      }
      page += 1
      const next = await this.retrieve(paymentLinkId, { page, page_size: pageSize })
      transactions.push(...next.transactions)
      // An empty page ends it whatever `next` says: a service repeating `next` cannot keep it reading.
      more = next.transactions.length > 0 && next.pagination.next
    }
    return { ...first, transactions }
  }

  /** Resolves a link into checkout-session data: `valid`, `expired` or `already_paid`. */
  async resolve(paymentLinkId: string): Promise<ResolvedPaymentLink> {
    return this.http.json(
      {
        method: "POST",
        path: `/payment_links/${pathId(paymentLinkId, "payment_link_id")}/resolve`,
        body: {},
        retry: "transient",
        family: "default",
      },
      ResolvedPaymentLink
    )
  }
}
