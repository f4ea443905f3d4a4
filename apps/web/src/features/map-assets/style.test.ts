import { describe, expect, it } from 'vitest';
import { checkStyleUrl, readStyleFile } from './style';

describe('readStyleFile', () => {
  it('summarises a MapLibre style', () => {
    const style = { version: 8, name: 'Plain', sources: { land: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } }, layers: [{ id: 'bg', type: 'background' }] };
    expect(readStyleFile(JSON.stringify(style))).toEqual({ name: 'Plain', layers: 1, sources: 1 });
  });

  it('says why a file is no style', () => {
    expect(() => readStyleFile('{')).toThrow('The style file is not JSON');
    expect(() => readStyleFile('[]')).toThrow('A map style is a JSON object');
    expect(() => readStyleFile('{"version":7}')).toThrow('A MapLibre style has "version": 8');
    expect(() => readStyleFile('{"version":8,"layers":[]}')).toThrow('A MapLibre style has "sources" (an object)');
    expect(() => readStyleFile('{"version":8,"sources":{}}')).toThrow('A MapLibre style has "layers" (a list)');
  });
});

describe('checkStyleUrl', () => {
  it('takes http(s) addresses only', () => {
    expect(checkStyleUrl(' https://tiles.example.com/style.json ')).toBe('https://tiles.example.com/style.json');
    expect(() => checkStyleUrl('tiles.example.com')).toThrow('Enter the full address of the style');
    expect(() => checkStyleUrl('file:///etc/style.json')).toThrow('A style address starts with https:// or http://');
  });
});
