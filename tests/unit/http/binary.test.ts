import { Blob as NodeBlob } from 'node:buffer';
import { HttpResponse, http as mswHttp } from 'msw';
import { requestBinary } from '@/lib/http';
import { server } from '../../msw-server';
import { api, expectFailToast, expectNoToast, isolateRequestTests, rejectionOf } from './helpers';

isolateRequestTests();

// jsdom's Blob has no stream(), which msw's XMLHttpRequest stand-in needs to hand a blob response
// over; Node's Blob has it. One Blob class for everyone, as in a browser.
beforeAll(() => vi.stubGlobal('Blob', NodeBlob));
afterAll(() => vi.unstubAllGlobals());

const PATH = '/api/v1/Attachement/Download';
const PDF_TEXT = '%PDF-1.4 检测报告';

function serveFile(body: BodyInit | null, headers: Record<string, string>, status = 200): void {
  server.use(mswHttp.get(api(PATH), () => new HttpResponse(body, { status, headers })));
}

describe('binary downloads (spec §7: returned untouched)', () => {
  it.each([
    ["attachment; filename*=UTF-8''%E6%A3%80%E6%B5%8B%E6%8A%A5%E5%91%8A.pdf", '检测报告.pdf'],
    ['attachment; filename="report-42.pdf"', 'report-42.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename="a.pdf"; filename*=UTF-8\'\'%E6%8A%A5%E5%91%8A.pdf', '报告.pdf'],
  ])('blob with Content-Disposition %j -> the Blob and file name %j', async (disposition, fileName) => {
    serveFile(PDF_TEXT, { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition });
    const file = await requestBinary<Blob>({ url: PATH, params: { id: 42 }, responseType: 'blob' });
    expect(file.data).toBeInstanceOf(Blob);
    expect(file.data.type).toBe('application/pdf');
    expect(await file.data.text()).toBe(PDF_TEXT);
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe(fileName);
    await expectNoToast();
  });

  it('blob without Content-Disposition has no file name', async () => {
    serveFile(PDF_TEXT, { 'Content-Type': 'application/pdf' });
    const file = await requestBinary<Blob>({ url: PATH, responseType: 'blob' });
    expect(file.fileName).toBeUndefined();
    expect(await file.data.text()).toBe(PDF_TEXT);
  });

  it('arraybuffer comes back byte for byte', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x7f]);
    serveFile(bytes, { 'Content-Type': 'application/octet-stream' });
    const file = await requestBinary<ArrayBuffer>({ url: PATH, responseType: 'arraybuffer' });
    expect(file.data).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(file.data)).toEqual(bytes);
  });

  it('a binary response is not read as an envelope even when it looks like one', async () => {
    const text = JSON.stringify({ statusCode: 500, responseMessage: '不是错误，是文件内容' });
    serveFile(text, { 'Content-Type': 'text/plain' });
    const file = await requestBinary<Blob>({ url: PATH, responseType: 'blob' });
    expect(await file.data.text()).toBe(text);
    await expectNoToast();
  });

  it.each([
    ['blob' as const, 'application/json'],
    ['blob' as const, 'application/json;charset=utf-8'],
    ['arraybuffer' as const, 'application/json'],
  ])('%s answered with a %s error envelope: rejects with its message', async (responseType, contentType) => {
    serveFile(JSON.stringify({ statusCode: 500, responseMessage: '报告尚未生成' }), {
      'Content-Type': contentType,
    });
    const error = await rejectionOf(requestBinary({ url: PATH, responseType }));
    expect(error).toMatchObject({ kind: 'business', code: 500, message: '报告尚未生成' });
    await expectFailToast('报告尚未生成');
  });

  it('blob answered with JSON that is not an envelope: malformed', async () => {
    serveFile('{"statusCode":', { 'Content-Type': 'application/json' });
    const error = await rejectionOf(requestBinary({ url: PATH, responseType: 'blob' }));
    expect(error).toMatchObject({ kind: 'malformed', message: '系统未知错误，请联系客服' });
    await expectFailToast('系统未知错误，请联系客服');
  });

  it('silent: a JSON error envelope rejects with no toast', async () => {
    serveFile(JSON.stringify({ statusCode: 9001, responseMessage: '报告审核中' }), {
      'Content-Type': 'application/json',
    });
    const error = await rejectionOf(requestBinary({ url: PATH, responseType: 'blob', silent: true }));
    expect(error).toMatchObject({ kind: 'business', code: 9001, message: '报告审核中' });
    await expectNoToast();
  });

  it('HTTP 500 on a download: 系统接口500异常', async () => {
    serveFile('server error', { 'Content-Type': 'text/html' }, 500);
    const error = await rejectionOf(requestBinary({ url: PATH, responseType: 'blob' }));
    expect(error).toMatchObject({ kind: 'http', code: 500, message: '系统接口500异常' });
    await expectFailToast('系统接口500异常');
  });
});
