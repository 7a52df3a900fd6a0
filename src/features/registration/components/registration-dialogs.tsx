import { Dialog } from 'antd-mobile';
import { getRegistrationDetail } from '@/api/registration/get-registration-detail';
import type { UserAudience } from '@/config/audience';
import type { Id } from '@/types/api';
import { formatMaskedIdCard } from '@/lib/id-card';
import type { TransientCause } from '@/lib/http/retry-policy';
import { SCREENING_AGE_RANGE_TEXT } from '../registration-form-values';
import styles from './registration-dialogs.module.css';
import { formatDateTime } from '@/lib/date-time';

export interface RegistrationSummary {
  name: string;
  idCard: string;
  tubeCode: string;
  collectedAt: string;
}

/** Asks the user to check what is about to be saved; resolves true on 确认提交. The ID card is masked. */
export function confirmRegistration(
  summary: RegistrationSummary,
  title = '请确认登记信息',
): Promise<boolean> {
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      // At large text the dialog scrolls as a whole (global.css); focusable, so it scrolls without touch.
      <dl className={styles.summary} tabIndex={0}>
        <div>
          <dt>姓名</dt>
          <dd>{summary.name}</dd>
        </div>
        <div>
          <dt>身份证号</dt>
          <dd>{formatMaskedIdCard(summary.idCard)}</dd>
        </div>
        <div>
          <dt>采样管编码</dt>
          <dd className={styles.code}>{summary.tubeCode}</dd>
        </div>
        <div>
          <dt>采集时间</dt>
          <dd>{summary.collectedAt ? formatDateTime(summary.collectedAt) : '未填（还没取样）'}</dd>
        </div>
      </dl>
    ),
    confirmText: '确认提交',
    cancelText: '返回修改',
  });
}

/**
 * The ID card gives an age outside the screening range (`age` as the form shows it, e.g. '36 岁'): the
 * number may be mistyped, or the person may still be registered. Resolves true on 仍要登记.
 */
export function confirmOutsideScreeningAge(age: string): Promise<boolean> {
  const title = '年龄不在筛查范围';
  const text =
    `按身份证号计算，年龄为 ${age}，不在本次筛查年龄范围（${SCREENING_AGE_RANGE_TEXT}）。` +
    '请核对身份证号；核对无误仍要登记的，请点“仍要登记”。';
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      <p className={styles.text} tabIndex={0}>
        {text}
      </p>
    ),
    confirmText: '仍要登记',
    cancelText: '返回修改',
  });
}

const ID_CARD_REGISTERED_TITLE = '该身份证号已登记';

/**
 * The ID card is registered already: offer that registration instead. Resolves true to open it. The
 * server's message is shown only when it says more than the title.
 */
function offerExistingRegistration(message = ID_CARD_REGISTERED_TITLE): Promise<boolean> {
  return Dialog.confirm({
    'aria-label': ID_CARD_REGISTERED_TITLE,
    title: ID_CARD_REGISTERED_TITLE,
    content: (
      <p className={styles.text} tabIndex={0}>
        {message !== ID_CARD_REGISTERED_TITLE && `${message}。`}
        不需要重复登记，可以直接打开已有的登记信息，查看或绑定采样管。
      </p>
    ),
    confirmText: '查看已有登记',
    cancelText: '取消',
  });
}

/**
 * The ID card is registered already, by someone whose registrations this check user cannot see (the
 * screening site registered a family member): what to do instead of opening it.
 */
async function explainRegisteredElsewhere(): Promise<void> {
  await Dialog.alert({
    'aria-label': ID_CARD_REGISTERED_TITLE,
    title: ID_CARD_REGISTERED_TITLE,
    content: (
      <div className={styles.text} tabIndex={0}>
        <p className={styles.paragraph}>
          这个人已经登记过，多半是在社区筛查点由工作人员登记的，不需要再登记。这条登记只有登记它的工作人员能查看和修改，在这里打不开。
        </p>
        <p className={styles.paragraph}>
          采样管在登记时已由工作人员绑定的，请按工作人员的说明采样和送回；要更正信息或更换采样管，请联系当初为其登记的社区筛查点，带上身份证。
        </p>
      </div>
    ),
    confirmText: '知道了',
  });
}

/** Whether this account may open registration `id` (the server shows a check user only their own). */
function canOpenRegistration(id: Id | undefined): Promise<boolean> {
  if (!id) return Promise.resolve(false);
  return getRegistrationDetail({ id }, { silent: true }).then(
    () => true,
    () => false,
  );
}

/**
 * The ID card is registered already (`id`: that registration, when known): offers it where this person
 * can open it, resolving true to open it. Staff may open any; a check user is shown only their own, so
 * for anyone else's they are told what to do instead.
 */
export async function offerRegisteredIdCard(
  id: Id | undefined,
  audience: UserAudience,
  message?: string,
): Promise<boolean> {
  if (audience === 'check' && !(await canOpenRegistration(id))) {
    await explainRegisteredElsewhere();
    return false;
  }
  return offerExistingRegistration(message);
}

/**
 * There is no network: offer the offline queue (staff only). Resolves true to queue. The failure
 * message stands on its own line (it is the same words as the usual failure toast).
 */
export function offerOfflineQueue(
  message: string,
  step: 'submit' | 'bind',
  cause: TransientCause = 'network',
): Promise<boolean> {
  const title = cause === 'network' ? '网络不可用' : '服务器暂时繁忙';
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      // At large text the dialog scrolls as a whole (global.css); focusable, so it scrolls without touch.
      <div className={styles.text} tabIndex={0}>
        <p className={styles.paragraph}>{message}</p>
        <p className={styles.paragraph}>
          {step === 'bind' ? '登记信息已保存，采样管还没有绑定。' : '这条登记还没有提交。'}
          可以先保存到待发送队列，{cause === 'network' ? '恢复网络后' : '稍后'}
          自动提交，接着录入下一位；也可以留在本页，稍后自己重试。
        </p>
      </div>
    ),
    confirmText: '保存到待发送队列',
    cancelText: '留在本页',
  });
}

/**
 * 继续填写 a saved registration while the phone holds another one the server does not have (yet).
 * Resolves true to replace the phone's copy.
 */
export function confirmReplaceLocalDraft(localName: string): Promise<boolean> {
  const title = '替换本机未保存的登记？';
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      <p className={styles.text} tabIndex={0}>
        本机还有一份没有保存到服务器的登记（{localName || '未填姓名'}
        ）。继续填写这条登记，会替换本机的这份内容。
      </p>
    ),
    confirmText: '替换',
    cancelText: '保留本机内容',
  });
}
