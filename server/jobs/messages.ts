/** The scheduled jobs' Chinese messages. */
export const JobMessages = {
  unknownHandler: (name: string) => `未知的任务处理器：${name}`,
  handlerRequired: '请选择任务处理器',
  parameterNotJson: '任务参数须为JSON对象，如 {"message":"你好"}',
  parameterNotObject: '任务参数须为JSON对象',
  parameterInvalid: (title: string, detail: string) => `任务参数不符合“${title}”的要求：${detail}`,
  cronInvalid: (detail: string) => `Cron表达式有误：${detail}`,
  overrunSkipped: '上次执行尚未结束，本次跳过',
  misfireSkipped: '错过触发时间，按策略跳过',
  stoppedWhileQueued: '服务器停止，排队中的执行取消',
  jobMissing: '未找到对应的定时任务',
  executed: '执行成功',
  executing: '已开始执行，请稍后在任务日志中查看结果',
  executeFailed: (error: string) => `执行失败：${error}`,
} as const;
