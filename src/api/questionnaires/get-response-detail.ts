import { request } from '@/lib/http';
import {
  questionnaireResponseDetailSchema,
  type CallOptions,
  type QuestionnaireResponseDetail,
  type ResponseDetailQuery,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 答卷详情 GET /api/v1/Response/GetDetail */
export function getResponseDetail(
  query: ResponseDetailQuery,
  options?: CallOptions,
): Promise<QuestionnaireResponseDetail> {
  return request({
    schema: questionnaireResponseDetailSchema,
    url: endpoints.getResponseDetail,
    method: 'get',
    params: query,
    ...options,
  });
}
