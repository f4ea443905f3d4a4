// A record as a card of a grid (maps, map styles, color palettes): its picture, name, facts and actions, the last two
// being Share and Delete for those who may.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ShareDialog, type ShareTarget } from '../sharing';
import type { RecordAbilities } from './abilities';
import './catalogue.css';

export interface CatalogueCardProps {
  /** The data-* attribute naming the record, e.g. `{ 'data-map': id }`. */
  marker: Record<`data-${string}`, string>;
  picture: ReactNode;
  /** Where the picture leads (the record's own screen), when it leads anywhere. */
  pictureLink?: string;
  name: ReactNode;
  meta: ReactNode;
  description?: string;
  /** Shown under the description (tags, a palette strip). */
  children?: ReactNode;
  /** The action row and what follows it (an error). */
  actions?: ReactNode;
  /** A pick box over the picture's corner (bulk tagging); the record's card passes it only when the user may write it. */
  select?: ReactNode;
}

export function CatalogueCard({ marker, picture, pictureLink, name, meta, description, children, actions, select }: CatalogueCardProps) {
  return (
    <li className="card catalogue-card" {...marker}>
      {select && <span className="catalogue-card__select">{select}</span>}
      {pictureLink ? (
        <Link to={pictureLink} className="catalogue-card__picture" tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      ) : (
        <div className="catalogue-card__picture">{picture}</div>
      )}
      <div className="catalogue-card__body">
        <h3 className="catalogue-card__name">{name}</h3>
        <p className="catalogue-card__meta">{meta}</p>
        {description && <p className="catalogue-card__description">{description}</p>}
        {children}
      </div>
      {actions}
    </li>
  );
}

/** A picture for a card without one: the outline of the path given (a 24 × 24 icon). */
export function CardPlaceholder({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="catalogue-card__placeholder" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

export interface CardActionsProps {
  abilities: Pick<RecordAbilities, 'share' | 'delete'>;
  share: ShareTarget;
  deletion: {
    /** The confirm button: "Delete map". */
    label: string;
    /** What deleting takes away, and that it cannot be undone. */
    text: ReactNode;
    remove(): Promise<unknown>;
    /** After the record is gone: re-read the list. */
    onDeleted(): Promise<unknown>;
  };
  /** The record's own actions, before Share and Delete. */
  children?: ReactNode;
}

/** A card's action row: the record's own actions, then Share and Delete (after confirmation) for those who may. */
export function CardActions({ abilities, share, deletion, children }: CardActionsProps) {
  const [dialog, setDialog] = useState<'share' | 'delete' | null>(null);
  const remove = useMutation({
    mutationFn: deletion.remove,
    onSuccess: async () => {
      setDialog(null);
      await deletion.onDeleted();
    },
  });
  if (!children && !abilities.share && !abilities.delete) return null;
  return (
    <div className="catalogue-card__actions">
      {children}
      {abilities.share && (
        <button type="button" className="button button--ghost" onClick={() => setDialog('share')}>
          Share
        </button>
      )}
      {abilities.delete && (
        <button type="button" className="button button--ghost catalogue-card__delete" onClick={() => setDialog('delete')}>
          Delete
        </button>
      )}
      {dialog === 'share' && <ShareDialog target={share} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete “${share.name}”?`}
          confirmLabel={deletion.label}
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate()}
          onClose={() => setDialog(null)}
        >
          {deletion.text}
        </ConfirmDialog>
      )}
    </div>
  );
}
