import { useEffect, useState } from 'react';
import { headerVisibleAfterScroll } from '../shell/header-scroll';

/** Scroll positions are compared 100 ms apart (spec section 9: scroll debounce 100 ms). */
const SCROLL_DEBOUNCE_MS = 100;

/** Whether the header shows: always, unless auto-hide is on and the user scrolls down the page. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!enabled) return undefined;
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const top = window.scrollY;
        setVisible((shown) => headerVisibleAfterScroll(last, top, shown));
        last = top;
      }, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  return enabled ? visible : true;
}
