/** One page of a list route as the admin API answers it. */
export interface Page<T> {
  items: T[]
  count: number
}

/**
 * Reads a list route page after page, `limit` at a time, until `count` items are read; answers the
 * items in order and the count each page gave, so a test can check no item is read twice or missed
 * and the count never moves.
 */
export async function everyPage<T>(
  limit: number,
  readPage: (page: { limit: number; offset: number }) => Promise<Page<T>>
): Promise<{ items: T[]; counts: number[]; sizes: number[] }> {
  const items: T[] = []
  const counts: number[] = []
  const sizes: number[] = []
  for (let offset = 0; ; offset += limit) {
    const page = await readPage({ limit, offset })
    items.push(...page.items)
    counts.push(page.count)
    sizes.push(page.items.length)
    if (page.items.length < limit || offset + limit >= page.count) {
      return { items, counts, sizes }
    }
  }
}
