import { Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { DEPART_DIALOG_WIDTH } from '../config';
import { feedback } from '../feedback';
import { createClickGate, throttleClick } from '../http/throttle';
import { session, updateUserInfo } from '../session/store';
import { selectDepart, type Depart } from '../shell/api';
import './dialogs.css';

interface Props {
  departs: readonly Depart[];
  /** The user's current department (orgCode), preselected. */
  current: string | null;
  onClose: () => void;
}

/** 切换部门 (450px): picks the department the session works in; no choice marks the field in error. */
export default function DepartDialog({ departs, current, onClose }: Props): React.JSX.Element {
  const { username } = useSnapshot(session);
  const [orgCode, setOrgCode] = useState<string | undefined>(current ?? undefined);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const gate = useMemo(() => createClickGate(), []);

  const save = async () => {
    if (!orgCode) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const res = await selectDepart(orgCode, username);
      if (!res.success || !res.result?.userInfo) {
        feedback().message.warning(res.message);
        return;
      }
      updateUserInfo(res.result.userInfo);
      feedback().message.success(res.message);
      onClose();
    } catch {
      // Shown by the error catalogue.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="切换部门"
      width={DEPART_DIALOG_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={throttleClick(() => void save(), gate)}
      onCancel={onClose}
    >
      <Form layout="vertical" className="depart-dialog__form">
        <Form.Item
          label="部门"
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? '请选择部门' : undefined}
        >
          <Select
            allowClear
            placeholder="请选择登录部门"
            value={orgCode}
            options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            onChange={(value?: string) => {
              setOrgCode(value);
              setMissing(!value);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
