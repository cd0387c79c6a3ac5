/**
 * A child form designed inside its parent's designer (子表 → 设计子表 / 一并编辑): the same views
 * (DesignerTabs) over the child's own declaration, kept with the parent's drawer and sent with it
 * in one save (companions.ts). Closing keeps every edit; nothing is saved until the parent's 保存.
 */
import { Alert, Button, Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { companionTitle, type Companion } from './companions';

const DesignerTabs = lazy(() => import('./DesignerTabs'));

export function ChildDesigner({
  companion,
  onText,
  onClose,
}: {
  companion: Companion;
  onText(text: string): void;
  onClose(): void;
}): React.JSX.Element {
  return (
    <Modal
      open
      title={`设计子表：${companionTitle(companion)}`}
      width={1200}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          完成
        </Button>
      }
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={
          companion.id
            ? '修改随主表单一起保存：点击主表单的“保存”后，主表与子表在一个事务中生效。'
            : '新子表随主表单一起创建：点击主表单的“保存”后，主表与子表在一个事务中生效。'
        }
      />
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
        <DesignerTabs text={companion.text} onText={onText} />
      </Suspense>
    </Modal>
  );
}
