import * as v from 'valibot';
import { request } from '@/lib/http';
import type { CallOptions, RegistrationDeletePayload } from '@/types/api';

const deleteRegistrationUrl = '/api/v1/ScreeningRegister/Delete';

/** 删除未提交的登记 POST /api/v1/ScreeningRegister/Delete (an assumed call: see RegistrationDeletePayload). */
export async function deleteRegistration(
  payload: RegistrationDeletePayload,
  options?: CallOptions,
): Promise<void> {
  await request({
    schema: v.unknown(),
    url: deleteRegistrationUrl,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
