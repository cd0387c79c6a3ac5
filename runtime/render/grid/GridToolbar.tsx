/** 新增 (click guard: 300 ms too-fast message, 1500 ms insert throttle) and 删除, each permission-gated. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { GridTexts } from '../../model/grid/constants';
import { InsertGate } from '../../model/grid/throttle';
import type { FeedbackPort } from '../feedback';

export interface GridToolbarProps {
  canAdd: boolean;
  canRemove: boolean;
  selected: number;
  feedback: FeedbackPort;
  add(): void;
  remove(): void;
}

export function GridToolbar(props: GridToolbarProps) {
  const gate = useMemo(() => new InsertGate(), []);
  const add = useRef(props.add);
  add.current = props.add;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const click = () => {
    const decision = gate.click(Date.now());
    if (decision.kind === 'tooFast') props.feedback.message('warning', GridTexts.clickTooFast);
    else if (decision.kind === 'insert') add.current();
    else if (decision.kind === 'later') {
      timer.current = setTimeout(() => {
        gate.fired(Date.now());
        add.current();
      }, decision.wait);
    }
  };
  if (!props.canAdd && !props.canRemove) return null;
  return (
    <Space className="zj-grid-toolbar">
      {props.canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={click}>
          {GridTexts.add}
        </Button>
      )}
      {props.canRemove && (
        <Button danger icon={<DeleteOutlined />} disabled={props.selected === 0} onClick={props.remove}>
          {GridTexts.remove}
        </Button>
      )}
    </Space>
  );
}
