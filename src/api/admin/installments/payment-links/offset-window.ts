/**
 * Reads `limit` items from `offset` out of a source paged by page number with pages of `limit`:
 * one page when the offset falls on a page boundary, else the two pages it straddles.
 */
export async function readOffsetWindow<T>(
  offset: number,
  limit: number,
  fetchPage: (page: number, pageSize: number) => Promise<{ items: T[]; total: number }>
): Promise<{ items: T[]; total: number }> {
  const page = Math.floor(offset / limit) + 1
  const skip = offset % limit
  const first = await fetchPage(page, limit)
  let items = first.items
  if (skip > 0 && page * limit < first.total) {
    const second = await fetchPage(page + 1, limit)
    items = items.concat(second.items)
  }
  return { items: items.slice(skip, skip + limit), total: first.total }
}
