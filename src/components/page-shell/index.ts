export { PageShell, useGoBack, type PageShellProps } from './page-shell';
