import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/api/account/get-user-manage-profile';
import { checkOverviewQuery, peopleWithIdCards } from '@/features/home';
import { formatMaskedIdCard } from '@/lib/id-card';
import styles from './choices.module.css';

/**
 * A check user's own ID number and their family's, from what the app already knows (the home's overview,
 * whose registrations are theirs and the ones they entered, and the profile saying which is their own),
 * each one tap. A number is shown masked; the search takes it whole, as a typed one (sessionStorage).
 * Typing stays possible below.
 */
export function KnownIdCards({ onChoose }: { onChoose: (idCard: string) => void }) {
  const { data: overview } = useQuery(checkOverviewQuery());
  const { data: profile } = useQuery(profileQuery());
  const headingId = useId();
  const people = peopleWithIdCards(overview?.registrations ?? [], profile?.registrationId);
  if (people.length === 0) return null;

  return (
    <section className={styles.known} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.lead}>
        点选要查询的人，也可以在下面输入号码
      </h2>
      <ul className={styles.choices}>
        {people.map((person) => (
          <li key={person.idCard}>
            <button type="button" className={styles.choice} onClick={() => onChoose(person.idCard)}>
              <span className={styles.choiceTitle}>
                {person.name || '受检者'}
                {person.own && '（本人）'}
              </span>
              <span className={styles.choiceHint}>身份证号 {formatMaskedIdCard(person.idCard)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
