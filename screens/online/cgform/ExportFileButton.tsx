/**
 * 导出为文件: downloads the saved current version of a designed declaration as `<name>.json`, the
 * file a developer puts in `schemas/` (the server writes it: meta-schema hint, keys in order, the
 * menu row as `menu`, checked like a file). Unsaved edits are not in it: save first.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useRuntime } from '../../../runtime/render';

interface ExportedFile {
  fileName: string;
  content: string;
}

export default function ExportFileButton({ id, dirty }: { id: string; dirty: boolean }): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const download = async () => {
    const res = await http.get<ExportedFile>('/online/cgform/head/exportFile', { id });
    if (!res.success || !res.result) return feedback.message('error', res.message);
    const blob = new Blob([res.result.content], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = res.result.fileName;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Tooltip
      title={dirty ? '导出的是已保存的当前版本，未保存的修改不在其中' : '下载为 schemas/ 下的声明文件'}
    >
      <Button icon={<DownloadOutlined />} onClick={() => void download()}>
        导出为文件
      </Button>
    </Tooltip>
  );
}
