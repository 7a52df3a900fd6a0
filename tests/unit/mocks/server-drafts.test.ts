import { describe, expect, test } from 'vitest';
import {
  addRegistration,
  deleteRegistration,
  getRegistrationDetail,
  searchRegistrations,
  submitRegistration,
} from '@/api/registration';
import { defaultDb } from '@/mocks/db';
import { makeIdCard } from '@/mocks/id-card-generator';
import { API_STATUS, type Id, type Registration, type RegistrationInput } from '@/types/api';
import { rejection, signInStaff } from './helpers';

/** The id a save answered with (fails the test when it answered none). */
async function idOf(save: Promise<Id | undefined>): Promise<Id> {
  const id = await save;
  if (!id) throw new Error('the save answered no id');
  return id;
}

/** The registration a save wrote, as GetDetail answers it. */
async function saved(save: Promise<Id | undefined>): Promise<Registration> {
  return getRegistrationDetail({ id: await idOf(save) });
}

const person: RegistrationInput = {
  name: '马丽君',
  idCard: makeIdCard('310104', '1964-06-18', 77, '2'),
  phone: '',
};

/** The demo backend keeps the contract written at RegistrationInput and RegistrationDeletePayload. */
describe('unfinished registrations on the server (ScreeningRegister/Add, /Delete)', () => {
  test('Add keeps a draft without a phone number; Submit still needs one', async () => {
    await signInStaff('admin');
    const draft = await saved(addRegistration(person));
    expect(draft).toMatchObject({ status: 'draft', phone: '', name: '马丽君' });
    expect(draft.updatedAt).toBeTruthy();

    const refused = await rejection(submitRegistration({ ...person, id: draft.id }, { silent: true }));
    expect(refused.message).toBe('请填写正确的电话');
    const submitted = await saved(submitRegistration({ ...person, id: draft.id, phone: '13812345678' }));
    expect(submitted).toMatchObject({ id: draft.id, status: 'submitted' });
  });

  test('a draft is its author’s: another account neither finds it nor is blocked by its ID card', async () => {
    await signInStaff('admin');
    const draft = await idOf(addRegistration(person));
    const mine = await searchRegistrations({ status: 'draft', pageIndex: 1, pageSize: 50 });
    expect(mine.records.map((record) => record.id)).toContain(draft);

    await signInStaff('worker');
    const theirs = await searchRegistrations({ status: 'draft', pageIndex: 1, pageSize: 50 });
    expect(theirs.records.map((record) => record.id)).not.toContain(draft);
    const worker = defaultDb.state.users.find((user) => user.accountName === 'worker');
    expect(theirs.records.length).toBe(
      defaultDb.state.registrations.filter(
        (record) => record.status === 'draft' && record.createdByUserId === worker?.id,
      ).length,
    );
    expect((await rejection(getRegistrationDetail({ id: draft }, { silent: true }))).code).toBe(
      API_STATUS.notFound,
    );
    // The worker registers the same person: allowed, the draft was not a registration yet.
    const submitted = await saved(submitRegistration({ ...person, phone: '13812345678' }));
    expect(submitted.status).toBe('submitted');

    // Now the ID card is registered, for the draft's author too.
    await signInStaff('admin');
    const blocked = await rejection(
      submitRegistration({ ...person, id: draft, phone: '13812345678' }, { silent: true }),
    );
    expect(blocked.code).toBe(API_STATUS.idCardRegistered);
  });

  test('Delete removes a draft, refuses a submitted registration, and answers 404 for someone else’s', async () => {
    await signInStaff('admin');
    const draft = await idOf(addRegistration(person));
    await deleteRegistration({ id: draft });
    expect(defaultDb.state.registrations.some((record) => record.id === draft)).toBe(false);

    const other = await idOf(
      addRegistration({ ...person, idCard: makeIdCard('310104', '1960-01-01', 12, '1') }),
    );
    await signInStaff('worker');
    expect((await rejection(deleteRegistration({ id: other }, { silent: true }))).code).toBe(
      API_STATUS.notFound,
    );

    const submitted = defaultDb.state.registrations.find((record) => record.status === 'submitted');
    const refused = await rejection(deleteRegistration({ id: submitted?.id ?? '' }, { silent: true }));
    expect(refused).toMatchObject({ code: API_STATUS.warning, message: '登记信息已提交，不能删除' });
    expect(defaultDb.state.registrations.some((record) => record.id === submitted?.id)).toBe(true);
  });

  test('the newest saved draft comes first', async () => {
    await signInStaff('admin');
    const first = await idOf(addRegistration(person));
    const second = await idOf(
      addRegistration({
        ...person,
        name: '马丽',
        idCard: makeIdCard('310104', '1960-01-01', 12, '1'),
      }),
    );
    defaultDb.mutate((state) => {
      const stored = state.registrations.find((record) => record.id === first);
      if (stored) stored.updatedAt = new Date(Date.now() + 60_000).toISOString();
    });
    const page = await searchRegistrations({ status: 'draft', pageIndex: 1, pageSize: 50 });
    const ids = page.records.map((record) => record.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
  });
});
