/**
 * The product's success words, one table (issue 33, item 12): the same act says the same thing on
 * every screen and in every API answer, ending in one punctuation (the full-width ！). Refusals stay
 * with their rules (they name what is wrong); what a module does beyond these (催办成功, 签到成功)
 * keeps its own verb but the same form.
 */
export const DoneWords = {
  added: '添加成功！',
  edited: '编辑成功！',
  deleted: '删除成功！',
  batchDeleted: '批量删除成功！',
  saved: '保存成功！',
  /** A transition's title is a verb (完成, 通过): 已完成！, never 完成成功!. */
  transition: (title: string) => `已${title}！`,
} as const;
