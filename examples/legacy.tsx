/**
 * A legacy video: avatars referenced by keys only (model, clothes, language), placed by their
 * centre (x, y from -0.5 to 0.5) and scale, with image, text and background clips. Natural image
 * sizes are not sent to legacy; they let the same file compile to v3 given the avatars' model
 * objects (`compileFile('examples/legacy.tsx', {avatars})`).
 *
 *   pnpm vsynth compile examples/legacy.tsx --target legacy
 */
import { Avatar, Image, Scene, Text, Video } from '@vsynth/jsx-runtime';

const CDN = 'https://cdn.example.com/legacy';

export default (
  <Video>
    <Scene background={`${CDN}/office.jpg`}>
      <Avatar model="minho" clothes="suit_charcoal" language="ko" x={0.25} y={0.05} scale={1.1}>
        안녕하세요. 오늘은 새로운 기능을 소개해 드리겠습니다.
      </Avatar>
      <Image src={`${CDN}/logo.png`} naturalWidth={1200} naturalHeight={400} x={-0.38} y={-0.38} scale={0.3} />
      <Text x={-0.2} y={0.35} scale={1.25} fontFamily="Noto Sans">
        신제품 소개
      </Text>
    </Scene>
    <Scene background={`${CDN}/chart.jpg`}>
      <Avatar model="minho" clothes="suit_charcoal" language="ko" x={-0.3} y={0.05}>
        매출이 지난 분기보다 20% 늘었습니다.
      </Avatar>
      <Image src={`${CDN}/chart.png`} naturalWidth={1600} naturalHeight={900} x={0.2} y={0} scale={0.9} layer={600} />
    </Scene>
  </Video>
);
