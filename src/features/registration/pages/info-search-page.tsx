import { PageShell } from '@/components/page-shell';
import { audiencePages } from '@/config/audience';
import { withQuery } from '@/config/paths';
import { useAudience } from '@/lib/route-meta';
import { RegistrationFinder } from '../components/registration-finder';

/**
 * 信息查询. Work users search every registration; check users see their own. The page is kept alive, so
 * returning from a detail shows the same query, results and scroll position.
 */
export default function InfoSearchPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  return (
    <PageShell>
      <RegistrationFinder
        isWork={audience === 'work'}
        linkFor={(registration) => withQuery(routes.registrationDetail, { id: registration.id })}
      />
    </PageShell>
  );
}
