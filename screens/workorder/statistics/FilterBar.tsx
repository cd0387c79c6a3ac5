/** The filters of 工单统计 and 工单图表: the period (with 本周 … 近一年) and the department. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { loadDepartOptions, type DepartOption, type StatFilter } from './api';
import { defaultFilter, formatDay, presets } from './filters';

export interface FilterBarProps {
  filter: StatFilter;
  onChange(filter: StatFilter): void;
  onReload(): void;
  loading: boolean;
  /** Buttons on the right (导出全部). */
  extra?: React.ReactNode;
}

export function FilterBar({ filter, onChange, onReload, loading, extra }: FilterBarProps): React.JSX.Element {
  const [departs, setDeparts] = useState<DepartOption[]>([]);
  useEffect(() => {
    void loadDepartOptions().then(setDeparts);
  }, []);
  return (
    <div className="wo-stats__filters">
      <Space wrap size={[16, 12]}>
        <span className="wo-stats__label">统计周期</span>
        <DatePicker.RangePicker
          aria-label="统计周期"
          allowClear={false}
          presets={presets()}
          value={[dayjs(filter.beginDate), dayjs(filter.endDate)]}
          onChange={(range) => {
            if (range?.[0] && range[1])
              onChange({ ...filter, beginDate: formatDay(range[0]), endDate: formatDay(range[1]) });
          }}
        />
        <span className="wo-stats__label">部门</span>
        <TreeSelect
          aria-label="部门"
          className="wo-stats__depart"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder="全部部门"
          treeData={departs}
          value={filter.orgCode || undefined}
          onChange={(value?: string) => onChange({ ...filter, orgCode: value ?? '' })}
        />
        <Button onClick={() => onChange(defaultFilter())}>重置</Button>
        <Button icon={<ReloadOutlined />} loading={loading} onClick={onReload}>
          刷新
        </Button>
      </Space>
      {extra && <Space>{extra}</Space>}
    </div>
  );
}
