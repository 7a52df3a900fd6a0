import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateReads, REGISTRATION_READS } from '@/api/read-keys';
import { registrationQuery } from '@/api/registration/get-registration-detail';
import * as v from 'valibot';
import { openedFrom } from '@/lib/history';
import { Button, Dialog } from 'antd-mobile';
import { useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState } from '@/components/async-view';
import { GrowingTextArea } from '@/components/growing-text-area';
import { PageShell } from '@/components/page-shell';
import { paths, withQuery } from '@/config/paths';
import { dictionaryLabel, dictionaryQuery } from '@/api/dictionary';
import { updateSamplingOperation } from '@/api/sampling';
import { toastSuccess } from '@/lib/feedback';
import { isApiError } from '@/lib/http';
import { formatMaskedIdCard } from '@/lib/id-card';
import { usePersistentState } from '@/lib/use-persistent-state';
import { useTapGuard } from '@/lib/use-tap-guard';
import {
  labelOf,
  API_STATUS,
  SAMPLING_TUBE_STATUS_LABELS,
  canUnbind,
  type Registration,
  type SamplingTubeSummary,
  type UpdateSamplingOperationPayload,
} from '@/types/api';
import { ChoiceGroup } from '../components/choice-group';
import { DetailList } from '../components/detail-list';
import { TubeStatusTag } from '../components/registration-card';
import styles from './unbind-page.module.css';

export const UNBIND_REASON_REQUIRED_MESSAGE = '请选择解绑原因';
const NOTE_MAX_LENGTH = 200;

const unbindDraftSchema = v.object({ reason: v.string(), note: v.string() });
type UnbindDraft = v.InferOutput<typeof unbindDraftSchema>;

const EMPTY_UNBIND_DRAFT: UnbindDraft = { reason: '', note: '' };

