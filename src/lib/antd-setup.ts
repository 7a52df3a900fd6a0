import { reduceMotion, unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type ContainerWithRoot = (Element | DocumentFragment) & { __antdRoot?: Root };

let installed = false;

/**
 * antd-mobile as this app uses it. Called by the root layout (before any page) and by lib/feedback
 * (whose toast may come first: the route guard's); the second call does nothing.
 * - Its imperative APIs (Toast, Dialog, Modal) render nothing on React 19 until they are given a
 *   createRoot-based renderer.
 * - A phone set to reduce motion (iOS 减弱动态效果, Android 移除动画) gets none from it either: dialogs,
 *   popups and toasts come and go at once, and its spinner stands still. The app's own CSS follows the
 *   same setting (styles/global.css). The setting is read when the app starts.
 */
export function setUpAntdMobile(): void {
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
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) reduceMotion();
}
