import { resolveRegistration } from "../lookup"
import {
  asRegistrationId,
  isInstallmentsProvider,
  providerIdOf,
  registrationIdOf,
  type ProviderId,
  type RegistrationId,
} from "../provider-ids"

// What the types forbid is checked by the type-check (`npm run typecheck`, run before every test):
// each `@ts-expect-error` below fails it if the line it marks ever compiles.
const takesRegistration = (id: RegistrationId) => id
const takesProvider = (id: ProviderId) => id

describe("a registration id and Medusa's provider id", () => {
  it("map to each other, and nothing else maps", () => {
    const registration = asRegistrationId("bnpl")
    const provider = providerIdOf(registration)
    expect(provider).toBe("pp_installments_bnpl")
    expect(registrationIdOf(provider)).toBe("bnpl")
    expect(isInstallmentsProvider(provider)).toBe(true)
    expect(registrationIdOf("pp_stripe_stripe")).toBeUndefined()
    expect(registrationIdOf(null)).toBeUndefined()
    expect(isInstallmentsProvider("installments_bnpl")).toBe(false)
  })

  it("are two types: one is never accepted where the other is expected, nor is plain text", () => {
    const registration = asRegistrationId("installments")
    const provider = providerIdOf(registration)
    // @ts-expect-error Medusa's provider id where a registration id is expected.
    takesRegistration(provider)
    // @ts-expect-error a registration id where Medusa's provider id is expected.
    takesProvider(registration)
    // @ts-expect-error text that was never read as a registration id.
    takesRegistration("installments")
    // @ts-expect-error text that was never read as Medusa's provider id.
    takesProvider("pp_installments_installments")
    // @ts-expect-error the plugin's clients and back-office lookups take a registration id only.
    expect(() => resolveRegistration({} as never, provider)).toThrow()
    // Either is still text where text is asked for (a log line, a query filter).
    const text: string[] = [registration, provider]
    expect(text).toEqual(["installments", "pp_installments_installments"])
    expect(takesRegistration(registrationIdOf(provider)!)).toBe("installments")
    expect(isInstallmentsProvider(String(provider)) && takesProvider(String(provider) as ProviderId)).toBe(provider)
  })
})
