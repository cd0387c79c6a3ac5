import { useCallback, useEffect, useState } from 'react';
import { session, updateUserInfo } from '../session/store';
import { qrImageUrl } from '../shell/qr';
import { fetchWechatBindLink, fetchWechatStatus, qrLifetimeMs, wechatIntegration } from '../shell/wechat';

/** How often the open QR code asks whether the phone finished the binding. */
const BOUND_POLL_MS = 3_000;
const LOAD_FAILED = '获取二维码失败，请稍后再试';

export type BindingCode =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; image: string; expired: boolean; renew: () => void };

type Loaded = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'ready'; image: string };

/**
 * The signed-in user's binding link as a QR image. While it works, the hook asks every 3 s whether the
 * phone completed the binding and then stores the new openId (the dialog turns to its success state);
 * once it expired it stops asking until `renew` fetches a new link.
 */
export function useBindingCode(): BindingCode {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [expired, setExpired] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const openIdBefore = session.userInfo?.openId ?? null;

    const checkBound = async () => {
      const status = await fetchWechatStatus().catch(() => null);
      const openId = status?.success ? status.result.openId : null;
      if (live && openId && openId !== openIdBefore) updateUserInfo({ openId });
    };

    const load = async () => {
      const res = await fetchWechatBindLink().catch(() => null);
      if (!live) return;
      if (!res) return setLoaded({ kind: 'refused', message: LOAD_FAILED });
      if (!res.success) {
        // The server has no WeChat settings: the user menu says so from now on.
        wechatIntegration.configured = false;
        return setLoaded({ kind: 'refused', message: res.message });
      }
      const image = await qrImageUrl(res.result.url);
      if (!live) return;
      setLoaded({ kind: 'ready', image });
      poll = setInterval(() => void checkBound(), BOUND_POLL_MS);
      expiry = setTimeout(() => {
        clearInterval(poll);
        setExpired(true);
      }, qrLifetimeMs(res.result.expiresIn));
    };
    void load();
    return () => {
      live = false;
      clearTimeout(expiry);
      clearInterval(poll);
    };
  }, [round]);

  const renew = useCallback(() => {
    setLoaded({ kind: 'loading' });
    setExpired(false);
    setRound((n) => n + 1);
  }, []);

  return loaded.kind === 'ready' ? { ...loaded, expired, renew } : loaded;
}
