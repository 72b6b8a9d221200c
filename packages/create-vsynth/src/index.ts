export {
  createdMessage,
  isTemplateName,
  ownVersion,
  ScaffoldConflictError,
  scaffold,
  TEMPLATE_NAMES,
  TEMPLATE_PACKAGES,
  type Scaffolded,
  type ScaffoldOptions,
  type TemplateName,
} from './scaffold.js';
