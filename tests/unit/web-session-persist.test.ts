import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const DAY = 86_400_000;

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;

/** A fresh copy of the session modules over an in-memory localStorage (the store reads it at import). */
async function freshStore() {
  vi.resetModules();
  return import('../../src/session/store');
}

const entry = (key: string) =>
  JSON.parse(storage.data.get(key) ?? 'null') as { value: unknown; expire: number };

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2021-10-20T08:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const login = {
  token: 'tok',
  userInfo: { id: '1', username: 'zhangwei', realname: '张伟', modifyTime: null },
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
};

describe('session persistence (spec section 9)', () => {
  it('restores the stored session at start, and writes it back on unload without extending it', async () => {
    const first = await freshStore();
    first.saveLogin(login, 'zhangwei');
    const expire = entry('Access-Token').expire;
    expect(expire).toBe(Date.now() + 15 * DAY);

    vi.setSystemTime(Date.now() + 2 * DAY);
    const second = await freshStore();
    expect(second.session.token).toBe('tok');
    expect(second.session.userInfo?.realname).toBe('张伟');
    second.session.userInfo = { ...second.session.userInfo!, realname: '张伟（改）' };
    second.persistSession();
    expect((entry('Login_Userinfo').value as { realname: string }).realname).toBe('张伟（改）');
    expect(entry('Login_Userinfo').expire).toBe(expire);
    expect(entry('Access-Token').expire).toBe(expire);
  });

  it('never brings back a session another tab signed out of', async () => {
    const store = await freshStore();
    store.saveLogin(login, 'zhangwei');
    storage.data.clear();
    store.persistSession();
    expect(storage.data.size).toBe(0);
  });

  it('updates the user record in place (password change, department switch)', async () => {
    const store = await freshStore();
    store.saveLogin(login, 'zhangwei');
    store.updateUserInfo({ modifyTime: '2021-10-20 16:00:00', orgCode: 'A01A03' });
    expect(entry('Login_Userinfo').value).toMatchObject({
      modifyTime: '2021-10-20 16:00:00',
      orgCode: 'A01A03',
    });
  });

  it('keeps the dictionary cache for 15 days from the refresh', async () => {
    const store = await freshStore();
    store.saveDictCache({ sex: [{ value: '1', text: '男' }] });
    expect(entry('UI_CACHE_DB_DICT_DATA').expire).toBe(Date.now() + 1_296_000_000);
  });

  it('logout removes every session key and leaves the layout preferences', async () => {
    const store = await freshStore();
    store.saveLogin(login, 'zhangwei');
    storage.setItem('CACHE_INCLUDED_ROUTES', JSON.stringify({ value: ['Workbench'], expire: null }));
    storage.setItem('DEFAULT_THEME', JSON.stringify({ value: 'dark', expire: null }));
    store.clearSession();
    expect([...storage.data.keys()]).toEqual(['DEFAULT_THEME']);
  });
});
