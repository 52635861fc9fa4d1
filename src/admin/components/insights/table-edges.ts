import type { CSSProperties } from "react"

/**
 * The padding of a row's last cell on its outer side, whichever way the page runs. Medusa's Table
 * pads cells on physical sides (`pr-6`, the first cell `pl-6`), which leaves the last column flush
 * against the table's edge in Arabic.
 */
export const END_CELL: CSSProperties = { paddingInlineEnd: "1.5rem" }
