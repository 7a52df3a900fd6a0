import { Toast } from 'antd-mobile';
import { setUpAntdMobile } from '@/lib/antd-setup';

// A toast can come before the root layout has loaded (the route guard's, on the first page load).
setUpAntdMobile();

/** Spec §8 feedback helpers: plain, success, failure and a blocking loading toast. */
const LOADING_TEXT = '加载中…';

export function toast(message: string): void {
  Toast.show({ content: message });
}

export function toastSuccess(message: string): void {
  Toast.show({ icon: 'success', content: message });
}

export function toastFail(message: string): void {
  Toast.show({ icon: 'fail', content: message });
}

/** A warning keeps the toast on screen a little longer: it asks the user to read and act. */
export function toastWarning(message: string): void {
  Toast.show({ content: `⚠ ${message}`, duration: 3000 });
}

/** Blocks the screen until the returned function is called. */
export function showLoading(message: string = LOADING_TEXT): () => void {
  const handler = Toast.show({ icon: 'loading', content: message, duration: 0, maskClickable: false });
  return () => handler.close();
}
