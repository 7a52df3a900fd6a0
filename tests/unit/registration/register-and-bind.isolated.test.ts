import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRegistrationDetail } from '@/api/registration/get-registration-detail';
import { submitRegistration } from '@/api/registration/submit-registration';
import { bindSamplingTube } from '@/api/sampling/bind-sampling-tube';
import { getSamplingTubeStatus } from '@/api/sampling/get-sampling-tube-status';
import {
  registerAndBind,
  type RegisterAndBindOptions,
  type RegisterAndBindOutcome,
} from '@/api/registration/register-and-bind';
import { ApiError, type ApiErrorKind } from '@/lib/http';
import { API_STATUS, type Registration, type RegistrationInput } from '@/types/api';

vi.mock('@/api/registration/submit-registration', () => ({ submitRegistration: vi.fn() }));
vi.mock('@/api/registration/get-registration-detail', () => ({ getRegistrationDetail: vi.fn() }));
vi.mock('@/api/sampling/bind-sampling-tube', () => ({ bindSamplingTube: vi.fn() }));
vi.mock('@/api/sampling/get-sampling-tube-status', () => ({ getSamplingTubeStatus: vi.fn() }));

const person: RegistrationInput = { name: '王小明', idCard: '110105199001011234', phone: '13800138000' };
const tube = { tubeCode: ' CT2026110001 ', collectedAt: '2026-11-20T09:00:00+08:00' };

/** Submits `person` (saved as reg-1 unless a test says otherwise), then binds the tube. */
const registerPerson = (input: RegistrationInput, options?: RegisterAndBindOptions) =>
  registerAndBind({ submit: input, ...tube }, options);
/** Binds the tube to the submitted registration reg-1 (the detail page's binding). */
const bindOnly = (options?: RegisterAndBindOptions) =>
  registerAndBind({ registrationId: 'reg-1', ...tube }, options);

function business(code: number, message = '服务器的话', body?: unknown): ApiError {
  return new ApiError('business', message, { code, body });
}

beforeEach(() => {
  vi.mocked(submitRegistration).mockReset().mockResolvedValue('reg-1');
  vi.mocked(bindSamplingTube).mockReset().mockResolvedValue(undefined);
  vi.mocked(getSamplingTubeStatus)
    .mockReset()
    .mockResolvedValue({ tubeCode: 'CT2026110001', exists: true, status: 'unbound', timeline: [] });
  vi.mocked(getRegistrationDetail).mockReset();
});

