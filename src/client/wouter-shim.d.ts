// Type surface of the 'wouter' alias (see router.tsx); keep in sync with it.
declare module 'wouter' {
  import type { AnchorHTMLAttributes, ReactNode, JSX } from 'react';
  type NavOpts = { replace?: boolean; state?: unknown };
  export function navigate(to: string, opts?: NavOpts): void;
  export function useLocation(): [string, (to: string, opts?: NavOpts) => void];
  export function useSearch(): string;
  export function Link(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href?: string; to?: string; replace?: boolean; children?: ReactNode }): JSX.Element;
  export function Router(props: { children?: ReactNode }): JSX.Element;
}
declare module 'wouter/use-browser-location' {
  export function navigate(to: string, opts?: { replace?: boolean; state?: unknown }): void;
}
