/**
 * 新建子表: the name, title, table and foreign key of a new one-to-many child form (new-child.ts),
 * made inline and saved with the parent in one save; its fields are designed in 设计子表 after.
 */
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { DeclarationDraft } from './field-edit';
import { newChildProblem, proposedChild, type NewChild } from './new-child';

export function NewChildDialog({
  parent,
  taken,
  onCreate,
  onClose,
}: {
  parent: DeclarationDraft;
  /** Names already used (designed forms, other new ones). */
  taken: readonly string[];
  onCreate(child: NewChild): void;
  onClose(): void;
}): React.JSX.Element {
  const [value, setValue] = useState<NewChild>(() => proposedChild(parent));
  const problem = newChildProblem(value, taken);
  const field = (key: keyof NewChild, label: string, hint?: string) => (
    <Form.Item label={label} extra={hint}>
      <Input
        aria-label={`新子表${label}`}
        value={value[key]}
        onChange={(e) => setValue({ ...value, [key]: e.target.value })}
      />
    </Form.Item>
  );
  return (
    <Modal
      open
      title="新建子表（一对多）"
      okText="创建"
      okButtonProps={{ disabled: problem !== null }}
      onOk={() => onCreate(value)}
      onCancel={onClose}
    >
      <Form layout="vertical">
        {field('name', '名称', '子表的实体名，如 visitItem')}
        {field('title', '标题')}
        {field('table', '表名')}
        {field('foreignKey', '外键字段', '子表中保存主表记录 id 的字段，自动加入子表')}
      </Form>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Modal>
  );
}
