/**
 * @vsynth/jsx-runtime — author AI-avatar videos as TSX (`jsxImportSource: @vsynth/jsx-runtime`)
 * and compile them to v3 (variant A or B) or legacy payloads that pass core's validation.
 */
export {
  isElement,
  type ElementChildren,
  type FunctionComponent,
  type JsxSource,
  type VsynthElement,
  type VsynthNode,
} from './element.js';
export { Fragment, jsxDEV } from './jsx-dev-runtime.js';
export type { JSX } from './jsx-namespace.js';

export { Audio, type AudioProps } from './components/audio.js';
export { Avatar, type AvatarProps } from './components/avatar.js';
export { Background, type BackgroundProps } from './components/background.js';
export { builtinKind, type BuiltinComponent, type BuiltinKind } from './components/builtin.js';
export type {
  AnimationProps,
  BoxPlacement,
  BoxProps,
  CentrePlacement,
  CentreProps,
  ClipBaseProps,
  ClipProps,
  PlacementProps,
  ShadowProps,
  TextChild,
  TextChildren,
} from './components/clip-props.js';
export { PROP_RULES, type PropRule } from './components/prop-rules.js';
export type { ImportTsxOptions } from './load/import-tsx.js';
export { Image, type ImageProps } from './components/image.js';
export { Scene, type SceneProps } from './components/scene.js';
export { Shape, type ShapeProps } from './components/shape.js';
export { Text, type TextProps } from './components/text.js';
export { VideoClip, type VideoClipProps } from './components/video-clip.js';
export { Video, type VideoProps } from './components/video.js';

export { AvatarCatalogue, type AvatarSource } from './avatar/avatar-catalogue.js';
export { avatarsFromProject } from './avatar/avatars-from-project.js';
export {
  defineAvatar,
  isAvatarDefinition,
  type AvatarDefinition,
  type DefineAvatarOptions,
} from './avatar/define-avatar.js';

export { compile, type CompileOptions, type CompileResult } from './compile/compile.js';
export { SCENE_SPEECH_LIMIT_SECONDS } from './compile/check-speech.js';
export { locateIssues } from './compile/locate-issues.js';
export { hostedAddress } from './compile/resolve-assets.js';

export { compileFile, type CompileFileOptions } from './load/compile-file.js';
export { importTsx } from './load/import-tsx.js';
export { assetUrlProp, avatarProp, colourProp, languageProp } from './props/prop-kinds.js';
export { parseProps, type ParsePropsOptions, type PropsOrigin } from './props/parse-props.js';
export { propsFileText } from './props/props-file-text.js';
export { propsJsonSchema, propsSchemaOf, type JsonSchemaNode, type PropsSchema } from './props/props-schema.js';

export { importProject, type ImportProjectOptions, type ImportProjectResult } from './import/import-project.js';
export { normaliseProject, type ProjectTarget } from './import/normalise-project.js';
export { readProject, type ReadProject } from './import/read-project.js';

// Defined once in @vsynth/core (shared with @vsynth/templates): escaping of script text.
export { escapeHtml } from '@vsynth/core';
// Defined once in @vsynth/core (shared with its diff): key-sorted JSON, the round trip's comparison.
export { canonicalJson } from '@vsynth/core';
