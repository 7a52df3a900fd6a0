import { getResponse, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { registerAndBind } from '@/api/registration/register-and-bind';
import { defaultDb } from '@/mocks/db';
import { handlers } from '@/mocks/handlers';
import { makeIdCard } from '@/mocks/id-card-generator';
import { server } from '../../msw-server';
import { signInForTest } from '../support/render-route';
import { holdRequests } from '../support/held-request';
import { recordRequests } from '../support/request-log';

const ID_CARD = makeIdCard('110105', '1960-04-04', 3, '1');
const AT = '2026-11-20T09:00:00+08:00';
const PERSON = { name: '高永福', idCard: ID_CARD, phone: '13800138000' };

function spareTube(): string {
  const tube = defaultDb.state.tubes.find((candidate) => candidate.status === 'unbound');
  if (!tube) throw new Error('the demo data has no spare tube');
  return tube.code;
}

/** A server whose Submit registers the person (the demo does) but answers without saying which record. */
function submitAnswersNull(): void {
  server.use(
    http.post('*/api/v1/ScreeningRegister/Submit', async ({ request }) => {
      const answered = await getResponse(handlers, request);
      if (!answered) return undefined;
      const body = (await answered.json()) as Record<string, unknown>;
      return HttpResponse.json({ ...body, responseData: null });
    }),
  );
}

/** The person registered, and a spare tube bound to them. */
const request = () => ({ submit: PERSON, tubeCode: spareTube(), collectedAt: AT });

describe('a Submit answered without the registration id', () => {
  it('finds the registration by its ID card, and binds the tube to it', async () => {
    await signInForTest('work');
    submitAnswersNull();
    const outcome = await registerAndBind(request());

    const [saved] = defaultDb.state.registrations.filter((record) => record.idCard === ID_CARD);
    expect(outcome).toEqual({ kind: 'bound', registrationId: saved.id });
  });

  it('says so when no registration of that ID card can be found', async () => {
    await signInForTest('work');
    submitAnswersNull();
    server.use(
      http.post('*/api/v1/ScreeningRegister/Search', () =>
        HttpResponse.json({ statusCode: 2000, responseData: { records: [] } }),
      ),
    );
    expect(await registerAndBind(request())).toEqual({ step: 'submit', kind: 'saved-without-id' });
  });
});

describe('the token every step of registerAndBind is sent with', () => {
  it('is the one the tap started with, even when another account signs in while Submit is in flight', async () => {
    const firstToken = await signInForTest('work');
    submitAnswersNull();
    const submit = holdRequests('*/api/v1/ScreeningRegister/Submit');
    const requests = recordRequests();
    const outcome = registerAndBind(request());
    await submit.arrived;
    const secondToken = await signInForTest('work');
    expect(secondToken).not.toBe(firstToken);
    submit.release();
    expect(await outcome).toMatchObject({ kind: 'bound' });

    const sent = (await requests.all()).filter((request) => !request.path.endsWith('/LoginManage'));
    expect(sent.map((request) => request.path.replace('/api/v1/', ''))).toEqual([
      'ScreeningRegister/Submit',
      'ScreeningRegister/Search',
      'Sampling/BindSamplingTube',
    ]);
    expect(sent.map((request) => request.headers.get('Authorization'))).toEqual([
      firstToken,
      firstToken,
      firstToken,
    ]);
  });
});
