import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationText, signIn, STAFF_PASSWORD, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('phone sign-in', () => {
  it('signs in with the SMS code sent to the phone', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill('13800000006');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await h.smsCode('13800000006');
    await page.getByPlaceholder('请输入验证码').last().fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/HomePage/index');
    await page.getByText(/杨强，欢迎使用智慧接待平台/).waitFor();
  });

  it('a wrong SMS code shows the server message', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('请输入手机号').fill('13800000007');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await h.smsCode('13800000007');
    await page
      .getByPlaceholder('请输入验证码')
      .last()
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    expect(await notificationText(page)).toContain('手机验证码错误');
  });
});

describe('registration', () => {
  it('checks the password rule and the confirmation', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/register`);
    await page.getByPlaceholder('至少8位，含大小写字母、数字和特殊符号').fill('abc12345');
    await page.getByPlaceholder('请确认密码').fill('abc');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
    await page.getByText('两次输入的密码不一样！').waitFor();
    await page.getByText('请输入用户名').waitFor();
  });

  it('says when the user name is taken', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/register`);
    await page.getByPlaceholder('请输入用户名').fill('zhangwei');
    await page.getByPlaceholder('请输入用户名').blur();
    await page.getByText('用户账号已存在').waitFor();
  });

  it('registers a new account, shows the result page, and the account can sign in', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/register`);
    await page.getByPlaceholder('请输入用户名').fill('newcomer01');
    await page.getByPlaceholder('至少8位，含大小写字母、数字和特殊符号').fill('Newcomer@2025');
    await page.getByPlaceholder('请确认密码').fill('Newcomer@2025');
    await page.getByPlaceholder('请输入手机号').fill('13912345678');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await h.smsCode('13912345678'));
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user/register-result');
    await page.getByText('你的账户：newcomer01 注册成功').waitFor();
    await page.getByRole('button', { name: '使用新账户登录' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await signIn(page, h.baseUrl, { username: 'newcomer01', password: 'Newcomer@2025' });
    expect(new URL(page.url()).pathname).toBe('/HomePage/index');
  });
});

describe('password recovery (alteration)', () => {
  it('walks 确认账号 → 验证 → 设置新密码 → 完成, and the new password works', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/alteration`);
    await page.getByText('确认账号').waitFor();
    await page.getByPlaceholder('请输入绑定的手机号').fill('13800000008');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await h.smsCode('13800000008'));
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('huangmin', { exact: true }).waitFor();
    await page.getByText('138****0008').waitFor();
    await page.getByRole('button', { name: '确认并继续' }).click();
    await page.getByPlaceholder('请输入新密码').fill('weak');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
    await page.getByPlaceholder('请输入新密码').fill('Recovered@2025');
    await page.getByPlaceholder('请确认新密码').fill('Recovered@2025');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('密码修改成功').waitFor();
    await page.getByRole('button', { name: '返回登录' }).click();
    await signIn(page, h.baseUrl, { username: 'huangmin', password: 'Recovered@2025' });
    expect(new URL(page.url()).pathname).toBe('/HomePage/index');
  });

  it('the old password no longer works', async () => {
    const page = await h.newPage();
    await page.goto(`${h.baseUrl}/user/login`);
    await page.getByPlaceholder('请输入用户名').fill('huangmin');
    await page.getByPlaceholder('请输入密码').fill(STAFF_PASSWORD);
    await page.locator('.user-form__captcha img').waitFor();
    await page.getByPlaceholder('请输入验证码').first().fill('8888');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    expect(await notificationText(page)).toContain('用户名或密码错误');
  });
});
