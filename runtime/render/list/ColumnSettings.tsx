/** The 列设置 popover: a checkbox per column; unchecked columns are hidden and remembered per route. */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import type { FieldModel } from '../../model/declaration/model';

export interface ColumnSettingsProps {
  columns: readonly FieldModel[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
}

export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps): React.JSX.Element {
  const shown = columns.filter((c) => !hidden.includes(c.name)).map((c) => c.name);
  const content = (
    <div className="zj-column-settings" style={{ minWidth: 160 }}>
      <Checkbox.Group
        value={shown}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={columns.map((c) => ({
          value: c.name,
          label: c.title,
          // The last shown column stays: a table without columns could not be set back.
          disabled: shown.length === 1 && shown[0] === c.name,
        }))}
        onChange={(names) => onChange(columns.map((c) => c.name).filter((n) => !names.includes(n)))}
      />
      <div style={{ marginTop: 12, borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange([])}>
          重置
        </Button>
      </div>
    </div>
  );
  return (
    <Popover title="列设置" trigger="click" placement="bottomRight" content={content}>
      <Tooltip title="列设置">
        <Button aria-label="列设置" icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}
