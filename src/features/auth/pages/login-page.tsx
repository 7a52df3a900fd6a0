import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FieldInput } from '@/components/form-field/field-input';
import { FormField, fieldMessageId } from '@/components/form-field/form-field';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { loginManage } from '@/api/account/login-manage';
import { errorMessage } from '@/lib/http/errors';
import type { WorkOnPhone } from '@/lib/device-data';
import { readReturnPath } from '@/lib/return-path';
import {
  allowWeChatSignIn,
  getSessionAudience,
  getSessionOwner,
  setSessionOwner,
  type SessionOwner,
} from '@/lib/session';
import { setToken } from '@/lib/token';
import { useTapGuard } from '@/lib/use-tap-guard';
import { homePathFor } from '@/config/audience';
import { SIGNED_OUT_PARAM } from '../signed-out';
import workNote from '../components/work-on-phone-note.module.css';
import styles from './login-page.module.css';

// This page is the first one most work users load: it imports the few modules it needs by file, not
// through feature barrels, so its chunk stays small (no JS-SDK, PDF, crypto or sanitiser code). Two
// fields do not need antd-mobile's Form, whose field store and validator would weigh on every first load.

// Rarely shown (work left on the phone before owners were recorded): its dialog loads only then.
const NO_WORK: WorkOnPhone = { unsentByAccount: new Map(), ownerless: 0 };
const loadDeviceData = () => import('@/lib/device-data');

const OwnerlessWorkNote = lazy(() =>
  import('../components/ownerless-work-note').then((module) => ({ default: module.OwnerlessWorkNote })),
);

