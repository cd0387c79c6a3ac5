/**
 * 修改成员 on the 成员 tab (the project's editors and holders of 管理成员; the server decides
 * again): the members chosen in a searchable select, saved with updateMembers.
 */
import { TeamOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { Row } from '../../runtime/render/data/adapter';
import { text } from './ProjectHeader';
import { UserSearch } from './UserSearch';
import { RightsText, RightsUrls } from './text';

export function MembersEditor({ project, onChanged }: { project: Row; onChanged(): void }) {
  const { http, feedback } = useRuntime();
  const [value, setValue] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const names = text(project, 'members').split(',').filter(Boolean);
  const texts = text(project, 'members_dictText').split(',');
  const known = names.map((n, i) => ({ value: n, label: texts[i] || n }));
  const save = async () => {
    setBusy(true);
    try {
      const answer = await http.put(RightsUrls.members, {
        projectId: project.id,
        members: (value ?? []).join(','),
      });
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      if (!answer.success) return;
      setValue(null);
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        icon={<TeamOutlined />}
        onClick={() => setValue(names)}
        className="zj-project-page__edit-members"
      >
        {RightsText.editMembers}
      </Button>
      <Modal
        open={value !== null}
        title={RightsText.membersTitle}
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setValue(null)}
        destroyOnHidden
      >
        <UserSearch
          multiple
          known={known}
          value={value ?? []}
          onChange={(v) => setValue(Array.isArray(v) ? v : [v])}
          className="zj-project-page__members-select"
        />
      </Modal>
    </>
  );
}
