import * as v from 'valibot';
import type { OpenedFrom } from '@/lib/history';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { IdCardInput } from '@/components/form-field/id-card-input';
import { PageShell } from '@/components/page-shell';
import { TubeCodeInput } from '@/components/tube-code-input';
import { normalizeTubeCode } from '@/lib/tube-code';
import { normalizeIdCard, validateIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import { usePersistentState } from '@/lib/use-persistent-state';
import {
  readReportCriteria,
  reportSearchDraftKey,
  writeReportCriteria,
  type ReportCriteria,
} from '../report-criteria';
import { audiencePages } from '@/config/audience';
import { KnownIdCards } from '../components/known-id-cards';
import content from '@/styles/content.module.css';
import styles from './reports.module.css';

type InputType = 'idCard' | 'tubeCode';

export const TUBE_CODE_REQUIRED_MESSAGE = '请输入或扫描采样管编码';

const searchDraftSchema = v.object({ idCard: v.string(), tubeCode: v.string() });
type SearchDraft = v.InferOutput<typeof searchDraftSchema>;

function initialDraft(criteria: ReportCriteria | null): SearchDraft {
  return {
    idCard: criteria?.type === 'idCard' ? criteria.value : '',
    tubeCode: criteria?.type === 'tubeCode' ? criteria.value : '',
  };
}

/**
 * /reportSearch, /checkReportSearch: enter the ID card or tube code chosen on the type page (`?type=`,
 * not personal); a check user may instead tap their own or a family member's ID number. What is typed is kept as a draft until the search runs; the criteria then go to
 * sessionStorage, never into the URL.
 */
export default function ReportSearchPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const type: InputType = searchParams.get('type') === 'tubeCode' ? 'tubeCode' : 'idCard';
  const draft = usePersistentState(
    reportSearchDraftKey(audience),
    searchDraftSchema,
    initialDraft(readReportCriteria(audience)),
  );
  const [errors, setErrors] = useState<Partial<Record<InputType, string>>>({});
  const idCardId = useId();
  const errorId = useId();

  const validate = (kind: InputType, value: string): string | null =>
    kind === 'idCard' ? validateIdCard(value) : normalizeTubeCode(value) ? null : TUBE_CODE_REQUIRED_MESSAGE;

  const search = (kind: InputType, raw: string) => {
    const message = validate(kind, raw);
    if (message) {
      setErrors((previous) => ({ ...previous, [kind]: message }));
      return;
    }
    const value = kind === 'idCard' ? normalizeIdCard(raw) : normalizeTubeCode(raw);
    writeReportCriteria(audience, { type: kind, value });
    draft.clear();
    void navigate(routes.reportList, { state: { openedFrom: routes.reportSearch } satisfies OpenedFrom });
  };

  const edit = (kind: InputType, value: string) => {
    draft.setValue((previous) => ({ ...previous, [kind]: value }));
    // Once a message is shown it follows the input, so the user sees when the value becomes right.
    if (errors[kind]) setErrors((previous) => ({ ...previous, [kind]: validate(kind, value) ?? undefined }));
  };

  const switchType = (next: InputType) => {
    if (next !== type) setSearchParams({ type: next }, { replace: true });
  };

  const error = errors[type];

  return (
    <PageShell
      fallbackPath={routes.reportSearchType}
      footer={
        <Button
          block
          color="primary"
          size="large"
          // While the list page's code is still on its way (a tap before the idle prefetch finished).
          loading={navigation.state === 'loading'}
          loadingText="正在查询"
          onClick={() => search(type, draft.value[type])}
        >
          查询报告
        </Button>
      }
    >
      <div className={styles.switcher} role="group" aria-label="查询方式">
        {(['idCard', 'tubeCode'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={styles.switch}
            aria-pressed={type === kind}
            onClick={() => switchType(kind)}
          >
            {kind === 'idCard' ? '按身份证号' : '按采样管编码'}
          </button>
        ))}
      </div>

      {audience === 'check' && type === 'idCard' && (
        <KnownIdCards onChoose={(idCard) => search('idCard', idCard)} />
      )}

      <div className={content.panel}>
        {type === 'idCard' ? (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={idCardId}>
              身份证号
            </label>
            <IdCardInput
              id={idCardId}
              boxClassName={styles.idCardBox}
              value={draft.value.idCard}
              onChange={(value) => edit('idCard', value)}
              onEnterPress={() => search('idCard', draft.value.idCard)}
              placeholder="请输入 18 位身份证号"
              enterKeyHint="search"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        ) : (
          <TubeCodeInput
            value={draft.value.tubeCode}
            onChange={(value) => edit('tubeCode', value)}
            onScanned={(code) => search('tubeCode', code)}
          />
        )}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <p className={styles.hint}>
          {type === 'idCard'
            ? '请输入受检者登记时使用的身份证号，末位 X 大小写均可。'
            : '采样管编码印在采样管标签上，可点击「扫码」直接扫描。'}
        </p>
      </div>
    </PageShell>
  );
}
