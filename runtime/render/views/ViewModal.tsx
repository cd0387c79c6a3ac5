/**
 * A declared read-only view of one row (e.g. 阅读统计): loads `<basePath>/<path>?id=` through the
 * data adapter and shows the declared arrays of the answer as tabs of tables. Loaded lazily by the
 * row actions, so the list's first paint does not carry Tabs.
 */
import { Button, Empty, Modal, Spin, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import type { ViewModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import { cellText, viewTabs, type ViewRow, type ViewTab } from './view-tabs';

export interface ViewModalProps {
  basePath: string;
  view: ViewModel;
  id: string;
  onClose(): void;
}

export const VIEW_WIDTH = 800;

export function ViewModal({ basePath, view, id, onClose }: ViewModalProps): React.JSX.Element {
  const { data, feedback } = useRuntime();
  const [tabs, setTabs] = useState<ViewTab[] | null>(null);

  useEffect(() => {
    let live = true;
    void data.view(basePath, view, id).then((answer) => {
      if (!live) return;
      if (answer.success) setTabs(viewTabs(view, answer.result));
      else {
        // The server's reason (not found, no permission) is the message; an empty dialog says nothing.
        feedback.message('warning', answer.message);
        onClose();
      }
    });
    return () => {
      live = false;
    };
  }, [data, feedback, basePath, view, id, onClose]);

  return (
    <Modal
      open
      title={view.title}
      width={VIEW_WIDTH}
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
      className="zj-view-modal"
    >
      <Spin spinning={!tabs}>
        {tabs ? (
          <Tabs
            items={tabs.map((tab) => ({
              key: tab.key,
              label: tab.label,
              children: (
                <Table<ViewRow>
                  rowKey="$key"
                  size="small"
                  bordered
                  dataSource={tab.rows}
                  columns={tab.columns.map((column) => ({
                    key: column.name,
                    dataIndex: column.name,
                    title: column.title,
                    render: (value: unknown) => cellText(value),
                  }))}
                  pagination={tab.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
                  }}
                />
              ),
            }))}
          />
        ) : (
          <div style={{ minHeight: 160 }} />
        )}
      </Spin>
    </Modal>
  );
}
