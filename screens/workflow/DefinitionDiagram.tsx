/** 流程图 of a deployed version (流程部署): the XML as deployed, read-only, without marks. */
import { Alert, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { DiagramView } from './DiagramView';

interface Deployed {
  xml: string;
  name: string;
  version: number;
  processKey: string;
}

export default function DefinitionDiagram({ row }: PanelProps): React.JSX.Element {
  const { http } = useRuntime();
  const [data, setData] = useState<Deployed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void http.get<Deployed>('/workflow/definition/xml', { id: String(row?.id ?? '') }).then((res) => {
      if (res.success) setData(res.result);
      else setProblem(res.message);
    });
  }, [http, row]);
  if (problem) return <Alert type="warning" showIcon title={problem} />;
  if (!data) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{`${data.name}（${data.processKey}）版本 ${data.version}：已部署的版本不可修改，新的修改请在流程模型中设计后重新部署。`}</Typography.Paragraph>
      <DiagramView xml={data.xml} height={460} />
    </>
  );
}
