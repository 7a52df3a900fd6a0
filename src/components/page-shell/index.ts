export { PageShell, type PageShellProps } from './page-shell';
