import { describe, expect, it } from 'vitest';
import {
  checkPattern,
  fillMessage,
  findFormat,
  FORMAT_RULES,
  isDate,
  isDateTime,
  isTime,
  isValidPattern,
  RuleMessages,
} from '../../runtime/model/validation/formats.js';

/** Every rule with values it must accept and values it must refuse, and the spec's message. */
const CASES: Record<string, { message: string; valid: string[]; invalid: string[] }> = {
  mobile: {
    message: '请输入正确手机号',
    valid: ['13812345678', '18912345678', '14700000000'],
    invalid: ['12812345678', '1381234567', '138123456789', '16612345678', 'abc'],
  },
  username: {
    message: '只允许字母、数字、下划线',
    valid: ['admin', 'user_01'],
    invalid: ['user-01', '用户', 'a b'],
  },
  email: {
    message: '邮箱格式不正确',
    valid: ['a@b.com', 'first.last+tag@mail.example.cn'],
    invalid: ['a@b', 'a.b.com', '@b.com', 'a b@c.com'],
  },
  password: {
    message: '密码由8位数字、大小写字母和特殊符号组成!',
    valid: ['Abcdef1!', 'Staff@123456'],
    invalid: ['abcdef1!', 'Abcdefg1', 'Ab1!xyz', 'Abcdef1 '],
  },
  natural: { message: '请输入自然数', valid: ['0', '42', '007'], invalid: ['-1', '1.5', 'x'] },
  english: { message: '请输入英文字符', valid: ['abc', 'ABCdef'], invalid: ['abc1', 'a b', '中文'] },
  phone: {
    message: '请输入正确的座机号',
    valid: ['010-12345678', '0755-1234567', '12345678'],
    invalid: ['01-1234567', '010-123456', '010_12345678'],
  },
  bankCard: {
    message: '请输入正确的银行卡号码',
    valid: ['6222021234567890', '1234567890', '12345678901234567890'],
    invalid: ['0222021234567890', '123456789', '123456789012345678901'],
  },
  certNo: {
    message: '请输入正确的证件号码',
    valid: ['E12345678', 'a'.repeat(50)],
    invalid: ['a'.repeat(51), 'E-123', '护照'],
  },
  idCard: {
    message: '请输入正确的身份证号码',
    valid: ['110101199003071234', '11010119900307123X', '110101900307123'],
    invalid: ['11010119900307123', '1101011990030712345', '11010119900307123Y'],
  },
  qq: {
    message: '请输入正确的QQ号码',
    valid: ['12345', '123456789012'],
    invalid: ['1234', '1234567890123', 'qq123'],
  },
  httpUrl: {
    message: '请输入以http和https开头的网址',
    valid: ['http://a.cn', 'https://example.com/x?y=1'],
    invalid: ['ftp://a.cn', 'www.a.cn', 'https://'],
  },
  alnum20: {
    message: '请输入20位以内的英文字符和数字',
    valid: ['abc123', 'A'.repeat(20)],
    invalid: ['A'.repeat(21), 'ab_1', 'ab 1'],
  },
  cnEnName: {
    message: '请输入2到100位的中英文字符和空格',
    valid: ['张三', 'John Smith', '张 San'],
    invalid: ['张', 'a'.repeat(101), 'John1'],
  },
  digitsLines: { message: '请输入数字和换行符', valid: ['123', '1\n2\r\n3'], invalid: ['1 2', '1,2', 'a'] },
  max255: { message: '请输入255位以内的字符', valid: ['x', '字'.repeat(255)], invalid: ['字'.repeat(256)] },
  postcode: { message: '请输入正确的邮政编码', valid: ['100080'], invalid: ['010080', '10008', '1000800'] },
  link: {
    message: '请输入以http、https、mailto或tel开头的链接',
    valid: ['http://a.cn', 'mailto:a@b.com', 'tel:10086'],
    invalid: ['ftp://a', 'javascript:alert(1)'],
  },
  'n6-16': {
    message: '请输入6到16位数字',
    valid: ['123456', '1'.repeat(16)],
    invalid: ['12345', '1'.repeat(17), '12345a'],
  },
  '*6-16': {
    message: '请输入6到16位任意字符',
    valid: ['abc!@#', '字'.repeat(16)],
    invalid: ['abcde', 'x'.repeat(17)],
  },
  's6-18': {
    message: '请输入6到18位字母',
    valid: ['abcdef', 'A'.repeat(18)],
    invalid: ['abcde', 'abcdef1', 'A'.repeat(19)],
  },
  url: {
    message: '请输入正确的网址',
    valid: ['http://a.com', 'https://a.b.cn/p?q=1#x', 'ftp://files.a.com'],
    invalid: ['a.com', 'http://localhost', 'mailto:a@b.com'],
  },
  e: { message: '请输入正确的电子邮件', valid: ['a@b.com'], invalid: ['a@b'] },
  m: {
    message: '请输入正确的手机号码',
    valid: ['16612345678', '19912345678'],
    invalid: ['12345678901', '1661234567'],
  },
  p: { message: '请输入正确的邮政编码', valid: ['518000'], invalid: ['018000'] },
  s: { message: '请输入字母', valid: ['abc'], invalid: ['ab1', 'a|b'] },
  n: { message: '请输入数字', valid: ['1', '-1.5', '0.25'], invalid: ['1.', '.5', 'a', '1e5'] },
  z: { message: '请输入整数', valid: ['0', '-12'], invalid: ['1.0', 'a'] },
  '*': { message: '该项不能为空', valid: ['x'], invalid: [] },
  money: {
    message: '请输入正确的金额',
    valid: ['0', '12', '12.3', '12.34', '0.5'],
    invalid: ['-1', '12.345', '01', '1.'],
  },
};

