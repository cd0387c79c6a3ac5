import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { prefs } from './shell/prefs';
import { appConfig } from './theme';

// Static message / notification / Modal calls render outside the React tree; holderRender gives them
// the app's theme (the current primary colour) and the zh_CN locale. Imported by the lazy chunks that
// use those statics, so the first paint does not pay for it.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} {...appConfig(prefs.primaryColor)}>
      {children}
    </ConfigProvider>
  ),
});