interface LoginValues {
  accountName: string;
  accountPwd: string;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6z"
        fill="currentColor"
      />
      {!open && <path d="M3 3.5 20.5 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

export interface LoginPageProps {
  /**
   * Shown in place of a page either group opens (a message, a download) opened in WeChat without a
   * session (app/access.ts): headed with that page's title, 微信登录 first and the staff form as the
   * second choice; either sign-in comes back to the page, in the same history entry.
   */
  weChatFirst?: boolean;
}

/**
 * /login: work users sign in with account and password, then go home or back where a 401 found them.
 * Nothing of another account is shown: no login name is offered, and unsent work on the phone is a count.
 */
export default function LoginPage({ weChatFirst = false }: LoginPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = useId();
  // Judged once: after a successful login the session exists, and this page navigates by itself.
  const [signedInOnArrival] = useState(() => getSessionOwner() !== null);
  const [values, setValues] = useState<LoginValues>({ accountName: '', accountPwd: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  const guard = useTapGuard();
  const submitting = guard.running;
  const [failure, setFailure] = useState<string | null>(null);
  // Registrations other accounts queued on this phone and not yet sent (they stay theirs), and work
  // nobody can send because its owner is unknown.
  // Read once the page shows: what the phone holds is a note beside the form, not part of it, and the
  // module that reads it is not needed to draw the first screen.
  const [work, setWork] = useState<WorkOnPhone>(NO_WORK);
  useEffect(() => {
    let shown = true;
    void loadDeviceData().then(({ workOnPhone }) => shown && setWork(workOnPhone()));
    return () => {
      shown = false;
    };
  }, []);
  let unsent = 0;
  for (const count of work.unsentByAccount.values()) unsent += count;
  // In place of a shared page: both sign-ins come back to it (this very address).
  const here = weChatFirst ? `${location.pathname}${location.search}` : null;
  const [staffOpen, setStaffOpen] = useState(!weChatFirst);
  const [leaving, setLeaving] = useState(false);
  const signInWithWeChat = (returnPath: string) => {
    setLeaving(true);
    // This tap is the one a sign-out in this tab waits for (lib/session.ts checkSignedOut).
    allowWeChatSignIn();
    // The OAuth code loads on this tap only: most who open this page are staff signing in.
    void import('@/lib/wechat/oauth').then(({ beginCheckSignIn }) => {
      const target = beginCheckSignIn(returnPath);
      if (target) void navigate(target, { replace: true });
    });
  };

  if (signedInOnArrival) return <Navigate to={homePathFor(getSessionAudience())} replace />;

  const change = (field: keyof LoginValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setFieldErrors((previous) => ({ ...previous, [field]: undefined }));
    setFailure(null);
  };

  const validate = (): boolean => {
    const errors: Partial<Record<keyof LoginValues, string>> = {};
    if (!values.accountName.trim()) errors.accountName = '请输入账号';
    if (!values.accountPwd) errors.accountPwd = '请输入密码';
    setFieldErrors(errors);
    const first = errors.accountName ? 'accountName' : errors.accountPwd ? 'accountPwd' : null;
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first === null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void guard.run(async (leave) => {
      if (!validate()) return;
      setFailure(null);
      const name = values.accountName.trim();
      try {
        const { token } = await loginManage(
          { accountName: name, accountPwd: values.accountPwd },
          { silent: true },
        );
        // Another account's data on this phone is removed before this one's session starts; unsent work
        // of every account stays its owner's.
        const owner: SessionOwner = { audience: 'work', account: name.toLowerCase() };
        const { claimDeviceData, reloadApp } = await loadDeviceData();
        const replaced = claimDeviceData(owner);
        setToken(token);
        setSessionOwner(owner);
        // Asked for now and not waited for: the home page shows the name when it arrives (this request's
        // answer, not a second one), or the profile error with a retry.
        // The read cache is a chunk the login page does not load up front (its bundle budget).
        void import('../prefetch-profile').then(({ prefetchProfile }) => prefetchProfile());
        const target = readReturnPath(here ?? searchParams.get('redirect'), 'work') ?? paths.workUser;
        leave();
        // A full load after another account: nothing of theirs stays in memory (kept-alive pages).
        if (replaced) reloadApp(target);
        else void navigate(target, { replace: true });
      } catch (error) {
        // The form keeps what was typed; the message stays on screen until the next attempt.
        setFailure(errorMessage(error));
      }
    });
  };

  const notes = (
    <>
      {searchParams.get(SIGNED_OUT_PARAM) === 'idle' && (
        <p className={workNote.note} role="status">
          长时间未操作，已自动退出登录。重新登录后，未完成的登记仍在。
        </p>
      )}
      {unsent > 0 && (
        <p className={workNote.note} role="note">
          此手机上还有 {unsent} 条登记未上传，录入它们的工作人员登录后会继续上传。
        </p>
      )}
      {work.ownerless > 0 && (
        <Suspense fallback={null}>
          <OwnerlessWorkNote
            count={work.ownerless}
            onRemoved={() => void loadDeviceData().then(({ workOnPhone }) => setWork(workOnPhone()))}
          />
        </Suspense>
      )}
    </>
  );

  const staffSignIn = (
    <>
      {notes}
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-accountName`} label="账号" error={fieldErrors.accountName}>
          <FieldInput
            id={`${id}-accountName`}
            autoFocus={weChatFirst}
            value={values.accountName}
            onChange={(value) => change('accountName', value)}
            placeholder="请输入账号"
            autoComplete="username"
            aria-invalid={fieldErrors.accountName ? true : undefined}
            aria-describedby={fieldErrors.accountName ? fieldMessageId(`${id}-accountName`) : undefined}
          />
        </FormField>
        <FormField id={`${id}-accountPwd`} label="密码" error={fieldErrors.accountPwd}>
          <div className={styles.passwordRow}>
            <FieldInput
              id={`${id}-accountPwd`}
              type={passwordVisible ? 'text' : 'password'}
              value={values.accountPwd}
              onChange={(value) => change('accountPwd', value)}
              placeholder="请输入密码"
              autoComplete="current-password"
              aria-invalid={fieldErrors.accountPwd ? true : undefined}
              aria-describedby={fieldErrors.accountPwd ? fieldMessageId(`${id}-accountPwd`) : undefined}
            />
            <button
              type="button"
              className={styles.eye}
              aria-label={passwordVisible ? '隐藏密码' : '显示密码'}
              onClick={() => setPasswordVisible((visible) => !visible)}
            >
              <EyeIcon open={passwordVisible} />
            </button>
          </div>
        </FormField>
        <div className={styles.footer}>
          <div role="alert" className={styles.failure}>
            {failure}
          </div>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submitting}
            loadingText="登录中…"
            disabled={submitting}
          >
            登录
          </Button>
        </div>
      </form>
    </>
  );

  return (
    <PageShell back={false}>
      <div className={styles.brand}>
        <p className={styles.appName}>肠道健康筛查</p>
        {!here && <p className={styles.subtitle}>工作人员登录</p>}
      </div>
      {here ? (
        <>
          <section className={styles.weChat} aria-labelledby={`${id}-wechat`}>
            <h2 id={`${id}-wechat`} className={styles.sectionTitle}>
              受检者请用微信登录
            </h2>
            <p className={styles.weChatText}>登录后打开这个页面。</p>
            <Button
              block
              color="primary"
              size="large"
              loading={leaving}
              loadingText="正在打开微信登录…"
              disabled={leaving}
              onClick={() => signInWithWeChat(here)}
            >
              微信登录
            </Button>
          </section>
          <section aria-labelledby={`${id}-staff`}>
            <h2 id={`${id}-staff`} className={`${styles.sectionTitle} ${styles.weChat}`}>
              工作人员
            </h2>
            {staffOpen ? (
              staffSignIn
            ) : (
              <div className={styles.weChat}>
                <Button block size="large" fill="outline" onClick={() => setStaffOpen(true)}>
                  用工作人员账号登录
                </Button>
              </div>
            )}
          </section>
        </>
      ) : (
        staffSignIn
      )}
    </PageShell>
  );
}
