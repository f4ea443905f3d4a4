// Create or edit a connection: the name, the type (every type of the spec),
// the fields of the type's options schema, the write-only secret, and a test with what is typed.
import { Fragment, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataConnection, DataConnectionType, TestConnectionRequest } from '@atlas/domain';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { Modal } from '../sharing';
import { useFeatureFlags } from '../../api/useFeatureFlags';
import { connectionType, typeGroups, type ConnectionTypeInfo } from './connectionTypes';
import { OptionInput } from './OptionInput';
import { buildOptions, initialValues, optionFields, optionsUnchanged, type FormValues } from './optionFields';
import { connectionKeys } from './queries';
import { TestResult, type TestState } from './TestResult';

export interface ConnectionFormProps {
  /** Absent: a new connection. */
  connection?: DataConnection;
  onClose(): void;
}

export function ConnectionForm({ connection, onClose }: ConnectionFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState(connection?.name ?? '');
  const [type, setType] = useState<DataConnectionType>(connection?.type ?? 'postgres');
  const info = connectionType(type);
  const flags = useFeatureFlags();
  const groups = typeGroups(flags.data ?? null);
  const fields = useMemo(() => optionFields(info), [info]);
  const [values, setValues] = useState<FormValues>(() => initialValues(info, connection));
  const [problems, setProblems] = useState<string[]>([]);
  const [test, setTest] = useState<TestState | null>(null);

  const built = buildOptions(fields, values);
  const withSecret = built.password === undefined ? built.options : { ...built.options, password: built.password };
  const keepsStored = connection !== undefined && built.password === undefined && optionsUnchanged(connection.options, built.options);

  const changeType = (next: DataConnectionType) => {
    setType(next);
    setValues(initialValues(connectionType(next)));
    setTest(null);
    setProblems([]);
  };

  const runTest = async () => {
    if (built.problems.length > 0) return setProblems(built.problems);
    setProblems([]);
    setTest({ state: 'running' });
    // A saved connection whose options are unchanged is tested as stored, with its stored secret.
    const body: TestConnectionRequest = keepsStored ? { connectionId: connection.id } : { type, options: withSecret };
    try {
      setTest({ state: 'ok', result: await client.dataConnections.test(body) });
    } catch (error) {
      setTest({ state: 'failed', error });
    }
  };

  const save = useMutation({
    mutationFn: () =>
      connection
        ? client.dataConnections.update(connection.id, { name: name.trim(), options: withSecret })
        : client.dataConnections.create({ name: name.trim(), type, options: withSecret }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [...(name.trim() === '' ? ['Name is required'] : []), ...built.problems];
    setProblems(found);
    if (found.length === 0) save.mutate();
  };

  const formId = connection ? `connection-form-${connection.id}` : 'connection-form-new';
  return (
    <Modal
      title={connection ? `Edit “${connection.name}”` : 'New connection'}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => void runTest()} disabled={test?.state === 'running'}>
            Test connection
          </button>
          <span className="connectors__spacer" />
          <button type="button" className="button button--ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={save.isPending}>
            {connection ? 'Save changes' : 'Create connection'}
          </button>
        </>
      }
    >
      <form id={formId} className="form connectors__form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="field__input" aria-label="Name" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus />
        </label>
        {connection ? (
          <p className="field__hint">Type: {info.label} (a connection keeps its type)</p>
        ) : (
          <label className="field">
            <span className="field__label">Type</span>
            <select className="field__input" aria-label="Type" value={type} onChange={(event) => changeType(event.target.value as DataConnectionType)}>
              {groups.map((group) => (
                <TypeGroup key={group.label} label={group.label} types={group.types} />
              ))}
            </select>
            {flags.data && groups.length === 1 && <span className="field__hint">Storage connection types are not enabled for your organization.</span>}
          </label>
        )}
        <TypeNotes info={info} />
        {fields.map((field) => (
          <Fragment key={`${type}-${field.name}`}>
            <OptionInput field={field} value={values[field.name]!} onChange={(value) => setValues({ ...values, [field.name]: value })} />
            {field.input === 'secret' && connection?.hasPassword && (
              <p className="field__hint connectors__note" data-testid="secret-note">
                A secret is stored and is never shown. Leave “{info.secretLabel}” empty to keep it
                {keepsStored ? '' : '; but you changed the options, so saving without retyping it drops the stored secret'}.
              </p>
            )}
          </Fragment>
        ))}
        {problems.length > 0 && (
          <ul className="form__error connectors__problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {save.isError && (
          <p className="form__error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <TestResult test={test} />
      </form>
    </Modal>
  );
}

function TypeGroup({ label, types }: { label: string; types: readonly ConnectionTypeInfo[] }) {
  return (
    <optgroup label={label}>
      {types.map((entry) => (
        <option key={entry.type} value={entry.type}>
          {entry.label}
        </option>
      ))}
    </optgroup>
  );
}

function TypeNotes({ info }: { info: ConnectionTypeInfo }) {
  if (info.kind !== 'storage') return null;
  return <p className="field__hint">A storage connection holds files, not tables: it is not a database connection. Browse it to import a file as a dataset.</p>;
}
