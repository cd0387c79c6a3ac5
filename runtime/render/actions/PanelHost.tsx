/**
 * A declared panel (`"panel": {"component": "rolePermission"}`) in a modal or a drawer, titled by
 * its action. The component comes from the runtime's panel registry; a name nobody registered is
 * said plainly instead of an empty dialog.
 */
import { Drawer, Modal, Result as ResultView, Spin } from 'antd';
import { Suspense, useRef } from 'react';
import type { ActionModel, EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import { guardedClose } from '../form/close-guard';
import type { Row } from '../data/adapter';

export interface PanelHostProps {
  model: EntityModel;
  action: ActionModel;
  row: Row | null;
  close(): void;
  refresh(): Promise<unknown>;
}

const DEFAULT_WIDTH = 800;

export function PanelHost({ model, action, row, close, refresh }: PanelHostProps): React.JSX.Element {
  const runtime = useRuntime();
  const panel = action.panel!;
  const Panel = runtime.panels.get(panel.component);
  // What the panel says about its unsaved changes (PanelProps.guard); nothing said: nothing to lose.
  const changed = useRef<() => boolean>(() => false);
  const ask = (event?: unknown) => guardedClose(runtime.feedback, changed.current(), close, event);
  const guard = (check: () => boolean) => {
    changed.current = check;
  };
  const body = Panel ? (
    <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
      <Panel row={row} model={model} close={close} refresh={refresh} guard={guard} />
    </Suspense>
  ) : (
    <ResultView status="warning" title="页面配置有误" subTitle={`未注册的面板：${panel.component}`} />
  );
  const width = panel.width ?? DEFAULT_WIDTH;
  if (panel.mode === 'drawer')
    return (
      <Drawer open title={action.title} size={width} onClose={ask} destroyOnHidden className="zj-panel">
        {body}
      </Drawer>
    );
  return (
    <Modal
      open
      title={action.title}
      width={width}
      footer={null}
      onCancel={ask}
      destroyOnHidden
      maskClosable={false}
      className="zj-panel"
    >
      {body}
    </Modal>
  );
}
