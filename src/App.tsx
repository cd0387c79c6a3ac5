import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { createAppRouter } from './router';
import { setAppNavigate } from './router/navigation';
import { prefs } from './shell/prefs';
import { appConfig } from './theme';

export function App(): React.JSX.Element {
  // One router per page life; logout reloads the page to drop the menu routes it added.
  const [router] = useState(createAppRouter);
  useEffect(() => {
    setAppNavigate((path) => void router.navigate(path));
    return () => setAppNavigate(null);
  }, [router]);
  const { primaryColor } = useSnapshot(prefs);
  const config = useMemo(() => appConfig(primaryColor), [primaryColor]);
  return (
    <ConfigProvider locale={zhCN} {...config}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
