/** The columns of the breakdown tables (by department, person, type, status, week), shared by both screens. */
import { Progress, type TableColumnsType } from 'antd';
import type { DepartFigures, Figures, StatisticsAnswer } from './api';
import { durationText, rateText } from './filters';

/** The figure columns after a row's name column; `sortable` adds the header sorters. */
export function figureColumns<T extends Figures>({ sortable = false } = {}): TableColumnsType<T> {
  const sorter = (key: keyof Figures) =>
    sortable ? (a: T, b: T) => Number(a[key] ?? -1) - Number(b[key] ?? -1) : undefined;
  return [
    { title: '工单总数', dataIndex: 'total', align: 'right', width: 96, sorter: sorter('total') },
    { title: '进行中', dataIndex: 'open', align: 'right', width: 84, sorter: sorter('open') },
    { title: '已完成', dataIndex: 'finished', align: 'right', width: 84, sorter: sorter('finished') },
    {
      title: '逾期',
      dataIndex: 'overdue',
      align: 'right',
      width: 72,
      sorter: sorter('overdue'),
      render: (v: number) => (v > 0 ? <span className="wo-stats__danger">{v}</span> : v),
    },
    {
      title: '逾期率',
      dataIndex: 'overdueRate',
      width: 150,
      sorter: sorter('overdueRate'),
      render: (v: number) => (
        <Progress
          percent={v}
          size="small"
          status={v >= 30 ? 'exception' : 'normal'}
          format={() => rateText(v)}
          strokeColor={v >= 30 ? undefined : v >= 15 ? '#faad14' : '#52c41a'}
        />
      ),
    },
    {
      title: '平均完成时长',
      dataIndex: 'avgFinishHours',
      align: 'right',
      width: 120,
      sorter: sorter('avgFinishHours'),
      render: (v: number | null) => durationText(v),
    },
  ];
}

export const departColumns = (): TableColumnsType<DepartFigures> => [
  { title: '部门', dataIndex: 'departName', ellipsis: true },
  ...figureColumns<DepartFigures>({ sortable: true }),
];

type Person = StatisticsAnswer['byPerson'][number];
export const personColumns = (): TableColumnsType<Person> => [
  {
    title: '负责人',
    dataIndex: 'realname',
    width: 100,
    render: (v: string, r) => <span title={r.username}>{v}</span>,
  },
  ...figureColumns<Person>({ sortable: true }),
];

type Type = StatisticsAnswer['byType'][number];
export const typeColumns = (): TableColumnsType<Type> => [
  { title: '工单类型', dataIndex: 'typeText', width: 110 },
  ...figureColumns<Type>({ sortable: true }),
];

type Status = StatisticsAnswer['byStatus'][number];
export const statusColumns = (total: number): TableColumnsType<Status> => [
  { title: '状态', dataIndex: 'statusText' },
  { title: '工单数', dataIndex: 'count', align: 'right' },
  {
    title: '占比',
    dataIndex: 'count',
    key: 'share',
    align: 'right',
    render: (v: number) => (total > 0 ? rateText((v * 100) / total) : '—'),
  },
];

type Week = StatisticsAnswer['weekly'][number];
export const weekColumns = (): TableColumnsType<Week> => [
  { title: '周（起始日）', dataIndex: 'weekStart' },
  { title: '新建', dataIndex: 'created', align: 'right' },
  { title: '完成', dataIndex: 'finished', align: 'right' },
];
