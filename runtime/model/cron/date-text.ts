/** yyyy-MM-dd HH:mm:ss of an instant in a zone (the preview's format; 24-hour clock). */
import { CronDate } from 'cron-parser';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatFireTime(date: Date, tz?: string): string {
  const d = new CronDate(date, tz);
  return (
    `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}
