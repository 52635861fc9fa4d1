import { Label, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { RegistrationStatus } from "../../../installments/back-office/answers"

const ALL = "all"

type Choice =
  /** One registration: the API needs to be told which when the store has several. */
  | { all?: false; value: string | undefined; onChange: (providerId: string) => void }
  /** Every registration (`undefined`), or one: a page that sums them (the Insights). */
  | { all: true; value: string | undefined; onChange: (providerId: string | undefined) => void }

/**
 * Which registration (merchant account) a page reads; shown only when the store has several. Every
 * page's registration field is this one, so it looks and reads the same wherever it is.
 */
export function RegistrationSelect({
  registrations,
  id = "installments-registration",
  ...choice
}: { registrations: RegistrationStatus[]; id?: string } & Choice) {
  const { t } = useTranslation()
  if (registrations.length < 2) {
    return null
  }
  const value = choice.all ? (choice.value ?? ALL) : choice.value
  const onValueChange = (next: string) => (choice.all ? choice.onChange(next === ALL ? undefined : next) : choice.onChange(next))
  return (
    <div className="flex flex-col gap-y-1">
      <Label size="xsmall" weight="plus" htmlFor={id}>
        {t("installments.common.registration")}
      </Label>
      <Select size="small" value={value} onValueChange={onValueChange}>
        <Select.Trigger id={id} className="min-w-[160px]">
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          {choice.all && <Select.Item value={ALL}>{t("installments.common.allRegistrations")}</Select.Item>}
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
