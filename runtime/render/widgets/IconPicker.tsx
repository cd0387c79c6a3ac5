/**
 * `"widget": "icon"`: an @ant-design/icons name (HomeOutlined, StarFilled ...), chosen from a
 * searchable grid of every icon in a dialog; the field stores the name, which is what the side
 * menu reads. The icon set loads when the dialog opens, or when the field already holds a name to
 * preview, never with the form itself.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import type { WidgetProps } from '../types';
import { IconGrid } from './IconGrid';
import { isIconName, loadIconCatalog } from './icon-catalog';

export const ICON_PICKER_WIDTH = 860;

/** The icon component of a name, once the catalogue is there (null before, or for no icon). */
function usePreview(name: string): ComponentType | null {
  const [icon, setIcon] = useState<{ name: string; component: ComponentType | null } | null>(null);
  useEffect(() => {
    if (!isIconName(name)) return undefined;
    let live = true;
    void loadIconCatalog()
      .then((catalog) => live && setIcon({ name, component: catalog.get(name) ?? null }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [name]);
  return icon?.name === name ? icon.component : null;
}

export default function IconPicker(props: WidgetProps): React.JSX.Element {
  const value = typeof props.value === 'string' ? props.value : '';
  const [open, setOpen] = useState(false);
  const Preview = usePreview(value);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={props.id}
          readOnly
          value={value}
          disabled={props.disabled}
          placeholder={props.placeholder ?? '请选择图标'}
          prefix={Preview ? <Preview /> : <span style={{ width: 14 }} />}
          onClick={() => !props.disabled && setOpen(true)}
        />
        <Button icon={<AppstoreOutlined />} disabled={props.disabled} onClick={() => setOpen(true)}>
          选择图标
        </Button>
        {value !== '' && !props.disabled && <Button onClick={() => props.onChange?.('')}>清除</Button>}
      </Space.Compact>
      {open && (
        <Modal
          open
          title="选择图标"
          width={ICON_PICKER_WIDTH}
          footer={null}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <IconGrid
            value={value}
            pickHint="点击选择"
            onPick={(name) => {
              props.onChange?.(name);
              setOpen(false);
            }}
          />
        </Modal>
      )}
    </>
  );
}
