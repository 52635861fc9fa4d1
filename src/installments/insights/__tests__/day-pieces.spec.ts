import { dayPieces, daysBetween } from "../day-pieces"
import { insightsWindow } from "../window"

describe("an Insights window cut at UTC midnights", () => {
  it("whole dates are whole days, oldest first", () => {
    const pieces = dayPieces(insightsWindow("2026-02-27", "2026-03-01"))
    expect(pieces.map((piece) => [piece.day, piece.whole])).toEqual([
      ["2026-02-27", true],
      ["2026-02-28", true],
      ["2026-03-01", true],
    ])
    expect(pieces[1]).toMatchObject({ start: new Date("2026-02-28T00:00:00Z"), end: new Date("2026-03-01T00:00:00Z") })
  })

  it("a window given with an offset begins and ends with parts of a day, never whole", () => {
    const pieces = dayPieces(insightsWindow("2026-03-01T00:00:00+03:00", "2026-03-01T23:59:59.999+03:00"))
    expect(pieces.map((piece) => [piece.day, piece.whole, piece.start.toISOString(), piece.end.toISOString()])).toEqual([
      ["2026-02-28", false, "2026-02-28T21:00:00.000Z", "2026-03-01T00:00:00.000Z"],
      ["2026-03-01", false, "2026-03-01T00:00:00.000Z", "2026-03-01T21:00:00.000Z"],
    ])
  })

  it("lists the dates from the first to before the end", () => {
    expect(daysBetween("2024-02-28", "2024-03-02")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"])
    expect(daysBetween("2024-03-02", "2024-03-02")).toEqual([])
  })
})
