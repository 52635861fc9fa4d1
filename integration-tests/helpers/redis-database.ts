import Redis from "ioredis"

const REDIS = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379"
// Database 0 is where anything without a number writes; the test never takes it.
const NUMBERS = Array.from({ length: 15 }, (_, i) => i + 1)
const CLAIM_KEY = "installments-test:claimed-by"
const CLAIM_TTL_S = 3_600

/** A numbered Redis database this run holds alone: its URL, and how to empty and give it back. */
export interface RedisDatabase {
  url: string
  number: number
  /** The keys matching a glob pattern written to it so far (Medusa's queues, locks, cache entries). */
  keys: (pattern: string) => Promise<string[]>
  release: () => Promise<void>
}

/**
 * Claims the first numbered database that is empty, with a key only the first claimant can set, so
 * test runs side by side on one Redis never share queues, locks or cache entries.
 */
export async function claimRedisDatabase(owner: string): Promise<RedisDatabase> {
  for (const number of NUMBERS) {
    const client = new Redis(`${REDIS}/${number}`, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await client.connect()
    const empty = (await client.dbsize()) === 0
    const claimed = empty && (await client.set(CLAIM_KEY, owner, "EX", CLAIM_TTL_S, "NX")) === "OK"
    // Someone else may have written between the size check and the claim: then it is not ours alone.
    if (claimed && (await client.dbsize()) === 1) {
      return {
        url: `${REDIS}/${number}`,
        number,
        keys: (pattern) => client.keys(pattern),
        release: async () => {
          if ((await client.get(CLAIM_KEY)) === owner) {
            await client.flushdb()
          }
          await client.quit()
        },
      }
    }
    if (claimed) {
      await client.del(CLAIM_KEY)
    }
    await client.quit()
  }
  throw new Error(`no empty Redis database at ${REDIS} (1 to 15): free one, or set REDIS_TEST_URL`)
}
