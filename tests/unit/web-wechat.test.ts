import { toString } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_OPTIONS, qrImageUrl } from '../../src/shell/qr';
import { qrLifetimeMs, wechatMenuEntry } from '../../src/shell/wechat';

describe('绑定微信 in the user menu (spec 000 section 4)', () => {
  it('a bound account (openId set) reads 微信已绑定 and opens its binding, configured or not', () => {
    for (const configured of [true, false, null]) {
      expect(wechatMenuEntry('oAbc', configured)).toEqual({
        label: '微信已绑定',
        disabled: false,
        hint: null,
      });
    }
  });

  it('unbound with the integration configured: 绑定微信, which opens the QR code', () => {
    expect(wechatMenuEntry(null, true)).toEqual({ label: '绑定微信', disabled: false, hint: null });
  });

  it('unbound without the integration: disabled, and the tooltip says why', () => {
    expect(wechatMenuEntry(undefined, false)).toEqual({
      label: '绑定微信（未配置）',
      disabled: true,
      hint: '系统未配置微信集成，暂时无法绑定微信，请联系系统管理员',
    });
  });

  it('before the server answered (or when it could not), the entry stays usable', () => {
    expect(wechatMenuEntry('', null)).toEqual({ label: '绑定微信', disabled: false, hint: null });
  });
});

describe('the binding QR code', () => {
  it('is the SVG of the link as a data: image (allowed by the CSP)', async () => {
    const link = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&state=ab#wechat_redirect';
    const url = await qrImageUrl(link);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(await toString(link, QR_OPTIONS));
  });

  it('is shown as expired a little before the server stops accepting it', () => {
    expect(qrLifetimeMs(300)).toBe(295_000);
    expect(qrLifetimeMs(2)).toBe(0);
  });
});