function UnbindForm({
  registration,
  tube,
  onRefused,
}: {
  registration: Registration;
  tube: SamplingTubeSummary;
  /** Reloads the registration: a refusal may mean the tube's status moved on (the lab received it). */
  onRefused: () => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const reasons = useQuery(dictionaryQuery('unbind_reason'));
  const draft = usePersistentState(`unbind:${registration.id}`, unbindDraftSchema, EMPTY_UNBIND_DRAFT);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = useTapGuard();
  const reasonHeadingId = useId();
  const noteId = useId();
  // Only the tube's status closes the form. A refusal is shown with its reason, and the status is
  // reloaded: if the lab has received the sample the form closes; otherwise the user may try again.
  const allowed = canUnbind(tube.status);
  const reasonLabel = dictionaryLabel(reasons.data, draft.value.reason);

  const queryClient = useQueryClient();
  const sending = useMutation({
    mutationFn: (payload: UpdateSamplingOperationPayload) => updateSamplingOperation(payload),
    // The detail (and every read showing the registration or the tube) shows the tube unbound.
    onSuccess: () => invalidateReads(queryClient, REGISTRATION_READS),
  });

  const unbind = () =>
    guard.run(async () => {
      if (!allowed) return;
      if (!draft.value.reason) {
        setReasonError(UNBIND_REASON_REQUIRED_MESSAGE);
        document.getElementById(reasonHeadingId)?.scrollIntoView?.({ block: 'center' });
        return;
      }
      try {
        const confirmed = await Dialog.confirm({
          'aria-label': '确认解绑采样管',
          title: '确认解绑采样管',
          content: (
            // At large text the dialog scrolls as a whole (global.css); focusable, so it scrolls without touch.
            <div className={styles.dialog} tabIndex={0}>
              <p>
                将解除采样管 <strong>{tube.code}</strong> 与 {registration.name} 的绑定。
              </p>
              <p>解绑原因：{reasonLabel}</p>
              <p>解绑后，这个采样管可以重新绑定。</p>
            </div>
          ),
          confirmText: '确认解绑',
          cancelText: '取消',
        });
        if (!confirmed) return;
        setRefusal(null);
        const note = draft.value.note.trim();
        await sending.mutateAsync({
          tubeCode: tube.code,
          registrationId: registration.id,
          operation: 'unbind',
          reason: draft.value.reason,
          ...(note ? { note } : {}),
        });
        draft.clear();
        toastSuccess('解绑成功');
        // Back to the detail this page was opened from (it reloads and shows the tube unbound), so no
        // entry showing the tube still bound is left behind for Back to find.
        if (openedFrom(location.state, paths.infoDetail)) void navigate(-1);
        else void navigate(withQuery(paths.infoDetail, { id: registration.id }), { replace: true });
      } catch (error) {
        // The toast is automatic (9001 as a warning); a refusal also stays on the page, with its reason.
        if (isApiError(error) && error.kind === 'business' && error.code !== API_STATUS.invalidInput) {
          setRefusal(error.message);
          onRefused();
        }
      }
    });

  return (
    <>
      {!canUnbind(tube.status) && (
        <p className={styles.refusal} role="alert">
          实验室已接收该样本（当前状态：{labelOf(SAMPLING_TUBE_STATUS_LABELS, tube.status)}
          ），不能解绑采样管。
        </p>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert">
          不能解绑：{refusal}
        </p>
      )}
      <fieldset className={styles.card} disabled={!allowed}>
        <legend id={reasonHeadingId} className={styles.legend}>
          解绑原因
          <span aria-hidden="true" className={styles.required}>
            {' '}
            *
          </span>
        </legend>
        {reasons.isError && !reasons.isFetching ? (
          <div className={styles.reasonsFailed} role="alert">
            <span>解绑原因加载失败</span>
            <Button size="small" fill="outline" onClick={() => void reasons.refetch()}>
              重试
            </Button>
          </div>
        ) : !reasons.data ? (
          <p className={styles.hint}>加载中…</p>
        ) : (
          <ChoiceGroup
            label="解绑原因"
            name="unbindReason"
            options={reasons.data.map((item) => ({ label: item.label, value: String(item.value) }))}
            value={draft.value.reason || null}
            disabled={!allowed}
            onChange={(reason) => {
              draft.setValue((previous) => ({ ...previous, reason }));
              setReasonError(null);
            }}
          />
        )}
        {reasonError && (
          <p className={styles.error} role="alert">
            {reasonError}
          </p>
        )}
        <label htmlFor={noteId} className={styles.noteLabel}>
          备注（选填）
        </label>
        <GrowingTextArea
          id={noteId}
          value={draft.value.note}
          onChange={(note) => draft.setValue((previous) => ({ ...previous, note }))}
          placeholder="可补充说明解绑的原因"
          maxLength={NOTE_MAX_LENGTH}
          showCount
          minRows={3}
          maxRows={6}
          disabled={!allowed}
          className={styles.note}
        />
      </fieldset>
      <Button
        block
        size="large"
        color="danger"
        className={styles.submit}
        loading={sending.isPending}
        loadingText="正在解绑"
        disabled={!allowed || sending.isPending}
        onClick={() => void unbind()}
      >
        确认解绑
      </Button>
      {!allowed && <p className={styles.hint}>样本已被实验室接收后，如需处理请联系实验室。</p>}
    </>
  );
}

/** 解绑采样管 (/unbindTube?id=…, staff only): why, a confirmation, then UpdateSamplingOperation. */
export default function UnbindPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const { data: registration, isPending, error, refetch } = useQuery(registrationQuery(id));
  const refresh = () => void refetch();
  const tube = registration?.tube;

  return (
    <PageShell fallbackPath={id ? withQuery(paths.infoDetail, { id }) : paths.infoSearch}>
      {!id ? (
        <EmptyState text="没有找到登记信息" />
      ) : (
        <AsyncView
          loading={isPending}
          error={error}
          empty={!registration}
          onRetry={refresh}
          emptyText="没有找到登记信息"
        >
          {registration &&
            (tube ? (
              <>
                <section className={styles.card} aria-label="要解绑的采样管">
                  <DetailList
                    rows={[
                      { label: '采样管编码', value: tube.code, emphasis: true },
                      {
                        label: '当前状态',
                        value: <TubeStatusTag status={tube.status} />,
                      },
                      { label: '姓名', value: registration.name },
                      { label: '身份证号', value: formatMaskedIdCard(registration.idCard) },
                    ]}
                  />
                </section>
                <UnbindForm registration={registration} tube={tube} onRefused={refresh} />
              </>
            ) : (
              <EmptyState
                text="这条登记没有绑定采样管"
                action={
                  <Button
                    color="primary"
                    onClick={() =>
                      void navigate(withQuery(paths.infoDetail, { id: registration.id }), { replace: true })
                    }
                  >
                    返回详情
                  </Button>
                }
              />
            ))}
        </AsyncView>
      )}
    </PageShell>
  );
}
