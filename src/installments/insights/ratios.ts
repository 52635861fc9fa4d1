/** Exact ratios for the Insights figures: integer division rounded half-up, never a float. */

/** `numerator / denominator` rounded half-up (both not negative); undefined when dividing by zero. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint | undefined {
  if (denominator === 0n) {
    return undefined
  }
  const quotient = numerator / denominator
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient
}

/** `part` as a percentage of `whole` with 2 decimals ("12.34"); null when the whole is zero. */
export function percent(part: bigint | number, whole: bigint | number): string | null {
  const hundredths = divideHalfUp(BigInt(part) * 10000n, BigInt(whole))
  if (hundredths === undefined) {
    return null
  }
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`
}

/** The average of `count` amounts summing to `halalas`, to the halala (half-up); undefined for none. */
export function averageHalalas(halalas: bigint, count: number): bigint | undefined {
  return divideHalfUp(halalas, BigInt(count))
}
