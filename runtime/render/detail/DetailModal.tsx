/** 详细信息: the record as a description list (and each one-to-one child's below), 1200 wide, with a fullscreen toggle. */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useDictTexts } from '../data/dict-texts';
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { DETAIL_WIDTH, detailColumns, detailFields } from './detail-items';
import { DetailSections } from './DetailSections';
import { DetailValue } from './DetailValue';

export interface DetailModalProps {
  model: EntityModel;
  record: Row | null;
  hidden: (field: FieldModel) => boolean;
  onClose(): void;
}

export function DetailModal({ model, record, hidden, onClose }: DetailModalProps): React.JSX.Element {
  const [fullscreen, setFullscreen] = useState(false);
  const fields = useMemo(() => detailFields(model, hidden), [model, hidden]);
  const records = useMemo(() => (record ? [record] : []), [record]);
  const [shown] = useDictTexts(fields, records);
  const title = (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingRight: 32 }}>
      <span>详细信息</span>
      <Button
        type="text"
        size="small"
        aria-label={fullscreen ? '退出全屏' : '全屏'}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setFullscreen((v) => !v)}
      />
    </div>
  );
  return (
    <Modal
      open
      title={title}
      width={fullscreen ? '100vw' : DETAIL_WIDTH}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      styles={fullscreen ? { body: { minHeight: 'calc(100vh - 120px)' } } : undefined}
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
      className="zj-detail-modal"
    >
      <Spin spinning={!record}>
        {shown && (
          <Descriptions
            bordered
            column={detailColumns(model)}
            items={fields.map((field) => ({
              key: field.name,
              label: field.title,
              children: <DetailValue field={field} row={shown} />,
            }))}
          />
        )}
        {record && <DetailSections model={model} record={record} hidden={hidden} />}
      </Spin>
    </Modal>
  );
}
