/** Time-of-day greeting of the welcome notification (the Vue2 client's timeFix). */
export function greetingForHour(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

export function welcomeText(realname: string, hour: number): string {
  const name = realname.trim();
  return name ? `${greetingForHour(hour)}，${name}，欢迎回来` : `${greetingForHour(hour)}，欢迎回来`;
}
