import { Button, Dialog } from 'antd-mobile';
import { removeOwnerlessWork } from '@/lib/device-data';
import { toast } from '@/lib/feedback';
import styles from './work-on-phone-note.module.css';

/**
 * The login page's note about registrations whose owner is unknown (queued or typed before the app
 * recorded owners): nobody can send or continue them, so they are named, and removed only after the
 * person confirms.
 */
export function OwnerlessWorkNote({ count, onRemoved }: { count: number; onRemoved: () => void }) {
  const remove = async () => {
    const confirmed = await Dialog.confirm({
      'aria-label': '删除这些登记',
      title: '删除这些登记？',
      content: `将从此手机删除 ${count} 条不知道属于哪个账号的登记，删除后无法恢复。这些受检者如需登记，请重新录入。`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    removeOwnerlessWork();
    toast(`已删除 ${count} 条登记`);
    onRemoved();
  };

  return (
    <div className={styles.note} role="note">
      <p className={styles.text}>此手机上有 {count} 条登记不知道属于哪个账号，无法上传。</p>
      <Button size="small" onClick={() => void remove()}>
        删除这些登记
      </Button>
    </div>
  );
}
