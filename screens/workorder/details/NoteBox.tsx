/**
 * 添加动态: a note and attachments on the timeline (PUT /sys/workOrder/saveOrderDynamic), optionally
 * about one sub-order. Files go through the engine's upload widget (the work order's own attachment
 * field, biz=workOrder). The server's refusals (工单已关闭，不能添加动态, 请填写处理内容或上传附件 …)
 * show as it words them.
 */
import { Alert, Button, Input, Select } from 'antd';
import { useState } from 'react';
import type { EntityModel } from '../../../runtime/model/declaration/model';
import { useRuntime } from '../../../runtime/render';
import type { Row } from '../../../runtime/render/data/adapter';
import { FileWidget } from '../../../runtime/render/widgets/UploadWidget';
import { DetailsText, DetailsUrls } from './api';
import { text } from './order-rules';

export interface NoteBoxProps {
  model: EntityModel;
  order: Row;
  subs: readonly Row[];
  onSaved(): void;
}

export function NoteBox({ model, order, subs, onSaved }: NoteBoxProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [content, setContent] = useState('');
  const [attachments, setAttachments] = useState('');
  const [subId, setSubId] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // Files still uploading: 提交 waits for them, or the note would be saved without its attachments.
  const [uploading, setUploading] = useState(0);
  // A new upload widget after each saved note: its list of files starts empty again.
  const [round, setRound] = useState(0);
  const fileField = model.field('attachments');

  const submit = async () => {
    setProblem('');
    setBusy(true);
    try {
      const query = subId ? `?orderSubId=${encodeURIComponent(subId)}` : '';
      const answer = await http.put(`${DetailsUrls.saveNote}${query}`, {
        orderId: String(order.id),
        content: content.trim(),
        attachments,
      });
      if (!answer.success) {
        setProblem(answer.message);
        return;
      }
      feedback.message('success', answer.message);
      setContent('');
      setAttachments('');
      setSubId(undefined);
      setRound((r) => r + 1);
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wo-note">
      <div className="wo-note__title">{DetailsText.addNote}</div>
      {problem && <Alert type="warning" showIcon title={problem} className="wo-note__problem" />}
      <Input.TextArea
        aria-label={DetailsText.addNote}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={DetailsText.notePlaceholder}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={2000}
        showCount
      />
      {subs.length > 0 && (
        <Select
          className="wo-note__sub"
          aria-label={DetailsText.noteSub}
          allowClear
          value={subId}
          onChange={(value?: string) => setSubId(value)}
          placeholder={DetailsText.noteSubPlaceholder}
          options={subs.map((s) => ({
            value: String(s.id),
            label: `${DetailsText.noteSub}：${text(s, 'title')}`,
          }))}
        />
      )}
      <div className="wo-note__foot">
        {fileField && (
          <div className="wo-note__files">
            <FileWidget
              key={round}
              field={fileField}
              value={attachments}
              onChange={(v) => setAttachments(String(v ?? ''))}
              onUploading={setUploading}
            />
          </div>
        )}
        <Button
          type="primary"
          loading={busy || uploading > 0}
          onClick={() => void submit()}
          className="wo-note__submit"
        >
          {DetailsText.noteSubmit}
        </Button>
      </div>
    </div>
  );
}
