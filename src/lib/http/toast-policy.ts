import { toastFail, toastWarning } from '@/lib/feedback';
import { errorMessage, isApiError } from './errors';
import { statusLevel } from './messages';

/**
 * The one place that decides how a failed request is shown (spec §8): a 9001 business answer as a
 * warning, HTTP 401 not at all (the session handler takes over), a cancelled request not at all,
 * everything else (and anything thrown that is not an ApiError) as a failure toast. The client calls it
 * for every request not marked `silent`; a silent caller that still wants the standard toast for some
 * outcomes calls it itself.
 */
export function showError(error: unknown): void {
  if (!isApiError(error)) {
    toastFail(errorMessage(error));
    return;
  }
  if (error.kind === 'unauthorized' || error.kind === 'canceled') return;
  if (error.kind === 'business' && statusLevel(error.code) === 'warning') toastWarning(error.message);
  else toastFail(error.message);
}
