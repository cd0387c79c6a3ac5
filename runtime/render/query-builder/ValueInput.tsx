/**
 * The value of one condition, edited with the field's own kind of widget: dictionary and Y/N fields
 * pick from their options, numbers, dates and times get their pickers. The `in` rule takes several
 * values (a multi-select, or free tags for plain fields) and holds them as the comma list it sends.
 */
import { Input, Select } from 'antd';
import type { FieldModel } from '../../model/declaration/model';
import type { QueryRule, Widget } from '../../model/declaration/types';
import { FieldWidget } from '../widgets/FieldWidget';

export interface ValueInputProps {
  id: string;
  field: FieldModel | undefined;
  rule: QueryRule | undefined;
  value: string | undefined;
  onChange(value: string): void;
}

/** The widget of a single value. */
export function valueWidget(field: FieldModel): Widget {
  if (field.dict || field.type === 'boolean') return 'select';
  switch (field.type) {
    case 'int':
    case 'number':
    case 'money':
      return 'number';
    case 'date':
    case 'datetime':
    case 'time':
      return field.type;
    default:
      return 'input';
  }
}

const wire = (value: unknown): string =>
  value === undefined || value === null ? '' : Array.isArray(value) ? value.join(',') : String(value);

const splitList = (value: string | undefined): string[] =>
  (value ?? '').split(',').filter((v) => v.trim() !== '');

export function ValueInput({ id, field, rule, value, onChange }: ValueInputProps): React.JSX.Element {
  if (!field) return <Input id={id} disabled placeholder="请先选择字段" />;
  if (rule === 'in' && !field.dict && field.type !== 'boolean') {
    return (
      <Select
        id={id}
        mode="tags"
        open={false}
        value={splitList(value)}
        tokenSeparators={[',', '，']}
        onChange={(values: string[]) => onChange(values.join(','))}
        placeholder="输入值后回车，可输入多个"
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <FieldWidget
      field={field}
      id={id}
      widget={rule === 'in' ? 'multiSelect' : valueWidget(field)}
      value={value}
      onChange={(v) => onChange(wire(v))}
      placeholder={
        rule === 'in' ? '请选择，可多选' : valueWidget(field) === 'input' ? '请输入值' : '请选择值'
      }
    />
  );
}
