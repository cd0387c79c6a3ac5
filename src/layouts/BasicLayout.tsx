import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { checkPasswordExpiry } from '../shell/account-actions';
import { isMobileDevice, useDevice } from '../shell/device';
import { prefs } from '../shell/prefs';
import { DialogHost } from './DialogHost';
import { GlobalLayout } from './GlobalLayout';
import { PageView } from './PageView';
import { TabLayout } from './TabLayout';
import '../shell/locale';
import '../styles/shell.css';

/**
 * The signed-in shell, loaded only after the guard let a signed-in user through. Multipage tabs on
 * desktops and tablets when the preference is on; phones and multipage-off show one page at a time.
 */
export default function BasicLayout(): React.JSX.Element {
  const device = useDevice();
  const { multipage } = useSnapshot(prefs);
  const single = isMobileDevice(device) || !multipage;

  useEffect(() => {
    // An expired, soon-expiring or never-changed password opens the change dialog by itself.
    void checkPasswordExpiry();
  }, []);

  return (
    <>
      <GlobalLayout device={device}>{single ? <PageView /> : <TabLayout />}</GlobalLayout>
      <DialogHost />
    </>
  );
}
