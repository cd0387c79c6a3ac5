/**
 * Which number formats show dates, and Excel's day serials as dates: shared by the .xls and .xlsx
 * readers, so a date cell reads the same from either.
 */

/**
 * Built-in number formats a file may use without a FORMAT record: 14–22 and 45–47 are dates and
 * times (the ones exceljs knows), and so are 27–36 and 50–58 in Chinese, Japanese and Korean Excel
 * (e.g. 31, yyyy"年"m"月"d"日"), which exceljs leaves as numbers.
 */
export function builtinIsDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 45 && id <= 47) || (id >= 27 && id <= 36) || (id >= 50 && id <= 58);
}

/**
 * Whether a number format shows a date or time: after dropping [..] sections (colours, locales,
 * elapsed-hour brackets), quoted text, escaped and fill/padding characters, any of y m d h s b
 * remains (the test exceljs makes, case-insensitive as Excel reads format codes).
 */
export function isDateFormat(format: string): boolean {
  const bare = format
    .replace(/\[[^\]]*\]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '');
  return /[ymdhsb]/i.test(bare);
}

/** A day serial as exceljs hands dates over: the wall-clock time as a UTC instant, to the second. */
export function serialToDate(serial: number, date1904: boolean): Date | undefined {
  const seconds = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86400);
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms) : undefined;
}
