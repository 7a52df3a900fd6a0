import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { captureError } from '@/lib/observability';
import { BootScreen } from './boot-screen';
import { isChunkLoadError } from './chunk-reload';

/**
 * Last line of defence: a crashed page offers a retry instead of a white screen. Part of the entry, so
 * it draws with index.html's first-screen styles only (it must work when no other code or CSS loaded).
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  useEffect(() => captureError(error, { boundary: 'root' }), [error]);
  return (
    <div role="alert">
      <BootScreen
        title={stale ? '应用已更新' : '页面出错了'}
        text={
          stale ? '请刷新页面以使用最新版本。' : '很抱歉，页面遇到了问题。您填写的内容已自动保存，请重试。'
        }
      >
        <button type="button" className="boot-retry" onClick={() => window.location.reload()}>
          重试
        </button>
      </BootScreen>
    </div>
  );
}
