import { textChunks } from "../text-chunks"

async function chunksOf(lines: string[], chunkChars: number): Promise<string[]> {
  const chunks: string[] = []
  for await (const chunk of textChunks(
    (async function* () {
      yield* lines
    })(),
    chunkChars
  )) {
    chunks.push(chunk)
  }
  return chunks
}

describe("textChunks", () => {
  it("gathers lines into chunks of at least the size, in order, the rest last", async () => {
    expect(await chunksOf(["ab\n", "cd\n", "ef\n", "g\n"], 5)).toEqual(["ab\ncd\n", "ef\ng\n"])
    expect(await chunksOf(["ab\n", "cd\n", "e\n"], 5)).toEqual(["ab\ncd\n", "e\n"])
  })

  it("hands on a line longer than a chunk whole, and nothing for no lines", async () => {
    expect(await chunksOf(["x".repeat(12), "y\n"], 5)).toEqual(["x".repeat(12), "y\n"])
    expect(await chunksOf([], 5)).toEqual([])
  })
})
