import { unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __antdRoot?: Root };

/**
 * antd-mobile's imperative APIs (Toast, Dialog, Modal) render nothing on React 19 until they are
 * given a createRoot-based renderer. Call once at start-up, before any toast can fire.
 */
export function installAntdReact19Renderer(): void {
  unstableSetRender((node: ReactElement, container: ContainerWithRoot) => {
    container.__antdRoot ??= createRoot(container);
    const root = container.__antdRoot;
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete container.__antdRoot;
    };
  });
}
