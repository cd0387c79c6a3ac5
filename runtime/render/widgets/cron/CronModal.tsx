/**
 * The schedule-expression dialog (608 px, spec 000 section 9): a tab per field, the whole
 * expression in a text box kept in step both ways, its message, and the next 10 run times.
 */
import { Alert, Input, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { FIELD_KEYS, FIELD_SPECS } from '../../../model/cron';
import { initialEditor, withField, withText } from './cron-editor';
import { FieldPanel } from './FieldPanel';
import { CRON_MODAL_WIDTH } from './labels';
import { Preview } from './Preview';

interface Props {
  value: string;
  tz?: string;
  onOk(text: string): void;
  onCancel(): void;
}

export function CronModal({ value, tz, onOk, onCancel }: Props): React.JSX.Element {
  const thisYear = new Date().getFullYear();
  const [editor, setEditor] = useState(() => initialEditor(value, thisYear));
  return (
    <Modal
      open
      title="Cron表达式"
      width={CRON_MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: editor.error !== null }}
      onOk={() => onOk(editor.text.trim().replace(/\s+/g, ' '))}
      onCancel={onCancel}
      destroyOnHidden
      className="zj-cron-modal"
    >
      <Tabs
        size="small"
        items={FIELD_KEYS.map((key) => ({
          key,
          label: FIELD_SPECS[key].title,
          children: (
            <FieldPanel
              fieldKey={key}
              value={editor.fields[key]}
              onChange={(field) => setEditor((e) => withField(e, key, field))}
            />
          ),
        }))}
      />
      <div style={{ marginTop: 12 }}>
        <Input
          aria-label="Cron表达式"
          addonBefore="表达式"
          value={editor.text}
          status={editor.error ? 'error' : undefined}
          onChange={(e) => setEditor((prev) => withText(prev, e.target.value, thisYear))}
        />
        {editor.error && <Alert style={{ marginTop: 8 }} type="error" showIcon title={editor.error} />}
      </div>
      <div style={{ marginTop: 12 }}>
        <Preview text={editor.error ? '' : editor.text} tz={tz} />
      </div>
    </Modal>
  );
}
