/**
 * A personalised video built from the component library in ./components: the default export is
 * a component, so its props can come from a data row.
 *
 *   pnpm vsynth compile examples/library-demo.tsx --props examples/library-demo.props.json
 */
import { Avatar, Scene, Video } from '@vsynth/jsx-runtime';
import { z } from 'zod';
import { anna } from './avatars.js';
import { Logo, LowerThird, TitleCard } from './components/index.js';

export { avatars } from './avatars.js';

/** Props of the demo: one customer's row, checked before the video is built (`vsynth schema` prints it). */
export const schema = z.object({
  customer: z.string().min(1).default('there'),
  plan: z.enum(['Starter', 'Pro', 'Business', 'Enterprise']).default('Pro'),
  features: z.array(z.string().min(1)).default(['Dashboards', 'Exports']),
});

export default function LibraryDemo({ customer, plan, features }: z.infer<typeof schema>) {
  return (
    <Video name={`Welcome ${customer}`}>
      <Scene background="https://cdn.example.com/backgrounds/studio-blue.jpg">
        <TitleCard title={`Welcome to ${plan}, ${customer}`} slot="welcome" />
        <Avatar model={anna} x={0.25} y={0.05} slot="greeting">
          Hi {customer}! Thanks for choosing the {plan} plan. Let me show you around.
        </Avatar>
        <LowerThird name="Anna Kim" role="Customer success" slot="presenter" />
        <Logo src="https://cdn.example.com/brand/logo-wide.png" />
      </Scene>
      {features.map((feature, i) => (
        <Scene key={feature} background="rgb(250,250,250)">
          <TitleCard title={feature} color="rgb(32,96,64)" />
          <Avatar model={anna} x={-0.25} y={0.05}>
            Feature {i + 1}: {feature}.
          </Avatar>
        </Scene>
      ))}
    </Video>
  );
}
