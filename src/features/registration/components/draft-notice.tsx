import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { toastSuccess } from '@/lib/feedback';
import { useTapGuard } from '@/lib/use-tap-guard';
import type { Registration } from '@/types/api';
import { formFromRegistration } from '../registration-draft';
import { useResubmitRegistration } from '../resubmit-registration';
import detail from './detail-actions.module.css';
import styles from './draft-notice.module.css';

/**
 * 信息详情 of a registration saved unfinished (待提交登记): 提交登记 when it is complete (the detail is
 * read again then), 继续填写 on the entry form for its author. The server keeps drafts without a phone
 * number.
 */
export function DraftNotice({
  registration,
  continueTo,
}: {
  registration: Registration;
  /** The entry form with this draft loaded (staff only: the server keeps drafts for their author). */
  continueTo?: string;
}) {
  const guard = useTapGuard();
  const resubmit = useResubmitRegistration(registration);
  const submitting = resubmit.isPending;
  const submit = () =>
    guard.run(async () => {
      try {
        await resubmit.mutateAsync(formFromRegistration(registration));
        toastSuccess('提交成功');
      } catch {
        // The error toast is shown centrally; the page stays as it is.
      }
    });
  const complete = registration.phone.trim() !== '';
  return (
    <div className={styles.panel}>
      <p className={detail.hint}>
        {complete
          ? '这条登记还没有提交。提交后才能绑定采样管。'
          : '这条登记还没有提交，也还没有填写联系电话。请继续填写后提交。'}
      </p>
      {complete && (
        <Button
          block
          size="large"
          color="primary"
          loading={submitting}
          disabled={submitting}
          onClick={() => void submit()}
        >
          提交登记
        </Button>
      )}
      {continueTo && (
        <Link className={complete ? styles.secondaryLink : styles.primaryLink} to={continueTo}>
          继续填写
        </Link>
      )}
    </div>
  );
}
