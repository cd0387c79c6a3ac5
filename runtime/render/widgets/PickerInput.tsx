/**
 * The closed state of every modal picker: a read-only input with the chosen names, a button that
 * opens the dialog, and a clear icon. The value itself is never typed by hand.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';

export interface PickerInputProps {
  id?: string;
  texts: readonly string[];
  placeholder: string;
  disabled?: boolean;
  onOpen(): void;
  onClear(): void;
}

export function PickerInput(props: PickerInputProps): React.JSX.Element {
  const text = props.texts.join(',');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={props.id}
        readOnly
        value={text}
        placeholder={props.placeholder}
        disabled={props.disabled}
        onClick={() => !props.disabled && props.onOpen()}
        suffix={
          text && !props.disabled ? (
            <CloseCircleFilled
              aria-label="清空"
              style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
              onClick={(e) => {
                e.stopPropagation();
                props.onClear();
              }}
            />
          ) : (
            <span />
          )
        }
      />
      <Button icon={<SearchOutlined />} disabled={props.disabled} onClick={props.onOpen} aria-label="选择" />
    </Space.Compact>
  );
}
