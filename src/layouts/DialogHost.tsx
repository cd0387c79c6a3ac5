import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { dialogs } from '../shell/dialogs';

// Each dialog is its own chunk, fetched the first time it opens.
const PasswordDialog = lazy(() => import('../dialogs/PasswordDialog'));
const DepartDialog = lazy(() => import('../dialogs/DepartDialog'));
const VersionLogDialog = lazy(() => import('../dialogs/VersionLogDialog'));
const WechatDialog = lazy(() => import('../dialogs/WechatDialog'));
const SettingDrawer = lazy(() => import('../dialogs/SettingDrawer'));

/** Renders whichever shell dialog the dialogs store marks open. */
export function DialogHost(): React.JSX.Element {
  const open = useSnapshot(dialogs);
  return (
    <Suspense fallback={null}>
      {open.password && (
        <PasswordDialog expire={open.password.expire} onClose={() => (dialogs.password = null)} />
      )}
      {open.depart && (
        <DepartDialog
          departs={open.depart.list}
          current={open.depart.orgCode}
          onClose={() => (dialogs.depart = null)}
        />
      )}
      {open.versions && <VersionLogDialog onClose={() => (dialogs.versions = false)} />}
      {open.wechat && <WechatDialog onClose={() => (dialogs.wechat = false)} />}
      {open.settings && <SettingDrawer onClose={() => (dialogs.settings = false)} />}
    </Suspense>
  );
}
