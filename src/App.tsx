import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { createAppRouter } from './router';
import { prefs } from './shell/prefs';
import { appConfig } from './theme';

export function App(): React.JSX.Element {
  // One router per page life; logout reloads the page to drop the menu routes it added.
  const [router] = useState(createAppRouter);
  const { primaryColor } = useSnapshot(prefs);
  const config = useMemo(() => appConfig(primaryColor), [primaryColor]);
  return (
    <ConfigProvider locale={zhCN} {...config}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
