import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublishedItem } from '@atlas/domain';
import { PublishForm } from './PublishDialog';
import { initialChoice, passwordProblem, publicationSummary, uploadOptionsFor } from './publication';

const published = {
  id: 'p1',
  url: '/public/p1',
  views: 5,
  passwordProtected: true,
  publishedAt: '2026-01-03T10:00:00.000Z',
} as PublishedItem;

const render = (current: PublishedItem | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PublishForm kind="map" recordId="m1" published={current} onPublish={async () => undefined} onUnpublish={async () => undefined} />
    </MemoryRouter>,
  );

beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://studio.test' } }));
afterAll(() => vi.unstubAllGlobals());

describe('what a publish sends', () => {
  it('removes, keeps or sets the password', () => {
    expect(uploadOptionsFor('none', 'ignored')).toEqual({ password: null });
    expect(uploadOptionsFor('keep', 'ignored')).toEqual({});
    expect(uploadOptionsFor('new', 'open sesame')).toEqual({ password: 'open sesame' });
  });

  it('asks for a password of the length the server takes, only when a new one is chosen', () => {
    expect(passwordProblem('new', 'abc')).toBe('A password has at least 4 characters.');
    expect(passwordProblem('new', 'abcd')).toBeNull();
    expect(passwordProblem('new', 'x'.repeat(201))).toBe('A password has at most 200 characters.');
    expect(passwordProblem('keep', '')).toBeNull();
  });

  it('keeps a password the publication has, unless the user chooses otherwise', () => {
    expect(initialChoice(null)).toBe('none');
    expect(initialChoice({ passwordProtected: false })).toBe('none');
    expect(initialChoice({ passwordProtected: true })).toBe('keep');
  });
});

describe('PublishForm', () => {
  it('offers Publish and a password for a record not published, and no link or Unpublish', () => {
    const html = render(null);
    expect(html).toContain('Not published');
    expect(html).toContain('>Publish</button>');
    expect(html).toContain('Require a password');
    expect(html).not.toContain('Unpublish');
    expect(html).not.toContain('Public link');
    expect(html).not.toContain('Keep the current password');
  });

  it('shows a publication’s link, views and protection, and offers publishing again, unpublishing and the password kept', () => {
    const html = render(published);
    expect(publicationSummary(published)).toBe('Published 3 Jan 2026 · 5 views · password-protected');
    expect(html).toContain('Published 3 Jan 2026 · 5 views · password-protected');
    expect(html).toContain('value="http://studio.test/public/p1"');
    expect(html).toContain('>Publish again</button>');
    expect(html).toContain('>Unpublish</button>');
    expect(html).toMatch(/checked=""[^>]*\/>Keep the current password/);
    expect(html).toContain('Set a new password');
    expect(html).toContain('href="/preview/m1"');
  });

  it('says a publication is open to anyone with the link when it has no password', () => {
    expect(publicationSummary({ ...published, views: 1, passwordProtected: false })).toBe('Published 3 Jan 2026 · 1 view · open to anyone with the link');
  });
});
