/**
 * 催办 of the open stage (the project's manager and admin; the server decides again): the stage, how
 * long it has waited, its people to choose from (all but the caller by default), a note, and the
 * last reminders (queryUrgeInfo, loaded when the dialog opens). Each chosen person gets a reminder
 * (appType project) in their bell; its modal's 去处理 opens this project's page.
 */
import { BellOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Descriptions, Input, List, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { RightsUrls, StageMoreText } from './text';

interface UrgeInfo {
  procInsId: string | null;
  taskDefKey: string | null;
  nodeName: string | null;
  since: string | null;
  waited: string | null;
  assignees: { userId: string; username: string; realname: string }[];
  urges: { id: string; urgerName: string; targetName: string; createTime: string }[];
  mayUrge: boolean;
  reason: string | null;
}

export function StageUrge({ projectId, self }: { projectId: string; self: string }): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [info, setInfo] = useState<UrgeInfo | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setOpen(true);
    setInfo(null);
    const answer = await http.get<UrgeInfo>(RightsUrls.urgeInfo, { projectId });
    if (!answer.success) {
      feedback.message('warning', answer.message);
      setOpen(false);
      return;
    }
    setInfo(answer.result);
    setChosen(answer.result.assignees.filter((a) => a.username !== self).map((a) => a.userId));
    setContent('');
  };
  const send = async () => {
    if (!info) return;
    setBusy(true);
    try {
      const answer = await http.post(RightsUrls.urge, {
        projectId,
        taskDefKey: info.taskDefKey,
        userIds: chosen.join(','),
        content,
      });
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      if (answer.success) setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  const others = info?.assignees.filter((a) => a.username !== self) ?? [];
  return (
    <>
      <Button icon={<BellOutlined />} className="zj-stage-flow__urge" onClick={() => void show()}>
        {StageMoreText.urge}
      </Button>
      <Modal
        open={open}
        title={StageMoreText.urgeTitle(info?.nodeName ?? '')}
        okText={StageMoreText.urge}
        okButtonProps={{ disabled: !info?.mayUrge || chosen.length === 0 }}
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        className="zj-stage-urge"
      >
        {!info ? (
          <Spin />
        ) : (
          <>
            {info.reason && (
              <Alert type="warning" showIcon title={info.reason} style={{ marginBottom: 12 }} />
            )}
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={StageMoreText.since}>{info.since ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={StageMoreText.waited}>{info.waited ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={StageMoreText.urgeTo}>
                <Checkbox.Group
                  value={chosen}
                  onChange={(v) => setChosen(v)}
                  options={others.map((a) => ({ value: a.userId, label: a.realname }))}
                />
              </Descriptions.Item>
            </Descriptions>
            <Input.TextArea
              rows={3}
              maxLength={500}
              placeholder={StageMoreText.urgeContent}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              {StageMoreText.lastUrges}
            </Typography.Title>
            <List
              size="small"
              dataSource={info.urges}
              locale={{ emptyText: StageMoreText.noUrges }}
              renderItem={(u) => (
                <List.Item>
                  {u.createTime} {u.urgerName} → {u.targetName}
                </List.Item>
              )}
            />
          </>
        )}
      </Modal>
    </>
  );
}
