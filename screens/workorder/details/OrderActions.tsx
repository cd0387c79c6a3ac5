/**
 * The header's buttons: the declared transitions this user may make on this order (the engine's
 * row-transition rule: from-state, permission, `allow` over {row, user}), each confirmed with the
 * declaration's text and an optional 处理意见 that becomes the timeline entry's note; then 催办.
 */
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import type { EntityModel, TransitionModel } from '../../../runtime/model/declaration/model';
import { guardedClose, useRuntime } from '../../../runtime/render';
import type { Row } from '../../../runtime/render/data/adapter';
import { buttonState } from '../../../runtime/render/permissions';
import { confirmText, rowTransitions } from '../../../runtime/render/transitions/row-transitions';
import { DetailsText } from './api';
import { mayUrge, type Viewer } from './order-rules';
import { UrgeButton } from './UrgeButton';

export interface OrderActionsProps {
  model: EntityModel;
  order: Row;
  viewer: Viewer;
  onChanged(): void;
}

/** The one button of a row that moves it forward (the others are plain). */
const PRIMARY = new Set(['accept', 'finish', 'dispatch']);
const DANGER = new Set(['close', 'withdraw']);

export function OrderActions({ model, order, viewer, onChanged }: OrderActionsProps): React.JSX.Element {
  const { session, http, feedback } = useRuntime();
  const [open, setOpen] = useState<TransitionModel | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const auth = session.auth();
  const allAuth = session.allAuth();
  const offered = rowTransitions(model, order, (code) => buttonState(code, auth, allAuth), {
    user: session.user?.() ?? null,
    perms: viewer.perms,
  });

  const run = async () => {
    if (!open) return;
    setBusy(true);
    try {
      const url = `${model.basePath}/${open.path}`;
      const body = { id: String(order.id), ...(remark.trim() ? { remark: remark.trim() } : {}) };
      const answer = open.method === 'POST' ? await http.post(url, body) : await http.put(url, body);
      // The server's own words, success or refusal (当前状态不允许接收, 只有工单负责人可以接收工单 ...).
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      setOpen(null);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wo-details__actions">
      {offered.map(({ transition, disabled }) => (
        <Button
          key={transition.name}
          type={PRIMARY.has(transition.name) ? 'primary' : 'default'}
          danger={DANGER.has(transition.name)}
          disabled={disabled}
          className={`zj-transition zj-transition--${transition.name}`}
          onClick={() => {
            setRemark('');
            setOpen(transition);
          }}
        >
          {transition.title}
        </Button>
      ))}
      {mayUrge(order, viewer) && <UrgeButton order={order} />}
      <Modal
        open={open !== null}
        title={open ? `${open.title}工单` : ''}
        okText={DetailsText.ok}
        cancelText={DetailsText.cancel}
        confirmLoading={busy}
        onOk={() => void run()}
        onCancel={(event) => guardedClose(feedback, remark.trim() !== '', () => setOpen(null), event)}
        destroyOnHidden
        className="wo-details__confirm"
      >
        <p className="wo-details__confirm-text">{open ? confirmText(open) : ''}</p>
        <label className="wo-details__label" htmlFor="wo-transition-remark">
          {DetailsText.remark}
        </label>
        <Input.TextArea
          id="wo-transition-remark"
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          placeholder={DetailsText.remarkPlaceholder}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={2000}
          showCount
        />
      </Modal>
    </div>
  );
}
