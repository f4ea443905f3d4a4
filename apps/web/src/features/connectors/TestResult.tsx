// What the server answered to a connection test: its version, or its refusal as "message (details)".
import { errorText } from '../../api/errors';
import type { TestConnectionResult } from '@atlas/domain';

export type TestState = { state: 'running' } | { state: 'ok'; result: TestConnectionResult } | { state: 'failed'; error: unknown };

export function TestResult({ test }: { test: TestState | null }) {
  if (!test) return null;
  if (test.state === 'running') return <p className="connectors__test" role="status">Connecting…</p>;
  if (test.state === 'ok')
    return (
      <p className="connectors__test connectors__test--ok" role="status" data-testid="connection-test">
        Connected{test.result.serverVersion ? ` — server version ${test.result.serverVersion}` : ''}.
      </p>
    );
  return (
    <p className="connectors__test form__error" role="alert" data-testid="connection-test">
      {errorText(test.error)}
    </p>
  );
}
