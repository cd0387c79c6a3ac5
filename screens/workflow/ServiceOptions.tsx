/**
 * A service task in the modeler's panel (docs/modules/workflow.md, "Slice 5"): 服务处理器, a choice
 * among the handlers the server registered (GET /workflow/definition/handlers), and its argument
 * when the handler takes one. Writes `zh:handler` / `zh:handlerArg`; the server refuses any other name.
 */
import { Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { BusinessObject } from './bpmn/services';

interface Handler {
  name: string;
  label: string;
  argLabel: string | null;
}

export function ServiceOptions({
  bo,
  update,
}: {
  bo: BusinessObject;
  update(props: Record<string, unknown>): void;
}): React.JSX.Element {
  const { http } = useRuntime();
  const [handlers, setHandlers] = useState<Handler[]>([]);
  const handler = (bo.get('zh:handler') as string | undefined) ?? '';
  const arg = (bo.get('zh:handlerArg') as string | undefined) ?? '';
  useEffect(() => {
    void http.get<Handler[]>('/workflow/definition/handlers').then((res) => {
      if (res.success) setHandlers(res.result);
    });
  }, [http]);
  const chosen = handlers.find((h) => h.name === handler);
  return (
    <>
      <Form.Item label="服务处理器" required extra="流程到达此节点时由系统自动执行">
        <Select
          aria-label="服务处理器"
          placeholder="请选择服务处理器"
          value={handler || undefined}
          options={handlers.map((h) => ({ value: h.name, label: h.label }))}
          onChange={(name: string) => update({ 'zh:handler': name, 'zh:handlerArg': undefined })}
        />
      </Form.Item>
      {chosen?.argLabel && (
        <Form.Item label={chosen.argLabel}>
          <Input
            aria-label={chosen.argLabel}
            defaultValue={arg}
            onBlur={(e) => {
              const next = e.target.value.trim();
              if (next !== arg) update({ 'zh:handlerArg': next || undefined });
            }}
          />
        </Form.Item>
      )}
    </>
  );
}
