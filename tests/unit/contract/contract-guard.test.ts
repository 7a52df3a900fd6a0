import { mayCall } from '../../../scripts/contract/guard';

/** The contract tool's write guard (scripts/contract/guard.ts): the server's routing ignores case. */
describe('npm run contract: the write guard', () => {
  const readOnly = new Set<string>();

  it.each([
    '/api/v1/ScreeningRegister/Add',
    '/api/v1/ScreeningRegister/add',
    '/API/V1/SCREENINGREGISTER/SUBMIT',
    '/api/v1/Sampling/bindSamplingTube',
    '/api/v1/Sampling/BindSamplingTube/',
    '/api/v1/Sampling/updateSamplingOperation?x=1',
    '/api/v1/ScreeningRegister/%41dd',
    '/api/v1/SystemMessage/readsystemmessage',
    '/api/v1/Account/loginmanage',
    '/api/v1/Dictionary/Remove',
    '/api/v1/ScreeningRegister/delete',
    '/api/v1/Account/generateWeChatSignature',
  ])('refuses %s on a read-only run', (path) => {
    expect(() => mayCall(path, readOnly)).toThrow(`refusing to call ${path}: it writes`);
  });

  it.each([
    '/api/v1/ScreeningRegister/Search',
    '/api/v1/ScreeningRegister/GetDetail',
    '/api/v1/Dictionary/PageDictionaryItem',
    '/api/v1/Sampling/GetSamplingTubeStatus',
    '/api/v1/Questionnaire/GetList',
  ])('lets %s through', (path) => {
    expect(() => mayCall(path, readOnly)).not.toThrow();
  });

  it('lets a staging run write only the paths of its journey, as the app spells them', () => {
    const journey = new Set(['/api/v1/ScreeningRegister/Add']);
    expect(() => mayCall('/api/v1/ScreeningRegister/Add', journey)).not.toThrow();
    expect(() => mayCall('/api/v1/ScreeningRegister/add', journey)).toThrow(
      'it is not a call of the staging journey',
    );
    expect(() => mayCall('/api/v1/ScreeningRegister/Submit', journey)).toThrow(
      'it is not a call of the staging journey',
    );
  });
});
