import { PASSWORD_WARN_DAYS } from '../config';

export const PasswordDialogText = {
  titleInitial: '修改初始密码',
  title: '修改密码',
  expired: '*密码已过期，修改密码后可使用!',
  /** A password nobody but the administrator who set it ever changed: not "expired", just not yours yet. */
  initial: '*首次登录，请设置您的个人密码!',
  expiresIn: (days: number) => `*密码有效时间剩余${days}天，请尽快修改密码！`,
  noUser: '当前系统无登录用户!',
} as const;

export interface PasswordDialogState {
  title: string;
  /** Forced: no close button, no mask or Esc close, no cancel. */
  forced: boolean;
  /** The red line above the form, or null. */
  warning: string | null;
  /** Whether the shell opens the dialog by itself after sign-in. */
  openOnStart: boolean;
}

/**
 * The change-password dialog for a user whose password has `expire` days left (from
 * getUserInfoByUserName; 0 when never changed) and who last changed it at `modifyTime` (spec section 4).
 * The expiry lines are about a password the user chose; a never-changed one asks for a personal one.
 */
export function passwordDialogState(
  expire: number | null,
  modifyTime: string | null | undefined,
): PasswordDialogState {
  const neverChanged = !modifyTime;
  const expired = expire !== null && expire <= 0;
  let warning: string | null = null;
  if (neverChanged) warning = PasswordDialogText.initial;
  else if (expired) warning = PasswordDialogText.expired;
  else if (expire !== null && expire <= PASSWORD_WARN_DAYS) warning = PasswordDialogText.expiresIn(expire);
  const forced = expired || neverChanged;
  return {
    title: neverChanged ? PasswordDialogText.titleInitial : PasswordDialogText.title,
    forced,
    warning,
    openOnStart: forced || (expire !== null && expire <= PASSWORD_WARN_DAYS),
  };
}
