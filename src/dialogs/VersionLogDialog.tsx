import { Button, Empty, Modal, Spin, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { fetchVersions, type VersionEntry } from '../shell/api';
import './dialogs.css';

export const NO_VERSIONS = '暂无版本信息';

/** 版本日志: the releases, newest first (one page of 200). */
export default function VersionLogDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [versions, setVersions] = useState<VersionEntry[] | null>(null);
  useEffect(() => {
    let active = true;
    fetchVersions()
      .then((res) => active && setVersions(res.success && Array.isArray(res.result) ? res.result : []))
      .catch(() => active && setVersions([]));
    return () => {
      active = false;
    };
  }, []);

  return (
    <Modal
      open
      title="版本日志"
      width={640}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      <div className="version-log">
        {versions === null && <Spin className="version-log__loading" />}
        {versions?.length === 0 && <Empty description={NO_VERSIONS} />}
        {versions && versions.length > 0 && (
          <Timeline
            items={versions.map((v) => ({
              key: v.id ?? v.versionNumber,
              content: (
                <div className="version-log__entry">
                  <div className="version-log__head">
                    <strong>{v.versionNumber}</strong>
                    <span>{v.versionTime}</span>
                  </div>
                  <p>{v.remarks}</p>
                </div>
              ),
            }))}
          />
        )}
      </div>
    </Modal>
  );
}
