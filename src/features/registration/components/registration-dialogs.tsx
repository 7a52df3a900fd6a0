import { Dialog } from 'antd-mobile';
import { maskIdCard } from '@/lib/id-card';
import styles from './registration-dialogs.module.css';
import { formatDateTime } from './collection-time-field';

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
      <dl className={styles.summary}>
        <dt>姓名</dt>
        <dd>{summary.name}</dd>
        <dt>身份证号</dt>
        <dd>{maskIdCard(summary.idCard)}</dd>
        <dt>采样管编码</dt>
        <dd className={styles.code}>{summary.tubeCode}</dd>
        <dt>采集时间</dt>
        <dd>{formatDateTime(summary.collectedAt)}</dd>
      </dl>
    ),
    confirmText: '确认提交',
    cancelText: '返回修改',
  });
}

/** The ID card is registered already: offer that registration instead. Resolves true to open it. */
export function offerExistingRegistration(message = '该身份证号已登记'): Promise<boolean> {
  return Dialog.confirm({
    'aria-label': '该身份证号已登记',
    title: '该身份证号已登记',
    content: (
      <p className={styles.text}>{message}。不需要重复登记，可以直接打开已有的登记信息，查看或绑定采样管。</p>
    ),
    confirmText: '查看已有登记',
    cancelText: '取消',
  });
}
