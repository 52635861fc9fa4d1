import { readOffsetWindow } from "../payment-links/offset-window"

const source = (total: number) => {
  const items = Array.from({ length: total }, (_, i) => i)
  const pages: number[] = []
  const fetchPage = async (page: number, size: number) => {
    pages.push(page)
    return { items: items.slice((page - 1) * size, page * size), total }
  }
  return { fetchPage, pages }
}

describe("readOffsetWindow", () => {
  it("reads one page when the offset falls on a page boundary", async () => {
    const { fetchPage, pages } = source(25)
    expect(await readOffsetWindow(10, 10, fetchPage)).toEqual({ items: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], total: 25 })
    expect(pages).toEqual([2])
  })

  it("reads the two pages an offset straddles", async () => {
    const { fetchPage, pages } = source(25)
    expect(await readOffsetWindow(7, 5, fetchPage)).toEqual({ items: [7, 8, 9, 10, 11], total: 25 })
    expect(pages).toEqual([2, 3])
  })

  it("stops at the end without asking for a page past it", async () => {
    const { fetchPage, pages } = source(12)
    expect(await readOffsetWindow(11, 5, fetchPage)).toEqual({ items: [11], total: 12 })
    expect(pages).toEqual([3])
    expect(await readOffsetWindow(40, 5, fetchPage)).toEqual({ items: [], total: 12 })
  })
})
