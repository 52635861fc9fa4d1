import type { useTranslation } from "react-i18next"
import type { WayFigures } from "../../../installments/insights/answer"

type TFunction = ReturnType<typeof useTranslation>["t"]

const REGISTRATION_PREFIX = "pp_installments_"

/** A way of paying in the merchant's words: the plugin's ways, Medusa's manual provider, another registration, any provider by its id. */
export function wayLabel(way: Pick<WayFigures, "way" | "provider_id">, t: TFunction): string {
  if (way.way !== "provider") {
    return t(`installments.insights.ways.${way.way}`)
  }
  const id = way.provider_id ?? ""
  if (id === "pp_system_default") {
    return t("installments.insights.ways.system")
  }
  if (id.startsWith(REGISTRATION_PREFIX)) {
    return t("installments.insights.ways.registration", { id: id.slice(REGISTRATION_PREFIX.length) })
  }
  return id
}
