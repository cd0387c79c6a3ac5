/** The mail module's Chinese messages (docs/modules/mail.md). */
export const MailMessages = {
  notFound: '未找到对应数据',
  noRecipient: '请选择收件人、抄送人或收件部门',
  inactive: (names: string) => `以下收件人不存在或已停用，不能发送：${names}`,
  nobody: '所选部门没有可以接收邮件的在职人员',
  sent: (n: number) => `邮件已发送给${n}人`,
  badBox: (value: string) => `参数不识别：box=${value}`,
  badMode: '参数错误：mode',
  draftMade: '已生成草稿，请到“写邮件”中修改后发送',
  removed: '已移到已删除',
  restored: '已恢复',
  purged: '已彻底删除',
  marked: (n: number) => `已将${n}封邮件标为已读`,
} as const;

/** The bell's category for mail: spec 000 section 9 has none of its own, so 每日工作 (4), as meetings. */
export const MAIL_NOTICE_CATEGORY = '4';
