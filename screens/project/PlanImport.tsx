/**
 * 导入任务 (a panel of 全部计划, `actions[].panel` planImport): the plan's tasks from an .xlsx sheet
 * through `POST /plan/planTask/importTasks` with the plan named (foreignKeys), for the project's
 * manager and editors (the server decides: a member or an outsider is told so). All or nothing: a
 * refused sheet names its rows, and when rows failed (code 201) their error workbook downloads.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { saveBlob, uploadFiles, type ImportReport } from '../../runtime/render/data/files';
import { useRuntime, type PanelProps } from '../../runtime/render';

export const PlanImportText = {
  intro: '按列标题导入本计划的任务：任务名称、上级任务、前置任务、开始日期、结束日期、进度(%)、负责人等。',
  rule: '整表校验：任一行有误则不导入任何数据，可下载错误数据修改后重新导入。',
  pick: '选择 Excel 文件并导入',
  download: '下载错误数据',
  url: '/plan/planTask/importTasks',
} as const;

export default function PlanImport({ row, refresh }: PanelProps): React.JSX.Element {
  const { http, data, feedback } = useRuntime();
  const planId = String(row?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; report: ImportReport | null } | null>(null);

  const upload = async (file: File) => {
    setBusy(true);
    setRefused(null);
    try {
      const answer = await uploadFiles(http, PlanImportText.url, [file], {
        foreignKeys: JSON.stringify({ planId }),
      });
      if (answer.success) {
        feedback.message('success', answer.message);
        await refresh();
      } else setRefused({ message: answer.message, report: answer.code === 201 ? answer.result : null });
    } finally {
      setBusy(false);
    }
  };
  const download = async (report: ImportReport) => {
    if (!report.fileUrl) return;
    const file = await data.download(report.fileUrl);
    if (file.ok) saveBlob(file.blob, report.fileName ?? '导入错误数据.xlsx');
    else feedback.message('warning', file.message);
  };
  return (
    <div className="zj-plan-import">
      <Typography.Title level={5}>{String(row?.planName ?? '')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {PlanImportText.intro}
        <br />
        {PlanImportText.rule}
      </Typography.Paragraph>
      <Upload
        accept=".xlsx,.xls"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={busy}>
          {PlanImportText.pick}
        </Button>
      </Upload>
      {refused && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title={refused.message}
          action={
            refused.report?.fileUrl ? (
              <Space>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => refused.report && void download(refused.report)}
                >
                  {PlanImportText.download}
                </Button>
              </Space>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
