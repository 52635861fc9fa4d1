/**
 * Runs `task` for indexes 0..count-1 with at most `width` in flight; resolves to the results in
 * order. A task that throws rejects the whole run, so callers that must go on catch inside `task`.
 */
export async function inParallel<T>(width: number, count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, Math.floor(width)), count) }, worker))
  return results
}
