// `--staging`: the write journey, once, with a test person and tube the operator supplies.
import * as endpoints from '@/api/endpoints';
import { checkContract } from '@/lib/http/contract';
import { normalizeIdCard, validateIdCard, validateIdCardLifespan } from '@/lib/id-card';
import { normalizePhone, validateName, validatePhone } from '@/lib/phone';
import { isTubeCode, normalizeTubeCode } from '@/lib/tube-code';
import * as api from '@/types/api';
import { toChinaIso } from '@/types/schema-kit';
import { checkRead, answerLine, type CallOutcome } from './check';
import type { Call, Payload } from './client';
import { Refusal } from './guard';
import { dictionaryQuery, dictionaryStep, json, stepName, type TypedStep } from './plan';

/** What --staging is given: the test person and tube, as typed. */
export interface StagingOptions {
  personName: string;
  personIdCard: string;
  personPhone: string;
  tubeCode: string;
}

export interface TestPerson {
  name: string;
  idCard: string;
  phone: string;
  tubeCode: string;
  /** Hides the person's values in a text (a server's refusal may quote them). */
  redact: (text: string) => string;
}

/** The test person's values, checked by the app's own rules; a Refusal names the option at fault. */
export function testPerson(options: StagingOptions): TestPerson {
  const name = options.personName.trim();
  const idCard = normalizeIdCard(options.personIdCard);
  const phone = normalizePhone(options.personPhone);
  const tubeCode = normalizeTubeCode(options.tubeCode);
  const problems = (
    [
      ['person-name', validateName(name), 'src/lib/phone.ts'],
      ['person-id-card', validateIdCard(idCard) ?? validateIdCardLifespan(idCard), 'src/lib/id-card.ts'],
      ['person-phone', validatePhone(phone), 'src/lib/phone.ts'],
      ['tube-code', isTubeCode(tubeCode, false) ? null : 'not a tube code', 'src/lib/tube-code.ts'],
    ] as const
  ).filter(([, problem]) => problem);
  if (problems.length > 0) {
    throw new Refusal(
      problems
        .map(([option, problem, rule]) => `--${option}: ${problem} (the app's rule, ${rule})`)
        .join('\n'),
    );
  }
  const secrets = [name, idCard, idCard.toLowerCase(), phone, options.personPhone.trim()].filter(Boolean);
  const redact = (text: string) => secrets.reduce((result, secret) => result.split(secret).join('***'), text);
  return { name, idCard, phone, tubeCode, redact };
}

/** The paths the journey writes: the only ones its client may write. */
export function journeyWrites(deleteServerDrafts: boolean): ReadonlySet<string> {
  return new Set([
    endpoints.addRegistration,
    endpoints.submitRegistration,
    endpoints.bindSamplingTube,
    endpoints.updateSamplingOperation,
    ...(deleteServerDrafts ? [endpoints.deleteRegistration] : []),
  ]);
}

type WriteOutcome = 'done' | 'refused';

/** What the journey learnt for the switches. */
export interface Journey {
  /** The status Search found after Add ('not found'); undefined when the journey stopped before. */
  addStatus?: string;
  /** Delete's outcome (only with the deleteServerDrafts switch on); undefined when not reached. */
  deleted?: WriteOutcome;
  /** BindSamplingTube's outcome; undefined when not reached. */
  bound?: WriteOutcome;
}

export interface StagingResult {
  outcomes: CallOutcome[];
  journey: Journey;
}

/** The refusal that ends the journey: nothing after it is sent. */
class Stop extends Error {}

/**
 * The write journey, once: Add (a draft), Search for it, Delete it (only with the deleteServerDrafts
 * switch on; Submit then creates the registration, as for a form never saved as a draft), Submit, bind
 * the test tube, its status, unbind it. Each answer's shape is printed (`log`); it stops at the first
 * refusal.
 */
