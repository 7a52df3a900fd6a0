import { evaluateRouteFiles } from '@/app/route-preload';

const order: string[] = [];
vi.mock('@/lib/yield-to-main', () => ({
  yieldToMain: () => {
    order.push('yield');
    return Promise.resolve();
  },
}));

type BootWindow = Window & { __preloadRoute?: (path: string) => string[] };

describe("evaluating a route's scripts before its page", () => {
  beforeEach(() => {
    order.length = 0;
    (globalThis as { __evaluated?: string[] }).__evaluated = order;
  });
  afterEach(() => {
    delete (window as BootWindow).__preloadRoute;
  });

  it('runs the scripts the boot script lists for the route one at a time, in its order, each in a task of its own', async () => {
    const preload = vi.fn(() => [
      '/tests/unit/app/fixtures/route-dependency.ts',
      '/tests/unit/app/fixtures/route-page.ts',
    ]);
    (window as BootWindow).__preloadRoute = preload;
    await evaluateRouteFiles('/repoetDetail');
    expect(preload).toHaveBeenCalledWith('/repoetDetail');
    expect(order).toEqual(['dependency', 'yield', 'page', 'yield']);
  });

  it('does nothing without the boot script (development, tests)', async () => {
    await evaluateRouteFiles('/repoetDetail');
    expect(order).toEqual([]);
  });

  it('rejects when a script cannot load, as the page’s own import would (chunk-reload.ts then reloads)', async () => {
    (window as BootWindow).__preloadRoute = () => ['/tests/unit/app/fixtures/no-such-chunk.ts'];
    await expect(evaluateRouteFiles('/repoetDetail')).rejects.toThrow();
  });
});
