import { beforeEach, describe, expect, it, vi } from 'vitest';
import { submitRegistration } from '@/api/registration/submit-registration';
import { EMPTY_REGISTRATION_DRAFT } from '@/features/registration/registration-draft';
import { saveRegistrationWithTube } from '@/features/registration/save-registration';
import { bindSamplingTube } from '@/api/sampling/bind-sampling-tube';
import { ApiError } from '@/lib/http';

vi.mock('@/api/registration/submit-registration', () => ({ submitRegistration: vi.fn() }));
vi.mock('@/api/sampling/bind-sampling-tube', () => ({ bindSamplingTube: vi.fn() }));

const draft = {
  ...EMPTY_REGISTRATION_DRAFT,
  name: '王小明',
  idCard: '110105199001011234',
  phone: '13800138000',
  tubeCode: 'CT2026110001',
};
const AT = '2020-01-01T09:00:00+08:00';

beforeEach(() => {
  vi.mocked(submitRegistration).mockReset();
  vi.mocked(bindSamplingTube).mockReset();
});

describe('saveRegistrationWithTube({ returnOffline })', () => {
  it('hands a network failure of Submit back as offline, without a toast', async () => {
    vi.mocked(submitRegistration).mockRejectedValue(new ApiError('network', '后端接口连接异常'));
    expect(await saveRegistrationWithTube(draft, AT, { returnOffline: true })).toEqual({
      kind: 'offline',
      step: 'submit',
      message: '后端接口连接异常',
    });
  });

  it('hands a network failure of Bind back with the saved registration', async () => {
    vi.mocked(submitRegistration).mockResolvedValue('reg-1');
    vi.mocked(bindSamplingTube).mockRejectedValue(new ApiError('network', '后端接口连接异常'));
    expect(await saveRegistrationWithTube(draft, AT, { returnOffline: true })).toMatchObject({
      kind: 'offline',
      step: 'bind',
      registrationId: 'reg-1',
    });
  });

  it('never offers a timeout for queueing: the request may have reached the server', async () => {
    vi.mocked(submitRegistration).mockRejectedValue(new ApiError('timeout', '系统接口请求超时'));
    expect(await saveRegistrationWithTube(draft, AT, { returnOffline: true })).toEqual({
      kind: 'stay',
      message: '系统接口请求超时',
    });
  });

  it('without the option, a network failure stays on the form as before', async () => {
    vi.mocked(submitRegistration).mockRejectedValue(new ApiError('network', '后端接口连接异常'));
    expect(await saveRegistrationWithTube(draft, AT)).toEqual({ kind: 'stay', message: '后端接口连接异常' });
  });
});
