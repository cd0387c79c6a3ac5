/**
 * 权限 (per-project rights, docs/modules/projects.md): the people granted rights on this project
 * beyond its manager and members, with 查看 (always) / 编辑 / 推进阶段 / 管理成员. The project's
 * owners (manager, creator, admin) grant, change and revoke (createOrUpdatePermission,
 * deletePermission); others see the list read-only. The grants come with getProjectById.
 */
import { Alert, Button, Checkbox, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { Row } from '../../runtime/render/data/adapter';
import { UserSearch } from './UserSearch';
import { RightsText, RightsUrls } from './text';

type Right = 'edit' | 'advance' | 'members';
const RIGHTS: Right[] = ['edit', 'advance', 'members'];

interface Grant {
  id: string;
  username: string;
  realname: string;
  edit: boolean;
  advance: boolean;
  members: boolean;
  grantedBy: string | null;
  grantedAt: string | null;
}

export interface ProjectRightsProps {
  project: Row;
  onChanged(): void;
}

export function grantsOf(project: Row): Grant[] {
  return Array.isArray(project.grants) ? (project.grants as Grant[]) : [];
}

export function rightsOf(project: Row): Record<Right | 'grant', boolean> {
  const r = (project.rights ?? {}) as Partial<Record<Right | 'grant', boolean>>;
  return { edit: !!r.edit, advance: !!r.advance, members: !!r.members, grant: !!r.grant };
}

export function ProjectRights({ project, onChanged }: ProjectRightsProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const mayGrant = rightsOf(project).grant;
  const [user, setUser] = useState<string | undefined>();
  const [picked, setPicked] = useState<Right[]>([]);
  const [busy, setBusy] = useState(false);
  const projectId = String(project.id);

  const save = async (username: string, rights: readonly Right[]) => {
    setBusy(true);
    try {
      const flags = Object.fromEntries(RIGHTS.map((r) => [r, rights.includes(r)]));
      const answer = await http.post(RightsUrls.grant, { projectId, username, ...flags });
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      if (answer.success) onChanged();
      return answer.success;
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (id: string) => {
    const answer = await http.delete(RightsUrls.revoke, { id });
    feedback.message(answer.success ? 'success' : 'warning', answer.message);
    if (answer.success) onChanged();
  };
  const toggle = (grant: Grant, right: Right, on: boolean) =>
    void save(
      grant.username,
      RIGHTS.filter((r) => (r === right ? on : grant[r])),
    );

  const columns = [
    {
      title: RightsText.person,
      key: 'person',
      render: (_: unknown, g: Grant) => `${g.realname}（${g.username}）`,
    },
    { title: RightsText.view, key: 'view', render: () => <Checkbox checked disabled /> },
    ...RIGHTS.map((right) => ({
      title: RightsText[right],
      key: right,
      render: (_: unknown, g: Grant) => (
        <Checkbox
          checked={g[right]}
          disabled={!mayGrant || busy}
          aria-label={`${g.realname}${RightsText[right]}`}
          onChange={(e) => toggle(g, right, e.target.checked)}
        />
      ),
    })),
    { title: RightsText.grantedBy, dataIndex: 'grantedBy', key: 'grantedBy' },
    { title: RightsText.grantedAt, dataIndex: 'grantedAt', key: 'grantedAt' },
    ...(mayGrant
      ? [
          {
            title: RightsText.actions,
            key: 'actions',
            render: (_: unknown, g: Grant) => (
              <Popconfirm title={RightsText.revokeConfirm} onConfirm={() => void revoke(g.id)}>
                <Button type="link" danger size="small">
                  {RightsText.revoke}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="zj-project-rights">
      <Typography.Paragraph type="secondary">{RightsText.intro}</Typography.Paragraph>
      {mayGrant ? (
        <Space wrap className="zj-project-rights__add">
          <UserSearch value={user} onChange={(v) => setUser(typeof v === 'string' ? v : undefined)} />
          <Checkbox checked disabled>
            {RightsText.view}
          </Checkbox>
          <Checkbox.Group
            value={picked}
            onChange={(v) => setPicked(v)}
            options={RIGHTS.map((r) => ({ value: r, label: RightsText[r] }))}
          />
          <Button
            type="primary"
            loading={busy}
            onClick={() => {
              if (!user) return feedback.message('warning', RightsText.pickUser);
              void save(user, picked).then((done) => {
                if (!done) return;
                setUser(undefined);
                setPicked([]);
              });
            }}
          >
            {RightsText.grant}
          </Button>
        </Space>
      ) : (
        <Alert type="info" showIcon title={RightsText.readOnly} style={{ marginBottom: 12 }} />
      )}
      <Table<Grant>
        rowKey="id"
        size="small"
        style={{ marginTop: 12 }}
        pagination={false}
        dataSource={grantsOf(project)}
        columns={columns}
        locale={{ emptyText: RightsText.none }}
      />
    </div>
  );
}
