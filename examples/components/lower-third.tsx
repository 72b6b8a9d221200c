import { Shape, Text } from '@vsynth/jsx-runtime';

/** Props of {@link LowerThird}. */
export interface LowerThirdProps {
  /** Who is speaking. */
  readonly name: string;
  /** Their role, shown smaller under the name. */
  readonly role: string;
  /** Names the subtitle's modify key. */
  readonly slot?: string;
}

/**
 * A name plate in the lower left: a dark band, the name, and the role as a `subtitles` clip.
 *
 * @example <LowerThird name="Anna Kim" role="Head of Product" />
 */
export function LowerThird({ name, role, slot }: LowerThirdProps) {
  return (
    <>
      <Shape
        shape="Rectangle_corner0"
        fill="rgb(0,0,0)"
        left={80}
        top={820}
        width={720}
        height={150}
        opacity={70}
        strokeRadius={12}
      />
      <Text left={112} top={840} fontSize={56} fill="rgb(255,255,255)" fontWeight="bold">
        {name}
      </Text>
      <Text
        tag="subtitles"
        {...(slot === undefined ? {} : { slot })}
        left={112}
        top={910}
        fontSize={36}
        fill="rgb(210,214,220)"
      >
        {role}
      </Text>
    </>
  );
}
