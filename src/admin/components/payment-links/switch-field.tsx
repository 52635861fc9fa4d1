import { Label, Switch } from "@medusajs/ui"

/** An on/off choice with what it does explained under its label, and the API's error for it. */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string
}) {
  return (
    <div className="flex flex-col gap-y-1">
      <div className="flex items-start justify-between gap-x-4">
        <div className="flex flex-col">
          <Label size="small" weight="plus" htmlFor={id}>
            {label}
          </Label>
          <span className="txt-compact-small text-ui-fg-subtle">{hint}</span>
        </div>
        <Switch id={id} checked={checked} onCheckedChange={onChange} />
      </div>
      {error && <span className="txt-compact-small text-ui-fg-error">{error}</span>}
    </div>
  )
}
