import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SignUpForm } from './SignUpForm';

const submit = () => undefined;

describe('SignUpForm', () => {
  it('asks for a name, an address and a password within the server’s limits', () => {
    const html = renderToStaticMarkup(<SignUpForm pending={false} error={null} onSubmit={submit} />);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*maxLength="200"/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"[^>]*maxLength="320"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"[^>]*minLength="8"[^>]*maxLength="1024"/);
    expect(html).toContain('At least 8 characters.');
    expect(html).not.toContain('role="alert"');
  });

  it('shows the last failure as an alert and holds the button while a call runs', () => {
    const html = renderToStaticMarkup(<SignUpForm pending error="Sign-up is disabled on this server (Ask an administrator for an account)" onSubmit={submit} />);
    expect(html).toMatch(/role="alert">Sign-up is disabled on this server \(Ask an administrator for an account\)<\/p>/);
    expect(html).toMatch(/<button type="submit"[^>]*disabled="">Create account<\/button>/);
  });
});
