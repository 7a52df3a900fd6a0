import { useMutation } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { signOutCheckUser } from '@/features/auth';
import { isSharedPhone } from '@/lib/device-data';
import styles from './check-session-bar.module.css';

/**
 * The check-user home's 退出, and on a shared phone (a staff account signed in on it: lib/device-data)
 * the notice that everyone who signs in with this WeChat sees the records below it. Above the records,
 * not a gate before them: one plain sentence an older person reads on the way, no extra step.
 */
export function CheckSessionBar() {
  const [shared] = useState(isSharedPhone);
  // LoginOut, then /callback afresh: every read of the session is reset as its token goes.
  const signOut = useMutation({ mutationFn: () => signOutCheckUser('asked') });

  const leave = () =>
    void Dialog.confirm({
      // antd-mobile's dialog has no accessible name of its own.
      'aria-label': '退出',
      title: '退出',
      content: '退出后，您在这部手机上填写、还没提交的内容会被清除。',
      confirmText: '退出',
      cancelText: '取消',
      onConfirm: () => signOut.mutateAsync(),
    });

  return (
    <div className={styles.bar}>
      {shared && (
        <p className={styles.notice} role="note">
          这是一部共用手机：用本微信登录的每个人都能看到下面的记录。用完请点“退出”。
        </p>
      )}
      <Button className={styles.leave} size="middle" onClick={leave}>
        退出
      </Button>
    </div>
  );
}
