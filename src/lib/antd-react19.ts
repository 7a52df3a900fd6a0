import { unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __antdRoot?: Root };

let installed = false;

/**
 * antd-mobile's imperative APIs (Toast, Dialog, Modal) render nothing on React 19 until they are
 * given a createRoot-based renderer. Called by the root layout (before any page) and by lib/feedback
 * (whose toast may come first: the route guard's); the second call does nothing.
 */
export function installAntdReact19Renderer(): void {
  if (installed) return;
  installed = true;
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
