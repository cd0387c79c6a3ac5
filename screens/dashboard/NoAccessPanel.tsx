/**
 * The workbench of a user who may see nothing yet (no role, or roles that grant no page): instead of
 * figures at 0 and empty lists, it says what is going on and what to do. Plain elements styled like
 * the other panels: this is the first screen such a user loads.
 */
import { Button, Empty } from 'antd';
import { LockOutlined } from '@ant-design/icons';

export const NoAccessText = {
  title: '您还没有可用的功能',
  body: '您的账号已登录，但还没有分配角色或菜单权限，所以暂时看不到任何业务数据。',
  todo: '请联系管理员为您分配角色，分配后点击“刷新”即可使用。',
  refresh: '刷新',
} as const;

export function NoAccessPanel(): React.JSX.Element {
  return (
    <section className="workbench-panel workbench-no-access" role="status">
      <Empty
        image={<LockOutlined className="workbench-no-access__icon" />}
        description={
          <>
            <span className="workbench-no-access__title">{NoAccessText.title}</span>
            <span className="workbench-no-access__text">{NoAccessText.body}</span>
            <span className="workbench-no-access__text">{NoAccessText.todo}</span>
          </>
        }
      >
        {/* A reload asks the server for the menu again (it is read once per page load). */}
        <Button type="primary" onClick={() => window.location.reload()}>
          {NoAccessText.refresh}
        </Button>
      </Empty>
    </section>
  );
}