describe('registerAndBind: one classification of what Submit and Bind answer', () => {
  it('Submit answers the saved registration, which Bind binds; both sent silently', async () => {
    const submitted: string[] = [];
    let keptBeforeBind: string[] = [];
    vi.mocked(bindSamplingTube).mockImplementation(() => {
      keptBeforeBind = [...submitted];
      return Promise.resolve();
    });
    expect(await registerPerson(person, { onSubmitted: (id) => submitted.push(id) })).toEqual({
      kind: 'bound',
      registrationId: 'reg-1',
    });
    expect(vi.mocked(submitRegistration).mock.calls[0]).toEqual([
      person,
      expect.objectContaining({ silent: true }),
    ]);
    expect(vi.mocked(bindSamplingTube).mock.calls[0]).toEqual([
      expect.objectContaining({ registrationId: 'reg-1' }),
      expect.objectContaining({ silent: true }),
    ]);
    // The id is kept before Bind goes out.
    expect(keptBeforeBind).toEqual(['reg-1']);
  });

  it('binds a registration submitted already without submitting it: the trimmed code, silently', async () => {
    expect(await bindOnly()).toEqual({ kind: 'bound', registrationId: 'reg-1' });
    expect(submitRegistration).not.toHaveBeenCalled();
    expect(vi.mocked(bindSamplingTube).mock.calls[0]).toEqual([
      { registrationId: 'reg-1', tubeCode: 'CT2026110001', collectedAt: tube.collectedAt },
      expect.objectContaining({ silent: true }),
    ]);
  });

  it('sends each call with its Idempotency-Key when given', async () => {
    await registerPerson(person, { idempotencyKeys: { submit: 'k-s', bind: 'k-b' } });
    expect(vi.mocked(submitRegistration).mock.calls[0][1]).toMatchObject({ idempotencyKey: 'k-s' });
    expect(vi.mocked(bindSamplingTube).mock.calls[0][1]).toMatchObject({ idempotencyKey: 'k-b' });
  });

  const undecided: ApiErrorKind[] = ['network', 'timeout', 'unauthorized', 'repeat-submit', 'canceled'];
  it.each(undecided)('a %s failure of Submit decides nothing: not-sent', async (kind) => {
    vi.mocked(submitRegistration).mockRejectedValue(new ApiError(kind, '请求没有完成'));
    expect(await registerPerson(person)).toMatchObject({
      kind: 'not-sent',
      step: 'submit',
      disposition: kind === 'unauthorized' ? 'session' : 'transient',
      errorKind: kind,
      message: '请求没有完成',
    });
  });

  // The retry policy's transient rows (lib/http/retry-policy.ts): sent again later, never shown as refused.
  it.each<[string, ApiError]>([
    ['HTTP 408', new ApiError('http', '系统接口408异常', { code: 408 })],
    ['HTTP 425', new ApiError('http', '系统接口425异常', { code: 425 })],
    ['HTTP 429', new ApiError('http', '系统接口429异常', { code: 429, retryAfterMs: 30_000 })],
    ['HTTP 502', new ApiError('http', '系统接口502异常', { code: 502 })],
    ['HTTP 503', new ApiError('http', '系统接口503异常', { code: 503, retryAfterMs: 5_000 })],
    ['HTTP 504', new ApiError('http', '系统接口504异常', { code: 504 })],
    ['a gateway page', new ApiError('malformed', '格式有误', { body: '<html>502 Bad Gateway</html>' })],
  ])("Submit failing with %s decides nothing: not-sent with the server's Retry-After", async (_, error) => {
    vi.mocked(submitRegistration).mockRejectedValue(error);
    expect(await registerPerson(person)).toEqual({
      kind: 'not-sent',
      step: 'submit',
      disposition: 'transient',
      errorKind: error.kind,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      message: error.message,
      error,
    });
  });

  it.each(undecided)('a %s failure of Bind is not-sent with the saved registration', async (kind) => {
    vi.mocked(bindSamplingTube).mockRejectedValue(new ApiError(kind, '请求没有完成'));
    expect(await bindOnly()).toMatchObject({
      kind: 'not-sent',
      step: 'bind',
      registrationId: 'reg-1',
      errorKind: kind,
    });
  });

  it.each<[string, ApiError, Partial<RegisterAndBindOutcome>]>([
    ['403', business(API_STATUS.forbidden), { kind: 'refused', reason: 'forbidden' }],
    ['4004', business(API_STATUS.notFound), { kind: 'refused', reason: 'not-found' }],
    ['500', business(API_STATUS.serverError), { kind: 'refused', reason: 'server' }],
    ...[400, 403, 404, 500].map((code): [string, ApiError, Partial<RegisterAndBindOutcome>] => [
      `HTTP ${code}`,
      new ApiError('http', `系统接口${code}异常`, { code }),
      { kind: 'refused', reason: 'server' },
    ]),
    ['a garbled answer', new ApiError('malformed', '格式有误'), { kind: 'refused', reason: 'server' }],
    [
      '4000',
      business(API_STATUS.invalidInput, '请填写正确的电话'),
      { kind: 'rejected', message: '请填写正确的电话' },
    ],
    ['another code', business(7777, '不能登记'), { kind: 'rejected', message: '不能登记' }],
    [
      '5003 naming the registration',
      business(API_STATUS.idCardRegistered, '该身份证号已登记', { responseData: { registrationId: 42 } }),
      { kind: 'id-card-registered', registrationId: '42', message: '该身份证号已登记' },
    ],
  ])('Submit refused with %s', async (_, error, expected) => {
    vi.mocked(submitRegistration).mockRejectedValue(error);
    const outcome = await registerPerson(person);
    expect(outcome).toMatchObject(expected);
    if (outcome.kind === 'refused' || outcome.kind === 'rejected') expect(outcome.step).toBe('submit');
  });

  it.each<[string, ApiError, Partial<RegisterAndBindOutcome>]>([
    ['5001', business(API_STATUS.tubeNotFound, '采样管不存在'), { kind: 'field', field: 'tubeCode' }],
    ['5002', business(API_STATUS.tubeAlreadyBound, '已绑定'), { kind: 'field', field: 'tubeCode' }],
    ['9001', business(API_STATUS.warning, '采集时间不能晚于现在'), { kind: 'field', field: 'collectedAt' }],
    ['5004', business(API_STATUS.registrationHasTube), { kind: 'refused', reason: 'registration-has-tube' }],
    [
      '5005',
      business(API_STATUS.registrationNotSubmitted),
      { kind: 'refused', reason: 'registration-not-submitted' },
    ],
    ['5006', business(API_STATUS.tubeNotBoundToRegistration), { kind: 'refused', reason: 'tube-not-bound' }],
    ['403', business(API_STATUS.forbidden), { kind: 'refused', reason: 'forbidden' }],
    ['4000', business(API_STATUS.invalidInput, '参数错误'), { kind: 'rejected', step: 'bind' }],
    ['another code', business(7777), { kind: 'refused', reason: 'unknown' }],
  ])('Bind refused with %s', async (_, error, expected) => {
    vi.mocked(bindSamplingTube).mockRejectedValue(error);
    expect(await bindOnly()).toMatchObject(expected);
  });

  it.each([
    ['5004', business(API_STATUS.registrationHasTube)],
    ['5002', business(API_STATUS.tubeAlreadyBound)],
    ['a garbled answer', new ApiError('malformed', '格式有误')],
  ])(
    'Bind refused with %s while the tube is in fact bound to this registration (a lost answer): bound',
    async (_, error) => {
      vi.mocked(bindSamplingTube).mockRejectedValue(error);
      vi.mocked(getSamplingTubeStatus).mockResolvedValue({
        tubeCode: 'CT2026110001',
        exists: true,
        status: 'bound',
        boundRegistrationId: 'reg-1',
        timeline: [],
      });
      expect(await bindOnly()).toEqual({ kind: 'bound', registrationId: 'reg-1' });
      expect(vi.mocked(getSamplingTubeStatus).mock.calls[0][0]).toEqual({ tubeCode: 'CT2026110001' });
    },
  );

  it('a bound-elsewhere tube stays a refusal; a lookup that cannot go out is not-sent', async () => {
    vi.mocked(bindSamplingTube).mockRejectedValue(business(API_STATUS.registrationHasTube));
    vi.mocked(getSamplingTubeStatus).mockResolvedValueOnce({
      tubeCode: 'CT2026110001',
      exists: true,
      status: 'bound',
      boundRegistrationId: 'someone-else',
      timeline: [],
    });
    expect(await bindOnly()).toMatchObject({
      kind: 'refused',
      reason: 'registration-has-tube',
    });
    vi.mocked(getSamplingTubeStatus).mockRejectedValueOnce(new ApiError('network', '后端接口连接异常'));
    expect(await bindOnly()).toMatchObject({
      kind: 'not-sent',
      step: 'bind',
      registrationId: 'reg-1',
    });
  });

  it('a 5003 for a tube code refusal is never checked against the tube (no lookup for 5001)', async () => {
    vi.mocked(bindSamplingTube).mockRejectedValue(business(API_STATUS.tubeNotFound));
    await bindOnly();
    expect(getSamplingTubeStatus).not.toHaveBeenCalled();
  });
});

