import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { audiencePages, type UserAudience } from '@/config/audience';
import type { Registration } from '@/types/api';
import content from '@/styles/content.module.css';
import styles from '../questionnaires.module.css';

// A questionnaire opened for a person (the usual way in) never shows this step: the registration
// feature's finder is loaded only when it does, not with every questionnaire.
const RegistrationFinder = lazy(() =>
  import('@/features/registration')
    .then((registration) => registration.loadRegistrationFinder())
    .then((module) => ({ default: module.RegistrationFinder })),
);

export interface PersonStepProps {
  audience: UserAudience;
  /** Where choosing a registration leads: the questionnaire for that person. */
  linkFor: (registration: Registration) => string;
  fallbackPath?: string;
}

/**
 * A questionnaire was started without a person: answers that belong to nobody help no one, so the user
 * first chooses whose it is. Staff find the registration (name, ID card, phone, or the tube typed or
 * scanned); a check user without a registration of their own picks one they entered, or registers.
 */
export function PersonStep({ audience, linkFor, fallbackPath }: PersonStepProps) {
  const isWork = audience === 'work';
  return (
    <PageShell fallbackPath={fallbackPath}>
      <h2 className={styles.chooserHeading}>这份问卷为谁填写？</h2>
      <p className={styles.introText}>
        {isWork
          ? '问卷需与受检者的登记对应。请查找受检者，或扫描其采样管二维码，再点选登记开始填写。'
          : '问卷需与登记信息对应。请点选要填写问卷的登记；还没有登记的，请先完成信息登记。'}
      </p>
      <Suspense fallback={<InlineLoading />}>
        <RegistrationFinder isWork={isWork} linkFor={linkFor} />
      </Suspense>
      {!isWork && (
        <Link className={content.card} to={audiencePages(audience).registrationEnter}>
          去信息登记
        </Link>
      )}
    </PageShell>
  );
}
