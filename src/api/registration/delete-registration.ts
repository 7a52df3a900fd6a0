import * as v from 'valibot';
import { request } from '@/lib/http';
import type { CallOptions, RegistrationDeletePayload } from '@/types/api';
import * as endpoints from '../endpoints';

/** 删除未提交的登记 POST /api/v1/ScreeningRegister/Delete (an assumed call: see RegistrationDeletePayload). */
export async function deleteRegistration(
  payload: RegistrationDeletePayload,
  options?: CallOptions,
): Promise<void> {
  await request({
    schema: v.unknown(),
    url: endpoints.deleteRegistration,
    method: 'post',
    idempotent: true,
    data: payload,
    repeatSubmit: true,
    ...options,
  });
}
