import { HttpResponse, type HttpHandler } from 'msw';
import {
  labelOf,
  API_STATUS,
  canUnbind,
  SAMPLING_TUBE_STATUS_LABELS,
  type TubeStatusResult,
} from '@/types/api';
import type { DemoDb, DemoTube, DemoUser } from '../db';
import { createReportPdf } from '../pdf';
import { maskName } from '../seed';
import { MINUTE_MS, toChinaIso } from '../time';
import { dictionaryText } from './dictionary';
import {
  BusinessError,
  byNewest,
  canSeeRegistration,
  endpoint,
  envelope,
  invalid,
  notFound,
  nowIso,
  optionalBoolean,
  optionalString,
  paginate,
  requireStaff,
  requiredString,
  warning,
  type HandlerOptions,
} from './shared';
import { activeTube } from './views';
import { REGISTRATION_NOT_FOUND_MESSAGE } from './registration';

const TUBE_NOT_FOUND_MESSAGE = '采样管编码不存在，请核对后重新扫码';
const TUBE_ALREADY_BOUND_MESSAGE = '该采样管已绑定其他受检者';
const FUTURE_COLLECTION_MESSAGE = '采集时间不能晚于当前时间，请核对后重新选择';
const UNBIND_AFTER_RECEIPT_MESSAGE = '实验室已接收该样本，不能解绑';
const REPORT_NOT_FOUND_MESSAGE = '检测报告不存在';
/** Clock drift between a phone and the server that still counts as "now". */
const FUTURE_TOLERANCE_MS = 5 * MINUTE_MS;

/** Scanned codes arrive with stray spaces or in lower case. */
function normalizeTubeCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

function findTube(db: DemoDb, code: string): DemoTube {
  const tube = db.state.tubes.find((candidate) => candidate.code === normalizeTubeCode(code));
  if (!tube) throw new BusinessError(API_STATUS.tubeNotFound, TUBE_NOT_FOUND_MESSAGE);
  return tube;
}

function visibleReports(db: DemoDb, user: DemoUser) {
  return db.state.reports.filter((report) => {
    const registration = db.state.registrations.find((candidate) => candidate.id === report.registrationId);
    return !!registration && canSeeRegistration(user, registration);
  });
}

function tubeStatus(db: DemoDb, user: DemoUser, code: string): TubeStatusResult {
  const tubeCode = normalizeTubeCode(code);
  const tube = db.state.tubes.find((candidate) => candidate.code === tubeCode);
  if (!tube) return { tubeCode, exists: false, timeline: [] };
  const result: TubeStatusResult = { tubeCode, exists: true, status: tube.status, timeline: tube.timeline };
  const registration =
    tube.status === 'unbound' ? undefined : db.state.registrations.find((r) => r.id === tube.registrationId);
  if (registration) {
    result.boundPersonName = maskName(registration.name);
    result.boundAt = tube.boundAt;
    result.collectedAt = tube.collectedAt;
    if (canSeeRegistration(user, registration)) result.boundRegistrationId = registration.id;
  }
  return result;
}

