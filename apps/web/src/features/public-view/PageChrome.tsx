// The frame of the public and preview pages: the brand, the item's name and what the page is, the content below.
import type { ReactNode } from 'react';
import { Brand } from '../../ui/Brand';
import './public-view.css';

export function PageChrome({ title, note, actions, children }: { title?: string; note?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="publishing-page">
      <header className="publishing-page__bar">
        <Brand />
        {title && <h1 className="publishing-page__title">{title}</h1>}
        {note && <span className="publishing-page__note">{note}</span>}
        {actions && <div className="publishing-page__actions">{actions}</div>}
      </header>
      <div className="publishing-page__content">{children}</div>
    </div>
  );
}

/** A card in the middle of the page (lock screen, not published, errors). */
export function Centered({ children }: { children: ReactNode }) {
  return <div className="publishing-page__centered">{children}</div>;
}
