// /workspace/colors: the user's color palettes and those they can read, offered in every map's color pickers.
import { AssetsScreen } from './AssetsScreen';
import { PaletteDialog } from './PaletteDialog';

export function ColorsPage() {
  return (
    <AssetsScreen
      kind="color-palette"
      title="Colors"
      subtitle="Color palettes of your own, offered beside kepler.gl’s in every map’s color pickers."
      createLabel="New color palette"
      plural="color palettes"
      Dialog={PaletteDialog}
    />
  );
}
