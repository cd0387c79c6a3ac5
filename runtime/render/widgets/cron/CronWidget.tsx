/**
 * `"widget": "cron"`: a Quartz schedule expression (seconds to year). The field keeps the text; the
 * button opens the editor (CronModal). `widgetOptions.timeZone` sets the preview's zone (default
 * the browser's). The model (parse, format, next times) is runtime/model/cron, shared with the server.
 */
import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import type { WidgetProps } from '../../types';
import { CronModal } from './CronModal';
import './cron.css';

export default function CronWidget(props: WidgetProps): React.JSX.Element {
  const value = typeof props.value === 'string' ? props.value : '';
  const [open, setOpen] = useState(false);
  const tz = props.field.widgetOptions?.timeZone;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={props.id}
          value={value}
          disabled={props.disabled}
          placeholder={props.placeholder ?? '请输入或选择Cron表达式，如 0 0 9 * * ?'}
          onChange={(e) => props.onChange?.(e.target.value)}
        />
        <Button icon={<ClockCircleOutlined />} disabled={props.disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      {open && (
        <CronModal
          value={value}
          tz={typeof tz === 'string' ? tz : undefined}
          onCancel={() => setOpen(false)}
          onOk={(text) => {
            props.onChange?.(text);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
