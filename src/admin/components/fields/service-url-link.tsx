import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** Whether a URL from the service may be an `href`: only http(s); `javascript:` and the like never are. */
export function isOpenableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === "https:" || protocol === "http:"
  } catch {
    return false
  }
}

/**
 * A URL the service supplied (a link's page, a checkout): a link that opens it in a new tab when it
 * is http(s), otherwise the URL as plain text, so nothing the service sends can run in the dashboard.
 */
export function ServiceUrlLink({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  if (!isOpenableUrl(url)) {
    return (
      <Text size="small" leading="compact" className="text-ui-fg-subtle break-all">
        {url}
      </Text>
    )
  }
  return (
    <a href={url} target="_blank" rel="noreferrer" className={className ?? "text-ui-fg-interactive"}>
      {children}
    </a>
  )
}
