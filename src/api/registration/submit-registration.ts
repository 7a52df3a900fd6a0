import { request } from '@/lib/http';
import { savedIdSchema, type CallOptions, type Id, type RegistrationInput } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 提交登记 POST /api/v1/ScreeningRegister/Submit
 * Fails with API_STATUS.idCardRegistered (responseData IdCardRegisteredData) when the ID card is already registered.
 * Resolves with the registration's id when the answer carries one (savedIdSchema), else undefined.
 */
export function submitRegistration(
  payload: RegistrationInput,
  options?: CallOptions,
): Promise<Id | undefined> {
  return request({
    schema: savedIdSchema,
    url: endpoints.submitRegistration,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
