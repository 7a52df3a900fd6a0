import type { QuestionnaireResponse, Registration, SystemMessage, UserProfile } from '@/types/api';
import type { DemoDb, DemoTube, DemoUser, StoredMessage, StoredRegistration, StoredResponse } from '../db';
import { maskPhone } from '../seed';

/** Stored records in the contract's shapes. */

function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number);
  // China Standard Time calendar date of `today`.
  const china = new Date(today.getTime() + 8 * 60 * 60 * 1000);
  const thisMonth = china.getUTCMonth() + 1;
  const thisDay = china.getUTCDate();
  const passed = thisMonth > month || (thisMonth === month && thisDay >= day);
  return china.getUTCFullYear() - year - (passed ? 0 : 1);
}

/** The tube currently bound to a registration (an unbound tube belongs to nobody). */
export function activeTube(db: DemoDb, registrationId: string): DemoTube | undefined {
  return db.state.tubes.find((tube) => tube.registrationId === registrationId && tube.status !== 'unbound');
}

export function registrationView(db: DemoDb, stored: StoredRegistration): Registration {
  const { createdByUserId: _owner, ...fields } = stored;
  const tube = activeTube(db, stored.id);
  const report = tube && db.state.reports.find((candidate) => candidate.tubeCode === tube.code);
  const view: Registration = { ...fields, age: ageOn(stored.birthDate, db.now()) };
  if (tube) {
    view.tube = {
      code: tube.code,
      status: tube.status,
      boundAt: tube.boundAt,
      collectedAt: tube.collectedAt,
    };
  }
  if (report) view.reportId = report.id;
  return view;
}

export function messageView(stored: StoredMessage): SystemMessage {
  const { recipientUserId: _recipient, ...message } = stored;
  return message;
}

export function responseView(db: DemoDb, stored: StoredResponse): QuestionnaireResponse {
  const { ownerUserId: _owner, ...fields } = stored;
  const questionnaire = db.state.questionnaires.find((candidate) => candidate.id === stored.questionnaireId);
  const registration = stored.registrationId
    ? db.state.registrations.find((candidate) => candidate.id === stored.registrationId)
    : undefined;
  const view: QuestionnaireResponse = { ...fields, questionnaireTitle: questionnaire?.title ?? '' };
  if (registration) view.personName = registration.name;
  return view;
}

export function profileView(db: DemoDb, user: DemoUser): UserProfile {
  const profile: UserProfile = {
    id: user.id,
    name: user.name,
    role: user.role,
    institutionName: user.institutionName,
    phone: maskPhone(user.phone),
  };
  if (user.accountName) profile.accountName = user.accountName;
  if (user.role === 'check' && user.idCard) {
    const own = db.state.registrations.find((registration) => registration.idCard === user.idCard);
    if (own) profile.registrationId = own.id;
  }
  return profile;
}
