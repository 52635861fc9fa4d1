import ar from "../i18n/json/ar.json"
import en from "../i18n/json/en.json"
import { environmentOf } from "../../lib/client/options"
import { environmentBadge } from "../components/settings/environment-badge"

describe("environmentBadge", () => {
  it("labels a registration with production keys Production, in green, as the status route names it", () => {
    const badge = environmentBadge(environmentOf("prod-pk_live_1"))
    expect(badge).toEqual({ label: "production", color: "green" })
    expect(en.installments.settings.environment[badge.label]).toBe("Production")
    expect(ar.installments.settings.environment[badge.label]).toBe("بيئة الإنتاج")
  })

  it("labels sandbox keys Sandbox, in blue", () => {
    const badge = environmentBadge(environmentOf("sandbox-pk_1"))
    expect(badge).toEqual({ label: "sandbox", color: "blue" })
    expect(en.installments.settings.environment[badge.label]).toBe("Sandbox")
  })
})
