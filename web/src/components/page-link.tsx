import type { ReactNode } from 'react';

/**
 * A link to another page of the UI: a plain click opens it in place (`onOpen`), a modified click
 * (new tab, new window) follows `href` like any link.
 */
export function PageLink({
  href,
  onOpen,
  children,
}: {
  href: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </a>
  );
}
