import { request } from '@/lib/http';
import { savedIdSchema, type CallOptions, type Id, type RegistrationInput } from '@/types/api';
import * as endpoints from '../endpoints';

/**
 * 保存登记（草稿） POST /api/v1/ScreeningRegister/Add
 * Fails with API_STATUS.idCardRegistered (responseData IdCardRegisteredData) when the ID card is already registered.
 * Resolves with the registration's id when the answer carries one (savedIdSchema), else undefined.
 */
export function addRegistration(payload: RegistrationInput, options?: CallOptions): Promise<Id | undefined> {
  return request({
    schema: savedIdSchema,
    url: endpoints.addRegistration,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
