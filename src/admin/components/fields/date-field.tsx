import { DatePicker, Label } from "@medusajs/ui"
import { dayToDate, isoDay } from "../../lib/date-range"

/** A labelled calendar-day picker whose value is a "YYYY-MM-DD" day ("" for none). */
export function DateField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  value: string
  onChange: (day: string) => void
  error?: string
}) {
  return (
    <div className="flex flex-col gap-y-1" data-testid={id}>
      <Label size="xsmall" weight="plus" htmlFor={id}>
        {label}
      </Label>
      <DatePicker
        id={id}
        size="small"
        aria-label={label}
        value={value ? dayToDate(value) : null}
        onChange={(date) => onChange(date ? isoDay(date) : "")}
      />
      {error && <span className="txt-compact-xsmall text-ui-fg-error">{error}</span>}
    </div>
  )
}
