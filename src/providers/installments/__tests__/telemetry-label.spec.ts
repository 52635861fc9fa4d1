import nock from "nock"
import { container } from "@medusajs/framework"
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { configWithPayment } from "../../../installments/__tests__/medusa-shapes"
import { BASE_URL, LINK_ID, OPTIONS, ourInstance, silentLogger, STORE_ID } from "../../../installments/__tests__/fixtures"
import { installInMemoryOtel } from "../../../installments/telemetry/__tests__/in-memory-otel"
import { ATTR } from "../../../installments/telemetry/names"
import { useNock } from "../../../lib/__tests__/use-nock"
import { InstallmentsProviderService } from "../service"

// Two registrations on two merchant accounts; the provider under test is the second's. Nothing in
// this file reads a registration's options before the provider's first call, so no account is noted.
const FIRST = { ...OPTIONS, publicKey: "sandbox-pk_first", storeId: "6ba7b810-9dad-41d1-80b4-00c04fd430c8" }
const SECOND = { ...OPTIONS, publicKey: "sandbox-pk_second" }
const config = configWithPayment({
  providers: [
    { resolve: "./src/providers/installments", id: "first", options: FIRST },
    { resolve: "./src/providers/installments", id: "second", options: SECOND },
  ],
})

useNock()
const otel = installInMemoryOtel()
afterAll(() => otel.uninstall())
beforeAll(() => container.register(ContainerRegistrationKeys.CONFIG_MODULE, asValue(config)))

describe("the provider's own service calls in telemetry", () => {
  it("are labelled with the provider's registration from the first call of the process", async () => {
    nock(BASE_URL)
      .post(`/payment_links/${STORE_ID}/create`)
      .reply(201, {
        order_id: "payses_1",
        payment_link_id: LINK_ID,
        url: `https://pay.test/payment-link/${LINK_ID}`,
        environment: "SANDBOX",
      })
    // Medusa builds the provider from its options alone, in the Payment module's container.
    const provider = new InstallmentsProviderService({ logger: silentLogger, installmentsInstance: ourInstance } as never, SECOND)
    await provider.initiatePayment({ amount: 400, currency_code: "sar", data: { session_id: "payses_1" } })

    const [span] = otel.spans()
    expect(otel.spans()).toHaveLength(1)
    expect(span.attributes).toMatchObject({
      [ATTR.endpoint]: "POST /payment_links/{store_id}/create",
      [ATTR.registration]: "second",
    })
  })
})
