/** The editor's and the server's Chinese messages about an expression, in one place. */
import type { Bounds } from './fields';

export const CronMessages = {
  empty: '请输入Cron表达式',
  fieldCount: (n: number) => `Cron表达式须为6或7段（秒 分 时 日 月 周 [年]），以空格分隔，当前为${n}段`,
  notNumber: (title: string, text: string) => `${title}：“${text}”不是整数`,
  outOfRange: (title: string, what: string, b: Bounds) => `${title}的${what}须在${b.min}-${b.max}之间`,
  rangeOrder: (title: string) => `${title}：周期的起始值不能大于结束值`,
  noQuestion: (title: string) => `${title}不能为“?”，只有日和周可以不指定`,
  unsupported: (title: string, text: string) => `${title}：不支持的写法“${text}”`,
  bothQuestion: '日和周不能同时为“?”，须指定其中一个',
  dayWeekExclusive: '日和周不能同时指定，其中一个须为“?”',
  noFireTime: '该表达式没有将来的执行时间',
} as const;
