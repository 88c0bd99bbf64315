/** A value as one CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula is kept as text (CSV injection); a plain number such as -60.00 stays a number.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, with the CRLF ending spreadsheets expect. */
export const csvLine = (cells: ReadonlyArray<string | number | boolean | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Marks the file as UTF-8 for spreadsheets that would otherwise guess another encoding. */
export const CSV_BOM = '\uFEFF';
