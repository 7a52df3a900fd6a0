import { getUserManageProfile } from '@/api/account';
import { getRegistrationDetail, searchRegistrations, submitRegistration } from '@/api/registration';
import {
  bindSamplingTube,
  downloadCheckReport,
  getSamplingTubeStatus,
  pageCheckReport,
} from '@/api/sampling';
import { makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { minutesFromNow, rejection, signInCheckUser } from './helpers';

describe('check user journey (WeChat callback login)', () => {
  test('a callback code logs in 张秀英, who sees only her own registrations and reports', async () => {
    await signInCheckUser();
    const profile = await getUserManageProfile();
    expect(profile).toMatchObject({ name: '张秀英', role: 'check' });
    expect(profile.registrationId).toBeTruthy();

    const own = await getRegistrationDetail({ id: profile.registrationId! });
    expect(own).toMatchObject({ name: '张秀英', gender: '2', tube: { status: 'reported' } });
    expect(own.reportId).toBeTruthy();

    const visible = await searchRegistrations({ pageIndex: 1, pageSize: 50 });
    expect(visible.records.map((registration) => registration.name).sort()).toEqual(
      ['张秀英', '陈建国'].sort(),
    );
    const hidden = await rejection(getRegistrationDetail({ id: '1010' }, { silent: true }));
    expect(hidden).toMatchObject({ kind: 'business', code: 4004, message: '登记信息不存在' });

    const reports = await pageCheckReport({ pageIndex: 1, pageSize: 10, mine: true });
    expect(reports.total).toBe(1);
    expect(reports.records[0]).toMatchObject({
      personName: '张秀英',
      result: 'negative',
      testItemCode: 'FIT',
    });
    expect(reports.records[0].advice).toContain('1 年后');

    const file = await downloadCheckReport({ reportId: reports.records[0].id });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe(reports.records[0].fileName);
    const head = new TextDecoder('latin1').decode(new Uint8Array(file.data).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  test('a check user registers a family member and binds their tube', async () => {
    await signInCheckUser();
    const savedId = await submitRegistration({
      name: '陈小军',
      idCard: makeIdCard('310104', '1972-01-09', 31, '1'),
      phone: '13700001111',
      familyHistory: true,
    });
    if (!savedId) throw new Error('the save answered no id');
    const saved = await getRegistrationDetail({ id: savedId });
    expect(saved).toMatchObject({
      status: 'submitted',
      registeredBy: 'check',
      registeredByName: '张秀英',
      gender: '1',
    });
    await bindSamplingTube({
      registrationId: saved.id,
      tubeCode: SPARE_TUBE_CODES[5],
      collectedAt: minutesFromNow(-30),
    });
    expect(await getSamplingTubeStatus({ tubeCode: SPARE_TUBE_CODES[5] })).toMatchObject({
      status: 'bound',
      boundRegistrationId: saved.id,
    });
    const visible = await searchRegistrations({ pageIndex: 1, pageSize: 50 });
    expect(visible.total).toBe(3);
  });

  test("downloading someone else's report is refused with a message, not a file", async () => {
    await signInCheckUser();
    const error = await rejection(downloadCheckReport({ reportId: '2003' }, { silent: true }));
    expect(error).toMatchObject({ kind: 'business', code: 4004, message: '检测报告不存在' });
  });
});
