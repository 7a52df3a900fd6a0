// The read-only check's calls, in an order where each detail opens the first record of the list before it.
import type * as v from 'valibot';
import * as endpoints from '@/api/endpoints';
import * as api from '@/types/api';
import type { Method, Payload } from './client';

export type Who = 'staff' | 'check user';

/** What the steps so far have found for the steps after them. */
export interface Found {
  /** The first record's id of each list, by the list's path. */
  opened: Readonly<Record<string, api.Id>>;
  /** A tube code to ask the status of. */
  tubeCode?: string;
  /** Every tube code seen (the strict pattern is judged on them). */
  tubeCodes: readonly string[];
}

export const NOTHING_FOUND: Found = { opened: {}, tubeCodes: [] };

/** What one step adds to Found; the runner merges it (lists are appended). */
export type Finding = Partial<Found>;

export function merge(found: Found, finding: Finding | undefined): Found {
  if (!finding) return found;
  return {
    opened: { ...found.opened, ...finding.opened },
    tubeCode: found.tubeCode ?? finding.tubeCode,
    tubeCodes: [...found.tubeCodes, ...(finding.tubeCodes ?? [])],
  };
}

interface StepBase {
  as: Who;
  method: Method;
  path: string;
  /** Printed after the path: the dictionary's type code. */
  label?: string;
  payload?: Payload;
  /** The payload from what earlier steps found, for a step that opens a record (undefined: none to open). */
  opens?: (found: Found) => Payload | undefined;
  /**
   * The answer carries a person's data (a report, a registration, a profile, a message, answers): it
   * must come with Cache-Control: no-store (docs/security.md), or the run warns.
   */
  personal?: true;
}

/** A JSON answer, checked with its schema. */
export interface JsonStep extends StepBase {
  file?: undefined;
  schema: v.GenericSchema;
  /** The variable that sets this call's path (src/config/assumptions.ts). */
  switch?: string;
  /** The dictionary type code this call asks for. */
  dictionary?: string;
  /** What the checked answer gives the steps after it. */
  keep?: (value: unknown) => Finding;
}

/** A file download: it must answer with bytes. */
interface FileStep extends StepBase {
  file: true;
}

export type Step = JsonStep | FileStep;

/** A JSON step whose schema gives its answer the type T. */
export type TypedStep<T> = JsonStep & { schema: v.GenericSchema<unknown, T> };

/** A JSON step whose `keep` reads the answer as its schema gives it. */
export function json<T>(
  step: Omit<JsonStep, 'schema' | 'keep'> & {
    schema: v.GenericSchema<unknown, T>;
    keep?: (value: T) => Finding;
  },
): TypedStep<T> {
  const { keep } = step;
  return { ...step, keep: keep && ((value) => keep(value as T)) };
}

/** How the output names a step. */
export function stepName(step: Pick<StepBase, 'method' | 'path' | 'label' | 'as'>): string {
  return `${step.method} ${step.path}${step.label ? ` ${step.label}` : ''} [${step.as}]`;
}

/** What the app asks the dictionary call for one type code: all its items. */
export function dictionaryQuery(
  code: api.DictionaryTypeCode,
  pageSize = 1000,
): api.PageDictionaryItemPayload {
  return { dictionaryTypeCode: code, pageIndex: 1, pageSize };
}

/** The dictionary call for one type code (its path is a switch). */
export function dictionaryStep(path: string, code: api.DictionaryTypeCode) {
  return json({
    as: 'staff',
    label: `(${code})`,
    method: 'POST',
    path,
    payload: dictionaryQuery(code),
    schema: api.dictionaryPageSchema,
    switch: 'VITE_DICTIONARY_PATH',
    dictionary: code,
  });
}

const page = { pageIndex: 1, pageSize: 10 };

type Records = readonly { id: api.Id }[];

/** The first record's id, kept by the list's path (none for an empty list). */
function openFirst(listPath: string, records: Records): Found['opened'] {
  return records[0] ? { [listPath]: records[0].id } : {};
}

