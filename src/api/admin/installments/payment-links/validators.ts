import { z } from "@medusajs/framework/zod"
import { toHalalas } from "../../../../lib/money"
import { INSTALLMENT_LINK_MINIMUM } from "../../../../lib/plans"
import { dateWindow, windowReversed } from "../../../../lib/dates"
import { amountField, isoDateField, nulMessage, pageFields, providerIdField, withoutNul } from "../shared-fields"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every list filter of the service (status, dates, branch, sort) with Medusa's limit and offset. */
export const AdminListPaymentLinksQuery = z
  .object({
    provider_id: providerIdField,
    status: z.enum(["Paid", "Unpaid", "Expired"], { error: "status must be one of Paid, Unpaid, Expired" }).optional(),
    from_date: isoDateField("from_date").optional(),
    to_date: isoDateField("to_date").optional(),
    branch: z.string().regex(UUID, "branch must be the branch's UUID").optional(),
    sort_by: z.enum(["created_at", "amount"], { error: "sort_by must be created_at or amount" }).default("created_at"),
    sort_order: z.enum(["asc", "desc"], { error: "sort_order must be asc or desc" }).default("desc"),
    ...pageFields,
  })
  .superRefine((query, ctx) => {
    if (query.from_date && query.to_date && windowReversed(dateWindow(query.from_date, query.to_date))) {
      ctx.addIssue({ code: "custom", message: "from_date must not be after to_date", path: ["from_date"] })
    }
  })
export type AdminListPaymentLinksQueryType = z.infer<typeof AdminListPaymentLinksQuery>

/** A link's transactions, a page at a time. */
export const AdminPaymentLinkQuery = z.object({
  provider_id: providerIdField,
  ...pageFields,
})
export type AdminPaymentLinkQueryType = z.infer<typeof AdminPaymentLinkQuery>

const optionalText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine(withoutNul, nulMessage(name))
    .optional()

/** A link for a phone or in-store sale; tied to no cart. */
export const AdminCreatePaymentLink = z
  .object({
    provider_id: providerIdField,
    amount: amountField("amount"),
    title: z
      .string({ error: "title is required: what the customer sees on the checkout page" })
      .trim()
      .min(1, "title must not be empty")
      .max(200, "title must be at most 200 characters")
      .refine(withoutNul, nulMessage("title")),
    description: optionalText("description", 500),
    single_use: z.boolean({ error: "single_use must be true or false" }).default(true),
    expires_at: isoDateField("expires_at")
      .refine((value) => Date.parse(value) > Date.now(), "expires_at must be in the future")
      .optional(),
    customer: z
      .object({
        first_name: optionalText("customer.first_name", 100),
        last_name: optionalText("customer.last_name", 100),
        email: z.email({ error: "customer.email must be an email address" }).optional(),
        phone: z
          .string({ error: "customer.phone must be text" })
          .regex(/^\+[1-9]\d{6,14}$/, "customer.phone must be an E.164 phone number, e.g. +966501234567")
          .optional(),
      })
      .strict()
      .optional(),
    send_sms: z.boolean({ error: "send_sms must be true or false" }).default(false),
    language: z.enum(["ar", "en"], { error: "language must be ar or en" }).optional(),
    sms_language: z.enum(["ar", "en"], { error: "sms_language must be ar or en" }).optional(),
    checkout: z
      .enum(["both", "installments", "pay_in_full"], { error: "checkout must be one of both, installments, pay_in_full" })
      .default("both"),
    address_required: z.boolean({ error: "address_required must be true or false" }).optional(),
    branch: z.string().regex(UUID, "branch must be the branch's UUID").optional(),
    reference: optionalText("reference", 100),
  })
  .superRefine((body, ctx) => {
    if (body.send_sms && !body.customer?.phone) {
      ctx.addIssue({ code: "custom", message: "customer.phone is required when send_sms is true", path: ["customer", "phone"] })
    }
    let belowInstallmentMinimum = false
    try {
      belowInstallmentMinimum = toHalalas(body.amount) < toHalalas(INSTALLMENT_LINK_MINIMUM)
    } catch {
      return // the amount's own rule already failed
    }
    if (body.checkout === "installments" && belowInstallmentMinimum) {
      ctx.addIssue({
        code: "custom",
        message: `amount must be at least ${INSTALLMENT_LINK_MINIMUM} SAR when checkout is installments`,
        path: ["amount"],
      })
    }
  })
export type AdminCreatePaymentLinkType = z.infer<typeof AdminCreatePaymentLink>
