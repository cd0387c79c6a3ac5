import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha } from '../../src/session/api';

export interface Captcha {
  /** The client timestamp the image was requested with; sent back as checkKey. */
  checkKey: string;
  image: string;
  failed: boolean;
  refresh: () => void;
}

/** A captcha image keyed by the request time (api-contract section 2); refresh gets a new one. */
export function useCaptcha(): Captcha {
  const [state, setState] = useState({ checkKey: '', image: '', failed: false });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const checkKey = String(Date.now());
    fetchCaptcha(checkKey)
      .then((res) => {
        if (cancelled) return;
        const ok = res.success && typeof res.result === 'string' && res.result.startsWith('data:image/');
        setState({ checkKey, image: ok ? res.result : '', failed: !ok });
      })
      .catch(() => {
        if (!cancelled) setState({ checkKey, image: '', failed: true });
      });
    return () => {
      cancelled = true;
    };
  }, [version]);

  const refresh = useCallback(() => setVersion((value) => value + 1), []);
  return { ...state, refresh };
}
