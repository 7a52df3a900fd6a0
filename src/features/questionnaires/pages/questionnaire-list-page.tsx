import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PagedList, usePagedList } from '@/components/paged-list';
import { PageShell } from '@/components/page-shell';
import { useAudience } from '@/lib/route-meta';
import type { QuestionnaireResponse } from '@/types/api';
import { responsesQuery } from '@/api/questionnaires';
import { ResponseCard } from '../components/response-card';
import { audiencePages } from '@/config/audience';

/** 历史问卷 (both audiences): the user's responses, newest first; drafts can be continued. */
export default function QuestionnaireListPage() {
  const audience = useAudience();
  const navigate = useNavigate();
  const detail = audiencePages(audience).questionnaireDetail;
  const list = usePagedList<QuestionnaireResponse>(responsesQuery());

  return (
    <PageShell
      footer={
        <Button block color="primary" size="large" onClick={() => void navigate(detail)}>
          填写问卷
        </Button>
      }
    >
      <PagedList
        list={list}
        label="历史问卷"
        itemKey={(response) => response.id}
        emptyText="暂无问卷记录"
        emptyHint="填写的问卷会显示在这里"
        renderItem={(response) => <ResponseCard response={response} detailPath={detail} />}
      />
    </PageShell>
  );
}
