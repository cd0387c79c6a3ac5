import { Badge, Button, Card, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { totalText } from '../../runtime/render/list/query-params';
import { fetchMySends, type MySend } from '../../src/notice/api';
import { NOTICE_CATEGORIES } from '../../src/notice/categories';
import { openNoticeDetails } from '../../src/notice/open-notice';

const PAGE_SIZES = ['10', '20', '30'];

/** 我的消息 (/modules/message/myMessage): the announcements sent to me, newest first, with read state. */
export default function MyMessage(): React.JSX.Element {
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, titile: '' });
  const [data, setData] = useState<{ records: MySend[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await fetchMySends({ ...query, titile: query.titile || undefined });
      if (res.success && res.result) setData(res.result);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns: TableColumnsType<MySend> = [
    { title: '标题', dataIndex: 'titile', ellipsis: true },
    {
      title: '消息类型',
      dataIndex: 'msgCategory',
      width: 120,
      render: (v: string) => NOTICE_CATEGORIES.find((c) => c.value === v)?.label ?? v,
    },
    { title: '发布人', dataIndex: 'sender', width: 120 },
    { title: '发布时间', dataIndex: 'sendTime', width: 180 },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 110,
      render: (v: string | number) =>
        String(v) === '1' ? (
          <Badge status="default" text="已读" />
        ) : (
          <Badge status="processing" text="未读" />
        ),
    },
    {
      title: '操作',
      width: 90,
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          onClick={() =>
            void openNoticeDetails(
              {
                id: row.anntId,
                esTitle: row.titile,
                createTime: row.sendTime ?? '',
                appType: row.msgCategory,
              },
              String(row.readFlag) === '1' ? '2' : '1',
              navigate,
              location.pathname,
            )
          }
        >
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Form
        layout="inline"
        onFinish={(v: { titile?: string }) => setQuery({ ...query, pageNo: 1, titile: v.titile ?? '' })}
      >
        <Form.Item name="titile" label="标题">
          <Input placeholder="请输入标题" allowClear />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<MySend>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.records}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: totalText,
          onChange: (pageNo, pageSize) => setQuery({ ...query, pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
