import { describe, expect, it } from 'vitest';
import {
  AccountMessages,
  checkChosenPassword,
  checkConfirmPassword,
  checkMobile,
  checkNewPassword,
  checkOldPassword,
  checkUsername,
  isStrongPassword,
  PasswordMessages,
  STRONG_PASSWORD_PATTERN,
  validatePasswordChange,
} from '../../runtime/model/validation/password.js';

describe('password strength', () => {
  it.each(['Abcdef1!', 'Staff@123456', 'Admin@123456', 'xY9~xxxx', 'P4ss-word', 'a B1cdef#', 'Ünïcode1aA.'])(
    'accepts %s',
    (pw) => expect(isStrongPassword(pw)).toBe(true),
  );

  it.each([
    ['', 'empty'],
    ['Ab1!xyz', '7 characters'],
    ['abcdef1!', 'no uppercase'],
    ['ABCDEF1!', 'no lowercase'],
    ['Abcdefg!', 'no digit'],
    ['Abcdefg1', 'no special symbol'],
    ['Abcdef1 ', 'a space is not a special symbol'],
    ['Abcdef1中', 'a non-ASCII letter is not a special symbol'],
  ])('refuses %j (%s)', (pw) => expect(isStrongPassword(pw)).toBe(false));

  it('the password format code answers as isStrongPassword does', () => {
    const samples = [
      '',
      'Ab1!xyz',
      'abcdef1!',
      'Abcdefg1',
      'Abcdef1 ',
      'Abcdef1中',
      'Staff@123456',
      'a B1cdef#',
    ];
    for (const ch of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ ') samples.push(`Abcdef1${ch}`);
    for (const pw of samples) expect(STRONG_PASSWORD_PATTERN.test(pw), pw).toBe(isStrongPassword(pw));
  });

  it('every ASCII punctuation mark counts as special', () => {
    for (const ch of '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')
      expect(isStrongPassword(`Abcdef1${ch}`), ch).toBe(true);
  });
});

describe('change-password fields', () => {
  it('old password: required', () => {
    expect(checkOldPassword('')).toBe('请输入旧密码!');
    expect(checkOldPassword(undefined)).toBe('请输入旧密码!');
    expect(checkOldPassword(null)).toBe('请输入旧密码!');
    expect(checkOldPassword('anything')).toBeNull();
  });

  it('new password: required, strong, different from the old one', () => {
    expect(checkNewPassword('')).toBe('请输入新密码!');
    expect(checkNewPassword(undefined)).toBe('请输入新密码!');
    expect(checkNewPassword('weakpass')).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    expect(checkNewPassword('Strong@123', 'Strong@123')).toBe('旧密码不能与新密码一致！');
    expect(checkNewPassword('Strong@123', 'Other@1234')).toBeNull();
    expect(checkNewPassword('Strong@123')).toBeNull();
  });

  it('confirmation: required and equal to the new password', () => {
    expect(checkConfirmPassword('', 'Strong@123')).toBe('请确认新密码!');
    expect(checkConfirmPassword('Strong@124', 'Strong@123')).toBe('两次输入的密码不一样！');
    expect(checkConfirmPassword('Strong@123', 'Strong@123')).toBeNull();
  });

  it("the messages are the spec's, character for character", () => {
    expect(PasswordMessages).toEqual({
      oldRequired: '请输入旧密码!',
      newRequired: '请输入新密码!',
      strength: '密码由8位数字、大小写字母和特殊符号组成!',
      confirmRequired: '请确认新密码!',
      mismatch: '两次输入的密码不一样！',
      sameAsOld: '旧密码不能与新密码一致！',
    });
  });
});

describe('validatePasswordChange', () => {
  const good = { oldpassword: 'Old@12345', password: 'New@12345', confirmpassword: 'New@12345' };

  it('passes a valid change', () => {
    expect(validatePasswordChange(good)).toBeNull();
  });

  it('reports the first failing field in form order', () => {
    expect(validatePasswordChange({})).toEqual({ field: 'oldpassword', message: '请输入旧密码!' });
    expect(validatePasswordChange({ oldpassword: 'x' })).toEqual({
      field: 'password',
      message: '请输入新密码!',
    });
    expect(validatePasswordChange({ ...good, password: 'short', confirmpassword: '' })).toEqual({
      field: 'password',
      message: '密码由8位数字、大小写字母和特殊符号组成!',
    });
    expect(
      validatePasswordChange({ ...good, password: good.oldpassword, confirmpassword: good.oldpassword }),
    ).toEqual({
      field: 'password',
      message: '旧密码不能与新密码一致！',
    });
    expect(validatePasswordChange({ ...good, confirmpassword: '' })).toEqual({
      field: 'confirmpassword',
      message: '请确认新密码!',
    });
    expect(validatePasswordChange({ ...good, confirmpassword: 'New@12346' })).toEqual({
      field: 'confirmpassword',
      message: '两次输入的密码不一样！',
    });
  });
});

describe('chosen password (registration, recovery)', () => {
  it('applies the strength rule, empty included', () => {
    expect(checkChosenPassword('Good@Pass1')).toBeNull();
    expect(checkChosenPassword('')).toBe('密码由8位数字、大小写字母和特殊符号组成!');
    expect(checkChosenPassword('goodpass1!')).toBe('密码由8位数字、大小写字母和特殊符号组成!');
  });
});

describe('username', () => {
  it.each(['admin', 'user_1', 'A', '___', 'Zhang3'])('accepts %s', (name) =>
    expect(checkUsername(name)).toBeNull(),
  );

  it('is required', () => {
    expect(checkUsername('')).toBe('请输入用户名');
    expect(checkUsername(undefined)).toBe('请输入用户名');
  });

  it.each(['bad-name', 'with space', 'dot.ted', '张三', 'semi;colon', "quote'"])('refuses %j', (name) =>
    expect(checkUsername(name)).toBe(AccountMessages.usernameFormat),
  );

  it('says 只允许字母、数字、下划线', () => {
    expect(checkUsername('a-b')).toBe('只允许字母、数字、下划线');
  });
});

describe('mobile', () => {
  it.each(['13800000000', '14512345678', '15912345678', '17712345678', '18612345678'])('accepts %s', (m) =>
    expect(checkMobile(m)).toBeNull(),
  );

  it('is required', () => {
    expect(checkMobile('')).toBe('请输入手机号');
    expect(checkMobile(null)).toBe('请输入手机号');
  });

  it.each([
    ['12812345678', 'second digit 2'],
    ['16812345678', 'second digit 6'],
    ['19812345678', 'second digit 9'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['23812345678', 'not starting with 1'],
    ['1381234567a', 'a letter'],
    ['+8613812345678', 'country prefix'],
    [' 13812345678', 'leading space'],
  ])('refuses %s (%s)', (m) => expect(checkMobile(m)).toBe('请输入正确手机号'));
});
