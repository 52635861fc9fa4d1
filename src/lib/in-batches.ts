/**
 * Runs `prune` batch after batch, each asked for at most `batch` rows, until one comes back short;
 * resolves to how many rows all of them handled.
 */
export async function inBatches(batch: number, prune: (take: number) => Promise<number>): Promise<number> {
  let total = 0
  for (let count = batch; count === batch; total += count) {
    count = await prune(batch)
  }
  return total
}
