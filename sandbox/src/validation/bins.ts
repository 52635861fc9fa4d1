/** The BIN rule of endpoint 1: 6 to 8 digits. */
export function isBin(value: string): boolean {
  return /^\d{6,8}$/.test(value)
}
