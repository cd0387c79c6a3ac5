/** The 项目信息 tab (description and attachments, as the detail shows them) and the 项目成员 tab. */
import { Avatar, Descriptions, List, Tag } from 'antd';
import type { EntityModel } from '../../runtime/model/declaration/model';
import type { Row } from '../../runtime/render/data/adapter';
import { DetailValue } from '../../runtime/render/detail/DetailValue';
import { text } from './ProjectHeader';
import { PageText } from './text';

/** What an empty field says: each its own words (no files is not "no description"). */
const EMPTY_TEXT: Record<string, string> = {
  description: PageText.noDescription,
  attachments: PageText.noAttachments,
};

export function ProjectInfo({ model, project }: { model: EntityModel; project: Row }): React.JSX.Element {
  const fields = ['description', 'attachments'].flatMap((name) => model.field(name) ?? []);
  return (
    <Descriptions
      bordered
      column={1}
      items={fields.map((field) => ({
        key: field.name,
        label: field.title,
        children: text(project, field.name) ? (
          <DetailValue field={field} row={project} />
        ) : (
          EMPTY_TEXT[field.name]
        ),
      }))}
    />
  );
}

/** Usernames and names of a comma list with its `_dictText` (names in the same order). */
function people(project: Row, field: string): { username: string; name: string }[] {
  const names = text(project, field)
    .split(',')
    .filter((v) => v !== '');
  const texts = text(project, `${field}_dictText`).split(',');
  return names.map((username, i) => ({ username, name: texts[i] || username }));
}

export function ProjectMembers({ project }: { project: Row }): React.JSX.Element {
  const manager = people(project, 'manager');
  const members = people(project, 'members').filter((m) => !manager.some((p) => p.username === m.username));
  const rows = [
    ...manager.map((p) => ({ ...p, role: PageText.manager })),
    ...members.map((p) => ({ ...p, role: PageText.member })),
  ];
  return (
    <List
      className="zj-project-page__members"
      dataSource={rows}
      renderItem={(row) => (
        <List.Item>
          <List.Item.Meta
            avatar={<Avatar>{row.name.slice(-2)}</Avatar>}
            title={row.name}
            description={row.username}
          />
          <Tag color={row.role === PageText.manager ? 'blue' : 'default'}>{row.role}</Tag>
        </List.Item>
      )}
    />
  );
}
