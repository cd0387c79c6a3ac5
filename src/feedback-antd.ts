import { message, notification } from 'antd';
import './antd-static';

// Below the 56px header so notices never cover the user menu or the 退出登录 action.
notification.config({ top: 68 });

export { message, notification };
