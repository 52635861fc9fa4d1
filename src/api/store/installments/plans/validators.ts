import { z } from "@medusajs/framework/zod"

/** `?amount=1200.00`: a basket total in SAR, exact to the halala. */
export const StorePlansQuery = z.object({
  amount: z
    .string({ error: "amount is required: the basket total in SAR, e.g. amount=1200.00" })
    .regex(/^-?\d+(\.\d+)?$/, "amount must be a number, e.g. 1200.00")
    .refine((value) => !value.startsWith("-"), "amount must not be negative")
    .refine((value) => !/\.\d{3,}$/.test(value), "amount must have at most 2 decimals (SAR is exact to the halala)"),
})
export type StorePlansQueryType = z.infer<typeof StorePlansQuery>
