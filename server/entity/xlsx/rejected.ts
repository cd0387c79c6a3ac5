/** A workbook the .xlsx reader refuses, with the reason in words for the user. */
export class XlsxRejected extends Error {}
