/**
 * A field's 校验: a built-in code (手机号码, 邮箱, ...) or a regular expression, with a live tester:
 * the admin types a sample value and sees at once whether it passes and the message a user would get.
 */
import { AutoComplete, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { FORMAT_RULES } from '../../../runtime/model/validation/formats';
import { testPattern } from './pattern-test';

const OPTIONS = FORMAT_RULES.filter((r) => r.code !== '*').map((r) => ({
  value: r.code,
  label: `${r.code}（${r.title}）`,
}));

export function PatternField({
  value,
  onChange,
  label,
  message,
}: {
  value: string | undefined;
  onChange(value: string | undefined): void;
  label: string;
  /** The field's own message (校验提示), shown by the tester instead of the built-in one. */
  message?: string;
}): React.JSX.Element {
  const [sample, setSample] = useState('');
  const pattern = value ?? '';
  const verdict = pattern ? testPattern(pattern, sample, message) : null;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <AutoComplete
        aria-label={label}
        value={pattern}
        options={OPTIONS}
        placeholder="内置编码（如 m、e）或正则表达式"
        filterOption={(input, option) => String(option?.label ?? '').includes(input)}
        onChange={(v: string) => onChange(v || undefined)}
        style={{ width: '100%' }}
      />
      {pattern && (
        <Space size={8}>
          <Input
            size="small"
            aria-label={`${label}测试值`}
            placeholder="测试值"
            value={sample}
            onChange={(e) => setSample(e.target.value)}
            style={{ width: 180 }}
          />
          <Typography.Text type={verdict?.ok ? 'success' : 'danger'} aria-label={`${label}测试结果`}>
            {verdict?.text}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}
