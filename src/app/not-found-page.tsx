import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { sessionHomePath } from '@/lib/session';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const home = sessionHomePath();
  return (
    <PageShell title="页面不存在" back={false}>
      <div style={{ textAlign: 'center', padding: '48px 16px' }}>
        <p>您访问的页面不存在或已被移除。</p>
        <Button color="primary" onClick={() => void navigate(home, { replace: true })}>
          返回首页
        </Button>
      </div>
    </PageShell>
  );
}
