import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A label and its value on one line of a card. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-x-4">
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="small" leading="compact" className="text-ui-fg-base text-end">
        {children}
      </Text>
    </div>
  )
}
