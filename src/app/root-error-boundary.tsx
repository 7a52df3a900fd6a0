import { Button } from 'antd-mobile';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-reload';

/** Last line of defence: a crashed page offers a retry instead of a white screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  return (
    <main role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20 }}>{stale ? '应用已更新' : '页面出错了'}</h1>
      <p style={{ color: 'var(--adm-color-weak)' }}>
        {stale ? '请刷新页面以使用最新版本。' : '很抱歉，页面遇到了问题。您填写的内容已自动保存，请重试。'}
      </p>
      <Button color="primary" onClick={() => window.location.reload()}>
        重试
      </Button>
    </main>
  );
}
