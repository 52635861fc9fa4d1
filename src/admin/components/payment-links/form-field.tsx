import { Hint, Label } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A labelled form control with an optional hint and the API's error for it underneath. */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-y-1" data-testid={`field-${id}`}>
      <Label size="small" weight="plus" htmlFor={id}>
        {label}
      </Label>
      {children}
      {hint && !error && <Hint>{hint}</Hint>}
      {error && (
        <Hint variant="error" data-testid={`field-error-${id}`}>
          {error}
        </Hint>
      )}
    </div>
  )
}
