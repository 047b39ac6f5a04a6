import { ICON_SPRITE, type IconName } from '../../../common/config/icons';

interface Props {
  name: IconName;
  /** Width and height in CSS pixels (default 16). */
  size?: number;
  className?: string;
}

/**
 * An icon from the sprite (common/config/icons.ts): decorative, hidden from assistive technology;
 * the text next to it carries the meaning. Stroke and fill come from the `.icon` class in
 * global.css (`currentColor`), so CSS can colour each use.
 */
export function Icon({ name, size = 16, className }: Props) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
