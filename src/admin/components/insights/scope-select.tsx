import { Label, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { RegistrationStatus } from "../../lib/types"

const ALL = "all"

/** Every registration, or one; shown only when the store has several. */
export function ScopeSelect({
  registrations,
  value,
  onChange,
}: {
  registrations: RegistrationStatus[]
  value: string | undefined
  onChange: (providerId: string | undefined) => void
}) {
  const { t } = useTranslation()
  if (registrations.length < 2) {
    return null
  }
  return (
    <div className="flex flex-col gap-y-1">
      <Label size="xsmall" weight="plus" htmlFor="insights-registration">
        {t("installments.common.registration")}
      </Label>
      <Select size="small" value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
        <Select.Trigger id="insights-registration" className="min-w-[160px]">
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          <Select.Item value={ALL}>{t("installments.insights.allRegistrations")}</Select.Item>
          {registrations.map((registration) => (
            <Select.Item key={registration.provider_id} value={registration.provider_id}>
              {registration.provider_id}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </div>
  )
}
