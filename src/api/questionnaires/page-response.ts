import { readKeys } from '../read-keys';
import { pagedQueryOptions } from '@/lib/paged-query';
import { request } from '@/lib/http';
import {
  questionnaireResponsePageSchema,
  type CallOptions,
  type Page,
  type QuestionnaireResponse,
  type ResponsePageQuery,
} from '@/types/api';
import * as endpoints from '../endpoints';

/** 答卷分页（历史问卷） POST /api/v1/Response/Page */
export function pageResponse(
  payload: ResponsePageQuery,
  options?: CallOptions,
): Promise<Page<QuestionnaireResponse>> {
  return request({
    schema: questionnaireResponsePageSchema,
    url: endpoints.pageResponse,
    method: 'post',
    data: payload,
    ...options,
  });
}

/** 历史问卷: the user's responses as a paged list. */
export const responsesQuery = () =>
  pagedQueryOptions([...readKeys.responses, 'list'], (page, call) => pageResponse(page, call));
