import { toastFail, toastWarning } from '@/lib/feedback';
import type { ApiError } from './errors';

/**
 * The one place that decides how a failed request is shown (spec §8): 9001 as a warning, HTTP 401
 * not at all (the session handler takes over), everything else as a failure toast.
 */
export function showError(error: ApiError, level: 'error' | 'warning'): void {
  if (error.kind === 'unauthorized') return;
  if (level === 'warning') toastWarning(error.message);
  else toastFail(error.message);
}
