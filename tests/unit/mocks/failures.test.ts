import { loginWeChat } from '@/api/account';
import { submitRegistration } from '@/api/registration';
import {
  bindSamplingTube,
  getSamplingTubeStatus,
  pageCheckReport,
  updateSamplingOperation,
} from '@/api/sampling';
import { defaultDb } from '@/mocks/db';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { failureData } from '@/lib/http';
import { API_STATUS, idCardRegisteredDataSchema } from '@/types/api';
import { minutesFromNow, rejection, signInCheckUser, signInStaff } from './helpers';

/** A submitted registration without a tube, from the seed. */
function submittedWithoutTube() {
  const registration = defaultDb.state.registrations.find(
    (candidate) =>
      candidate.status === 'submitted' &&
      !defaultDb.state.tubes.some(
        (tube) => tube.registrationId === candidate.id && tube.status !== 'unbound',
      ),
  );
  if (!registration) throw new Error('seed has no submitted registration without a tube');
  return registration;
}

function tubeIn(status: string) {
  const tube = defaultDb.state.tubes.find((candidate) => candidate.status === status);
  if (!tube) throw new Error(`seed has no tube in ${status}`);
  return tube;
}

describe('demo backend failures, each with its Chinese message', () => {
  test('unknown tube code: lookup says it does not exist, binding fails with 5001', async () => {
    await signInStaff();
    expect(await getSamplingTubeStatus({ tubeCode: 'CT0000000000' })).toEqual({
      tubeCode: 'CT0000000000',
      exists: false,
      timeline: [],
    });
    const error = await rejection(
      bindSamplingTube(
        {
          registrationId: submittedWithoutTube().id,
          tubeCode: 'CT0000000000',
          collectedAt: minutesFromNow(-10),
        },
        { silent: true },
      ),
    );
    expect(error).toMatchObject({
      kind: 'business',
      code: 5001,
      message: '采样管编码不存在，请核对后重新扫码',
    });
  });

  test('a tube bound to someone else cannot be bound again', async () => {
    await signInStaff();
    const error = await rejection(
      bindSamplingTube(
        {
          registrationId: submittedWithoutTube().id,
          tubeCode: tubeIn('bound').code,
          collectedAt: minutesFromNow(-10),
        },
        { silent: true },
      ),
    );
    expect(error).toMatchObject({ code: API_STATUS.tubeAlreadyBound, message: '该采样管已绑定其他受检者' });
  });

  test('a collection time in the future is a 9001 warning', async () => {
    await signInStaff();
    const error = await rejection(
      bindSamplingTube(
        {
          registrationId: submittedWithoutTube().id,
          tubeCode: SPARE_TUBE_CODES[1],
          collectedAt: minutesFromNow(60),
        },
        { silent: true },
      ),
    );
    expect(error).toMatchObject({
      kind: 'business',
      code: 9001,
      message: '采集时间不能晚于当前时间，请核对后重新选择',
    });
    expect(await getSamplingTubeStatus({ tubeCode: SPARE_TUBE_CODES[1] })).toMatchObject({
      status: 'unbound',
    });
  });

  test('a draft registration cannot have a tube bound', async () => {
    await signInStaff();
    const draft = defaultDb.state.registrations.find((candidate) => candidate.status === 'draft')!;
    const error = await rejection(
      bindSamplingTube(
        { registrationId: draft.id, tubeCode: SPARE_TUBE_CODES[2], collectedAt: minutesFromNow(-5) },
        { silent: true },
      ),
    );
    expect(error.code).toBe(API_STATUS.registrationNotSubmitted);
  });

  test('unbinding after the lab received the sample is refused with 9001', async () => {
    await signInStaff();
    const tube = tubeIn('received');
    const error = await rejection(
      updateSamplingOperation(
        { tubeCode: tube.code, registrationId: tube.registrationId!, operation: 'unbind', reason: '2' },
        { silent: true },
      ),
    );
    expect(error.code).toBe(9001);
    expect(error.message).toBe('实验室已接收该样本，不能解绑（当前状态：实验室已接收）');
  });

  test('an ID card already registered is refused with the existing registration id', async () => {
    await signInStaff();
    const existing = defaultDb.state.registrations[5];
    const error = await rejection(
      submitRegistration(
        { name: '重复登记', idCard: existing.idCard.toLowerCase(), phone: '13800138000' },
        { silent: true },
      ),
    );
    expect(error).toMatchObject({
      kind: 'business',
      code: API_STATUS.idCardRegistered,
      message: '该身份证号已登记',
    });
    // Sent as a number, as most backends do; the app reads it as the string id.
    expect(error.body).toMatchObject({ responseData: { registrationId: Number(existing.id) } });
    expect(failureData(error.body, idCardRegisteredDataSchema)?.registrationId).toBe(existing.id);
  });

  test('invalid registration input gets the form messages', async () => {
    await signInStaff();
    const seeded = defaultDb.state.registrations[0].idCard;
    const wrongCheck = seeded.slice(0, 17) + (seeded[17] === '0' ? '1' : '0');
    const valid = { name: '测试', idCard: wrongCheck, phone: '13800138000' };
    expect((await rejection(submitRegistration({ ...valid, name: ' ' }, { silent: true }))).message).toBe(
      '请填写姓名',
    );
    expect((await rejection(submitRegistration(valid, { silent: true }))).message).toBe(
      '请输入正确的身份证号',
    );
    const idCard = '11010519491231002X';
    expect(
      (await rejection(submitRegistration({ ...valid, idCard, phone: '12345' }, { silent: true }))).message,
    ).toBe('请填写正确的电话');
  });

  test('WeChat codes: invalid, "used", and a code used twice', async () => {
    const invalid = await rejection(loginWeChat({ code: 'invalid' }, { silent: true }));
    expect(invalid).toMatchObject({ kind: 'business', code: API_STATUS.wechatCodeInvalid });
    expect(invalid.message).toContain('授权码无效');
    const used = await rejection(loginWeChat({ code: 'used' }, { silent: true }));
    expect(used).toMatchObject({ code: API_STATUS.wechatCodeUsed, message: '授权码已使用，请重新授权' });

    expect((await loginWeChat({ code: 'one-time-code' })).token).toMatch(/^demo-/);
    const again = await rejection(loginWeChat({ code: 'one-time-code' }, { silent: true }));
    expect(again).toMatchObject({ kind: 'business', message: '授权码已使用，请重新授权' });
  });

  test('check users may not unbind (403) and see only their own reports', async () => {
    await signInCheckUser();
    const tube = tubeIn('bound');
    const error = await rejection(
      updateSamplingOperation(
        { tubeCode: tube.code, registrationId: tube.registrationId!, operation: 'unbind', reason: '1' },
        { silent: true },
      ),
    );
    expect(error).toMatchObject({ code: 403, message: '当前操作没有权限' });
    const someoneElse = defaultDb.state.reports.find((report) => report.personName !== '张秀英')!;
    const page = await pageCheckReport({ pageIndex: 1, pageSize: 10, idCard: someoneElse.idCard });
    expect(page.total).toBe(0);
  });
});
