/**
 * 数据源: where the report's SQL runs. Empty is the product's own database (the report data set's
 * views); otherwise one of the sources of 系统管理 → 多数据源管理, listed by code and name only
 * (/online/cgreport/head/dataSources answers no host, user or password).
 */
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../runtime/render';

interface SourceChoice {
  code: string;
  name: string;
  dbType: string;
}

export const OWN_DATABASE = '本系统数据库';

export function DataSourceSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (code: string | null) => void;
}): React.JSX.Element {
  const { http } = useRuntime();
  const [choices, setChoices] = useState<SourceChoice[]>([]);
  useEffect(() => {
    void http.get<SourceChoice[]>('/online/cgreport/head/dataSources').then((res) => {
      if (res.success) setChoices(res.result);
    });
  }, [http]);
  return (
    <Select
      aria-label="数据源"
      allowClear
      placeholder={OWN_DATABASE}
      value={value ?? undefined}
      onChange={(code?: string) => onChange(code || null)}
      options={choices.map((c) => ({ value: c.code, label: `${c.name}（${c.code}）` }))}
    />
  );
}
