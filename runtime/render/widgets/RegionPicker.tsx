/**
 * 省市区 region picker over the server's table (root 86). `widgetOptions.type` is cascader (the
 * default) or select (three linked selects); any other type shows 'Bad type value', as the spec has
 * it. The value is the code of the last level chosen.
 */
import { Cascader, Select, Space, Typography } from 'antd';
import type { WidgetProps } from '../types';
import { usePcaa, type Pcaa } from './picker-api';
import { BAD_REGION_TYPE, REGION_ROOT, regionOptions, regionPath, regionType } from './region-options';

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function RegionWidget(props: WidgetProps): React.JSX.Element {
  const type = regionType(props.field.widgetOptions?.type);
  const pcaa = usePcaa();
  if (!type) return <Typography.Text type="danger">{BAD_REGION_TYPE}</Typography.Text>;
  const code = textOf(props.value);
  const path = pcaa && code ? regionPath(pcaa, code) : [];
  const placeholder = props.placeholder ?? props.field.placeholder ?? '请选择省市区';
  if (type === 'select') return <RegionSelects {...props} pcaa={pcaa ?? {}} path={path} />;
  return (
    <Cascader
      id={props.id}
      options={pcaa ? regionOptions(pcaa) : []}
      value={path.length ? path : undefined}
      onChange={(codes: string[] | undefined) =>
        props.onChange?.(codes?.length ? codes[codes.length - 1] : '')
      }
      changeOnSelect
      disabled={props.disabled}
      placeholder={placeholder}
      showSearch
      style={{ width: '100%' }}
    />
  );
}

const LEVEL_PLACEHOLDERS = ['请选择省', '请选择市', '请选择区'];

function RegionSelects(props: WidgetProps & { pcaa: Pcaa; path: string[] }): React.JSX.Element {
  const { pcaa, path } = props;
  const parents = [REGION_ROOT, ...path];
  return (
    <Space.Compact style={{ width: '100%' }}>
      {LEVEL_PLACEHOLDERS.map((placeholder, level) => {
        const parent = parents[level];
        const options = Object.entries((parent && pcaa[parent]) || {}).map(([value, label]) => ({
          value,
          label,
        }));
        return (
          <Select
            key={placeholder}
            id={level === 0 ? props.id : undefined}
            value={path[level]}
            options={options}
            disabled={props.disabled || options.length === 0}
            placeholder={placeholder}
            allowClear
            style={{ width: '33.4%' }}
            onChange={(code?: string) => props.onChange?.(code ?? (level > 0 ? path[level - 1] : ''))}
          />
        );
      })}
    </Space.Compact>
  );
}
