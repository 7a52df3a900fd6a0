import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { formatMaskedIdCard } from '@/lib/id-card';
import {
  labelOf,
  REGISTRATION_STATUS_LABELS,
  SAMPLING_TUBE_STATUS_LABELS,
  type Open,
  type Registration,
  type SamplingTubeStatus,
} from '@/types/api';
import { formatDateTime } from '@/lib/date-time';
import styles from './registration-card.module.css';

/** Tag colour of a tube status: done is green, waiting on the lab is blue, needs a tube is orange. */
function tubeStatusColor(status: Open<SamplingTubeStatus>): 'success' | 'warning' | 'primary' {
  switch (status) {
    case 'reported':
      return 'success';
    case 'unbound':
      return 'warning';
    default:
      return 'primary';
  }
}

/** A tube's status as a coloured tag (lists and detail pages). */
export function TubeStatusTag({ status }: { status: Open<SamplingTubeStatus> }) {
  return (
    <Tag color={tubeStatusColor(status)} className={styles.tag}>
      {labelOf(SAMPLING_TUBE_STATUS_LABELS, status)}
    </Tag>
  );
}

/** One registration in a list: name, masked ID card, tube code and status; the whole card opens the detail. */
export function RegistrationCard({ registration, to }: { registration: Registration; to: string }) {
  const tube = registration.tube;
  return (
    <Link to={to} className={styles.card}>
      <span className={styles.top}>
        <span className={styles.name}>{registration.name}</span>
        {registration.status === 'draft' ? (
          <Tag color="default" className={styles.tag}>
            {REGISTRATION_STATUS_LABELS.draft}
          </Tag>
        ) : tube ? (
          <TubeStatusTag status={tube.status} />
        ) : (
          <Tag color="warning" className={styles.tag}>
            未绑定采样管
          </Tag>
        )}
      </span>
      <span className={styles.line}>身份证号：{formatMaskedIdCard(registration.idCard)}</span>
      <span className={styles.line}>
        采样管：<span className={styles.code}>{tube?.code ?? '—'}</span>
      </span>
      <span className={styles.meta}>登记时间：{formatDateTime(registration.registeredAt)}</span>
    </Link>
  );
}
