import { validateAndTransformBody, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { AdminCreatePaymentLink } from "../../api/admin/installments/payment-links/validators"
import { formErrors } from "../components/payment-links/field-errors"

// The message the API answers with: the route's validator in Medusa's own body middleware.
async function apiMessage(body: unknown): Promise<string> {
  let failure: unknown
  await validateAndTransformBody(AdminCreatePaymentLink)({ body } as MedusaRequest, {} as MedusaResponse, (error?: unknown) => {
    failure = error
  })
  if (!(failure instanceof Error)) {
    throw new Error("the body was accepted")
  }
  return failure.message
}

describe("formErrors", () => {
  it("puts each of the API's messages under the field the merchant typed it in", async () => {
    const message = await apiMessage({ amount: "12.345", title: "Rug", send_sms: true, customer: { email: "not-an-email" } })
    const { fields, general } = formErrors(message)
    expect(fields.amount).toMatch(/^amount must be a number with at most 2 decimals/)
    expect(fields.customer_email).toMatch(/^customer\.email must be an email address/)
    expect(fields.customer_phone).toMatch(/^customer\.phone is required when send_sms is true/)
    expect(general).toEqual([])
  })

  it("places Medusa's own wording (\"Field 'title' is required\") on its field too", async () => {
    const { fields } = formErrors(await apiMessage({ amount: "50.00" }))
    expect(fields.title).toMatch(/title/)
    expect(Object.keys(fields)).toEqual(["title"])
  })

  it("places the installments minimum on the amount and a past expiry on the date", async () => {
    const { fields } = formErrors(
      await apiMessage({ amount: "50.00", title: "Rug", checkout: "installments", expires_at: "2020-01-01" })
    )
    expect(fields.amount).toMatch(/amount must be at least 100\.00 SAR when checkout is installments/)
    expect(fields.expires_on).toMatch(/expires_at must be in the future/)
  })

  it("keeps a message naming no field of the form as a general error", () => {
    expect(formErrors("Invalid request: Unrecognized fields: 'colour'")).toEqual({
      fields: {},
      general: ["Unrecognized fields: 'colour'"],
    })
    expect(formErrors("The installments service refused the link: merchant disabled").general).toEqual([
      "The installments service refused the link: merchant disabled",
    ])
  })
})
