import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '../config';

/**
 * Device types of spec section 2. Width decides first: up to 768px is a phone (mobile when portrait,
 * mobile-l when landscape). Above 768px a mouse-driven screen is a desktop; a touch-only screen
 * (coarse pointer, no hover) is a tablet, tablet-l when landscape, whatever its width.
 */
export type DeviceType = 'desktop' | 'tablet' | 'tablet-l' | 'mobile' | 'mobile-l';

export interface Viewport {
  width: number;
  height: number;
  /** The primary pointer is a finger: `(pointer: coarse)`. */
  coarse: boolean;
}

export function detectDevice({ width, height, coarse }: Viewport): DeviceType {
  const landscape = width > height;
  if (width <= MOBILE_MAX_WIDTH) return landscape ? 'mobile-l' : 'mobile';
  if (coarse) return landscape ? 'tablet-l' : 'tablet';
  return 'desktop';
}

/** Phones get the mobile shell: menu in a drawer, one page at a time. */
export function isMobileDevice(device: DeviceType): boolean {
  return device === 'mobile' || device === 'mobile-l';
}

/** Desktops open the side menu; tablets and phones start with it collapsed. */
export function sidebarOpenFor(device: DeviceType): boolean {
  return device === 'desktop';
}

function currentDevice(): DeviceType {
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return detectDevice({ width: window.innerWidth, height: window.innerHeight, coarse });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** The current device type; components re-render only when the type changes, not on every resize. */
export function useDevice(): DeviceType {
  return useSyncExternalStore(subscribe, currentDevice, () => 'desktop');
}
