/** The chart's own coordinates: every day chart of the admin is drawn in this box and stretched to its width. */
export const CHART_WIDTH = 720
export const CHART_HEIGHT = 160

/** The widest a bar gets, in chart units, when the window has few days. */
export const MAX_BAR_WIDTH = 40

/**
 * Where the bar of the `index`-th of `count` days sits in a chart `width` wide: each day gets an
 * equal slot, and its bar a fifth less (a gap keeps neighbouring days apart), capped so a lone day
 * is a bar, not a block.
 */
export function daySlot(index: number, count: number, width: number): { x: number; width: number } {
  const slot = width / count
  const barWidth = Math.max(1, Math.min(slot * 0.8, MAX_BAR_WIDTH))
  return { x: index * slot + (slot - barWidth) / 2, width: barWidth }
}
