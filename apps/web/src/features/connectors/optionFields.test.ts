import { describe, expect, it } from 'vitest';
import { DATA_CONNECTION_TYPES } from '@atlas/domain';
import { STORAGE_TYPES, WAREHOUSE_TYPES, connectionType } from './connectionTypes';
import { buildOptions, initialValues, labelOf, optionFields, optionsUnchanged } from './optionFields';

describe('connection types', () => {
  it('lists every type of the spec once, warehouses and storage apart', () => {
    expect([...WAREHOUSE_TYPES, ...STORAGE_TYPES].map((entry) => entry.type).sort()).toEqual([...DATA_CONNECTION_TYPES].sort());
    expect(STORAGE_TYPES.map((entry) => entry.type)).toEqual(['s3', 'google-cloud-storage', 'planet']);
  });
});

describe('the form of a type', () => {
  const postgres = optionFields(connectionType('postgres'));

  it('has one field per option of the domain schema, the password as a secret', () => {
    expect(postgres.map((field) => [field.name, field.input, field.required])).toEqual([
      ['host', 'text', true],
      ['port', 'number', false],
      ['database', 'text', true],
      ['user', 'text', true],
      ['ssl', 'checkbox', false],
      ['password', 'secret', false],
      ['passwordEnvVar', 'text', false],
    ]);
  });

  it('names the secret as the type does', () => {
    expect(optionFields(connectionType('databricks')).find((field) => field.input === 'secret')?.label).toBe('Personal access token');
    expect(labelOf('projectId')).toBe('Project ID');
    expect(labelOf('outputLocation')).toBe('Output location');
  });

  it('starts from the defaults, or from the stored options without any secret', () => {
    expect(initialValues(connectionType('redshift'))).toMatchObject({ port: '5439', ssl: false, host: '', password: '' });
    const stored = { options: { host: 'db', port: 6543, database: 'sales', user: 'u', ssl: true } };
    expect(initialValues(connectionType('postgres'), stored)).toEqual({ host: 'db', port: '6543', database: 'sales', user: 'u', ssl: true, password: '', passwordEnvVar: '' });
  });

  it('builds the options: numbers as numbers, empty optional fields left out, the secret only when typed', () => {
    const values = { host: ' db ', port: '5433', database: 'sales', user: 'u', ssl: false, password: '', passwordEnvVar: '' };
    expect(buildOptions(postgres, values)).toEqual({ options: { host: 'db', port: 5433, database: 'sales', user: 'u', ssl: false }, problems: [] });
    expect(buildOptions(postgres, { ...values, password: ' s3cret ' })).toMatchObject({ password: ' s3cret ' });
    expect(buildOptions(postgres, { ...values, port: '' }).options).not.toHaveProperty('port');
  });

  it('says what is wrongly filled', () => {
    const values = { host: '', port: '70000', database: 'sales', user: 'u', ssl: false, password: 'p', passwordEnvVar: 'HOME' };
    expect(buildOptions(postgres, values).problems).toEqual([
      'Host is required',
      'Port must be a whole number from 1 to 65535',
      'Or: server variable with the connection URL does not have the expected form',
    ]);
    expect(buildOptions(postgres, { ...values, host: 'db', port: '5432', passwordEnvVar: 'ATLAS_CONNECTION_SALES' }).problems).toEqual(['Give either the secret or a server variable, not both']);
  });

  it('tells whether the options stay as stored', () => {
    const stored = { host: 'db', port: 5432, ssl: false };
    expect(optionsUnchanged(stored, { ssl: false, port: 5432, host: 'db' })).toBe(true);
    expect(optionsUnchanged(stored, { ...stored, host: 'other' })).toBe(false);
    expect(optionsUnchanged({ ...stored, schema: 'x' }, stored)).toBe(false);
  });
});
