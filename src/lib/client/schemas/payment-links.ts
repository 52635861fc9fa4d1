import { z } from "zod"
import {
  Environment,
  IsoDate,
  Language,
  LinkStatus,
  Metadata,
  RequestAmount,
  ResponseAmount,
  UUID,
  nullableString,
} from "./common"
import { Transaction } from "./transactions"
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

export const CreatePaymentLinkResponse = z.object({
  order_id: z.string().nullable(),
  payment_link_id: UUID,
  url: z.string(),
  environment: Environment,
})
export type CreatePaymentLinkResponse = z.output<typeof CreatePaymentLinkResponse>

/** Transactions page of link details (D2). */
export const PaymentLinkDetailsParams = z.object({
  page: z.number().int().min(1, "must be 1 or more").optional(),
  page_size: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(),
})
export type PaymentLinkDetailsParams = z.input<typeof PaymentLinkDetailsParams>

export const PaymentLink = z.object({
  id: UUID,
  status: LinkStatus,
  amount: ResponseAmount,
  title: z.string(),
  description: nullableString,
  single_use: z.boolean(),
  enabled: z.boolean(),
  expiry_date: nullableString,
  created_at: z.string(),
  is_expired: z.boolean(),
  environment_type: z.string(),
  order_id: nullableString,
  callback_url: nullableString,
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
  address_required: z.boolean().optional(),
  has_customer_details: z.boolean().optional(),
  has_address_details: z.boolean().optional(),
  only_show_bank_installments: z.boolean().optional(),
  only_show_pay_in_full: z.boolean().optional(),
  passkey_enabled: z.boolean().optional(),
})
export type PaymentLink = z.output<typeof PaymentLink>

export const Pagination = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  next: z.boolean(),
  previous: z.boolean(),
})
export type Pagination = z.output<typeof Pagination>

export const PaymentLinkDetails = z.object({
  payment_link: PaymentLink,
  transactions: z.array(Transaction),
  pagination: Pagination,
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
  .refine(
    (query) => !windowReversed(dateWindow(query.from_date, query.to_date)),
    { message: "from_date must not be after to_date", path: ["from_date"] }
  )
export type ListPaymentLinksParams = z.input<typeof ListPaymentLinksParams>

export const PaymentLinkListRecord = z.object({
  payment_link_id: UUID,
  amount: ResponseAmount,
  currency: z.string(),
  status: LinkStatus,
  title: z.string(),
  description: nullableString,
  single_use: z.boolean(),
  branch_name: nullableString,
  created_at: z.string(),
  customer: z.object({
    first_name: nullableString,
    last_name: nullableString,
    email: nullableString,
    phone: nullableString,
  }),
  url: z.string(),
})
export type PaymentLinkListRecord = z.output<typeof PaymentLinkListRecord>

export const PaymentLinkList = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  data: z.array(PaymentLinkListRecord),
})
export type PaymentLinkList = z.output<typeof PaymentLinkList>

export const ResolvedPaymentLink = z.object({
  status: z.enum(["valid", "expired", "already_paid"]),
  payment_link_id: UUID,
  amount: ResponseAmount,
  currency: z.string(),
  merchant_name: z.string(),
  supported_banks: z.array(z.string()),
  installment_tenures: z.array(z.number().int()),
  expires_at: z.string(),
})
export type ResolvedPaymentLink = z.output<typeof ResolvedPaymentLink>
