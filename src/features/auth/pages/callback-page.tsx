import { Button, DotLoading } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/http/errors';
import { allowWeChatSignIn, checkSignedOut, clearSession, getSessionOwner } from '@/lib/session';
import { uuidV4 } from '@/lib/uuid';
import { isWeChat } from '@/lib/wechat/environment';
import { createOAuthState, readOAuthState, startAuthorization } from '@/lib/wechat/oauth';
import { API_STATUS } from '@/types/api';
import { appUrl } from '@/lib/app-url';
import { SIGNED_OUT_PARAM, type CheckSignOutReason } from '../signed-out';
import {
  callbackQuery,
  claimAutomaticReauthorization,
  signInWithWeChatCode,
  UnverifiedCallbackError,
} from '../wechat-sign-in';
import styles from './callback-page.module.css';

// Imports by file, not through '@/lib/wechat': this page needs the OAuth helpers, not the JS-SDK.

type Phase =
  /** This tab holds a staff session: asked before anything replaces it. */
  | { kind: 'confirm-switch'; account: string }
  | { kind: 'signing-in'; code: string; state: string | undefined }
  | { kind: 'leaving' }
  /** On the way to WeChat for a fresh authorization. */
  | { kind: 'reauthorizing' }
  | { kind: 'missing-code' }
  /** A check user's session ended (退出, or idle on a shared phone): the next person re-enters. */
  | { kind: 'signed-out'; reason: CheckSignOutReason }
  /** Callbacks this tab could not trust, more than the automatic retries allow. */
  | { kind: 'unverified' }
  | { kind: 'code-used' }
  | { kind: 'code-invalid' }
  | { kind: 'failed'; message: string };

function initialPhase(code: string | null, state: string | undefined): Phase {
  const session = getSessionOwner();
  if (session?.audience === 'check') return { kind: 'leaving' };
  if (session?.audience === 'work') return { kind: 'confirm-switch', account: session.account };
  // After a sign-out in this tab, no code is exchanged before the person taps to enter again.
  const signedOut = checkSignedOut();
  if (signedOut) return { kind: 'signed-out', reason: signedOut };
  if (!code) return { kind: 'missing-code' };
  return { kind: 'signing-in', code, state };
}

function failurePhase(error: unknown): Phase {
  if (isApiError(error) && error.kind === 'business') {
    if (error.code === API_STATUS.wechatCodeUsed) return { kind: 'code-used' };
    if (error.code === API_STATUS.wechatCodeInvalid) return { kind: 'code-invalid' };
  }
  return { kind: 'failed', message: errorMessage(error) };
}

function demoCode(): string {
  return `demo-${uuidV4()}`;
}

interface Problem {
  title: string;
  text: string;
  /** The button's words (重新授权 unless said). */
  action?: string;
}

function signedOutPhase(value: string | null): Phase | null {
  return value === 'asked' || value === 'idle' ? { kind: 'signed-out', reason: value } : null;
}

function describe(phase: Phase, inWeChat: boolean): Problem | null {
  switch (phase.kind) {
    case 'missing-code':
      if (config.demo) {
        return { title: '演示模式', text: '演示环境没有微信授权。点击下方按钮，以演示用户的身份进入。' };
      }
      if (!inWeChat) {
        return {
          title: '请在微信中打开本页面',
          text: '检测用户需要通过微信授权登录。请在微信里打开筛查通知中的链接。',
        };
      }
      return { title: '没有收到微信授权', text: '请点击“重新授权”，再次通过微信登录。' };
    case 'signed-out':
      return {
        title: phase.reason === 'idle' ? '已自动退出' : '已退出',
        text: `${phase.reason === 'idle' ? '长时间没有操作，已自动退出。' : ''}刚才填写的内容已从这部手机上清除。要继续使用，请点击“用微信重新进入”。`,
        action: '用微信重新进入',
      };
    case 'unverified':
      return {
        title: '微信授权没有完成',
        text: '多次尝试都没能确认这次微信授权。请点击“重新授权”，或从公众号菜单重新进入。',
      };
    case 'code-used':
      return { title: '授权已使用过', text: '这次的微信授权已经用过了，不能再次使用。请点击“重新授权”。' };
    case 'code-invalid':
      return { title: '授权已过期', text: '微信授权已过期或无效。请点击“重新授权”。' };
    case 'failed':
      return {
        title: '登录没有成功',
        text: `${phase.message.replace(/[。.！!]+$/, '')}。请稍后点击“重新授权”再试。`,
      };
    default:
      return null;
  }
}

/**
 * The staff member signed in in this webview decides whether a WeChat sign-in replaces her session
 * (a screened person handed the phone, or a planted link): nothing is exchanged or authorized first.
 */
