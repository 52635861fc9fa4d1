import { z } from "zod"
import {
  Environment,
  IsoDate,
  Language,
  LinkStatus,
  LinkStatusRead,
  Metadata,
  RequestAmount,
  ResponseAmount,
  UUID,
  informational,
  nullableString,
  openEnum,
  optionalAmount,
  optionalBoolean,
  withDefault,
} from "./common"
import { RequiredServiceUrl, ServiceUrl } from "./service-url"
import { LinkTransaction } from "./transactions"
import { dateWindow, windowReversed } from "../../dates"

/** Body of payment link creation (endpoint 2). */
export const CreatePaymentLinkBody = z
  .object({
    amount: RequestAmount,
    title: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
    description: z.string().max(500, "must be at most 500 characters").optional(),
    order_id: z.string().optional(),
    singleUse: z.boolean().optional(),
    selectedDate: IsoDate.optional(),
    callback_url: z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional(),
    branch: UUID.optional(),
    metadata: Metadata.optional(),
    client_first_name: z.string().optional(),
    client_last_name: z.string().optional(),
    client_email: z.email({ message: "must be an email address" }).optional(),
    client_phone_number: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 phone number, e.g. +966501234567")
      .optional(),
    client_street1: z.string().optional(),
    client_street2: z.string().optional(),
    client_city: z.string().optional(),
    client_state: z.string().optional(),
    client_postcode: z.string().optional(),
    client_country: z
      .string()
      .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code, e.g. SA")
      .optional(),
    address_required: z.boolean().optional(),
    language: Language.optional(),
    send_sms: z.boolean().optional(),
    sms_language: Language.optional(),
    passkey_enabled: z.boolean().optional(),
    only_show_bank_installments: z.boolean().optional(),
    only_show_pay_in_full: z.boolean().optional(),
  })
  .refine((body) => !(body.only_show_bank_installments && body.only_show_pay_in_full), {
    message: "only_show_bank_installments and only_show_pay_in_full cannot both be true",
    path: ["only_show_pay_in_full"],
  })
export type CreatePaymentLinkBody = z.input<typeof CreatePaymentLinkBody>

/**
 * Answer of link creation: the code acts on the link id and the checkout URL (null when it is not a
 * URL a person may be sent to, see ServiceUrl); the rest is kept as sent.
 */
export const CreatePaymentLinkResponse = z.looseObject({
  order_id: nullableString,
  payment_link_id: UUID,
  url: RequiredServiceUrl,
  environment: informational(Environment),
})
export type CreatePaymentLinkResponse = z.output<typeof CreatePaymentLinkResponse>

/** Transactions page of link details (D2). */
export const PaymentLinkDetailsParams = z.object({
  page: z.number().int().min(1, "must be 1 or more").optional(),
  page_size: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(),
})
export type PaymentLinkDetailsParams = z.input<typeof PaymentLinkDetailsParams>

/**
 * The link of link details. Required: what the code acts on (id, status, amount); `metadata` holds
 * the session id when the plugin made the link. Everything else is informational and kept as sent.
 */
export const PaymentLink = z.looseObject({
  id: UUID,
  status: LinkStatusRead,
  amount: ResponseAmount,
  title: nullableString,
  description: nullableString,
  single_use: optionalBoolean,
  enabled: optionalBoolean,
  expiry_date: nullableString,
  created_at: nullableString,
  is_expired: withDefault(z.boolean(), false),
  environment_type: nullableString,
  order_id: nullableString,
  callback_url: nullableString,
  // Acted on (the session id of a checkout's link): absent is fine, another shape is refused.
  metadata: Metadata.nullable().optional(),
  merchant_business_name: nullableString,
  merchant_english_business_name: nullableString,
  merchant_country_code: nullableString,
  merchant_id: nullableString,
  created_by_username: nullableString,
  created_by_email: nullableString,
  client_first_name: nullableString,
  client_last_name: nullableString,
  full_name: nullableString,
  client_email: nullableString,
  client_phone_number: nullableString,
  address_required: optionalBoolean,
  has_customer_details: optionalBoolean,
  has_address_details: optionalBoolean,
  only_show_bank_installments: optionalBoolean,
  only_show_pay_in_full: optionalBoolean,
  passkey_enabled: optionalBoolean,
})
export type PaymentLink = z.output<typeof PaymentLink>

/**
 * Pagination of link details. Only `next` is acted on (more pages to read); an answer without it, or
 * without pagination at all, is one page.
 */
export const Pagination = z.looseObject({
  count: informational(z.number().int()),
  page: informational(z.number().int()),
  page_size: informational(z.number().int()),
  total_pages: informational(z.number().int()),
  next: withDefault(z.boolean(), false),
  previous: informational(z.boolean()),
})
export type Pagination = z.output<typeof Pagination>

export const PaymentLinkDetails = z.looseObject({
  payment_link: PaymentLink,
  transactions: z.array(LinkTransaction),
  pagination: withDefault(Pagination, Pagination.parse({})),
})
export type PaymentLinkDetails = z.output<typeof PaymentLinkDetails>

/** Filters of the link list (endpoint 4). */
export const ListPaymentLinksParams = z
  .object({
    page: z.number().int().min(1, "must be 1 or more").optional(),
    limit: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(),
    status: LinkStatus.optional(),
    from_date: IsoDate.optional(),
    to_date: IsoDate.optional(),
    branch: UUID.optional(),
    sort_by: z.enum(["created_at", "amount"]).optional(),
    sort_order: z.enum(["asc", "desc"]).optional(),
  })
  .refine((query) => !windowReversed(dateWindow(query.from_date, query.to_date)), {
    message: "from_date must not be after to_date",
    path: ["from_date"],
  })
export type ListPaymentLinksParams = z.input<typeof ListPaymentLinksParams>

/** One link of the list: the code acts on its id (and the list's `total`); the rest is informational. */
export const PaymentLinkListRecord = z.looseObject({
  payment_link_id: UUID,
  amount: optionalAmount,
  currency: nullableString,
  status: informational(LinkStatusRead),
  title: nullableString,
  description: nullableString,
  single_use: optionalBoolean,
  branch_name: nullableString,
  created_at: nullableString,
  customer: informational(
    z.looseObject({
      first_name: nullableString,
      last_name: nullableString,
      email: nullableString,
      phone: nullableString,
    })
  ),
  url: ServiceUrl,
})
export type PaymentLinkListRecord = z.output<typeof PaymentLinkListRecord>

export const PaymentLinkList = z.looseObject({
  total: z.number().int(),
  page: informational(z.number().int()),
  limit: informational(z.number().int()),
  data: z.array(PaymentLinkListRecord),
})
export type PaymentLinkList = z.output<typeof PaymentLinkList>

export const RESOLVED_LINK_STATUSES = ["valid", "expired", "already_paid"] as const

/** Checkout-session data of a link: its status and id are required, the plan data defaults to none. */
export const ResolvedPaymentLink = z.looseObject({
  status: openEnum(RESOLVED_LINK_STATUSES),
  payment_link_id: UUID,
  amount: optionalAmount,
  currency: nullableString,
  merchant_name: nullableString,
  supported_banks: withDefault(informational(z.array(z.string())), []),
  installment_tenures: withDefault(informational(z.array(z.number().int())), []),
  expires_at: nullableString,
})
export type ResolvedPaymentLink = z.output<typeof ResolvedPaymentLink>
