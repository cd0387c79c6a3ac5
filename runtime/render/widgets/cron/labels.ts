/** The editor's Chinese texts per field: units and the mode labels. */
import type { CronFieldKey } from '../../../model/cron';

export const UNIT: Readonly<Record<CronFieldKey, string>> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export const EVERY: Readonly<Record<CronFieldKey, string>> = {
  second: '每秒',
  minute: '每分钟',
  hour: '每小时',
  day: '每日',
  month: '每月',
  week: '每周',
  year: '每年',
};

export const CRON_MODAL_WIDTH = 608;
export const PREVIEW_DEBOUNCE_MS = 500;
export const PREVIEW_COUNT = 10;
