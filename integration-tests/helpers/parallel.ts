/** Runs `tasks` with at most `width` in flight; resolves to their results in order. */
export async function inParallel<T>(width: number, count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker))
  return results
}
