// The connection form, generated from a type's options schema: one field per option, the write-only secret apart,
// and back from what was typed to the options the server takes.
import type { DataConnection } from '@atlas/domain';
import type { ConnectionTypeInfo, OptionProperty } from './connectionTypes';

export type FieldInput = 'text' | 'number' | 'checkbox' | 'secret';

export interface OptionField {
  name: string;
  label: string;
  input: FieldInput;
  required: boolean;
  hint?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export type FormValues = Record<string, string | boolean>;

const LABELS: Record<string, string> = {
  ssl: 'TLS (verify the certificate)',
  url: 'URL',
  httpPath: 'HTTP path',
  passwordEnvVar: 'Or: server variable with the connection URL',
};

/** `projectId` → "Project ID", `outputLocation` → "Output location". */
export function labelOf(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function inputOf(name: string, property: OptionProperty): FieldInput {
  if (name === 'password') return 'secret';
  if (property.type === 'boolean') return 'checkbox';
  return property.type === 'integer' ? 'number' : 'text';
}

/** The form's fields in the schema's order; the secret keeps the type's own name for it (token, key …). */
export function optionFields(info: ConnectionTypeInfo): OptionField[] {
  const required = new Set(info.schema.required ?? []);
  return Object.entries(info.schema.properties).map(([name, property]) => {
    const input = inputOf(name, property);
    // A field with a default may be left empty: the server fills the default in.
    const field: OptionField = { name, label: input === 'secret' ? info.secretLabel : labelOf(name), input, required: required.has(name) && property.default === undefined };
    if (property.description) field.hint = property.description;
    if (property.minimum !== undefined) field.minimum = property.minimum;
    if (property.maximum !== undefined) field.maximum = property.maximum;
    if (property.pattern !== undefined) field.pattern = property.pattern;
    return field;
  });
}

/** What the form starts with: the connection's stored options (never a secret), else the schema's defaults. */
export function initialValues(info: ConnectionTypeInfo, stored?: Pick<DataConnection, 'options'>): FormValues {
  const values: FormValues = {};
  for (const [name, property] of Object.entries(info.schema.properties)) {
    const value = name === 'password' ? undefined : (stored?.options[name] ?? (stored ? undefined : property.default));
    if (property.type === 'boolean') values[name] = value === true;
    else values[name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

export interface BuiltOptions {
  /** What the server stores (no secret). */
  options: Record<string, unknown>;
  /** The secret, only when typed. */
  password?: string;
  /** Fields wrongly filled, in the form's words. */
  problems: string[];
}

/** The options the server takes: empty optional fields left out (their defaults apply), integers as numbers. */
export function buildOptions(fields: readonly OptionField[], values: FormValues): BuiltOptions {
  const options: Record<string, unknown> = {};
  const problems: string[] = [];
  let password: string | undefined;
  for (const field of fields) {
    const value = values[field.name];
    if (field.input === 'checkbox') {
      options[field.name] = value === true;
      continue;
    }
    const typed = typeof value === 'string' ? (field.input === 'secret' ? value : value.trim()) : '';
    if (typed === '') {
      if (field.required) problems.push(`${field.label} is required`);
      continue;
    }
    if (field.input === 'secret') password = typed;
    else if (field.input === 'number') {
      const number = Number(typed);
      if (!Number.isInteger(number) || (field.minimum !== undefined && number < field.minimum) || (field.maximum !== undefined && number > field.maximum)) {
        problems.push(`${field.label} must be a whole number${field.minimum !== undefined && field.maximum !== undefined ? ` from ${field.minimum} to ${field.maximum}` : ''}`);
      } else options[field.name] = number;
    } else if (field.pattern !== undefined && !new RegExp(field.pattern).test(typed)) {
      problems.push(`${field.label} does not have the expected form`);
    } else options[field.name] = typed;
  }
  if (password !== undefined && options.passwordEnvVar !== undefined) problems.push('Give either the secret or a server variable, not both');
  return password === undefined ? { options, problems } : { options, password, problems };
}

const sorted = (options: Record<string, unknown>) => JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The server keeps a stored secret only while every option stays the same (so an editor cannot send it elsewhere). */
export function optionsUnchanged(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return sorted(stored) === sorted(next);
}