export async function runStaging(
  staff: Call,
  person: TestPerson,
  {
    base,
    dictionaryPath,
    deleteServerDrafts,
  }: { base: string; dictionaryPath: string; deleteServerDrafts: boolean },
  log: (line: string) => void,
): Promise<StagingResult> {
  log(
    `WARNING: --staging writes to ${base}: it registers the test person (ScreeningRegister/Add` +
      `${deleteServerDrafts ? ', /Delete' : ''} and /Submit), binds the test tube to that registration and unbinds ` +
      'it (Sampling/BindSamplingTube, /UpdateSamplingOperation). These are real records on that server. ' +
      'It stops at the first refusal.',
  );
  const outcomes: CallOutcome[] = [];
  const journey: Journey = {};
  const left = { registration: false, tube: false };
  const record = (outcome: CallOutcome) => {
    outcome.lines.forEach((line) => log(line));
    outcomes.push(outcome);
    return outcome;
  };
  /** A read; resolves with its answer as the app reads it (undefined when the app refuses it). */
  const read = async <T>(step: TypedStep<T>, payload: Payload): Promise<T | undefined> => {
    const outcome = record(await checkRead(staff, step, payload, { printShape: true }));
    if (outcome.verdict === 'failed') throw new Stop(`${outcome.name} failed`);
    return outcome.value as T | undefined;
  };
  const tubeStatus = json({
    as: 'staff',
    method: 'POST',
    path: endpoints.getSamplingTubeStatus,
    schema: api.tubeStatusResultSchema,
  });
  const search = json({
    as: 'staff',
    method: 'POST',
    path: endpoints.searchRegistrations,
    schema: api.registrationPageSchema,
  });
  /** A write; resolves with the saved id the app would read from its answer (savedIdSchema). */
  const write = async (path: string, payload: Payload, { savesId = false } = {}) => {
    const name = stepName({ as: 'staff', method: 'POST', path });
    const answer = await staff('POST', path, payload);
    const outcome: WriteOutcome = answer.ok ? 'done' : 'refused';
    if (path === endpoints.deleteRegistration) journey.deleted = outcome;
    if (path === endpoints.bindSamplingTube) journey.bound = outcome;
    if (!answer.ok) {
      record({ name, verdict: 'failed', lines: [`FAIL ${name}: ${answer.problem}`] });
      throw new Stop(`${name} was refused`);
    }
    if (answer.kind === 'file') {
      record({ name, verdict: 'failed', lines: [`FAIL ${name}: expected a JSON answer, got a file`] });
      throw new Stop(`${name} did not answer with JSON`);
    }
    const checked = checkContract(api.savedIdSchema, answer.data);
    const id = checked.ok ? checked.value : undefined;
    record({
      name,
      verdict: 'ok',
      envelope: answer.envelope,
      lines: [
        `OK   ${name}`,
        answerLine(answer.envelope, answer.data),
        !savesId
          ? '     not read by the app: statusCode 2000 is the success'
          : id
            ? '     the app reads the saved id from this answer (savedIdSchema)'
            : '     the app reads no id from this answer (savedIdSchema): it finds the registration by ID card',
      ],
    });
    return id;
  };
  /** The registration a save wrote, as the app finds it (saved-registration-id.ts): by id, else by ID card and status. */
  const findRegistration = async (id: api.Id | undefined, status: api.RegistrationStatus) => {
    const query: api.RegistrationSearchPayload = {
      searchType: 'idCard',
      keyword: person.idCard,
      pageIndex: 1,
      pageSize: 10,
    };
    const records = (await read(search, query))?.records ?? [];
    return id
      ? records.find((registration) => registration.id === id)
      : records.find(
          (registration) =>
            registration.status === status && normalizeIdCard(registration.idCard) === person.idCard,
        );
  };
  const tubeQuery: api.TubeStatusQuery = { tubeCode: person.tubeCode };

  try {
    const reasons = await read(
      dictionaryStep(dictionaryPath, 'unbind_reason'),
      dictionaryQuery('unbind_reason'),
    );
    const reason = reasons?.records[0]?.itemValue;
    if (!reason) throw new Stop('the unbind_reason dictionary has no reason to unbind with');
    const tube = await read(tubeStatus, tubeQuery);
    if (tube && (!tube.exists || (tube.status ?? 'unbound') !== 'unbound')) {
      throw new Stop('the server does not know the test tube, or it is not free: supply a free test tube');
    }

    const input: api.RegistrationInput = {
      name: person.name,
      idCard: person.idCard,
      phone: person.phone,
      familyHistory: false,
    };
    let id = await write(endpoints.addRegistration, input, { savesId: true });
    left.registration = true;
    const draft = await findRegistration(id, 'draft');
    journey.addStatus = draft?.status ?? 'not found';
    if (!draft) throw new Stop('Search did not find the registration Add saved');
    id = draft.id;
    if (deleteServerDrafts) {
      await write(endpoints.deleteRegistration, { id } satisfies api.RegistrationDeletePayload);
      left.registration = false;
      id = undefined;
    }
    id =
      (await write(
        endpoints.submitRegistration,
        { ...(id ? { id } : {}), ...input } satisfies api.RegistrationInput,
        {
          savesId: true,
        },
      )) ?? id;
    left.registration = true;
    if (!id) {
      id = (await findRegistration(undefined, 'submitted'))?.id;
      if (!id) throw new Stop('Search did not find the registration Submit saved');
    }
    await write(endpoints.bindSamplingTube, {
      registrationId: id,
      tubeCode: person.tubeCode,
      collectedAt: toChinaIso(Date.now()),
    } satisfies api.BindSamplingTubePayload);
    left.tube = true;
    await read(tubeStatus, tubeQuery);
    await write(endpoints.updateSamplingOperation, {
      tubeCode: person.tubeCode,
      registrationId: id,
      operation: 'unbind',
      reason,
    } satisfies api.UpdateSamplingOperationPayload);
    left.tube = false;
    log('The journey ran to its end. Left on the server: the test registration (submitted, no tube).');
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const kept = [
      left.registration && 'the test registration',
      left.tube && 'the test tube bound to it',
    ].filter((item): item is string => !!item);
    log(
      `Stopped: ${error.message}; nothing after it was sent.` +
        (kept.length > 0 ? ` Left on the server: ${kept.join(', ')}.` : ''),
    );
  }
  return { outcomes, journey };
}