function ConfirmSwitch({
  account,
  onContinue,
  onBack,
}: {
  account: string;
  onContinue: () => void;
  onBack: () => void;
}) {
  return (
    <section className={styles.panel} aria-labelledby="callback-switch">
      <h2 id="callback-switch" className={styles.title}>
        切换为微信身份登录？
      </h2>
      <p className={styles.text}>
        {`当前已登录工作人员账号「${account}」。继续将退出该账号，未上传的登记会保留在此手机上，该账号再次登录后继续上传。`}
      </p>
      <Button block color="primary" size="large" onClick={onContinue}>
        继续
      </Button>
      <Button block size="large" onClick={onBack}>
        返回工作人员首页
      </Button>
    </section>
  );
}

/**
 * /callback: WeChat returns here with `code` (valid once) and `state` (a nonce this tab made, then the
 * page to return to). The code is exchanged for a session only when the nonce is this tab's and unused,
 * then the page is replaced by the destination so that Back never comes back to it: within the app, or
 * with a reload when a staff session was ended here; a callback opened again with a session goes
 * straight on. Any other callback (a planted or replayed code, a menu link
 * straight to WeChat) starts a fresh silent authorization instead, at most
 * MAX_AUTOMATIC_REAUTHORIZATIONS times in a row, then asks. With a staff session in the tab, the staff
 * member is asked first (ConfirmSwitch).
 */
export default function CallbackPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { code, state } = callbackQuery(searchParams);
  const destination = readOAuthState(state) ?? paths.checkUser;
  const [phase, setPhase] = useState<Phase>(() => {
    const first = initialPhase(code, state);
    return (first.kind === 'missing-code' && signedOutPhase(searchParams.get(SIGNED_OUT_PARAM))) || first;
  });
  const left = useRef(false);
  // After a sign-in, the app goes on without loading again only when this document holds nothing of
  // another session: it opened at this callback (react-router's first location has the key 'default')
  // with no session in the tab. A callback reached within the app (a lost session signing in again, in
  // the demo) or a staff session ended here (switchToWeChat) may have left pages and answers in memory:
  // a reload clears them.
  const firstLocation = useLocation().key === 'default';
  const reloadOnLeaving = useRef(!firstLocation);

  const reauthorize = useCallback(() => {
    // The demo has no WeChat: a fresh demo code and a state of this tab stand in for the round trip.
    if (config.demo) setPhase({ kind: 'signing-in', code: demoCode(), state: createOAuthState(destination) });
    else {
      setPhase({ kind: 'reauthorizing' });
      startAuthorization(destination);
    }
  }, [destination]);

  useEffect(() => {
    if (phase.kind === 'leaving') {
      if (!left.current) {
        left.current = true;
        // Replaced either way, so that Back never comes back to the callback.
        if (reloadOnLeaving.current) window.location.replace(appUrl(destination));
        else void navigate(destination, { replace: true });
      }
      return;
    }
    if (phase.kind !== 'signing-in') return;
    let active = true;
    signInWithWeChatCode(phase.code, phase.state).then(
      () => {
        if (active) setPhase({ kind: 'leaving' });
      },
      (error: unknown) => {
        if (!active) return;
        if (!(error instanceof UnverifiedCallbackError)) setPhase(failurePhase(error));
        else if (claimAutomaticReauthorization()) reauthorize();
        else setPhase({ kind: 'unverified' });
      },
    );
    return () => {
      active = false;
    };
  }, [phase, destination, reauthorize, navigate]);

  useEffect(() => {
    // A callback page restored from the back-forward cache shows a stale state and runs no code:
    // load it afresh, so that a session goes straight on and a used code is explained.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const problem = describe(phase, isWeChat());

  // The staff session ends here (its unsent work stays on the phone, lib/device-data.ts), then the
  // callback goes on as it would without one.
  const switchToWeChat = () => {
    reloadOnLeaving.current = true;
    clearSession();
    setPhase(initialPhase(code, state));
  };

  return (
    <PageShell back={false}>
      {phase.kind === 'confirm-switch' ? (
        <ConfirmSwitch
          account={phase.account}
          onContinue={switchToWeChat}
          onBack={() => void navigate(paths.workUser, { replace: true })}
        />
      ) : problem ? (
        <section className={styles.panel} aria-labelledby="callback-problem">
          <h2 id="callback-problem" className={styles.title}>
            {problem.title}
          </h2>
          <p className={styles.text}>{problem.text}</p>
          <Button
            block
            color="primary"
            size="large"
            onClick={() => {
              allowWeChatSignIn();
              reauthorize();
            }}
          >
            {problem.action ?? (phase.kind === 'missing-code' && config.demo ? '以演示用户继续' : '重新授权')}
          </Button>
          {phase.kind === 'missing-code' && !config.demo && !isWeChat() && (
            <p className={styles.text}>
              工作人员请使用<Link to={paths.login}>账号密码登录</Link>。
            </p>
          )}
        </section>
      ) : (
        <div className={styles.panel} role="status" aria-live="polite">
          <div className={styles.text}>
            {phase.kind === 'leaving'
              ? '登录成功，正在进入'
              : phase.kind === 'reauthorizing'
                ? '正在重新进行微信授权'
                : '正在通过微信登录'}
            <DotLoading />
          </div>
        </div>
      )}
    </PageShell>
  );
}
