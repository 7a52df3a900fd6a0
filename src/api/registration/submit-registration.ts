import { request } from '@/lib/http';
import {
  registrationSchema,
  type CallOptions,
  type RegistrationInput,
  type RegistrationSaveResult,
} from '@/types/api';

const submitRegistrationUrl = '/api/v1/ScreeningRegister/Submit';

/**
 * 提交登记 POST /api/v1/ScreeningRegister/Submit
 * Fails with API_STATUS.idCardRegistered (responseData IdCardRegisteredData) when the ID card is already registered.
 */
export function submitRegistration(
  payload: RegistrationInput,
  options?: CallOptions,
): Promise<RegistrationSaveResult> {
  return request({
    schema: registrationSchema,
    url: submitRegistrationUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
