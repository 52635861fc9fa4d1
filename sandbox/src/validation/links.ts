import { z } from "zod"
import { IsoDateText, MetadataObject, PageLanguage, Uuid, WireAmount } from "./fields"

/**
 * Body of link creation as the service checks it (docs/service-api.md, endpoint 2). The rule that
 * the two `only_show_*` flags are not both true is local to the client, so it is not here: the
 * service accepts such a link.
 */
export const CreateLinkBody = z.object({
  amount: WireAmount,
  title: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  description: z.string().max(500, "must be at most 500 characters").optional(),
  order_id: z.string().optional(),
  singleUse: z.boolean().optional(),
  selectedDate: IsoDateText.optional(),
  callback_url: z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional(),
  branch: Uuid.optional(),
  metadata: MetadataObject.optional(),
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
  language: PageLanguage.optional(),
  send_sms: z.boolean().optional(),
  sms_language: PageLanguage.optional(),
  passkey_enabled: z.boolean().optional(),
  only_show_bank_installments: z.boolean().optional(),
  only_show_pay_in_full: z.boolean().optional(),
})
export type CreateLinkBody = z.output<typeof CreateLinkBody>

/** The transactions page of link details (D2); the window of the list is judged by the route. */
export const DetailsPage = z.object({
  page: z.number().int().min(1, "must be 1 or more").optional(),
  page_size: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(),
})

/** Filters of the link list (endpoint 4); the order of from_date and to_date is judged on their UTC instants by the route. */
export const ListFilters = z.object({
  page: z.number().int().min(1, "must be 1 or more").optional(),
  limit: z.number().int().min(1, "must be 1 or more").max(100, "must be at most 100").optional(),
  status: z.enum(["Paid", "Unpaid", "Expired"]).optional(),
  from_date: IsoDateText.optional(),
  to_date: IsoDateText.optional(),
  branch: Uuid.optional(),
  sort_by: z.enum(["created_at", "amount"]).optional(),
  sort_order: z.enum(["asc", "desc"]).optional(),
})
