import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CallerAction, User } from '@atlas/domain';
import { SignedInUserProvider } from '../../api/SignedInUserContext';
import { CardPick, IfWritable, TagSelectBox, TaggableCard } from './TagSelect';
import type { TagSelection } from './useTagSelection';

const user = { id: 'u1', seat: 'maker', organization: { id: 'o1' } } as unknown as User;
const selection = (ids: string[]): TagSelection => ({ picked: ids.map((id) => ({ id, name: id })), has: (id) => ids.includes(id), toggle: () => undefined, keep: () => undefined, clear: () => undefined });

const box = (actions: CallerAction[], picked: string[] = []) =>
  renderToStaticMarkup(
    <SignedInUserProvider user={user}>
      <IfWritable record={{ actions }}>
        <TagSelectBox record={{ id: 'm1', name: 'Stores map' }} selection={selection(picked)} />
      </IfWritable>
    </SignedInUserProvider>,
  );

describe('IfWritable / TagSelectBox', () => {
  it('offers the pick box only on records the user may write', () => {
    expect(box(['read', 'write', 'delete'])).toContain('aria-label="Select Stores map for tagging"');
    expect(box(['read', 'copy'])).toBe('');
  });

  it('puts a card’s pick box over its picture only when the user may write the record', () => {
    const card = (actions: CallerAction[]) =>
      renderToStaticMarkup(
        <SignedInUserProvider user={user}>
          <CardPick record={{ id: 'm1', name: 'Stores map', actions }} selection={selection([])} />
        </SignedInUserProvider>,
      );
    expect(card(['read', 'write'])).toMatch(/^<span class="tag-card__select"><input type="checkbox"/);
    expect(card(['read'])).toBe('');
  });

  it('shows whether the record is picked', () => {
    expect(box(['read', 'write'], ['m1'])).toContain('checked=""');
    expect(box(['read', 'write'])).not.toContain('checked');
  });
});

describe('TaggableCard', () => {
  it('holds the card, its pick box and the tags the card does not show', () => {
    const html = renderToStaticMarkup(
      <TaggableCard select={<span className="tag-card__select" />} tags={[{ id: 't1', name: 'retail', color: '#2563eb' }]}>
        <li className="card">Card</li>
      </TaggableCard>,
    );
    expect(html).toMatch(/^<li class="tag-card"><ul class="tag-card__card"><li class="card">Card<\/li><\/ul><span class="tag-card__select">/);
    expect(html).toContain('data-tag="retail"');
    expect(renderToStaticMarkup(<TaggableCard tags={[]}><li>Card</li></TaggableCard>)).toBe('<li class="tag-card"><ul class="tag-card__card"><li>Card</li></ul></li>');
  });
});
