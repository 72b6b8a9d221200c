/**
 * The videos the compile and sandbox benches build: scenes of a title band, an avatar speaking,
 * an image and a caption, as a product tour would have them.
 */
import { Avatar, Image, Scene, Shape, Text, Video, type VsynthElement } from '@vsynth/jsx-runtime';
import { anna, minhoCasual } from '../examples/avatars.js';

/** Scene `i` of a bench video. */
export function benchScene(i: number): VsynthElement {
  return (
    <Scene key={i} background={i % 2 === 0 ? '#f5f7fa' : 'https://cdn.example.com/bg.jpg'}>
      <Shape shape="Rectangle_corner0" fill="rgb(18,52,86)" left={0} top={0} width={1920} height={160} />
      <Text tag="title" slot={`title${i}`} left={80} top={40} fontSize={64} fill="rgb(255,255,255)">
        Chapter {i}: what is new
      </Text>
      <Avatar model={i % 3 === 0 ? minhoCasual : anna} x={0.25} y={0.05} slot={`speech${i}`}>
        This is scene {i}. Our product now does more &amp; costs less, and here is how it works.
      </Avatar>
      <Image
        src={`https://cdn.example.com/shot-${i}.png`}
        naturalWidth={1280}
        naturalHeight={720}
        x={-0.2}
        y={0.1}
        scale={0.8}
      />
      <Text tag="subtitles" x={0} y={0.42} fontSize={40}>
        Caption for scene {i}
      </Text>
    </Scene>
  );
}

/**
 * A video of `scenes` bench scenes.
 *
 * @example const { payload } = await compile(benchVideo('Tour', 5));
 */
export function benchVideo(name: string, scenes: number): VsynthElement {
  return <Video name={name}>{Array.from({ length: scenes }, (_, i) => benchScene(i))}</Video>;
}
