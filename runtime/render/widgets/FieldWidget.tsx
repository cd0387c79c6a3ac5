/**
 * Resolves a field's widget from the runtime's registry and feeds it the dictionary options.
 * antd's Form.Item injects value / onChange / id into this one child.
 */
import { Input } from 'antd';
import { Suspense } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import type { Widget } from '../../model/declaration/types';
import { useRuntime } from '../context';
import { useDictItems } from '../data/hooks';
import type { DictItem } from '../types';
import { SWITCH_OPTIONS } from './widget-type';

export interface FieldWidgetProps {
  field: FieldModel;
  widget: Widget;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

export function FieldWidget(props: FieldWidgetProps): React.JSX.Element {
  const { widgets } = useRuntime();
  const { field, widget } = props;
  const dictItems = useDictItems(field.dict);
  const options: readonly DictItem[] = field.type === 'boolean' && !field.dict ? SWITCH_OPTIONS : dictItems;
  // A widget the runtime does not know yet falls back to a text input rather than a blank cell.
  const Component = widgets.get(widget) ?? widgets.get('input');
  if (!Component) return <Input disabled />;
  return (
    <Suspense fallback={<Input disabled placeholder={field.title} />}>
      <Component
        field={field}
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        disabled={props.disabled}
        placeholder={props.placeholder}
        options={options}
      />
    </Suspense>
  );
}
