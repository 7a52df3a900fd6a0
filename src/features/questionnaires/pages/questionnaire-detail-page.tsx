import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AsyncView } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { useAudience } from '@/lib/route-meta';
import type { Id } from '@/types/api';
import { PersonStep } from '../components/person-step';
import { QuestionnaireChooser } from '../components/questionnaire-chooser';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { ReadonlyResponse } from '../components/readonly-response';
import { ResumeOffer } from '../components/resume-offer';
import { audiencePages } from '@/config/audience';
import { withQuery } from '@/config/paths';
import { useQuery } from '@tanstack/react-query';
import { returnWithResponse, safeReturnTo } from '../questionnaire-paths';
import { detailPlanQuery, type DetailPlan } from '../resolve-plan';

/**
 * 历史问卷详情 (both audiences). Entry points, all by query:
 * - `registrationId` + `returnTo` from the registration forms: fill in for that registration, then go back;
 * - `questionnaireId` (+ `registrationId`): fill in that questionnaire;
 * - `responseId`: a submitted response read-only, or a draft to continue;
 * - nothing: choose a questionnaire.
 * Every questionnaire is for a registration: without one, staff first find the person (a check user's
 * own registration is used). An unsubmitted draft found for the same questionnaire and registration is
 * offered for resuming.
 */
export default function QuestionnaireDetailPage() {
  const audience = useAudience();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const responseId = searchParams.get('responseId') || undefined;
  const questionnaireId = searchParams.get('questionnaireId') || undefined;
  const registrationId = searchParams.get('registrationId') || undefined;
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const { questionnaireList: listPath, questionnaireDetail: detailPath } = audiencePages(audience);
  const back = returnTo ?? listPath;

  const {
    data: plan,
    isFetching,
    error,
    refetch,
  } = useQuery(detailPlanQuery({ responseId, questionnaireId, registrationId }, audience));
  // The resume choice, for the plan it was made on.
  const [resumed, setResumed] = useState<{ plan: DetailPlan; responseId?: Id } | null>(null);

  const onSubmitted = (submittedId: Id | undefined) => {
    const back = returnTo && submittedId ? returnWithResponse(returnTo, submittedId) : returnTo;
    void navigate(back ?? listPath, { replace: true });
  };

  if (!plan || isFetching || error) {
    return (
      <PageShell fallbackPath={back}>
        <AsyncView loading={isFetching || !plan} error={error} onRetry={() => void refetch()} />
      </PageShell>
    );
  }

  switch (plan.kind) {
    case 'person':
      return (
        <PersonStep
          audience={audience}
          linkFor={(registration) =>
            withQuery(detailPath, { questionnaireId, registrationId: registration.id, returnTo })
          }
          fallbackPath={back}
        />
      );
    case 'choose':
      return (
        <QuestionnaireChooser
          questionnaires={plan.questionnaires}
          responses={plan.responses}
          detailPath={detailPath}
          registrationId={plan.registrationId}
          returnTo={returnTo}
          fallbackPath={back}
        />
      );
    case 'readonly':
      return (
        <ReadonlyResponse
          response={plan.response}
          alreadySubmitted={plan.alreadySubmitted}
          fallbackPath={back}
          onReturn={
            returnTo
              ? () => void navigate(returnWithResponse(returnTo, plan.response.id), { replace: true })
              : undefined
          }
        />
      );
    case 'offer':
    case 'fill': {
      if (plan.kind === 'offer' && resumed?.plan !== plan) {
        return (
          <ResumeOffer
            questionnaire={plan.questionnaire}
            personName={plan.personName}
            personIsUser={plan.personIsUser}
            storageKey={plan.storageKey}
            local={plan.local}
            server={plan.server}
            fallbackPath={back}
            onReady={(id) => setResumed({ plan, responseId: id })}
          />
        );
      }
      return (
        <QuestionnaireForm
          key={plan.storageKey}
          questionnaire={plan.questionnaire}
          registrationId={plan.registrationId}
          personName={plan.personName}
          personIsUser={plan.personIsUser}
          storageKey={plan.storageKey}
          responseId={plan.kind === 'offer' ? resumed?.responseId : plan.responseId}
          fallbackPath={back}
          onSubmitted={onSubmitted}
        />
      );
    }
  }
}
