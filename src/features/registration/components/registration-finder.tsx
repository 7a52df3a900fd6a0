import { Button, Input } from 'antd-mobile';
import { useId, useState } from 'react';
import { IdCardInput } from '@/components/form-field/id-card-input';
import { PagedList, usePagedList } from '@/components/paged-list';
import { TubeCodeInput } from '@/components/tube-code-input';
import { normalizeIdCard, validateIdCard } from '@/lib/id-card';
import { phoneDigits, phoneDigitsNote, validatePhone } from '@/lib/phone';
import { normalizeTubeCode } from '@/lib/tube-code';
import { REGISTRATION_SEARCH_TYPE_LABELS, type Registration, type RegistrationSearchType } from '@/types/api';
import { registrationsQuery } from '@/api/registration';
import { ChoiceGroup } from './choice-group';
import { RegistrationCard } from './registration-card';
import { TUBE_REQUIRED_MESSAGE } from '../use-tube-status';
import styles from './registration-finder.module.css';

const SEARCH_TYPES: readonly RegistrationSearchType[] = ['name', 'idCard', 'phone', 'tubeCode'];
const PAGE_SIZE = 10;

interface SearchQuery {
  type: RegistrationSearchType;
  keyword: string;
}

/** The keyword as the backend matches it, or the message to show at the field. */
function prepareKeyword(
  type: RegistrationSearchType,
  raw: string,
): { keyword: string } | { message: string } {
  switch (type) {
    case 'name':
      return raw.trim() ? { keyword: raw.trim() } : { message: '请输入要查询的姓名' };
    case 'idCard': {
      const message = validateIdCard(raw);
      return message ? { message } : { keyword: normalizeIdCard(raw) };
    }
    case 'phone': {
      const message = validatePhone(raw);
      return message ? { message } : { keyword: phoneDigits(raw) };
    }
    case 'tubeCode': {
      const code = normalizeTubeCode(raw);
      return code ? { keyword: code } : { message: TUBE_REQUIRED_MESSAGE };
    }
  }
}

const PLACEHOLDERS: Record<RegistrationSearchType, string> = {
  name: '请输入姓名',
  idCard: '请输入 18 位身份证号',
  phone: '请输入手机号或固定电话',
  tubeCode: '请输入或扫描采样管编码',
};

export interface RegistrationFinderProps {
  /** Work users search every registration; check users see the ones they may see (their own, family). */
  isWork: boolean;
  /** Where a registration's card leads. */
  linkFor: (registration: Registration) => string;
}

/**
 * Finds a registration: work users by name, ID card, phone or tube code (typed or scanned; newest
 * first until they search); check users see their own registrations. The query lives in component
 * state, so a kept-alive page shows the same query, results and scroll position on return.
 */
export function RegistrationFinder({ isWork, linkFor }: RegistrationFinderProps) {
  const inputId = useId();
  const errorId = useId();
  const [type, setType] = useState<RegistrationSearchType>('name');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [query, setQuery] = useState<SearchQuery | null>(null);

  const list = usePagedList<Registration>(
    registrationsQuery(query ? { keyword: query.keyword, searchType: query.type } : {}, PAGE_SIZE),
  );

  const search = () => {
    const prepared = prepareKeyword(type, text);
    if ('message' in prepared) {
      setFieldError(prepared.message);
      document.getElementById(inputId)?.focus();
      return;
    }
    setFieldError(null);
    setQuery({ type, keyword: prepared.keyword });
  };

  const reset = () => {
    setText('');
    setFieldError(null);
    setQuery(null);
  };

  const phoneNote = type === 'phone' ? phoneDigitsNote(text) : null;

  const changeType = (next: RegistrationSearchType) => {
    setType(next);
    setText('');
    setFieldError(null);
  };

  return (
    <>
      {isWork && (
        <form
          className={styles.search}
          role="search"
          aria-label="登记查询"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <ChoiceGroup
            label="查询方式"
            name="registrationSearchType"
            variant="segmented"
            value={type}
            onChange={(value) => changeType(value as RegistrationSearchType)}
            options={SEARCH_TYPES.map((value) => ({ value, label: REGISTRATION_SEARCH_TYPE_LABELS[value] }))}
          />
          {type === 'tubeCode' ? (
            <TubeCodeInput
              value={text}
              onChange={(value) => {
                setText(value);
                setFieldError(null);
              }}
              onScanned={(code) => {
                setFieldError(null);
                setQuery({ type: 'tubeCode', keyword: normalizeTubeCode(code) });
              }}
            />
          ) : (
            <div className={styles.field}>
              <label htmlFor={inputId} className={styles.label}>
                {REGISTRATION_SEARCH_TYPE_LABELS[type]}
              </label>
              {type === 'idCard' ? (
                // The digit keypad with an X key, the number in 6-8-4 groups, as in the entry form.
                <IdCardInput
                  id={inputId}
                  boxClassName={`${styles.input} ${styles.idCardBox}`}
                  value={text}
                  onChange={(value) => {
                    setText(value);
                    setFieldError(null);
                  }}
                  placeholder={PLACEHOLDERS.idCard}
                  enterKeyHint="search"
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                />
              ) : (
                <Input
                  id={inputId}
                  className={styles.input}
                  value={text}
                  onChange={(value) => {
                    setText(value);
                    setFieldError(null);
                  }}
                  placeholder={PLACEHOLDERS[type]}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                  enterKeyHint="search"
                  type={type === 'phone' ? 'tel' : 'text'}
                  maxLength={30}
                  autoComplete="off"
                />
              )}
              {phoneNote && <p className={styles.note}>{phoneNote}</p>}
            </div>
          )}
          {fieldError && (
            <p id={errorId} className={styles.error} role="alert">
              {fieldError}
            </p>
          )}
          <div className={styles.buttons}>
            <Button
              type="submit"
              color="primary"
              size="large"
              className={styles.searchButton}
              loading={query !== null && list.loading}
              loadingText="正在查询"
              disabled={query !== null && list.loading}
            >
              查询
            </Button>
            {query && (
              <Button size="large" onClick={reset}>
                清除条件
              </Button>
            )}
          </div>
        </form>
      )}

      <h2 className={styles.heading}>
        {isWork
          ? query
            ? `查询结果${list.loaded && list.total !== undefined ? `（共 ${list.total} 条）` : ''}`
            : '最近登记'
          : '我的登记'}
      </h2>
      <PagedList
        list={list}
        label={isWork ? '登记查询结果' : '我的登记'}
        itemKey={(registration) => registration.id}
        renderItem={(registration) => (
          <RegistrationCard registration={registration} to={linkFor(registration)} />
        )}
        emptyText={query ? '没有找到符合条件的登记信息' : '暂无登记信息'}
        emptyHint={query ? '请检查输入是否正确，或换一种查询方式' : undefined}
      />
    </>
  );
}
