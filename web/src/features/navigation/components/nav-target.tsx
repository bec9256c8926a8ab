import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LinkKind } from '../nav-model.ts';

interface NavTargetProps {
  path: string;
  linkKind: LinkKind;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
  role?: string;
}

/** A nav item's link: a router link for `/…`, a plain anchor for `#…`, a new tab for `http(s)://`. */
export function NavTarget({ path, linkKind, className, onClick, children, role }: NavTargetProps) {
  switch (linkKind) {
    case 'route':
      return (
        <Link to={path} className={className} onClick={onClick} role={role}>
          {children}
        </Link>
      );
    case 'anchor':
      return (
        <a href={path} className={className} onClick={onClick} role={role}>
          {children}
        </a>
      );
    case 'external':
      return (
        <a href={path} className={className} onClick={onClick} role={role} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    default: {
      const never: never = linkKind;
      return <>{String(never)}</>;
    }
  }
}
