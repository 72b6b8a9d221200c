import { Shape, Text } from '@vsynth/jsx-runtime';

/** Props of {@link TitleCard}. */
export interface TitleCardProps {
  /** The title; a modify request can replace it through `slot`. */
  readonly title: string;
  /** Names the title's modify key in the compile result's slot map. */
  readonly slot?: string;
  /** Band colour. */
  readonly color?: string;
}

/**
 * A full-width band across the top of a landscape canvas with a bold title on it.
 *
 * @example <TitleCard title="Quarterly update" slot="headline" />
 */
export function TitleCard({ title, slot, color = 'rgb(18,52,86)' }: TitleCardProps) {
  return (
    <>
      <Shape shape="Rectangle_corner0" fill={color} left={0} top={0} width={1920} height={180} opacity={92} />
      <Text
        tag="title"
        {...(slot === undefined ? {} : { slot })}
        left={96}
        top={48}
        width={1728}
        height={86}
        fontSize={72}
        fill="rgb(255,255,255)"
        fontWeight="bold"
      >
        {title}
      </Text>
    </>
  );
}
