import { getUserManageProfile, loginOut } from '@/api/account';
import {
  addRegistration,
  getRegistrationDetail,
  searchRegistrations,
  submitRegistration,
} from '@/api/registration';
import { bindSamplingTube, getSamplingTubeStatus, updateSamplingOperation } from '@/api/sampling';
import { getToken } from '@/lib/token';
import { defaultDb } from '@/mocks/db';
import { EXPIRED_DEMO_TOKEN, SPARE_TUBE_CODES } from '@/mocks/seed';
import { makeIdCard } from '@/mocks/id-card-generator';
import { setToken } from '@/lib/token';
import { API_STATUS, type Id, type Registration, type RegistrationInput } from '@/types/api';
import { minutesFromNow, rejection, signInStaff } from './helpers';

/** The registration a save wrote, as GetDetail answers it (fails the test when the save answered no id). */
async function saved(save: Promise<Id | undefined>): Promise<Registration> {
  const id = await save;
  if (!id) throw new Error('the save answered no id');
  return getRegistrationDetail({ id });
}

const newPerson: RegistrationInput = {
  name: '马丽君',
  idCard: makeIdCard('310104', '1964-06-18', 77, '2'),
  phone: '138 1234 5678',
  address: '上海市徐汇区枫林路 180 弄 3 号 502 室',
  nation: '1',
  education: '4',
  occupation: '8',
  emergencyContactName: '马建国',
  emergencyContactPhone: '13912345678',
  emergencyContactRelation: '1',
  familyHistory: false,
};

describe('staff journey through the demo backend', () => {
  test('login -> register -> tube status -> bind -> search finds it -> unbind', async () => {
    await signInStaff('admin');
    const profile = await getUserManageProfile();
    expect(profile).toMatchObject({ name: '王医生', role: 'work', accountName: 'admin' });
    expect(profile.phone).toMatch(/^\d{3}\*{4}\d{4}$/);

    const draft = await saved(addRegistration(newPerson));
    expect(draft).toMatchObject({
      status: 'draft',
      gender: '2',
      birthDate: '1964-06-18',
      phone: '13812345678',
    });
    expect(draft.registeredByName).toBe('王医生');

    const submitted = await saved(submitRegistration({ ...newPerson, id: draft.id }));
    expect(submitted).toMatchObject({ id: draft.id, status: 'submitted' });
    expect(submitted.tube).toBeUndefined();

    const tubeCode = SPARE_TUBE_CODES[0];
    expect(await getSamplingTubeStatus({ tubeCode })).toMatchObject({
      tubeCode,
      exists: true,
      status: 'unbound',
    });

    const collectedAt = minutesFromNow(-90);
    await bindSamplingTube({
      registrationId: draft.id,
      tubeCode: ` ${tubeCode.toLowerCase()} `,
      collectedAt,
    });
    expect((await getRegistrationDetail({ id: draft.id })).tube).toMatchObject({
      code: tubeCode,
      status: 'bound',
    });
    const status = await getSamplingTubeStatus({ tubeCode });
    expect(status).toMatchObject({
      tubeCode,
      status: 'bound',
      boundRegistrationId: draft.id,
      boundPersonName: '马*君',
    });
    expect(Date.parse(status.collectedAt ?? '')).toBe(Math.floor(Date.parse(collectedAt) / 1000) * 1000);
    expect(status.timeline.at(-1)?.status).toBe('bound');

    const byTube = await searchRegistrations({
      keyword: tubeCode,
      searchType: 'tubeCode',
      pageIndex: 1,
      pageSize: 10,
    });
    expect(byTube.total).toBe(1);
    expect(byTube.records[0]).toMatchObject({ id: draft.id, tube: { code: tubeCode, status: 'bound' } });
    const byName = await searchRegistrations({ keyword: '马丽君', pageIndex: 1, pageSize: 10 });
    expect(byName.records.map((registration) => registration.id)).toContain(draft.id);

    await updateSamplingOperation({
      tubeCode,
      registrationId: draft.id,
      operation: 'unbind',
      reason: '1',
      note: '扫错管',
    });
    const unbound = await getSamplingTubeStatus({ tubeCode });
    expect(unbound.status).toBe('unbound');
    expect(unbound.timeline.at(-1)?.note).toBe('解绑：扫码绑定错误（绑错受检者）（扫错管）');
    expect(unbound.boundRegistrationId).toBeUndefined();
    const detail = await getRegistrationDetail({ id: draft.id });
    expect(detail.tube).toBeUndefined();
  });

  test('search pages through every registration, newest first', async () => {
    await signInStaff('worker');
    // Every submitted registration, and of the drafts only the worker's own (a draft is its author's).
    const all = defaultDb.state.registrations;
    const worker = defaultDb.state.users.find((user) => user.accountName === 'worker');
    const ownDrafts = all.filter((r) => r.status === 'draft' && r.createdByUserId === worker?.id).length;
    const submitted = all.filter((r) => r.status === 'submitted').length;
    expect([submitted, ownDrafts, all.length]).toEqual([32, 1, 36]);
    const first = await searchRegistrations({ pageIndex: 1, pageSize: 10 });
    expect(first.total).toBe(33);
    expect(first.records).toHaveLength(10);
    const last = await searchRegistrations({ pageIndex: 4, pageSize: 10 });
    expect(last.records).toHaveLength(3);
    const times = first.records.map((registration) => Date.parse(registration.registeredAt ?? ''));
    expect(times.every((time) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const drafts = await searchRegistrations({ status: 'draft', pageIndex: 1, pageSize: 50 });
    expect(drafts.total).toBe(1);
  });

  test('logout ends the session: the next call is HTTP 401', async () => {
    await signInStaff();
    await loginOut();
    const error = await rejection(getUserManageProfile({ silent: true }));
    expect(error.kind).toBe('unauthorized');
    expect(getToken()).toBeNull();
  });

  test('no token and an expired token are HTTP 401', async () => {
    expect(
      (await rejection(searchRegistrations({ pageIndex: 1, pageSize: 10 }, { silent: true }))).kind,
    ).toBe('unauthorized');
    setToken(EXPIRED_DEMO_TOKEN);
    const error = await rejection(getUserManageProfile({ silent: true }));
    expect(error).toMatchObject({ kind: 'unauthorized', code: 401 });
  });

  test('wrong password is a business error', async () => {
    const { loginManage } = await import('@/api/account');
    const error = await rejection(
      loginManage({ accountName: 'admin', accountPwd: '654321' }, { silent: true }),
    );
    expect(error).toMatchObject({
      kind: 'business',
      code: API_STATUS.loginFailed,
      message: '账号或密码错误',
    });
  });
});
