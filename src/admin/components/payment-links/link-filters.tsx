import { Label, Select } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { PaymentLinksQuery } from "../../hooks/use-payment-links"
import { DateField } from "../fields/date-field"

export type LinkFilterValues = Pick<PaymentLinksQuery, "status" | "from_date" | "to_date">

const ALL = "all"
const STATUSES = ["Paid", "Unpaid", "Expired"] as const

/** The list's status and creation-date filters. */
export function LinkFilters({ value, onChange }: { value: LinkFilterValues; onChange: (next: LinkFilterValues) => void }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-y-1">
        <Label size="xsmall" weight="plus" htmlFor="links-status">
          {t("installments.paymentLinks.table.status")}
        </Label>
        <Select
          size="small"
          value={value.status ?? ALL}
          onValueChange={(status) =>
            onChange({ ...value, status: status === ALL ? undefined : (status as LinkFilterValues["status"]) })
          }
        >
          <Select.Trigger id="links-status" className="min-w-[160px]" data-testid="links-status">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={ALL}>{t("installments.paymentLinks.status.all")}</Select.Item>
            {STATUSES.map((status) => (
              <Select.Item key={status} value={status}>
                {t(`installments.paymentLinks.status.${status.toLowerCase()}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      <DateField
        id="links-from"
        label={t("installments.common.from")}
        value={value.from_date ?? ""}
        onChange={(day) => onChange({ ...value, from_date: day || undefined })}
      />
      <DateField
        id="links-to"
        label={t("installments.common.to")}
        value={value.to_date ?? ""}
        onChange={(day) => onChange({ ...value, to_date: day || undefined })}
      />
    </div>
  )
}
