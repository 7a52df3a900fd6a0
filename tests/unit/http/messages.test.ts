import {
  DEFAULT_STATUS_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REPEAT_SUBMIT_MESSAGE,
  REPEAT_SUBMIT_SIZE_LIMIT,
  REPEAT_SUBMIT_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_MESSAGE,
  STATUS_MESSAGES,
  TIMEOUT_MESSAGE,
  httpFailureMessage,
  statusMessage,
} from '@/lib/http/messages';

describe('spec §8 messages', () => {
  it.each([
    [NETWORK_ERROR_MESSAGE, '后端接口连接异常'],
    [TIMEOUT_MESSAGE, '系统接口请求超时'],
    [SESSION_EXPIRED_MESSAGE, '无效的会话，或者会话已过期，请重新登录。'],
    [REPEAT_SUBMIT_MESSAGE, '数据正在处理，请勿重复提交'],
    [DEFAULT_STATUS_MESSAGE, '系统未知错误，请联系客服'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has exactly the spec status table', () => {
    expect(STATUS_MESSAGES).toEqual({
      401: '认证失败，无法访问系统资源',
      403: '当前操作没有权限',
      404: '访问资源不存在',
    });
  });

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

describe('spec §9 constants', () => {
  it.each([
    ['REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS, 10000],
    ['REPEAT_SUBMIT_WINDOW_MS', REPEAT_SUBMIT_WINDOW_MS, 1000],
    ['REPEAT_SUBMIT_SIZE_LIMIT', REPEAT_SUBMIT_SIZE_LIMIT, 5242880],
  ])('%s = %i', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
