import { Label, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { RegistrationStatus } from "../../lib/types"

/**
 * Which registration (merchant account) a page reads; shown only when the store has several, since
 * the API needs to be told then.
 */
export function RegistrationSelect({
  registrations,
  value,
  onChange,
}: {
  registrations: RegistrationStatus[]
  value: string | undefined
  onChange: (providerId: string) => void
}) {
  const { t } = useTranslation()
  if (registrations.length < 2) {
    return null
  }
  return (
    <div className="flex flex-col gap-y-1">
      <Label size="xsmall" weight="plus" htmlFor="installments-registration">
        {t("installments.common.registration")}
      </Label>
      <Select size="small" value={value} onValueChange={onChange}>
        <Select.Trigger id="installments-registration" className="min-w-[160px]">
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
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
