import { describe, expect, it } from 'vitest';
import { iconComponentName } from '../../src/layouts/icons';
import { greetingForHour, welcomeText } from '../../src/session/greeting';
import { SESSION_KEYS } from '../../src/session/keys';
import {
  createExpiringStore,
  decodeEntry,
  encodeEntry,
  type KeyValueStorage,
} from '../../src/session/storage';

const DAY = 24 * 60 * 60 * 1000;
const SESSION_TTL = 1_296_000_000;

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('greetingForHour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])("%i o'clock -> %s", (hour, text) => {
    expect(greetingForHour(hour)).toBe(text);
  });

  it('greets by name', () => {
    expect(welcomeText('陈静', 10)).toBe('上午好，陈静，欢迎回来');
    expect(welcomeText(' ', 21)).toBe('晚上好，欢迎回来');
  });
});

describe('expiring storage', () => {
  it('is 15 days for the session', () => {
    expect(SESSION_TTL).toBe(15 * DAY);
  });

  it('returns a value until it expires, then forgets it', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const store = createExpiringStore(storage, () => now);
    store.set('Access-Token', 'abc', SESSION_TTL);
    expect(JSON.parse(storage.data.get('Access-Token') ?? '')).toEqual({
      value: 'abc',
      expire: 1_000_000 + SESSION_TTL,
    });
    now += SESSION_TTL - 1;
    expect(store.get('Access-Token')).toBe('abc');
    now += 1;
    expect(store.get('Access-Token')).toBeUndefined();
    expect(storage.data.has('Access-Token')).toBe(false);
  });

  it('keeps values without a lifetime and removes on request', () => {
    const store = createExpiringStore(memoryStorage(), () => 0);
    store.set('TENANT_ID', '2');
    expect(store.get('TENANT_ID')).toBe('2');
    store.remove('TENANT_ID');
    expect(store.get('TENANT_ID')).toBeUndefined();
  });

  it('treats malformed entries as absent and survives a storage that throws', () => {
    expect(decodeEntry('not json', 0)).toBeUndefined();
    expect(decodeEntry('{"other":1}', 0)).toBeUndefined();
    expect(decodeEntry(encodeEntry({ a: 1 }, null, 0), 10 * DAY)).toEqual({ a: 1 });
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => createExpiringStore(full).set('x', 1)).not.toThrow();
    expect(createExpiringStore(null).get('x')).toBeUndefined();
  });

  it('logout clears every key the spec names', () => {
    expect([...SESSION_KEYS].sort()).toEqual(
      [
        'Access-Token',
        'TENANT_ID',
        'Login_Username',
        'Login_Userinfo',
        'LOGIN_USER_BUTTON_AUTH',
        'SYS_BUTTON_AUTH',
        'UI_CACHE_DB_DICT_DATA',
        'CACHE_INCLUDED_ROUTES',
      ].sort(),
    );
  });
});

describe('iconComponentName', () => {
  it('keeps component names and converts legacy antd 3 names', () => {
    expect(iconComponentName('HomeOutlined')).toBe('HomeOutlined');
    expect(iconComponentName('home')).toBe('HomeOutlined');
    expect(iconComponentName('file-text')).toBe('FileTextOutlined');
    expect(iconComponentName('StarFilled')).toBe('StarFilled');
  });
});
