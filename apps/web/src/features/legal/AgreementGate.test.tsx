import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@atlas/client';
import type { LegalAgreement, LegalAgreementType, LegalConsent } from '@atlas/domain';
import { ApiClientProvider } from '../../api/ApiClientContext';
import { AgreementCard, agreementParagraphs } from './AgreementCard';
import { AgreementGate } from './AgreementGate';
import { StudioTermsGate } from './StudioTermsGate';
import { acceptAgreement, legalKeys } from './queries';

const at = '2025-01-01T00:00:00.000Z';
const agreement = (type: LegalAgreementType, version: number, body = `Version ${version} of the ${type} terms.`): LegalAgreement => ({
  id: `${type}-v${version}`,
  type,
  version,
  title: `${type} title v${version}`,
  body,
  effectiveAt: at,
  createdAt: at,
  updatedAt: at,
});
const consent = (type: LegalAgreementType, version: number, consented: boolean): LegalConsent => ({
  agreementId: `${type}-v${version}`,
  type,
  version,
  consented,
  consentedAt: consented ? at : null,
});

const WORKSPACE = '<p>the workspace</p>';

/**
 * Server rendering runs no query: the cache holds what the server answered (the consent check and the agreement
 * text), and the client is never called while rendering.
 */
function render(gate: (children: ReactNode) => ReactElement, answers: { consent?: LegalConsent | ApiError; agreement?: LegalAgreement }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  const type = answers.agreement?.type ?? (answers.consent instanceof ApiError ? 'studio-tos' : answers.consent?.type) ?? 'studio-tos';
  if (answers.consent instanceof ApiError) {
    // A failed query in the cache, as a rejected fetch leaves it.
    queryClient.getQueryCache().build(queryClient, { queryKey: legalKeys.consent(type) }).setState({ status: 'error', error: answers.consent, fetchStatus: 'idle' });
  } else if (answers.consent) queryClient.setQueryData(legalKeys.consent(type), answers.consent);
  if (answers.agreement) queryClient.setQueryData(legalKeys.agreement(answers.agreement.id), answers.agreement);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={{} as ApiClient}>{gate(<p>the workspace</p>)}</ApiClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const studio = (children: ReactNode) => <StudioTermsGate onSignOut={() => undefined}>{children}</StudioTermsGate>;
const bi = (children: ReactNode) => (
  <AgreementGate type="fsq-bi" subject="the analytic data terms" lead="lead" note="note" declineLabel="Decline" onDecline={() => undefined} frame={(content) => <main>{content}</main>}>
    {children}
  </AgreementGate>
);

describe('the studio terms gate', () => {
  it('shows the terms, not the workspace, to a user who has not accepted them', () => {
    const html = render(studio, { consent: consent('studio-tos', 1, false), agreement: agreement('studio-tos', 1) });
    expect(html).not.toContain(WORKSPACE);
    expect(html).toContain('data-agreement="studio-tos-v1"');
    expect(html).toContain('studio-tos title v1');
    expect(html).toContain('<p>Version 1 of the studio-tos terms.</p>');
    expect(html).toContain('Version 1 · in effect since 1 January 2025');
    expect(html).toMatch(/<button[^>]*>Sign out<\/button>/);
    expect(html).toMatch(/<button[^>]*>I accept<\/button>/);
  });

  it('shows the workspace and no terms once the latest version is accepted', () => {
    const html = render(studio, { consent: consent('studio-tos', 1, true) });
    expect(html).toBe(WORKSPACE);
  });

  it('asks again for a new version, showing that version’s text', () => {
    const html = render(studio, { consent: consent('studio-tos', 2, false), agreement: agreement('studio-tos', 2) });
    expect(html).not.toContain(WORKSPACE);
    expect(html).toContain('data-agreement="studio-tos-v2"');
    expect(html).toContain('Version 2 of the studio-tos terms.');
  });

  it('waits for the check, then for the text, before showing anything of the workspace', () => {
    expect(render(studio, {})).toContain('Checking the terms of service…');
    expect(render(studio, {})).not.toContain(WORKSPACE);
    const loading = render(studio, { consent: consent('studio-tos', 1, false) });
    expect(loading).toContain('Loading the terms of service…');
    expect(loading).not.toContain(WORKSPACE);
  });

  it('says why the check failed as "message (details)", with Try again and Sign out', () => {
    const failure = new ApiError({ status: 500, message: 'Internal server error', details: 'database is down', url: '/v1/legal/latest/studio-tos/consent' });
    const html = render(studio, { consent: failure });
    expect(html).toContain('Could not check the terms of service');
    expect(html).toContain('Internal server error (database is down)');
    expect(html).toContain('>Try again</button>');
    expect(html).toContain('>Sign out</button>');
    expect(html).not.toContain(WORKSPACE);
  });

  it('lets the user through when no version of the terms is in effect (404)', () => {
    const missing = new ApiError({ status: 404, message: 'Legal agreement not found', details: 'No legal agreement or agreement type studio-tos', url: '/v1/legal/latest/studio-tos/consent' });
    expect(render(studio, { consent: missing })).toBe(WORKSPACE);
  });

  it('never interprets the agreement text as HTML', () => {
    const html = render(studio, { consent: consent('studio-tos', 1, false), agreement: agreement('studio-tos', 1, 'First <img src=x onerror="alert(1)"> part.\n\nSecond <b>part</b>.') });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<p>First &lt;img src=x onerror=&quot;alert(1)&quot;&gt; part.</p><p>Second &lt;b&gt;part&lt;/b&gt;.</p>');
  });
});

describe('the analytic data terms gate', () => {
  it('shows fsq-bi once, until accepted, with Decline', () => {
    const asked = render(bi, { consent: consent('fsq-bi', 1, false), agreement: agreement('fsq-bi', 1) });
    expect(asked).toContain('data-agreement="fsq-bi-v1"');
    expect(asked).toContain('>Decline</button>');
    expect(asked).not.toContain(WORKSPACE);
    expect(render(bi, { consent: consent('fsq-bi', 1, true) })).toBe(WORKSPACE);
  });
});

/** The buttons of a rendered element tree, by their text. */
function buttons(node: ReactNode): Map<string, () => void> {
  const found = new Map<string, () => void>();
  const visit = (child: ReactNode): void => {
    if (Array.isArray(child)) return child.forEach(visit);
    if (!isValidElement<{ children?: ReactNode; onClick?: () => void }>(child)) return;
    if (child.type === 'button' && typeof child.props.children === 'string' && child.props.onClick) found.set(child.props.children, child.props.onClick);
    visit(child.props.children);
  };
  visit(node);
  return found;
}

describe('the agreement card', () => {
  const props = { agreement: agreement('studio-tos', 1), lead: 'lead', note: 'note', declineLabel: 'Sign out', pending: false, error: null };

  it('declines (signs out) with its decline button and accepts with "I accept"', () => {
    const onDecline = vi.fn();
    const onAccept = vi.fn();
    const shown = buttons(AgreementCard({ ...props, onDecline, onAccept }));
    expect([...shown.keys()]).toEqual(['Sign out', 'I accept']);
    shown.get('Sign out')!();
    expect(onDecline).toHaveBeenCalledOnce();
    expect(onAccept).not.toHaveBeenCalled();
    shown.get('I accept')!();
    expect(onAccept).toHaveBeenCalledOnce();
  });

  it('waits while consent is recorded and shows a failure as an alert', () => {
    const html = renderToStaticMarkup(<AgreementCard {...props} pending error="Service unavailable (try later)" onDecline={() => undefined} onAccept={() => undefined} />);
    expect(html).toContain('Recording your consent…');
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toContain('role="alert">Service unavailable (try later)</p>');
  });

  it('splits the text into paragraphs at blank lines', () => {
    expect(agreementParagraphs('One.\r\n\r\nTwo,\nstill two.\n \n\nThree.')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
  });
});

describe('accepting', () => {
  it('records consent to the version shown, then asks which version is the latest', async () => {
    const calls: string[] = [];
    const client = {
      legal: {
        consent: async (id: string) => (calls.push(`consent ${id}`), consent('studio-tos', 1, true)),
        latestConsent: async (type: LegalAgreementType) => (calls.push(`latest ${type}`), consent('studio-tos', 2, false)),
      },
    } as unknown as ApiClient;
    // A version 2 came into effect while version 1 was read: version 1 is recorded, and version 2 is asked for next.
    expect(await acceptAgreement(client, 'studio-tos-v1', 'studio-tos')).toEqual(consent('studio-tos', 2, false));
    expect(calls).toEqual(['consent studio-tos-v1', 'latest studio-tos']);
  });
});
