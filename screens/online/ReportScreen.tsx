/**
 * A report opened from the menu (`/online/cgreport/<id or code>`): the engine's report view for
 * the report the path names, inside the app's runtime.
 */
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { RuntimeContext, type Runtime } from '../../runtime/render';
import { ReportView } from '../../runtime/render/report/ReportView';
import type { ScreenProps } from '../../src/router/components';
import { appRuntime } from '../../src/router/runtime';

export default function ReportScreen(_props: ScreenProps): React.JSX.Element {
  const { pathname } = useLocation();
  const key = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  useEffect(() => {
    void appRuntime().then(setRuntime);
  }, []);
  if (!runtime) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <RuntimeContext.Provider value={runtime}>
      <ReportView key={key} reportKey={key} />
    </RuntimeContext.Provider>
  );
}
