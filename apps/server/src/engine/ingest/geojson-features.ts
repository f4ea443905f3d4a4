// A streaming reader of GeoJSON FeatureCollections: yields each element of the top-level "features" array as JSON
// text while reading the file chunk by chunk, so a file of any size needs memory for one feature at a time.
import { StringDecoder } from 'node:string_decoder';
import { IngestError } from './errors.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

export const notFeatureCollection = (details: string) => new IngestError('Not a valid GeoJSON FeatureCollection', details);

export async function* featureTexts(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const stack: number[] = [];
  let inString = false;
  let escaped = false;
  /** In the top-level object: whether the next string is a key. */
  let expectKey = false;
  let key = '';
  /** Text of a top-level key or of the "type" value, gathered across chunks. */
  let token: string | null = null;
  let tokenStart = -1;
  let type: string | null = null;
  let inFeatures = false;
  let sawFeatures = false;
  let feature: string | null = null;
  let featureStart = -1;
  let sawTopLevel = false;

  for await (const piece of chunks) {
    const text = typeof piece === 'string' ? piece : decoder.write(piece);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) {
          inString = false;
          if (token !== null) {
            const value = JSON.parse(token + text.slice(tokenStart, i + 1)) as string;
            if (expectKey) key = value;
            else if (key === 'type') type = value;
            token = null;
          }
        }
        continue;
      }
      const depth = stack.length;
      switch (c) {
        case QUOTE:
          inString = true;
          if (depth === 1 && (expectKey || key === 'type')) {
            token = '';
            tokenStart = i;
          }
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (depth === 0) {
            if (sawTopLevel || c !== OPEN_OBJECT) throw notFeatureCollection('The file must hold one JSON object');
            sawTopLevel = true;
            expectKey = true;
          } else if (depth === 1 && key === 'features') {
            if (c !== OPEN_ARRAY) throw notFeatureCollection('"features" must be an array');
            inFeatures = sawFeatures = true;
          } else if (depth === 2 && inFeatures) {
            if (c !== OPEN_OBJECT) throw notFeatureCollection('Each feature must be an object');
            feature = '';
            featureStart = i;
          }
          stack.push(c);
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY: {
          const open = stack.pop();
          if (open !== (c === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY)) throw notFeatureCollection('Unbalanced brackets');
          if (depth === 3 && inFeatures && feature !== null) {
            yield feature + text.slice(featureStart, i + 1);
            feature = null;
          } else if (depth === 2 && inFeatures) inFeatures = false;
          break;
        }
        case COLON:
          if (depth === 1) expectKey = false;
          break;
        case COMMA:
          if (depth === 1) {
            expectKey = true;
            key = '';
          }
          break;
        default:
          if (depth === 2 && inFeatures && c > 0x20) throw notFeatureCollection('Each feature must be an object');
          if (depth === 0 && c > 0x20 && c !== 0xfeff) throw notFeatureCollection('The file must hold one JSON object');
      }
    }
    if (feature !== null) {
      feature += text.slice(featureStart);
      featureStart = 0;
    }
    if (token !== null) {
      token += text.slice(tokenStart);
      tokenStart = 0;
    }
  }
  if (!sawTopLevel || stack.length > 0 || inString) throw notFeatureCollection('The JSON text ends early');
  if (type !== 'FeatureCollection') throw notFeatureCollection(`"type" must be "FeatureCollection"${type === null ? '' : `, got "${type}"`}`);
  if (!sawFeatures) throw notFeatureCollection('"features" is missing');
}
