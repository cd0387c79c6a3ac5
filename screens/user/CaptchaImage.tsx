import type { Captcha } from './useCaptcha';

/** The captcha picture beside its input; a click asks for a new one. */
export function CaptchaImage({ captcha }: { captcha: Captcha }): React.JSX.Element {
  return (
    <button
      type="button"
      className="user-form__captcha"
      onClick={captcha.refresh}
      title="看不清？点击刷新"
      aria-label="验证码图片，点击刷新"
    >
      {captcha.image ? (
        <img src={captcha.image} alt="验证码" />
      ) : (
        <span>{captcha.failed ? '点击刷新' : '加载中'}</span>
      )}
    </button>
  );
}
