import { Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A page's or card's title with its one-line explanation, and its actions at the end. */
export function SectionHeader({
  title,
  subtitle,
  level = "h2",
  children,
}: {
  title: string
  subtitle?: string
  level?: "h1" | "h2"
  children?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 px-6 py-4">
      <div>
        <Heading level={level}>{title}</Heading>
        {subtitle && (
          <Text size="small" className="text-ui-fg-subtle">
            {subtitle}
          </Text>
        )}
      </div>
      {children}
    </div>
  )
}
