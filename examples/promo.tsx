/**
 * A three-scene product promo using every built-in component, tags and slots:
 * scene 0 intro (Anna, title, logo, music), scene 1 demo (video clip, shapes, subtitles),
 * scene 2 outro without an avatar (variant A carries Anna there, deleted).
 *
 *   pnpm vsynth compile examples/promo.tsx --report
 *   pnpm vsynth compile examples/promo.tsx --variant B
 */
import { Audio, Avatar, Background, Image, Scene, Shape, Text, Video, VideoClip } from '@vsynth/jsx-runtime';
import { anna, minhoCasual } from './avatars.js';

const CDN = 'https://cdn.example.com/promo';

export default (
  <Video name="Spring launch promo" webhookUrl="https://hooks.example.com/vsynth/promo" isExport>
    <Scene>
      <Background src={`${CDN}/bg-spring.jpg`} />
      <Audio src={`${CDN}/music-upbeat.mp3`} volume={25} label="music" />
      <Avatar model={anna} x={0.25} y={0.05} scale={1.05} slot="intro">
        Spring is here, and so is our biggest update yet. Let me show you what is new.
      </Avatar>
      <Text
        tag="title"
        slot="headline"
        x={-0.22}
        y={-0.3}
        scale={1.75}
        fill="rgb(255,255,255)"
        fontWeight="bold"
        shadow={{ color: '#00000060', blur: 6, offsetX: 2, offsetY: 2, enabled: true }}
        animation={{ type: 'in-left', duration: 1, delay: 0 }}
      >
        Spring launch
      </Text>
      <Image
        src={`${CDN}/logo.png`}
        naturalWidth={1200}
        naturalHeight={400}
        x={-0.38}
        y={0.4}
        scale={0.3}
        animation={{ type: 'fade-in', duration: 2, delay: 1 }}
      />
    </Scene>
    <Scene background="rgb(16,24,32)">
      <Shape
        shape="Rectangle_corner0"
        fill="rgb(255,255,255)"
        left={60}
        top={140}
        width={1180}
        height={680}
        strokeRadius={16}
        opacity={95}
      />
      <VideoClip
        src={`${CDN}/demo.mp4`}
        poster={`${CDN}/demo-poster.jpg`}
        naturalWidth={1280}
        naturalHeight={720}
        left={80}
        top={160}
        scaleX={0.890625}
        scaleY={0.890625}
        volume={60}
      />
      <Avatar model={minhoCasual} x={0.32} y={0.08} slot="demo">
        Dashboards now refresh in real time & exports finish in seconds.
      </Avatar>
      <Shape shape="Arrow_1_v2" fill="rgb(255,196,0)" left={1240} top={420} width={160} height={60} />
      <Text
        tag="subtitles"
        slot="demoCaption"
        left={80}
        top={880}
        width={1100}
        height={60}
        fontSize={44}
        fill="rgb(255,255,255)"
        align="left"
      >
        Real-time dashboards · one-click exports
      </Text>
    </Scene>
    <Scene background="#f5f7fa" watermark={false}>
      <Text tag="title" slot="cta" x={0} y={-0.1} scale={2} fill="rgb(18,52,86)" fontWeight="bold" align="center">
        Try it free for 30 days
      </Text>
      <Text tag="subtitles" x={0} y={0.1} fontSize={40} fill="rgb(80,90,100)" align="center">
        example.com/spring
      </Text>
    </Scene>
  </Video>
);