describe('format rules', () => {
  it('every rule of the table has cases, and every case names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(FORMAT_RULES.map((r) => r.code).sort());
  });

  for (const [code, { message, valid, invalid }] of Object.entries(CASES)) {
    describe(code, () => {
      it(`carries the message ${message}`, () => {
        expect(findFormat(code)?.message).toBe(message);
      });
      it.each(valid)('accepts %s', (value) => {
        expect(checkPattern(code, value)).toBeNull();
      });
      if (invalid.length > 0) {
        it.each(invalid)('refuses %s', (value) => {
          expect(checkPattern(code, value)).toBe(message);
        });
      }
    });
  }

  it('never fails an empty value (that is the required rule)', () => {
    for (const rule of FORMAT_RULES) {
      expect(checkPattern(rule.code, '')).toBeNull();
      expect(checkPattern(rule.code, null)).toBeNull();
    }
  });

  it('checks numbers through their text', () => {
    expect(checkPattern('z', 12)).toBeNull();
    expect(checkPattern('money', 12.345)).toBe('请输入正确的金额');
  });

  it('treats any other pattern as a regular expression with its own message', () => {
    expect(checkPattern('^[A-Z]{2}\\d{4}$', 'AB1234')).toBeNull();
    expect(checkPattern('^[A-Z]{2}\\d{4}$', 'ab1234')).toBe('格式不正确');
    expect(checkPattern('^[A-Z]{2}\\d{4}$', 'ab1234', '编号格式为两个大写字母加四位数字')).toBe(
      '编号格式为两个大写字母加四位数字',
    );
    expect(checkPattern('mobile', '1', '手机号不对')).toBe('手机号不对');
  });

  it('tells a valid expression from an invalid one', () => {
    expect(isValidPattern('^a+$')).toBe(true);
    expect(isValidPattern('([')).toBe(false);
  });
});

describe('rule messages', () => {
  it('writes the length, range and selection messages of the spec', () => {
    expect(RuleMessages.minLength(6)).toBe('最小长度6位字符');
    expect(RuleMessages.maxLength(20)).toBe('最大长度20位字符');
    expect(RuleMessages.maximum('排序值', 255)).toBe('排序值不可以大于255');
    expect(RuleMessages.minItems(2)).toBe('最少选择2项');
    expect(RuleMessages.maxItems(3)).toBe('最多选择3项');
    expect(RuleMessages.required('客户名称')).toBe('请输入客户名称!');
    expect(RuleMessages.fileNone).toBe('未上传任何文件');
  });

  it('fills the grid placeholders title, key and defaultValue', () => {
    expect(
      fillMessage('${title}(${key})默认${defaultValue}', { title: '编号', key: 'code', defaultValue: 1 }),
    ).toBe('编号(code)默认1');
    expect(fillMessage('${title}', {})).toBe('');
  });
});

describe('dates and times', () => {
  it('accepts real calendar dates only', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2024-13-01')).toBe(false);
    expect(isDate('2024-1-01')).toBe(false);
  });
  it('accepts HH:mm:ss and YYYY-MM-DD HH:mm:ss', () => {
    expect(isTime('23:59:59')).toBe(true);
    expect(isTime('24:00:00')).toBe(false);
    expect(isDateTime('2024-05-01 08:30:00')).toBe(true);
    expect(isDateTime('2024-05-01T08:30:00')).toBe(false);
    expect(isDateTime('2024-05-01')).toBe(false);
  });
});
