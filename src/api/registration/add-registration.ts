import { request } from '@/lib/http';
import {
  registrationSchema,
  type CallOptions,
  type RegistrationInput,
  type RegistrationSaveResult,
} from '@/types/api';

const addRegistrationUrl = '/api/v1/ScreeningRegister/Add';

/**
 * 保存登记（草稿） POST /api/v1/ScreeningRegister/Add
 * Fails with API_STATUS.idCardRegistered (responseData IdCardRegisteredData) when the ID card is already registered.
 */
export function addRegistration(
  payload: RegistrationInput,
  options?: CallOptions,
): Promise<RegistrationSaveResult> {
  return request({
    schema: registrationSchema,
    url: addRegistrationUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
