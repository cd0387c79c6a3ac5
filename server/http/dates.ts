/** Dates leave the API as 'YYYY-MM-DD HH:mm:ss' in the configured time zone (the contract's format). */
export function createDateFormatter(timeZone: string): (d: Date) => string {
  // The Swedish locale writes ISO-like 'YYYY-MM-DD HH:mm:ss'.
  const fmt = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (d) => fmt.format(d);
}

export function createJsonSerializer(timeZone: string): (payload: unknown) => string {
  const format = createDateFormatter(timeZone);
  return (payload) =>
    JSON.stringify(payload, function replacer(this: Record<string, unknown>, key, value) {
      const raw = this[key];
      return raw instanceof Date ? format(raw) : value;
    });
}
