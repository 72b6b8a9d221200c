/**
 * The two questions `create-vsynth` asks on a terminal: the folder and the template. An empty
 * answer takes the default; an unknown template is asked again.
 */
import { isTemplateName, TEMPLATE_NAMES, type TemplateName } from './scaffold.js';

/** Asks one question and resolves with the answer line. */
export interface Prompter {
  question(query: string): Promise<string>;
}

export async function askProject(prompter: Prompter): Promise<{ dir: string; template: TemplateName }> {
  const dir = (await prompter.question('Project folder (my-video): ')).trim() || 'my-video';
  for (;;) {
    const answer = (await prompter.question(`Template, ${TEMPLATE_NAMES.join(', ')} (basic): `)).trim() || 'basic';
    if (isTemplateName(answer)) return { dir, template: answer };
  }
}
