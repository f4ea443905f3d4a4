export { AtlasPointLayer, SPRITE_MIN_POINTS } from './AtlasPointLayer';
