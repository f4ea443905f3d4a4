import type { ReactNode } from 'react';
import { Brand } from './Brand';

/** A page outside the workspace chrome: the brand on top, one centred card below. */
export function StandalonePage({ children, brandLink }: { children: ReactNode; brandLink?: string }) {
  return (
    <div className="standalone">
      <header className="standalone__header">
        <Brand to={brandLink} />
      </header>
      <main className="standalone__main">{children}</main>
    </div>
  );
}