describe('registerAndBind: the policies for an ID card that is registered already', () => {
  const registered = business(API_STATUS.idCardRegistered, '该身份证号已登记', {
    responseData: { registrationId: 'reg-7' },
  });
  const existing = (patch: Partial<Registration>) =>
    ({ id: 'reg-7', ...person, idCard: person.idCard.toLowerCase(), ...patch }) as Registration;

  it("'report' (the form) returns it, without looking the registration up", async () => {
    vi.mocked(submitRegistration).mockRejectedValue(registered);
    expect(await registerPerson(person, { idCardRegistered: 'report' })).toMatchObject({
      kind: 'id-card-registered',
      registrationId: 'reg-7',
    });
    expect(getRegistrationDetail).not.toHaveBeenCalled();
  });

  it("'adopt-same-person' (the queue) takes it as saved when it is the same name, ID card and phone", async () => {
    vi.mocked(submitRegistration).mockRejectedValue(registered);
    vi.mocked(getRegistrationDetail).mockResolvedValue(existing({}));
    expect(await registerPerson(person, { idCardRegistered: 'adopt-same-person' })).toEqual({
      kind: 'bound',
      registrationId: 'reg-7',
    });
  });

  it.each<[string, Partial<Registration>]>([
    ['another name', { name: '王小红' }],
    ['another phone', { phone: '13900139000' }],
  ])("'adopt-same-person' leaves it alone for %s", async (_, patch) => {
    vi.mocked(submitRegistration).mockRejectedValue(registered);
    vi.mocked(getRegistrationDetail).mockResolvedValue(existing(patch));
    expect(await registerPerson(person, { idCardRegistered: 'adopt-same-person' })).toMatchObject({
      kind: 'id-card-registered',
      registrationId: 'reg-7',
    });
  });

  it("'adopt-same-person' whose lookup cannot go out decides nothing", async () => {
    vi.mocked(submitRegistration).mockRejectedValue(registered);
    vi.mocked(getRegistrationDetail).mockRejectedValue(new ApiError('timeout', '系统接口请求超时'));
    expect(await registerPerson(person, { idCardRegistered: 'adopt-same-person' })).toMatchObject({
      kind: 'not-sent',
      step: 'submit',
      errorKind: 'timeout',
    });
  });
});
