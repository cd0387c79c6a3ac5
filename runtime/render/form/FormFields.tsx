/**
 * The declared fields of a form, laid out in the declaration's columns, each checked with the
 * server's rules and words (field-check.ts). Split from FormModal so the modal can place the fields
 * above its child tables or, for a `tab` screen, in the first tab.
 */
import { Col, Form, Row as GridRow, type FormInstance } from 'antd';
import { memo, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { FieldWidget } from '../widgets/FieldWidget';
import { formWidget } from '../widgets/widget-type';
import { checkField } from './field-check';
import { formColumns, keepStates, type FieldState } from './form-state';

export interface FormFieldsProps {
  form: FormInstance<Row>;
  model: EntityModel;
  states: readonly FieldState[];
  initial: Row;
  onValues(all: Row): void;
}

/**
 * The states to lay the fields out with: the previous array while no field's state changed, so
 * FormFields (memo) is not drawn again on a keystroke no form rule watches.
 */
export function useKeptStates(next: FieldState[]): readonly FieldState[] {
  const [kept, setKept] = useState<readonly FieldState[]>(next);
  const chosen = keepStates(kept, next);
  if (chosen !== kept) setKept(chosen);
  return chosen;
}

export const FormFields = memo(function FormFields({
  form,
  model,
  states,
  initial,
  onValues,
}: FormFieldsProps): React.JSX.Element {
  const columns = formColumns(model);
  return (
    <Form
      form={form}
      name={`zj-form-${model.name}`}
      layout="vertical"
      initialValues={initial}
      onValuesChange={(_, all: Row) => onValues(all)}
      className="zj-declared-form"
    >
      <GridRow gutter={16}>
        {states
          .filter((s) => s.visible)
          .map(({ field, disabled, required }) => {
            const widget = formWidget(field);
            const wide = widget === 'textarea' || widget === 'richText' || widget === 'markdown';
            return (
              <Col key={field.name} span={wide ? 24 : 24 / columns}>
                <Form.Item
                  name={field.name}
                  label={field.title}
                  required={required}
                  validateDebounce={100}
                  rules={[
                    {
                      validator: (_, value: unknown) => {
                        const problem = disabled ? null : checkField(field, value, required);
                        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <FieldWidget field={field} widget={widget} disabled={disabled} />
                </Form.Item>
              </Col>
            );
          })}
      </GridRow>
    </Form>
  );
});
