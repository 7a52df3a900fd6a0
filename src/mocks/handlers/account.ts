import SHA1 from 'crypto-js/sha1.js';
import type { HttpHandler } from 'msw';
import { uuidV4 } from '@/lib/uuid';
import { DEFAULT_STATUS_MESSAGE } from '@/lib/http/messages';
import { API_STATUS, type LoginResult, type WeChatSignatureResult } from '@/types/api';
import type { DemoDb, DemoUser } from '../db';
import { CHECK_USER_ID } from '../seed';
import { HOUR_MS } from '../time';
import {
  BusinessError,
  endpoint,
  invalid,
  optionalString,
  requiredString,
  type HandlerOptions,
} from './shared';
import { profileView } from './views';

/** How long a demo session lasts. */
const SESSION_TTL_MS = 12 * HOUR_MS;
/** OAuth codes the demo treats as WeChat would: rejected, or already exchanged. */
const INVALID_WECHAT_CODE = 'invalid';
const USED_WECHAT_CODE = 'used';
const WECHAT_CODE_USED_MESSAGE = '授权码已使用，请重新授权';
const WECHAT_CODE_INVALID_MESSAGE = '微信授权失败：授权码无效（40029），请重新授权';
const LOGIN_FAILED_MESSAGE = '账号或密码错误';

function startSession(db: DemoDb, user: DemoUser): LoginResult {
  const token = `demo-${uuidV4()}`;
  db.state.sessions.push({ token, userId: user.id, expiresAt: db.now().getTime() + SESSION_TTL_MS });
  return { token };
}

export function accountHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(
      db,
      options,
      'post',
      '/api/v1/Account/LoginManage',
      ({ input }) => {
        const accountName = optionalString(input, 'accountName');
        const accountPwd = typeof input.accountPwd === 'string' ? input.accountPwd : '';
        if (!accountName || !accountPwd) throw invalid('请输入账号和密码');
        const user = db.state.users.find(
          (candidate) => candidate.role === 'work' && candidate.accountName === accountName,
        );
        if (!user || user.password !== accountPwd)
          throw new BusinessError(API_STATUS.loginFailed, LOGIN_FAILED_MESSAGE);
        return db.mutate(() => startSession(db, user));
      },
      { public: true },
    ),

    endpoint(
      db,
      options,
      'post',
      '/api/v1/Account/LoginWeChat',
      ({ input }) => {
        const code = requiredString(input, 'code', '缺少微信授权码，请重新授权');
        if (code === INVALID_WECHAT_CODE)
          throw new BusinessError(API_STATUS.wechatCodeInvalid, WECHAT_CODE_INVALID_MESSAGE);
        if (code === USED_WECHAT_CODE || db.state.usedWeChatCodes.includes(code)) {
          throw new BusinessError(API_STATUS.wechatCodeUsed, WECHAT_CODE_USED_MESSAGE);
        }
        const user = db.state.users.find((candidate) => candidate.id === CHECK_USER_ID);
        if (!user) throw new BusinessError(API_STATUS.serverError, DEFAULT_STATUS_MESSAGE);
        return db.mutate((state) => {
          state.usedWeChatCodes.push(code);
          return startSession(db, user);
        });
      },
      { public: true },
    ),

    endpoint(db, options, 'get', '/api/v1/Account/GetUserManageProfile', ({ user }) => profileView(db, user)),

    endpoint(db, options, 'post', '/api/v1/Account/LoginOut', ({ request }) => {
      const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
      db.mutate((state) => {
        state.sessions = state.sessions.filter((session) => session.token !== token);
      });
      return null;
    }),

    endpoint(
      db,
      options,
      'post',
      '/api/v1/Account/GenerateWeChatSignature',
      ({ input }): WeChatSignatureResult => {
        const url = requiredString(input, 'url', '缺少签名地址');
        if (url.includes('#')) throw invalid('签名地址不能包含 # 及其后的部分');
        const timestamp = Math.floor(db.now().getTime() / 1000);
        const nonceStr = uuidV4().replace(/-/g, '').slice(0, 16);
        // The real server signs with its jsapi_ticket; the demo's ticket is fixed.
        const signature = SHA1(
          `jsapi_ticket=demo-jsapi-ticket&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`,
        ).toString();
        return { timestamp, nonceStr, signature };
      },
      { public: true },
    ),
  ];
}
