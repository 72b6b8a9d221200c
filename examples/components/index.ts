/** A small reusable component library for vsynth videos. */
export { Logo, type LogoProps } from './logo.js';
export { LowerThird, type LowerThirdProps } from './lower-third.js';
export { TitleCard, type TitleCardProps } from './title-card.js';
