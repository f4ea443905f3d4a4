import type { Labels, QueryParameter } from '@atlas/domain';
import { Glyph } from './Glyph';
import { OptionList } from './OptionList';
import { optionGroups, optionLabel } from './options';
import { limitHint, selectedValues, toggleValue } from './selection';
import { usePopover } from './usePopover';

interface StickerWidgetProps {
  parameter: QueryParameter;
  labels: Labels;
  value: unknown;
  onChange(value: unknown): void;
}

/** STICKER_SELECTOR: the picked values as removable stickers, and an Add control offering the others up to maxValues. */
export function StickerWidget({ parameter, labels, value, onChange }: StickerWidgetProps) {
  const { open, toggle, close, rootProps, triggerRef } = usePopover();
  const selected = selectedValues(value);
  const label = (item: string) => optionLabel(parameter, labels, item);
  const atLimit = selected.length >= parameter.maxValues;
  const unpicked = optionGroups(parameter, labels, true)
    .map((group) => ({ ...group, options: group.options.filter((option) => !selected.includes(option.value)) }))
    .filter((group) => group.options.length > 0);
  const commit = (list: string[]) => onChange(parameter.type === 'MULTI_STRING' ? list : (list.at(-1) ?? ''));

  const add = (item: string) => {
    const next = toggleValue(selected, item, parameter.maxValues);
    commit(next);
    if (next.length >= parameter.maxValues) close(true);
  };

  return (
    <div className="qb-stickers">
      {selected.map((item) => (
        <span key={item} className="qb-sticker">
          <span className="qb-sticker__label">{label(item)}</span>
          <button
            type="button"
            className="qb-sticker__remove"
            aria-label={`Remove ${label(item)}`}
            onClick={() => commit(selected.filter((other) => other !== item))}
          >
            <Glyph name="close" />
          </button>
        </span>
      ))}
      <div className="qb-dropdown" {...rootProps}>
        <button
          ref={triggerRef}
          type="button"
          className="qb-sticker-add"
          aria-label={`Add ${parameter.name}`}
          aria-expanded={open}
          aria-haspopup="true"
          disabled={atLimit || unpicked.length === 0}
          onClick={toggle}
        >
          <Glyph name="plus" />
          Add
        </button>
        {open && (
          <OptionList name={parameter.name} groups={unpicked} selected={[]} multiple={false} maxValues={parameter.maxValues} onPick={add} />
        )}
      </div>
      {atLimit && <span className="qb-hint">{limitHint(parameter.maxValues)}</span>}
    </div>
  );
}
