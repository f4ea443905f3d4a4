import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@atlas/client';
import { PasswordPrompt } from './PasswordPrompt';
import { unlockFailure } from './passwordPrompt';

const info = { name: 'Coffee shops', description: 'Four shops in San Francisco' };
const unlock = async () => undefined;
const wrong = new ApiError({ status: 401, message: 'Incorrect password', appStatusCode: 'INVALID_CREDENTIALS', url: '/v1/maps/p1/published-map' });
const limited = new ApiError({ status: 429, message: 'Too many failed passwords', details: 'Try again in 60 seconds', appStatusCode: 'TOO_MANY_REQUESTS', url: '/v1/maps/p1/published-map' });

describe('unlockFailure', () => {
  it('shows the server’s error as "message (details)", and tells a lock-out from a wrong password', () => {
    expect(unlockFailure(wrong)).toEqual({ text: 'Incorrect password', locked: false });
    expect(unlockFailure(limited)).toEqual({ text: 'Too many failed passwords (Try again in 60 seconds)', locked: true });
  });
});

describe('PasswordPrompt', () => {
  it('shows the item’s name and description and one password field, with nothing to send yet', () => {
    const html = renderToStaticMarkup(<PasswordPrompt info={info} onUnlock={unlock} />);
    expect(html).toContain('Coffee shops');
    expect(html).toContain('Four shops in San Francisco');
    expect(html).toContain('type="password"');
    expect(html).not.toContain('role="alert"');
    expect(html).toMatch(/<button type="submit" class="button button--primary" disabled="">Open<\/button>/);
  });

  it('shows a wrong password as the server said it', () => {
    const html = renderToStaticMarkup(<PasswordPrompt info={info} onUnlock={unlock} initialFailure={unlockFailure(wrong)} />);
    expect(html).toMatch(/role="alert"[^>]*>Incorrect password<\/p>/);
  });

  it('shows a lock-out in the error shape, and asks to wait', () => {
    const html = renderToStaticMarkup(<PasswordPrompt info={info} onUnlock={unlock} initialFailure={unlockFailure(limited)} />);
    expect(html).toContain('Too many failed passwords (Try again in 60 seconds)');
    expect(html).toContain('Wait a moment before trying again.');
  });
});
