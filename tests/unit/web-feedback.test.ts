import { describe, expect, it, vi } from 'vitest';

const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const notification = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };

// The antd side is a lazy chunk; here it is replaced so the queueing can be observed.
vi.mock('../../src/feedback-antd', () => ({ message, notification }));

const { feedback } = await import('../../src/feedback');

describe('feedback()', () => {
  it('hands messages and notifications to antd once its chunk has loaded, in call order', async () => {
    feedback().message.warning('你点击的太快了，请慢点点击!');
    feedback().notification.error({ title: '系统提示', description: '拒绝访问' });
    feedback().message.success('刷新缓存完成！', 3);
    // Nothing is shown synchronously: the chunk is still on its way.
    expect(message.warning).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(message.success).toHaveBeenCalledWith('刷新缓存完成！', 3));
    expect(message.warning).toHaveBeenCalledWith('你点击的太快了，请慢点点击!', undefined);
    expect(notification.error).toHaveBeenCalledWith({ title: '系统提示', description: '拒绝访问' });
    expect(message.warning.mock.invocationCallOrder[0]).toBeLessThan(
      message.success.mock.invocationCallOrder[0],
    );
  });
});
