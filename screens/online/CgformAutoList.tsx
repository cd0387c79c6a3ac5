/**
 * 在线表单列表 (`/online/cgformList/<code>`): the declared screen the path names, file or designed
 * (docs/modules/online-forms.md), inside the app's runtime.
 */
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DeclaredScreen, type Runtime } from '../../runtime/render';
import type { ScreenProps } from '../../src/router/components';
import { appRuntime } from '../../src/router/runtime';

export default function CgformAutoList(props: ScreenProps): React.JSX.Element {
  const { pathname } = useLocation();
  const code = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  useEffect(() => {
    void appRuntime().then(setRuntime);
  }, []);
  if (!runtime) return <Spin style={{ display: 'block', padding: 48 }} />;
  // The menu title of the hidden route is generic; the declaration's own title names the screen.
  return (
    <DeclaredScreen
      key={code}
      runtime={runtime}
      entity={code}
      title={props.title === '在线表单列表' ? undefined : props.title}
    />
  );
}
