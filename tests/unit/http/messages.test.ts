import { httpFailureMessage, statusMessage } from '@/lib/http/messages';

/**
 * Spec §8's message rules. The messages themselves are asserted where the user meets them: the toast of
 * a network failure, a timeout or a refused repeat (transport.isolated.test.ts, repeat-submit-request.test.ts).
 */
describe('spec §8 messages', () => {
  it.each([
    [401, '服务器原文', '认证失败，无法访问系统资源'],
    [403, '服务器原文', '当前操作没有权限'],
    [404, null, '访问资源不存在'],
    [500, '库存不足', '库存不足'],
    [9001, '请先完成问卷', '请先完成问卷'],
    [1234, '其他错误', '其他错误'],
    [500, null, '系统未知错误，请联系客服'],
    [500, undefined, '系统未知错误，请联系客服'],
    [500, '', '系统未知错误，请联系客服'],
    [9001, undefined, '系统未知错误，请联系客服'],
  ])('statusMessage(%i, %j) -> %s', (code, responseMessage, expected) => {
    expect(statusMessage(code, responseMessage)).toBe(expected);
  });

  it.each([
    [404, '系统接口404异常'],
    [500, '系统接口500异常'],
    [502, '系统接口502异常'],
    [503, '系统接口503异常'],
    [400, '系统接口400异常'],
    [418, '系统接口418异常'],
  ])('httpFailureMessage(%i) -> %s', (status, expected) => {
    expect(httpFailureMessage(status)).toBe(expected);
  });
});