export function samplingHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/Sampling/BindSamplingTube', ({ input, user }) => {
      const registrationId = requiredString(input, 'registrationId', '缺少登记编号');
      const tubeCode = requiredString(input, 'tubeCode', '请扫描或输入采样管编码');
      // A check user binds before taking the sample: no collection time yet.
      const collectedText =
        user.role === 'check'
          ? optionalString(input, 'collectedAt')
          : requiredString(input, 'collectedAt', '请选择采集时间');
      const collectedMs = collectedText === undefined ? undefined : Date.parse(collectedText);
      if (collectedMs !== undefined && Number.isNaN(collectedMs)) throw invalid('采集时间格式不正确');

      const registration = db.state.registrations.find((candidate) => candidate.id === registrationId);
      if (!registration || !canSeeRegistration(user, registration))
        throw notFound(REGISTRATION_NOT_FOUND_MESSAGE);
      if (registration.status !== 'submitted') {
        throw new BusinessError(
          API_STATUS.registrationNotSubmitted,
          '登记信息尚未提交，请先提交后再绑定采样管',
        );
      }
      const tube = findTube(db, tubeCode);
      const current = activeTube(db, registration.id);
      if (current) {
        throw new BusinessError(
          API_STATUS.registrationHasTube,
          current.code === tube.code
            ? '该采样管已绑定此受检者，无需重复绑定'
            : `该受检者已绑定采样管 ${current.code}，如需更换请先解绑`,
        );
      }
      if (tube.status !== 'unbound')
        throw new BusinessError(API_STATUS.tubeAlreadyBound, TUBE_ALREADY_BOUND_MESSAGE);
      if (collectedMs !== undefined && collectedMs > db.now().getTime() + FUTURE_TOLERANCE_MS)
        throw warning(FUTURE_COLLECTION_MESSAGE);

      return db.mutate(() => {
        const at = nowIso(db);
        tube.status = 'bound';
        tube.registrationId = registration.id;
        tube.boundAt = at;
        if (collectedMs === undefined) delete tube.collectedAt;
        else tube.collectedAt = toChinaIso(new Date(collectedMs));
        tube.timeline.push({ status: 'bound', at, note: `扫码绑定受检者（${user.name}）` });
        return tube;
      });
    }),

    endpoint(db, options, 'post', '/api/v1/Sampling/GetSamplingTubeStatus', ({ input, user }) =>
      tubeStatus(db, user, requiredString(input, 'tubeCode', '请扫描或输入采样管编码')),
    ),

    endpoint(db, options, 'post', '/api/v1/Sampling/UpdateSamplingOperation', ({ input, user }) => {
      requireStaff(user);
      const tubeCode = requiredString(input, 'tubeCode', '请扫描或输入采样管编码');
      const registrationId = requiredString(input, 'registrationId', '缺少登记编号');
      const operation = requiredString(input, 'operation', '缺少操作类型');
      if (operation !== 'unbind') throw invalid('不支持的操作类型');
      const reason = requiredString(input, 'reason', '请选择解绑原因');
      const reasonText = dictionaryText(db, 'unbind_reason', reason);
      if (!reasonText) throw invalid('请选择正确的解绑原因');
      const note = optionalString(input, 'note');
      if (note && note.length > 200) throw invalid('备注不能超过 200 个字');

      const tube = findTube(db, tubeCode);
      if (tube.status === 'unbound' || tube.registrationId !== registrationId) {
        throw new BusinessError(
          API_STATUS.tubeNotBoundToRegistration,
          '该采样管未绑定此受检者，请核对后重试',
        );
      }
      if (!canUnbind(tube.status)) {
        throw warning(
          `${UNBIND_AFTER_RECEIPT_MESSAGE}（当前状态：${labelOf(SAMPLING_TUBE_STATUS_LABELS, tube.status)}）`,
        );
      }
      return db.mutate(() => {
        tube.status = 'unbound';
        delete tube.registrationId;
        delete tube.boundAt;
        delete tube.collectedAt;
        tube.timeline.push({
          status: 'unbound',
          at: nowIso(db),
          note: `解绑：${reasonText}${note ? `（${note}）` : ''}`,
        });
        return tube;
      });
    }),

    endpoint(db, options, 'post', '/api/v1/Sampling/PageCheckReport', ({ input, user }) => {
      const id = optionalString(input, 'id');
      const idCard = optionalString(input, 'idCard')?.toUpperCase();
      const tubeCode = optionalString(input, 'tubeCode');
      const mine = optionalBoolean(input, 'mine') ?? false;
      const reports = visibleReports(db, user)
        .filter((report) => !id || report.id === id)
        .filter((report) => !idCard || report.idCard === idCard)
        .filter((report) => !tubeCode || report.tubeCode === normalizeTubeCode(tubeCode))
        .filter((report) => {
          if (!mine || user.role !== 'work') return true;
          const registration = db.state.registrations.find(
            (candidate) => candidate.id === report.registrationId,
          );
          return registration?.createdByUserId === user.id;
        })
        .sort(byNewest((report) => report.reportedAt));
      return paginate(reports, input);
    }),

    endpoint(db, options, 'get', '/api/v1/Sampling/DownloadCheckReport', ({ input, user }) => {
      const reportId = requiredString(input, 'reportId', '缺少报告编号');
      const report = visibleReports(db, user).find((candidate) => candidate.id === reportId);
      if (!report) return envelope(null, API_STATUS.notFound, REPORT_NOT_FOUND_MESSAGE);
      return new HttpResponse(createReportPdf(report), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(report.fileName)}`,
          'Access-Control-Expose-Headers': 'Content-Disposition',
        },
      });
    }),
  ];
}
