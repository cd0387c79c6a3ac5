/**
 * The project at a glance: 返回, name, status tag, the declared moves this user may make (启动 /
 * 暂停 / 关闭, each confirmed with the declaration's text; the server checks state and rights again),
 * and the facts as dictionary texts.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Modal, Tag } from 'antd';
import { useState } from 'react';
import type { EntityModel, TransitionModel } from '../../runtime/model/declaration/model';
import { useRuntime } from '../../runtime/render';
import type { Row } from '../../runtime/render/data/adapter';
import { buttonState } from '../../runtime/render/permissions';
import { confirmText, rowTransitions } from '../../runtime/render/transitions/row-transitions';
import { PageText } from './text';

export const STATUS_COLORS: Readonly<Record<string, string>> = {
  '0': 'default',
  '1': 'processing',
  '2': 'warning',
  '3': 'error',
};

export const text = (row: Row, field: string): string => {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
};

/** A field's dictionary text when the answer has one, else its value; '-' when empty. */
export const shown = (row: Row, field: string): string =>
  text(row, `${field}_dictText`) || text(row, field) || '-';

const FACTS = [
  'projectNo',
  'code',
  'customerId',
  'category',
  'manager',
  'stage',
  'planStart',
  'planEnd',
  'actualStart',
  'actualEnd',
  'budget',
];

export interface ProjectHeaderProps {
  model: EntityModel;
  project: Row;
  onBack(): void;
  onChanged(): void;
}

export function ProjectHeader({ model, project, onBack, onChanged }: ProjectHeaderProps): React.JSX.Element {
  const { session, data, feedback } = useRuntime();
  const [open, setOpen] = useState<TransitionModel | null>(null);
  const [busy, setBusy] = useState(false);
  const perms = session.auth().map((a) => a.action);
  const offered = rowTransitions(
    model,
    project,
    (code) => buttonState(code, session.auth(), session.allAuth()),
    {
      user: session.user?.() ?? null,
      perms,
    },
  );
  const run = async () => {
    if (!open) return;
    setBusy(true);
    try {
      const answer = await data.transition(model.basePath, open, String(project.id));
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      setOpen(null);
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const status = text(project, 'status');
  const money = (v: string) => (v ? `${Number(v).toLocaleString('zh-CN')} 元` : '-');
  return (
    <Card variant="borderless" className="zj-project-page__header">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="zj-project-page__back">
        {PageText.back}
      </Button>
      <div className="zj-project-page__title-row">
        <div className="zj-project-page__title">
          <h2>{text(project, 'name')}</h2>
          <Tag color={STATUS_COLORS[status] ?? 'default'} className="zj-project-page__status">
            {shown(project, 'status')}
          </Tag>
        </div>
        <div className="zj-project-page__actions">
          {offered.map(({ transition, disabled }) => (
            <Button
              key={transition.name}
              type={transition.name === 'start' ? 'primary' : 'default'}
              danger={transition.name === 'close'}
              disabled={disabled}
              className={`zj-transition zj-transition--${transition.name}`}
              onClick={() => setOpen(transition)}
            >
              {transition.title}
            </Button>
          ))}
        </div>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={FACTS.map((name) => ({
          key: name,
          label: model.field(name)?.title ?? name,
          children: name === 'budget' ? money(text(project, name)) : shown(project, name),
        }))}
      />
      <Modal
        open={open !== null}
        title={open ? `${open.title}项目` : ''}
        okText={PageText.ok}
        cancelText={PageText.cancel}
        confirmLoading={busy}
        onOk={() => void run()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
        className="zj-project-page__confirm"
      >
        <p>{open ? confirmText(open) : ''}</p>
      </Modal>
    </Card>
  );
}