/** A list, then the detail of its first record by `id`; `personal` when both carry personal data. */
function listThenDetail<T extends { records: Records } | Records>(
  listPath: string,
  listSchema: v.GenericSchema<unknown, T>,
  detailPath: string,
  detailSchema: v.GenericSchema,
  { payload = page, personal }: { payload?: Payload; personal?: true } = {},
): Step[] {
  return [
    json({
      as: 'staff',
      method: 'POST',
      path: listPath,
      payload,
      schema: listSchema,
      keep: (value) => ({ opened: openFirst(listPath, 'records' in value ? value.records : value) }),
      personal,
    }),
    json({
      as: 'staff',
      method: 'GET',
      path: detailPath,
      opens: (found) => (found.opened[listPath] === undefined ? undefined : { id: found.opened[listPath] }),
      schema: detailSchema,
      personal,
    }),
  ];
}

/** Every call the app reads, with the staff token, then a check user's own lists when there is one. */
export function readPlan({
  withCheckUser,
  dictionaryPath,
}: {
  withCheckUser: boolean;
  dictionaryPath: string;
}): Step[] {
  const steps: Step[] = [
    json({
      as: 'staff',
      method: 'GET',
      path: endpoints.getUserManageProfile,
      schema: api.userProfileSchema,
      personal: true,
    }),
    ...api.DICTIONARY_TYPE_CODES.map((code) => dictionaryStep(dictionaryPath, code)),
    json({
      as: 'staff',
      method: 'POST',
      path: endpoints.searchRegistrations,
      payload: page,
      schema: api.registrationPageSchema,
      personal: true,
      keep: (value) => {
        const codes = value.records.flatMap((record) => (record.tube ? [record.tube.code] : []));
        return {
          opened: openFirst(endpoints.searchRegistrations, value.records),
          tubeCode: codes[0],
          tubeCodes: codes,
        };
      },
    }),
    json({
      as: 'staff',
      method: 'GET',
      path: endpoints.getRegistrationDetail,
      opens: (found) => {
        const id = found.opened[endpoints.searchRegistrations];
        return id === undefined ? undefined : { id };
      },
      schema: api.registrationSchema,
      personal: true,
    }),
    json({
      as: 'staff',
      method: 'POST',
      path: endpoints.getSamplingTubeStatus,
      opens: (found) => (found.tubeCode ? { tubeCode: found.tubeCode } : undefined),
      schema: api.tubeStatusResultSchema,
      personal: true,
    }),
    json({
      as: 'staff',
      method: 'POST',
      path: endpoints.pageCheckReport,
      payload: page,
      schema: api.checkReportPageSchema,
      personal: true,
      keep: (value) => ({
        opened: openFirst(endpoints.pageCheckReport, value.records),
        tubeCodes: value.records.flatMap((report) => (report.tubeCode ? [report.tubeCode] : [])),
      }),
    }),
    {
      as: 'staff',
      method: 'GET',
      path: endpoints.downloadCheckReport,
      opens: (found) => {
        const reportId = found.opened[endpoints.pageCheckReport];
        return reportId === undefined ? undefined : { reportId };
      },
      file: true,
      personal: true,
    },
    ...listThenDetail(
      endpoints.pageRecipientMessage,
      api.systemMessagePageSchema,
      endpoints.getMessageDetail,
      api.systemMessageSchema,
      { personal: true },
    ),
    ...listThenDetail(
      endpoints.getQuestionnaireList,
      api.questionnaireListSchema,
      endpoints.getQuestionnaireDetail,
      api.questionnaireSchema,
      { payload: {} },
    ),
    ...listThenDetail(
      endpoints.pageResponse,
      api.questionnaireResponsePageSchema,
      endpoints.getResponseDetail,
      api.questionnaireResponseDetailSchema,
      { personal: true },
    ),
    ...listThenDetail(
      endpoints.pageAnnouncement,
      api.announcementPageSchema,
      endpoints.getAnnouncementDetail,
      api.announcementSchema,
    ),
  ];
  if (!withCheckUser) return steps;
  const checkUser: Step[] = [
    json({
      as: 'check user',
      method: 'GET',
      path: endpoints.getUserManageProfile,
      schema: api.userProfileSchema,
      personal: true,
    }),
    json({
      as: 'check user',
      method: 'POST',
      path: endpoints.searchRegistrations,
      payload: page,
      schema: api.registrationPageSchema,
      personal: true,
    }),
    json({
      as: 'check user',
      method: 'POST',
      path: endpoints.pageCheckReport,
      payload: page,
      schema: api.checkReportPageSchema,
      personal: true,
    }),
    json({
      as: 'check user',
      method: 'POST',
      path: endpoints.pageResponse,
      payload: page,
      schema: api.questionnaireResponsePageSchema,
      personal: true,
    }),
  ];
  return [...steps, ...checkUser];
}
